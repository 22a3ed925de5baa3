/**
 * `scoreline backup <file> [--force] [--json]`: an online, consistent copy of the embedded SQLite
 * store while other processes serve and write (docs/operations.md, "Backup and restore").
 * Refuses with exit 2 and a message: a PostgreSQL store (use `pg_dump`), an in-memory one, a
 * missing database, an existing target without `--force`, a target that is the database itself,
 * a folder that does not exist or cannot be written. A backup that fails exits 1 and leaves no file.
 */
import { accessSync, constants, existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Command } from "commander";
import { backupSqlite, removeSidecars } from "../store/sqlite-backup.js";
import { configFromCommand, withConfigOptions } from "./config-options.js";
import { print, printJson } from "./output.js";
import { terminalProgress } from "./progress.js";
import { terminal } from "./terminal.js";
import { usageError } from "./usage-errors.js";

interface BackupOptions {
  force?: boolean;
  json?: boolean;
}

export function backupCommand(): Command {
  const command = new Command("backup")
    .description("copy the SQLite database to <file> while it serves (online, consistent)")
    .argument("<file>", "where to write the backup")
    .option("--force", "replace <file> if it exists")
    .option("--json", "machine-readable summary: file, bytes, pages, ms");
  withConfigOptions(command, ["databaseUrl"]);
  return command.action(async (file: string, options: BackupOptions) => {
    const config = configFromCommand(command);
    const source = sqlitePath(config.databaseUrl);
    if (source === undefined) return;
    const target = resolve(file);
    const refusal = refuseTarget(source, target, options.force === true);
    if (refusal !== undefined) {
      usageError(refusal);
      return;
    }
    let result: Awaited<ReturnType<typeof backupSqlite>>;
    try {
      if (options.force) removeSidecars(target);
      const progress = terminalProgress();
      result = await backupSqlite(source, target, (copied, total) =>
        progress?.update(
          copied,
          total,
          `${copied.toLocaleString("en")} of ${total.toLocaleString("en")} pages`,
        ),
      ).finally(() => progress?.done());
    } catch (error) {
      terminal().stderr.write(`scoreline: backup failed: ${(error as Error).message}\n`);
      terminal().exitCode = 1;
      return;
    }
    if (options.json) {
      printJson({ file: target, ...result });
    } else {
      print(
        `Backed up ${source} to ${target}: ${result.bytes} bytes, ${result.pages} pages in ${result.ms} ms.`,
      );
    }
  });
}

/** The database file of a `sqlite:` URL; otherwise reports the refusal and returns undefined. */
function sqlitePath(url: string): string | undefined {
  if (!url.startsWith("sqlite:")) {
    usageError(
      "backup copies the embedded SQLite store only; DATABASE_URL is PostgreSQL: use pg_dump " +
        "(e.g. pg_dump --format=custom --file=scoreline.dump <url>) and pg_restore.",
    );
    return undefined;
  }
  const path = url.slice("sqlite:".length);
  if (path === ":memory:") {
    usageError("DATABASE_URL is an in-memory SQLite database: there is nothing on disk to copy.");
    return undefined;
  }
  const source = resolve(path);
  if (!existsSync(source)) {
    usageError(`no database at ${source} (DATABASE_URL ${url}).`);
    return undefined;
  }
  return source;
}

/** Why the backup cannot be written to `target`, or undefined when it can. */
function refuseTarget(source: string, target: string, force: boolean): string | undefined {
  if (target === source) return `${target} is the database itself; choose another file.`;
  if (existsSync(target)) {
    if (statSync(target).isDirectory()) return `${target} is a folder; name a file in it.`;
    if (!force) return `${target} exists; pass --force to replace it.`;
  }
  const folder = dirname(target);
  if (!existsSync(folder)) return `cannot write ${target}: the folder ${folder} does not exist.`;
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    return `cannot write ${target}: the folder ${folder} is not writable.`;
  }
  return undefined;
}
