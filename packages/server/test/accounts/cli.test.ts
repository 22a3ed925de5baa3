/**
 * `scoreline accounts|keys|plans` as a user runs them: real processes over a temporary SQLite
 * database, and a key made by the CLI used (then revoked) against an app on the same database.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { loadConfig } from "../../src/config/index.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { createLogger } from "../../src/logger.js";
import { openStore, type Store } from "../../src/store/database.js";
import { type CliRun, runCli } from "../helpers/cli.js";
import { freshUrl } from "../helpers/stores.js";

describe("scoreline accounts, keys and plans", () => {
  let url: string;
  let cleanup: () => Promise<void>;
  before(() => {
    ({ url, cleanup } = freshUrl("sqlite"));
  });
  after(async () => {
    await cleanup?.();
  });

  /** Runs the program (asynchronously, so independent runs can overlap). */
  const run = (...args: string[]): Promise<CliRun> => runCli(args, { env: { DATABASE_URL: url } });
  /** Runs several independent invocations, a few at a time. */
  const runAll = async (argsList: string[][], concurrency = 4): Promise<CliRun[]> => {
    const results: CliRun[] = [];
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < argsList.length; i = next++) {
        results[i] = await run(...(argsList[i] ?? []));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return results;
  };
  const json = async (...args: string[]) => {
    const result = await run(...args, "--json");
    assert.equal(result.status, 0, result.stderr);
    return JSON.parse(result.stdout);
  };

  test("accounts create, then keys create --plan growth --json prints {id, key, plan}", async () => {
    const account = await json(
      "accounts",
      "create",
      "--email",
      "Dev@Example.com",
      "--plan",
      "growth",
    );
    assert.equal(account.email, "dev@example.com");
    assert.equal(account.plan, "growth");

    const key = await json("keys", "create", "--plan", "growth", "--account", "dev@example.com");
    assert.match(key.id, /^key_/);
    assert.equal(key.plan, "growth");
    assert.equal(key.account_id, account.id);
    assert.match(key.key, /^sl_live_[A-Za-z0-9_-]{43}$/);
    assert.ok(Buffer.from(key.key.slice("sl_live_".length), "base64url").length >= 32);

    const list = await run("keys", "list", "--json");
    assert.equal(list.status, 0, list.stderr);
    assert.equal(list.stdout.includes(key.key), false, "the key text is never listed");
    assert.equal(list.stdout.includes(sha256(key.key)), false, "nor its hash");
    const listed = JSON.parse(list.stdout).keys.find((k: { id: string }) => k.id === key.id);
    assert.equal(listed.state, "active");
    assert.equal(listed.prefix, key.key.slice(0, 12));
    assert.equal(listed.account_email, "dev@example.com");
    assert.equal("hash" in listed, false);

    const human = await run("keys", "list");
    assert.equal(human.stdout.includes(key.key), false);
    assert.match(
      human.stdout,
      new RegExp(`${key.id}\\s+${escapeRegExp(key.prefix)}…\\s+live\\s+growth`),
    );
  });

  test("keys create shows the key once, with a warning and a curl line", async () => {
    const result = await run("keys", "create", "--plan", "starter", "--name", "laptop");
    assert.equal(result.status, 0, result.stderr);
    const key = /(sl_live_[A-Za-z0-9_-]{43})/.exec(result.stdout)?.[1] ?? "";
    assert.notEqual(key, "");
    assert.match(result.stdout, /will not be shown again/);
    assert.ok(
      result.stdout.includes(
        `curl -H "Authorization: Bearer ${key}" http://127.0.0.1:8080/v1/football/fixtures`,
      ),
    );
  });

  test("--sandbox gives an sl_test_ key", async () => {
    const key = await json("keys", "create", "--plan", "free", "--sandbox");
    assert.match(key.key, /^sl_test_[A-Za-z0-9_-]{43}$/);
    assert.equal(key.kind, "test");
  });

  test("keys revoke: now, or scheduled (active until then)", async () => {
    const now = await json("keys", "create", "--plan", "growth");
    const later = await json("keys", "create", "--plan", "growth", "--expires-in", "30d");
    assert.ok(Date.parse(later.expires_at) > Date.now() + 29 * 86_400_000);

    const revoked = await json("keys", "revoke", now.id);
    assert.equal(revoked.state, "revoked");
    const scheduled = await json("keys", "revoke", later.id, "--at", "2030-01-01T00:00:00Z");
    assert.equal(scheduled.state, "active");
    assert.equal(scheduled.revoked_at, "2030-01-01T00:00:00Z");

    const { keys } = await json("keys", "list");
    const state = (id: string) => keys.find((k: { id: string }) => k.id === id);
    assert.equal(state(now.id).state, "revoked");
    assert.equal(state(later.id).state, "active");
    assert.equal(state(later.id).revoked_at, "2030-01-01T00:00:00Z");
  });

  test("accounts create stores custom enterprise limits; accounts list shows them", async () => {
    const account = await json(
      "accounts",
      "create",
      "--email",
      "big@example.com",
      "--plan",
      "enterprise",
      "--requests-per-minute",
      "50000",
      "--requests-per-month",
      "unlimited",
      "--websocket-connections",
      "1000",
    );
    const limits = {
      requests_per_minute: 50_000,
      requests_per_month: null,
      websocket_connections: 1000,
    };
    assert.deepEqual(account.limits, limits);
    const { accounts } = await json("accounts", "list");
    const listed = accounts.find((a: { email: string }) => a.email === "big@example.com");
    assert.deepEqual(listed.limits, limits);
  });

  test("plans --json lists the ADR-0011 plans", async () => {
    const { plans } = await json("plans");
    const byName = Object.fromEntries(plans.map((p: { name: string }) => [p.name, p]));
    assert.deepEqual(Object.keys(byName), ["free", "starter", "growth", "enterprise"]);
    const row = (name: string) => {
      const p = byName[name];
      return [
        p.requests_per_minute,
        p.requests_per_month,
        p.websocket_connections,
        p.odds,
        p.history,
        p.overage,
      ];
    };
    assert.deepEqual(row("free"), [100, 50_000, 1, false, false, "blocked"]);
    assert.deepEqual(row("starter"), [600, 1_000_000, 5, false, true, "billed"]);
    assert.deepEqual(row("growth"), [3_000, 10_000_000, 25, true, true, "billed"]);
    assert.deepEqual(row("enterprise"), [30_000, null, 250, true, true, "agreement"]);
    assert.deepEqual(byName.free.sports, ["football", "basketball", "tennis"]);
    assert.equal(byName.growth.sports.length, 10);
  });

  test("every bad input exits 2 and names the option", async () => {
    await run("accounts", "create", "--email", "taken@example.com");
    const cases: Array<[string[], RegExp]> = [
      [["accounts", "create", "--email", "not-an-email"], /--email/],
      [["accounts", "create", "--email", "taken@example.com"], /--email: .*exists/],
      [["accounts", "create", "--email", "a@example.com", "--plan", "gold"], /--plan: .*free/],
      [["accounts", "create"], /--email/],
      [
        ["accounts", "create", "--email", "b@example.com", "--requests-per-minute", "0"],
        /--requests-per-minute/,
      ],
      [
        ["accounts", "create", "--email", "b@example.com", "--requests-per-month", "-5"],
        /--requests-per-month/,
      ],
      [
        ["accounts", "create", "--email", "b@example.com", "--websocket-connections", "x"],
        /--websocket-connections/,
      ],
      [["keys", "create", "--plan", "gold"], /--plan: /],
      [["keys", "create", "--account", "nobody@example.com"], /--account: .*not found/],
      [["keys", "create", "--expires-at", "2026-02-30"], /--expires-at/],
      [["keys", "create", "--expires-at", "2020-01-01T00:00:00Z"], /--expires-at: .*future/],
      [["keys", "create", "--expires-in", "0d"], /--expires-in/],
      [
        ["keys", "create", "--expires-in", "1d", "--expires-at", "2030-01-01"],
        /--expires-at.*--expires-in/,
      ],
      [["keys", "list", "--account", "nobody@example.com"], /--account: .*not found/],
      [["keys", "revoke", "key_nope"], /<key-id>: key key_nope not found/],
      [["keys", "revoke", "key_nope", "--at", "tomorrow"], /--at/],
      [["keys", "revoke"], /key-id/],
      [["plans", "--bogus"], /--bogus/],
    ];
    const results = await runAll(cases.map(([args]) => args));
    cases.forEach(([args, pattern], i) => {
      const result = results[i];
      assert.equal(result?.status, 2, `${args.join(" ")}: ${result?.stderr}`);
      assert.match(result?.stderr ?? "", pattern, args.join(" "));
      assert.equal(result?.stdout, "", args.join(" "));
    });
  });

  test("--help on every command", async () => {
    const commands = [
      ["accounts"],
      ["accounts", "create"],
      ["accounts", "list"],
      ["keys"],
      ["keys", "create"],
      ["keys", "list"],
      ["keys", "revoke"],
      ["plans"],
    ];
    const results = await runAll(commands.map((args) => [...args, "--help"]));
    commands.forEach((args, i) => {
      assert.equal(results[i]?.status, 0, args.join(" "));
      assert.match(results[i]?.stdout ?? "", new RegExp(`Usage: scoreline ${args.join(" ")}`));
    });
  });

  describe("end to end: a CLI key against the API", () => {
    let store: Store;
    let app: App;
    before(async () => {
      store = openStore(url);
      app = await buildApiHost({
        config: loadConfig({ DATABASE_URL: url }),
        store,
        logger: createLogger("silent"),
      });
    });
    after(async () => {
      await app?.close();
      await store?.close();
    });

    test("authenticates, then is refused within a second of keys revoke", async () => {
      const key = await json("keys", "create", "--plan", "growth");
      const fixtures = () =>
        app.inject({
          url: "/v1/football/fixtures",
          headers: { authorization: `Bearer ${key.key}` },
        });
      assert.equal((await fixtures()).statusCode, 200);
      await json("keys", "revoke", key.id);
      await sleep(1_100);
      const refused = await fixtures();
      assert.equal(refused.statusCode, 401);
      assert.equal(refused.json().error.code, "invalid_api_key");
    });
  });
});

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
