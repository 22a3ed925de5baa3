/**
 * How every command ends when it fails, one rule for the whole program (docs/cli.md, "Exit
 * statuses"): a problem with what the person asked for or configured — a usage error, a bad
 * setting, a port already in use, a file that cannot be read — is exit 2 with a message that
 * names the value; anything that goes wrong while the command runs is exit 1, with a one-line
 * message (and the stack, for an error the program did not expect: that is a bug to report).
 */
import { accessSync, constants, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ConfigError } from "../config/index.js";
import { terminal } from "./terminal.js";
import { EXIT_USAGE } from "./usage-errors.js";

/** The exit status of a command that failed while running. */
const EXIT_FAILURE = 1;

/** A problem with the command's input or configuration: exit 2, the message as it is. */
export class UsageFailure extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "UsageFailure";
  }
}

/** Prints what ended the command and returns its exit status. */
export function reportFailure(error: unknown): number {
  const { stderr } = terminal();
  if (error instanceof UsageFailure || error instanceof ConfigError) {
    stderr.write(`scoreline: ${error.message}\n`);
    return EXIT_USAGE;
  }
  const system = systemErrorText(error);
  if (system !== undefined) {
    stderr.write(`scoreline: ${system}\n`);
    return EXIT_FAILURE;
  }
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  stderr.write(`scoreline: unexpected error (a bug: please report it)\n${text}\n`);
  return EXIT_FAILURE;
}

/** A Node system error (a refused connection, a full disk…) as one line, or undefined. */
function systemErrorText(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code !== "string" || !/^E[A-Z]+$/.test(code)) return undefined;
  return error.message;
}

/**
 * Each path exists and can be read (a folder: listed), or a UsageFailure naming the first that
 * cannot — before a command opens its store or reads anything.
 */
export function assertReadablePaths(paths: readonly string[]): void {
  for (const path of paths) {
    try {
      const stats = statSync(path);
      accessSync(path, stats.isDirectory() ? constants.R_OK | constants.X_OK : constants.R_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why =
        code === "ENOENT" || code === "ENOTDIR"
          ? "no such file or directory"
          : code === "EACCES" || code === "EPERM"
            ? "permission denied"
            : ((error as Error).message ?? String(error));
      throw new UsageFailure(`${path}: ${why}`, { cause: error });
    }
  }
}

/** `path` can be created or replaced (its folder exists and is writable), or a UsageFailure. */
export function assertWritableFile(path: string): void {
  const folder = dirname(resolve(path));
  try {
    if (!statSync(folder).isDirectory()) throw Object.assign(new Error(), { code: "ENOTDIR" });
    accessSync(folder, constants.W_OK | constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT" || code === "ENOTDIR"
        ? `its folder ${folder} does not exist`
        : `its folder ${folder} is not writable`;
    throw new UsageFailure(`cannot write ${path}: ${why}`, { cause: error });
  }
}

/** The shortest text that names a listener's address for a person. */
export function listenAddress(host: string, port: number): string {
  return host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
}
