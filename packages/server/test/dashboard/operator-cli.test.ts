/**
 * `scoreline accounts set-password` and `set-plan` as an operator runs them: an account made by
 * the CLI gets a password from standard input and signs in to the dashboard; its plan moves.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { loadConfig } from "../../src/config/index.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { createLogger } from "../../src/logger.js";
import { openStore, type Store } from "../../src/store/database.js";
import { runCli } from "../helpers/cli.js";
import { DashboardClient } from "../helpers/dashboard-client.js";
import { freshUrl } from "../helpers/stores.js";

describe("operator CLI for dashboard accounts", () => {
  let url: string;
  let cleanup: () => Promise<void>;
  let store: Store;
  let app: App;
  const env = () => ({ env: { DATABASE_URL: url } });

  before(async () => {
    ({ url, cleanup } = freshUrl("sqlite"));
    const made = await runCli(["accounts", "create", "--email", "ops@example.com"], env());
    assert.equal(made.status, 0, made.stderr);
    store = openStore(url);
    app = await buildApiHost({ config: loadConfig({}), store, logger: createLogger("silent") });
  });
  after(async () => {
    await app?.close();
    await store?.close();
    await cleanup?.();
  });

  test("set-password reads the first line of standard input; the account can sign in", async () => {
    const browser = new DashboardClient(app);
    const before = await browser.submit("/dashboard/sign-in", "/dashboard/sign-in", {
      email: "ops@example.com",
      password: "operator chosen pw",
    });
    assert.equal(before.status, 401, "no password yet");
    const set = await runCli(["accounts", "set-password", "ops@example.com"], {
      ...env(),
      stdin: "operator chosen pw\nignored second line\n",
    });
    assert.equal(set.status, 0, set.stderr);
    assert.match(set.stdout, /Password set for ops@example\.com/);
    assert.equal(set.stdout.includes("operator chosen pw"), false);
    const signedIn = await new DashboardClient(app, "10.9.9.9").submit(
      "/dashboard/sign-in",
      "/dashboard/sign-in",
      { email: "ops@example.com", password: "operator chosen pw" },
    );
    assert.equal(signedIn.status, 303);
  });

  test("set-password refuses a short password (exit 2) and an unknown account", async () => {
    const short = await runCli(["accounts", "set-password", "ops@example.com"], {
      ...env(),
      stdin: "short\n",
    });
    assert.equal(short.status, 2);
    assert.match(short.stderr, /standard input: the password must have at least 10 characters/);
    const unknown = await runCli(["accounts", "set-password", "who@example.com"], {
      ...env(),
      stdin: "long enough password\n",
    });
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /<account>: account who@example\.com not found/);
  });

  test("set-plan moves the account and its keys; an unknown plan is exit 2", async () => {
    const key = await runCli(["keys", "create", "--account", "ops@example.com", "--json"], env());
    assert.equal(key.status, 0, key.stderr);
    const moved = await runCli(
      ["accounts", "set-plan", "ops@example.com", "growth", "--json"],
      env(),
    );
    assert.equal(moved.status, 0, moved.stderr);
    assert.equal(JSON.parse(moved.stdout).plan, "growth");
    const keys = await store.db.selectFrom("api_keys").select("plan").execute();
    assert.deepEqual(
      keys.map((k) => k.plan),
      ["growth"],
    );
    const bad = await runCli(["accounts", "set-plan", "ops@example.com", "platinum"], env());
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /plan must be one of/);
  });
});
