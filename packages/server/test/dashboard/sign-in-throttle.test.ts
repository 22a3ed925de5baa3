/**
 * Sign-in throttling through HTTP on both dialects, on an injected clock (no waiting): attempts
 * on one account from one address wait growing delays (three free, then 1, 2, 4 … seconds, at
 * most 15 minutes) answered 429 with Retry-After, while the owner signs in from another address
 * at once; unknown emails wait alike; attempts sent together cannot slip past; the address is the
 * one the trusted proxy appended; two nodes share the count; one address failing on many emails
 * is limited per minute.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { loadConfig } from "../../src/config/index.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { createLogger } from "../../src/logger.js";
import { type ManualClock, manualClock } from "../helpers/clock.js";
import { DashboardClient, type Page } from "../helpers/dashboard-client.js";
import { FAST_PASSWORDS } from "../helpers/password-cost.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";
import { accountWithPassword, PASSWORD } from "./dashboard-accounts.js";

/** The delays an address waits before each attempt after the fourth, in seconds. */
const GROWING = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900];

for (const dialect of DIALECTS) {
  describe(`sign-in throttling (${dialect})`, { skip: unavailable(dialect) }, () => {
    let t: TestStore;
    let app: App;
    let clock: ManualClock;
    let n = 0;

    const build = () =>
      buildApiHost({
        config: loadConfig({ SCORELINE_TRUST_PROXY: "true", ...FAST_PASSWORDS }),
        store: t.store,
        logger: createLogger("silent"),
        clock,
      });

    before(async () => {
      t = await createTestStore(dialect);
      clock = manualClock("2026-11-24T15:00:05Z");
      app = await build();
    });
    after(async () => {
      await app?.close();
      await t?.dispose();
    });

    /** A fresh account (its email) with PASSWORD. */
    async function account(): Promise<string> {
      const email = `throttled${++n}-${dialect}@example.com`;
      await accountWithPassword(t.store, clock, email);
      return email;
    }

    const attempt = (who: DashboardClient, email: string, password: string) =>
      who.submit("/dashboard/sign-in", "/dashboard/sign-in", { email, password });

    function assertWait(page: Page, seconds: number, what: string) {
      assert.equal(page.status, 429, `${what}: ${page.body.slice(0, 300)}`);
      assert.equal(page.headers["retry-after"], String(seconds), what);
      const words = seconds === 1 ? "1 second" : `${seconds} seconds`;
      assert.match(
        page.body,
        new RegExp(`try again in ${words} \\(at \\d\\d:\\d\\d:\\d\\d UTC\\)`),
      );
    }

    test("one address waits growing delays; the owner signs in from another address meanwhile", async () => {
      clock.set("2026-11-24T15:00:05Z");
      const email = await account();
      const attacker = new DashboardClient(app, "192.0.2.77");
      for (let i = 1; i <= 4; i++) {
        assert.equal((await attempt(attacker, email, `wrong ${i}`)).status, 401, `free ${i}`);
      }
      const early = await attempt(attacker, email, PASSWORD);
      assertWait(early, 1, "even the right password, too early");
      assert.match(early.body, /try again in 1 second \(at 15:00:06 UTC\)/);

      const owner = new DashboardClient(app, "198.51.100.9");
      const signedIn = await attempt(owner, email, PASSWORD);
      assert.equal(signedIn.status, 303, "the owner, from another address, is not slowed");
      assert.equal((await owner.get("/dashboard/keys")).status, 200);

      for (const [i, seconds] of GROWING.entries()) {
        assertWait(await attempt(attacker, email, "wrong again"), seconds, `after ${i + 4} tries`);
        clock.advance(seconds * 1000 - 1000);
        if (seconds > 1) {
          assertWait(await attempt(attacker, email, "wrong"), 1, "one second short");
        }
        clock.advance(1000);
        assert.equal((await attempt(attacker, email, "wrong")).status, 401, `try ${i + 5}`);
      }
      assertWait(await attempt(attacker, email, PASSWORD), 900, "capped at 15 minutes");
      clock.advance(900_000);
      assert.equal((await attempt(attacker, email, PASSWORD)).status, 303, "after the wait");
      // The right password forgave the address: three free attempts again.
      for (let i = 1; i <= 4; i++) {
        assert.equal((await attempt(attacker, email, `wrong ${i}`)).status, 401);
      }
      assertWait(await attempt(attacker, email, "wrong"), 1, "counting again");
    });

    test("an unknown email waits the same, with the same message", async () => {
      clock.set("2026-11-25T08:00:00Z");
      const guesser = new DashboardClient(app, "192.0.2.78");
      const email = await account();
      const answers: Page[] = [];
      for (const who of [email, `nobody-${dialect}@example.com`]) {
        for (let i = 1; i <= 4; i++) assert.equal((await attempt(guesser, who, "x")).status, 401);
        answers.push(await attempt(guesser, who, "x"));
      }
      for (const page of answers) assertWait(page, 1, "known and unknown alike");
      assert.equal(answers[0]?.body, answers[1]?.body);
    });

    test("attempts sent at once cannot slip past the delay", async () => {
      clock.set("2026-11-25T09:00:00Z");
      const email = await account();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          attempt(new DashboardClient(app, "192.0.2.79"), email, "wrong"),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      assert.deepEqual(statuses, [401, 401, 401, 401, 429, 429, 429, 429]);
    });

    test("X-Forwarded-For entries the client wrote itself do not make it a new address", async () => {
      clock.set("2026-11-25T10:00:00Z");
      const email = await account();
      // The trusted proxy appends the address it saw (192.0.2.80) after whatever the client sent.
      for (let i = 1; i <= 4; i++) {
        const spoofer = new DashboardClient(app, `10.66.0.${i}, 192.0.2.80`);
        assert.equal((await attempt(spoofer, email, "wrong")).status, 401);
      }
      const next = new DashboardClient(app, "203.0.113.250, 192.0.2.80");
      assertWait(await attempt(next, email, "wrong"), 1, "the proxy's address counts");
      const elsewhere = new DashboardClient(app, "192.0.2.80, 192.0.2.81");
      assert.equal((await attempt(elsewhere, email, PASSWORD)).status, 303, "a new real address");
    });

    test("two nodes over one store share the count", async () => {
      clock.set("2026-11-25T11:00:00Z");
      const email = await account();
      const other = await build();
      try {
        const nodes = [app, other];
        for (let i = 0; i < 4; i++) {
          const node = nodes[i % 2] as App;
          const status = (await attempt(new DashboardClient(node, "192.0.2.82"), email, "w"))
            .status;
          assert.equal(status, 401);
        }
        for (const node of nodes) {
          const page = await attempt(new DashboardClient(node, "192.0.2.82"), email, "w");
          assertWait(page, 1, "on either node");
        }
      } finally {
        await other.close();
      }
    });

    test("one address failing on many emails is refused past 20 a minute", async () => {
      clock.set("2026-11-25T12:00:10Z");
      const sprayer = new DashboardClient(app, "203.0.113.5");
      for (let i = 0; i < 20; i++) {
        assert.equal((await attempt(sprayer, `spray${i}@example.com`, "guess")).status, 401);
      }
      const refused = await attempt(sprayer, "spray-more@example.com", "guess");
      assert.equal(refused.status, 429);
      assert.equal(refused.headers["retry-after"], "50");
      assert.match(refused.body, /wait 50 seconds/);
      const owner = new DashboardClient(app, "198.51.100.10");
      const email = await account();
      assert.equal((await attempt(owner, email, PASSWORD)).status, 303, "other addresses are not");
    });
  });
}
