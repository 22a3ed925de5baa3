/**
 * The `scoreline` program as a user runs it: a real process, real flags, real signals.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { runCli, ServeProcess } from "../helpers/cli.js";
import { freshUrl } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";

const run = (args: string[], env: Record<string, string> = {}) => runCli(args, { env });

describe("scoreline CLI", () => {
  for (const args of [["--help"], ["serve", "--help"], ["migrate", "--help"]]) {
    test(`${args.join(" ")} prints usage`, async () => {
      const result = await run(args);
      assert.equal(result.status, 0, result.stderr);
      assert.match(result.stdout, /Usage: scoreline/);
    });
  }

  test("serve --help lists every configuration flag with its variable", async () => {
    const { stdout } = await run(["serve", "--help"]);
    for (const fragment of [
      "--database-url",
      "DATABASE_URL",
      "--api-port",
      "SCORELINE_SIM_SPEED",
      "SCORELINE_SANDBOX_SPEED",
      "--demo",
    ]) {
      assert.ok(stdout.includes(fragment), `missing ${fragment}`);
    }
  });

  test("migrate creates the schema and reports nothing left on a second run", async () => {
    const { url, cleanup } = freshUrl("sqlite");
    try {
      const first = await run(["migrate", "--json"], { DATABASE_URL: url });
      assert.equal(first.status, 0, first.stderr);
      assert.deepEqual(JSON.parse(first.stdout).applied, [
        "001-core-resources",
        "002-change-notifications",
        "003-accounts-and-keys",
        "004-live-event-log",
        "005-webhooks",
        "006-usage-ledger",
        "007-dashboard-sign-in",
        "008-standings-rows",
        "009-change-scopes",
        "010-team-groups",
        "011-feed-message-age",
        "012-competition-last-kickoff",
      ]);
      const second = await run(["migrate", "--json"], { DATABASE_URL: url });
      assert.deepEqual(JSON.parse(second.stdout).applied, []);
    } finally {
      await cleanup();
    }
  });

  test("a bad configuration value exits 2 and names the variable", async () => {
    const result = await run(["serve"], {
      SCORELINE_API_PORT: "eighty",
      DATABASE_URL: "oracle://x",
    });
    assert.equal(result.status, 2);
    assert.match(
      result.stderr,
      /SCORELINE_API_PORT \(--api-port\) must be an integer from 0 to 65535 .*; got "eighty"/,
    );
    assert.match(result.stderr, /DATABASE_URL \(--database-url\) must be sqlite:<path>/);
  });

  test("an unknown command fails with usage help", async () => {
    const result = await run(["launch"]);
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /unknown command/);
  });

  test("serve --demo answers at once, then loads the world behind it; the key is Growth, printed once", async () => {
    const { url, cleanup } = freshUrl("sqlite");
    const serve = ServeProcess.start({ DATABASE_URL: url }, [
      "serve",
      "--demo",
      "--api-port",
      "0",
      "--stream-port",
      "0",
      "--sandbox-port",
      "0",
    ]);
    try {
      const address = await serve.apiUrl(600_000);
      // No line says "listening" before the port answers.
      assert.equal((await fetch(`${address}/healthz`)).status, 200);
      // Once every role listens: the banner, with the key shown this once.
      await waitFor(() => serve.stdout.includes("Try it:"), {
        timeoutMs: 600_000,
        what: () => `the banner:\n${serve.output.slice(-2000)}`,
      });
      const key = /Bearer (sl_live_[A-Za-z0-9_-]{43})/.exec(serve.stdout)?.[1];
      assert.ok(key, `no demo key printed:\n${serve.stdout.slice(0, 2000)}`);
      assert.ok(serve.stdout.includes(`API        ${address}/v1    reference: ${address}/docs`));
      assert.match(serve.stdout, /Sandbox {4}http:\/\/127\.0\.0\.1:\d+\/v1 {4}\(no key needed\)/);
      assert.match(serve.stdout, /\/dashboard\/sign-in\/link\?token=[\w-]+/);
      const auth = { headers: { authorization: `Bearer ${key}` } };
      // The readiness sequence (ADR-0052): "loading" with growing progress, then "ok"; every
      // answer 200, and /v1 answers while the world is still loading.
      const seen: string[] = [];
      let answeredWhileLoading = false;
      await waitFor(
        async () => {
          const ready = await fetch(`${address}/readyz`);
          assert.equal(ready.status, 200);
          const body = (await ready.json()) as { status: string; checks: Record<string, string> };
          const world = body.checks.sample_world ?? "";
          seen.push(body.status === "ok" ? "ok" : world);
          if (body.status === "ok") return true;
          assert.equal(body.status, "loading");
          assert.match(world, /^loading: \d+( of \d+)? parts/);
          const answer = await fetch(`${address}/v1/football/fixtures?per_page=3`, auth);
          assert.equal(answer.status, 200);
          answeredWhileLoading = true;
          return false;
        },
        { timeoutMs: 600_000, intervalMs: 50, what: () => `the world to load: ${seen.at(-1)}` },
      );
      assert.ok(answeredWhileLoading, `the api answered while loading: ${seen.join(" → ")}`);
      const progress = seen.slice(0, -1).map((s) => Number(/^loading: (\d+)/.exec(s)?.[1]));
      assert.deepEqual(
        progress,
        [...progress].sort((a, b) => a - b),
        "progress never goes back",
      );
      const fixtures = await fetch(`${address}/v1/football/fixtures?per_page=3`, auth);
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
      const logLines = serve.stdout.split("\n").filter((line) => line.startsWith("{"));
      assert.ok(
        logLines.every((line) => !line.includes(key)),
        "the key reached a log line",
      );
      assert.equal(
        serve.stdout.split(key).length - 1,
        3,
        "the key is printed once, in the banner (with its curl and client lines)",
      );
      assert.equal(await serve.kill("SIGTERM"), 0, serve.output.slice(-2000));
    } catch (error) {
      throw new Error(`${String(error)}; the process said:\n${serve.output.slice(-2000)}`, {
        cause: error,
      });
    } finally {
      await serve.kill();
      await cleanup();
    }
  });

  test("serve listens on a chosen free port and stops gracefully on SIGTERM", async () => {
    const { url, cleanup } = freshUrl("sqlite");
    const serve = ServeProcess.start({ DATABASE_URL: url }, ["serve", "--api-port", "0"]);
    try {
      const address = await serve.apiUrl();
      const health = await fetch(`${address}/healthz`);
      assert.equal(health.status, 200);
      const ready = await fetch(`${address}/readyz`);
      assert.equal(ready.status, 200);
      assert.equal(await serve.kill("SIGTERM"), 0, serve.output.slice(-2000));
    } catch (error) {
      throw new Error(`${String(error)}; the process said:\n${serve.output.slice(-2000)}`, {
        cause: error,
      });
    } finally {
      await serve.kill();
      await cleanup();
    }
  });
});
