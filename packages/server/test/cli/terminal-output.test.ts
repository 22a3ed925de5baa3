/**
 * What a person sees in a terminal (issue 36): long work — a backup, an export — draws a progress
 * line on stderr when stderr is a terminal and nothing when it is not (pipes and `--json` stay
 * clean); `serve --log-format pretty` (the default on a terminal) writes human-readable log lines,
 * not JSON, with the banner after them.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { seededWorld } from "../helpers/app.js";
import { runCli, ServeProcess } from "../helpers/cli.js";
import { createTestStore, type TestStore } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";

const CLEAR_LINE = "\r\x1b[K";

describe("progress and readable output on a terminal", () => {
  let dir: string;
  let world: TestStore;
  let env: Record<string, string>;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "scoreline-terminal-"));
    // A store with a world in it: enough pages and history to show progress.
    world = await createTestStore("sqlite", seededWorld("core"));
    env = { DATABASE_URL: world.url };
  });
  after(async () => {
    await world?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  test("a backup draws its pages on a terminal, and nothing in a pipe", async () => {
    const onTerminal = await runCli(["backup", join(dir, "a.db")], { env, tty: true });
    assert.equal(onTerminal.status, 0, onTerminal.stderr);
    assert.match(onTerminal.stderr, /█*░* ?[\d,]+ of [\d,]+ pages/);
    assert.ok(onTerminal.stderr.endsWith(CLEAR_LINE), "the line is cleared at the end");
    const inPipe = await runCli(["backup", join(dir, "b.db")], { env });
    assert.equal(inPipe.status, 0, inPipe.stderr);
    assert.equal(inPipe.stderr, "");
  });

  test("an export counts its lines on a terminal; the file is the same either way", async () => {
    const args = (file: string) => ["export", "history", "--sport", "football", "--output", file];
    const onTerminal = await runCli(args(join(dir, "a.ndjson")), { env, tty: true });
    assert.equal(onTerminal.status, 0, onTerminal.stderr);
    assert.match(onTerminal.stderr, /[\d,]+ lines exported/);
    const inPipe = await runCli(args(join(dir, "b.ndjson")), { env });
    assert.equal(inPipe.status, 0, inPipe.stderr);
    assert.ok(!inPipe.stderr.includes("\x1b"), "no terminal control sequences in a pipe");
    assert.equal(
      readFileSync(join(dir, "a.ndjson"), "utf8"),
      readFileSync(join(dir, "b.ndjson"), "utf8"),
    );
  });

  test("serve --log-format pretty writes readable lines, then the banner", async () => {
    const serve = ServeProcess.start({ DATABASE_URL: `sqlite:${join(dir, "serve.db")}` }, [
      "serve",
      "--roles",
      "api",
      "--api-port",
      "0",
      "--log-format",
      "pretty",
    ]);
    try {
      await waitFor(() => serve.stdout.includes("Scoreline is serving"), {
        timeoutMs: 120_000,
        what: () => serve.output.slice(-2000),
      });
      const lines = serve.stdout.split("\n").filter((line) => line.trim() !== "");
      assert.deepEqual(
        lines.filter((line) => line.startsWith("{")),
        [],
        "no JSON lines",
      );
      assert.ok(
        lines.some((line) =>
          /^\[\d\d:\d\d:\d\d\] INFO: api listening on http:\/\/127\.0\.0\.1:\d+/.test(line),
        ),
        serve.stdout,
      );
      const api = /API {8}(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(serve.stdout)?.[1];
      assert.ok(api, serve.stdout);
      assert.equal((await fetch(`${api}/healthz`)).status, 200);
      assert.equal(await serve.kill("SIGTERM"), 0, serve.output.slice(-2000));
    } finally {
      await serve.kill();
    }
  });
});
