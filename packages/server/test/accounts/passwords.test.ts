/**
 * Dashboard password hashing (ADR-0031) through the account verbs: by default scrypt with
 * N = 32768, r = 8, p = 1, stored with its parameters; `SCORELINE_PASSWORD_COST` changes N for
 * passwords set from then on, and a hash keeps verifying with the cost it was made with. The other
 * tests hash with the smallest cost (test/helpers/password-cost.ts); this file is where the
 * production default is checked.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createAccount } from "../../src/accounts/accounts-service.js";
import {
  type DashboardAccountsDeps,
  setPassword,
  signIn,
} from "../../src/accounts/dashboard-accounts.js";
import { SignInThrottle } from "../../src/accounts/sign-in-throttle.js";
import { MemoryLimitStore } from "../../src/adapters/limits/memory-limit-store.js";
import { createMailer } from "../../src/adapters/mail/mailer.js";
import { loadConfig } from "../../src/config/index.js";
import { DEFAULT_PLANS } from "../../src/config/plans.js";
import { createLogger } from "../../src/logger.js";
import { testClock } from "../helpers/clock.js";
import { TEST_PASSWORD_COST } from "../helpers/password-cost.js";
import { createTestStore, type TestStore } from "../helpers/stores.js";

const PASSWORD = "correct horse battery";
const BASE = { origin: "http://127.0.0.1" };

describe("password hashing", () => {
  let t: TestStore;
  let n = 0;
  let attempts = 0;
  before(async () => {
    t = await createTestStore("sqlite");
  });
  after(async () => await t?.dispose());

  /** The sign-in verb's dependencies, new passwords hashed with `passwordCost`. */
  function deps(passwordCost: number | undefined): DashboardAccountsDeps {
    return {
      store: t.store,
      clock: testClock,
      plans: DEFAULT_PLANS,
      passwordCost,
      mailer: createMailer({
        smtpUrl: undefined,
        from: "t@example.com",
        logger: createLogger("silent"),
      }),
      throttle: new SignInThrottle(new MemoryLimitStore(), testClock),
    };
  }

  /** A verified account whose password was set with `passwordCost`; its email and stored hash. */
  async function accountAt(passwordCost: number | undefined) {
    const ctx = deps(passwordCost);
    const email = `hashed${++n}@example.com`;
    const { id } = await createAccount(ctx, { email, plan: "free" });
    await setPassword(ctx, id, PASSWORD);
    const row = await t.store.db
      .selectFrom("accounts")
      .select("password_hash")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return { email, hash: row.password_hash ?? "" };
  }

  /** A sign-in from an address of its own, so the throttle never slows these. */
  const signInAs = (d: DashboardAccountsDeps, email: string, password: string) =>
    signIn(d, { email, password, address: `192.0.2.${++attempts}` }, BASE);

  test("by default: scrypt N=32768, r=8, p=1, its own salt, stored with its parameters", async () => {
    assert.equal(loadConfig({}).passwordCost, 32_768);
    const first = await accountAt(undefined);
    const second = await accountAt(loadConfig({}).passwordCost);
    for (const { hash } of [first, second]) {
      assert.match(hash, /^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    }
    assert.notEqual(first.hash.split("$")[4], second.hash.split("$")[4], "a salt per password");
    assert.equal((await signInAs(deps(undefined), first.email, PASSWORD)).ok, true);
    assert.deepEqual(await signInAs(deps(undefined), first.email, "wrong horse battery"), {
      ok: false,
      reason: "credentials",
    });
  });

  test("SCORELINE_PASSWORD_COST sets N for passwords set from then on; a hash keeps its own", async () => {
    const lowered = loadConfig({ SCORELINE_PASSWORD_COST: String(TEST_PASSWORD_COST) });
    assert.equal(lowered.passwordCost, TEST_PASSWORD_COST);
    const cheap = await accountAt(lowered.passwordCost);
    assert.match(cheap.hash, /^scrypt\$1024\$8\$1\$/);
    const dear = await accountAt(undefined);
    // Either configuration signs both in: verification reads the parameters beside the hash.
    for (const configured of [undefined, lowered.passwordCost]) {
      for (const { email } of [cheap, dear]) {
        assert.equal((await signInAs(deps(configured), email, PASSWORD)).ok, true, email);
        assert.equal((await signInAs(deps(configured), email, "not the password")).ok, false);
      }
    }
  });
});
