/**
 * The `scoreline` program as a user runs it: a real process, real flags, real signals.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { freshUrl } from "../helpers/stores.js";

const BIN = fileURLToPath(new URL("../../bin/scoreline.js", import.meta.url));
const CLEAN_ENV = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp" };

function run(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [BIN, ...args], {
    env: { ...CLEAN_ENV, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("scoreline CLI", () => {
  for (const args of [["--help"], ["serve", "--help"], ["migrate", "--help"]]) {
    test(`${args.join(" ")} prints usage`, () => {
      const result = run(args);
      assert.equal(result.status, 0, result.stderr);
      assert.match(result.stdout, /Usage: scoreline/);
    });
  }

  test("serve --help lists every configuration flag with its variable", () => {
    const { stdout } = run(["serve", "--help"]);
    for (const fragment of [
      "--database-url",
      "DATABASE_URL",
      "--api-port",
      "SCORELINE_SIM_SPEED",
      "--demo",
    ]) {
      assert.ok(stdout.includes(fragment), `missing ${fragment}`);
    }
  });

  test("migrate creates the schema and reports nothing left on a second run", async () => {
    const { url, cleanup } = freshUrl("sqlite");
    try {
      const first = run(["migrate", "--json"], { DATABASE_URL: url });
      assert.equal(first.status, 0, first.stderr);
      assert.deepEqual(JSON.parse(first.stdout).applied, [
        "001-core-resources",
        "002-change-notifications",
        "003-accounts-and-keys",
        "004-live-event-log",
        "005-webhooks",
      ]);
      const second = run(["migrate", "--json"], { DATABASE_URL: url });
      assert.deepEqual(JSON.parse(second.stdout).applied, []);
    } finally {
      await cleanup();
    }
  });

  test("a bad configuration value exits 2 and names the variable", () => {
    const result = run(["serve"], { SCORELINE_API_PORT: "eighty", DATABASE_URL: "oracle://x" });
    assert.equal(result.status, 2);
    assert.match(
      result.stderr,
      /SCORELINE_API_PORT \(--api-port\) must be an integer from 0 to 65535 .*; got "eighty"/,
    );
    assert.match(result.stderr, /DATABASE_URL \(--database-url\) must be sqlite:<path>/);
  });

  test("an unknown command fails with usage help", () => {
    const result = run(["launch"]);
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /unknown command/);
  });

  test("serve --demo seeds an empty store, prints a Growth key once, and serves with it", async () => {
    const { url, cleanup } = freshUrl("sqlite");
    const child = spawn(process.execPath, [BIN, "serve", "--demo", "--api-port", "0"], {
      env: { ...CLEAN_ENV, DATABASE_URL: url },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    try {
      const address = await waitForLog(child, /api listening on (http:\/\/[^"\s]+)/, 60_000);
      const key = /Bearer (sl_live_[A-Za-z0-9_-]{43})/.exec(output)?.[1];
      assert.ok(key, `no demo key printed:\n${output.slice(0, 2000)}`);
      const fixtures = await fetch(`${address}/v1/football/fixtures?per_page=3`, {
        headers: { authorization: `Bearer ${key}` },
      });
      assert.equal(fixtures.status, 200);
      assert.equal(((await fixtures.json()) as { data: unknown[] }).data.length, 3);
      const odds = await fetch(`${address}/v1/football/competitions`, {
        headers: { authorization: `Bearer ${key}` },
      });
      assert.equal(
        odds.headers.get("x-ratelimit-limit"),
        "3000",
        "the demo key is on the Growth plan",
      );
      assert.equal((await fetch(`${address}/v1/football/fixtures`)).status, 401);
      const logLines = output.split("\n").filter((line) => line.startsWith("{"));
      assert.ok(
        logLines.every((line) => !line.includes(key)),
        "the key reached a log line",
      );
      assert.equal(
        output.split(key).length - 1,
        2,
        "the key is printed once (plus once in the curl line)",
      );
      child.kill("SIGTERM");
      assert.equal(await new Promise<number | null>((resolve) => child.once("exit", resolve)), 0);
    } finally {
      child.kill("SIGKILL");
      await cleanup();
    }
  });

  test("serve listens on a chosen free port and stops gracefully on SIGTERM", async () => {
    const { url, cleanup } = freshUrl("sqlite");
    const child = spawn(process.execPath, [BIN, "serve", "--api-port", "0"], {
      env: { ...CLEAN_ENV, DATABASE_URL: url },
    });
    try {
      const address = await waitForLog(child, /api listening on (http:\/\/[^"\s]+)/);
      const health = await fetch(`${address}/healthz`);
      assert.equal(health.status, 200);
      const ready = await fetch(`${address}/readyz`);
      assert.equal(ready.status, 200);
      child.kill("SIGTERM");
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      assert.equal(code, 0);
    } finally {
      child.kill("SIGKILL");
      await cleanup();
    }
  });
});

/** Resolves with the first capture group of the first log line matching `pattern`. */
export function waitForLog(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs = 30_000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(
      () => reject(new Error(`timed out waiting for ${pattern}; saw:\n${seen}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off("data", onData);
        resolve(match[1] ?? match[0]);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ${pattern}; saw:\n${seen}`));
    });
  });
}
