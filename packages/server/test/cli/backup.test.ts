/**
 * `scoreline backup`: an online, consistent copy of the SQLite store. A real `scoreline serve`
 * holds the database open and answers while another process keeps committing multi-row
 * transactions; the backup taken in the middle opens as a current, intact store holding every
 * transaction committed before it began, each one whole. Then the refusals (exit 2) and the
 * failure that leaves no file behind (exit 1).
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";
import { openStore } from "../../src/store/database.js";
import { migrate } from "../../src/store/migrate.js";
import { runCli, ServeProcess } from "../helpers/cli.js";
import { spawnOwned } from "../helpers/owned-processes.js";
import {
  type Commit,
  LEAGUES_PER_COMMIT,
  parseCommit,
  WRITER_SCRIPT,
} from "../helpers/sqlite-writer.js";
import { waitFor } from "../helpers/wait.js";

const PACKAGE = fileURLToPath(new URL("../..", import.meta.url));

/** The writer process and the commits it has reported so far. */
function startWriter(url: string) {
  const loader = WRITER_SCRIPT.endsWith(".ts") ? ["--import", "tsx"] : [];
  const child = spawnOwned(process.execPath, [...loader, WRITER_SCRIPT, url], {
    cwd: PACKAGE,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp" },
  });
  const commits: Commit[] = [];
  let partial = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      const commit = parseCommit(line);
      if (commit !== undefined) commits.push(commit);
    }
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  return {
    commits,
    exitCode: () => exitCode,
    stderr: () => stderr,
    exited,
    /** Closes its input: it stops after the commit in progress. */
    stop: () => child.stdin?.end(),
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      return exited;
    },
  };
}

describe("scoreline backup", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "scoreline-backup-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("copies the store while it serves and another process writes: every earlier commit, whole", async (t) => {
    const path = join(dir, "live.db");
    const url = `sqlite:${path}`;
    const writer = startWriter(url);
    let serve: ServeProcess | undefined;
    try {
      // Enough commits that the copy takes several steps (the first step copies 256 pages).
      await waitFor(() => writer.commits.length >= 40, {
        timeoutMs: 120_000,
        what: () => `40 commits from the writer (stderr: ${writer.stderr()})`,
      });
      serve = ServeProcess.start({ DATABASE_URL: url }, [
        "serve",
        "--roles",
        "api",
        "--api-port",
        "0",
      ]);
      const api = await serve.apiUrl();

      const before = writer.commits.length;
      const committedBefore = writer.commits.flatMap((c) => c.competitionIds);
      const target = join(dir, "backup.db");
      const backup = await runCli(["backup", target, "--json"], { env: { DATABASE_URL: url } });
      assert.equal(backup.status, 0, backup.stderr);
      const summary = JSON.parse(backup.stdout) as Record<string, unknown>;
      assert.equal(summary.file, target);
      assert.ok(Number(summary.pages) > 256, `several steps: ${backup.stdout}`);
      assert.equal(summary.bytes, readFileSync(target).length);
      assert.equal(typeof summary.ms, "number");
      // What the live store holds the moment the backup returns bounds what the copy may hold.
      // (The writer's own report lags its commits, so it cannot serve as that bound.)
      const live = new SQLite(path, { readonly: true });
      const liveAfter = new Set(
        (live.prepare("SELECT id FROM competitions").all() as Array<{ id: string }>).map(
          (r) => r.id,
        ),
      );
      live.close();
      const committedBy = writer.commits.length;

      // The database stayed usable: the server answers and the writer goes on committing.
      assert.equal((await fetch(`${api}/readyz`)).status, 200);
      t.diagnostic(
        `${summary.bytes} bytes backed up in ${summary.ms} ms while the writer made ${committedBy - before} commits`,
      );
      const laterCommits = () =>
        writer.commits.filter((c) => c.competitionIds.every((id) => !liveAfter.has(id))).length;
      await waitFor(() => laterCommits() >= 5, {
        what: () => `5 more commits after the backup (stderr: ${writer.stderr()})`,
      });
      writer.stop();
      await waitFor(() => writer.exitCode() !== undefined, { what: "the writer to stop" });
      assert.equal(writer.exitCode(), 0, writer.stderr());
      assert.equal(await serve.kill("SIGTERM"), 0, serve.output.slice(-2000));

      assert.deepEqual(
        readdirSync(dir).filter((f) => f.includes("backup")),
        ["backup.db"],
        "no temporary file or journal left beside the backup",
      );
      const raw = new SQLite(target, { readonly: true });
      assert.equal(raw.pragma("integrity_check", { simple: true }), "ok");
      raw.close();

      const copy = openStore(`sqlite:${target}`);
      try {
        assert.deepEqual((await migrate(copy)).applied, [], "its migrations are current");
        const competitions = await copy.db.selectFrom("competitions").select("id").execute();
        const inCopy = new Set(competitions.map((c) => c.id));
        const missing = committedBefore.filter((id) => !inCopy.has(id));
        assert.deepEqual(missing, [], "every league committed before the backup began");
        assert.ok(before > 0);

        // No half transaction: a commit is in the copy with all its rows or not at all.
        const seasons = await copy.db.selectFrom("seasons").select("competition_id").execute();
        const teams = await copy.db
          .selectFrom("team_competitions")
          .select("competition_id")
          .execute();
        const fixtures = await copy.db.selectFrom("fixtures").select("competition_id").execute();
        const count = (rows: Array<{ competition_id: string }>, id: string) =>
          rows.filter((r) => r.competition_id === id).length;
        for (const commit of writer.commits) {
          const present = commit.competitionIds.filter((id) => inCopy.has(id)).length;
          assert.ok(
            present === 0 || present === LEAGUES_PER_COMMIT,
            `commit ${commit.n} is whole or absent (${present} of ${LEAGUES_PER_COMMIT})`,
          );
        }
        for (const id of inCopy) {
          assert.deepEqual(
            [count(seasons, id), count(teams, id), count(fixtures, id)],
            [1, 2, 1],
            `league ${id}: its season, both teams and its fixture`,
          );
        }
        assert.deepEqual(
          [...inCopy].filter((id) => !liveAfter.has(id)),
          [],
          "nothing from after the backup ended",
        );
      } finally {
        await copy.close();
      }
    } finally {
      await writer.kill();
      await serve?.kill();
    }
  });

  test("refuses, exit 2 and a message: PostgreSQL, an existing file, an unwritable folder", async () => {
    const path = join(dir, "refusals.db");
    const store = openStore(`sqlite:${path}`);
    await migrate(store);
    await store.close();
    const env = { DATABASE_URL: `sqlite:${path}` };

    const postgres = await runCli(["backup", join(dir, "pg.db")], {
      env: { DATABASE_URL: "postgres://scoreline@127.0.0.1:1/nowhere" },
    });
    assert.equal(postgres.status, 2);
    assert.match(postgres.stderr, /pg_dump/);
    assert.equal(existsSync(join(dir, "pg.db")), false);

    const existing = join(dir, "existing.db");
    writeFileSync(existing, "keep me");
    const refused = await runCli(["backup", existing], { env });
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /exists; pass --force/);
    assert.equal(readFileSync(existing, "utf8"), "keep me", "left as it was");
    const forced = await runCli(["backup", existing, "--force"], { env });
    assert.equal(forced.status, 0, forced.stderr);
    assert.match(forced.stdout, /^Backed up .* bytes, \d+ pages in \d+ ms\.\n$/);
    const replaced = new SQLite(existing, { readonly: true });
    assert.equal(replaced.pragma("integrity_check", { simple: true }), "ok");
    replaced.close();

    const noFolder = await runCli(["backup", join(dir, "absent", "b.db")], { env });
    assert.equal(noFolder.status, 2);
    assert.match(noFolder.stderr, /does not exist/);
    const itself = await runCli(["backup", path], { env });
    assert.equal(itself.status, 2);
    assert.match(itself.stderr, /the database itself/);
    const noDatabase = await runCli(["backup", join(dir, "x.db")], {
      env: { DATABASE_URL: `sqlite:${join(dir, "never-created.db")}` },
    });
    assert.equal(noDatabase.status, 2);
    assert.match(noDatabase.stderr, /no database at/);
    const missingArgument = await runCli(["backup"], { env });
    assert.equal(missingArgument.status, 2);
  });

  test("a backup that fails exits 1 and leaves no file behind", async () => {
    const broken = join(dir, "not-a-database.db");
    writeFileSync(broken, "this is not an SQLite file, though it is named like one".repeat(100));
    const target = join(dir, "failed-backup.db");
    const result = await runCli(["backup", target], { env: { DATABASE_URL: `sqlite:${broken}` } });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /backup failed/);
    assert.deepEqual(
      readdirSync(dir).filter((f) => f.includes("failed-backup")),
      [],
      "neither the target nor a temporary file",
    );
  });
});
