/**
 * Post/redirect/get through HTTP on both dialects, on an injected clock: a new key, a rotated
 * key, a webhook's signing secret and a new account's personal sandbox key are shown once by the
 * page the form redirects to, to that session only, within five minutes, sealed while they wait;
 * reloading makes and shows nothing. The getting-started panel of an account without calls, and
 * the one-time sign-in page naming its account.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { listKeys } from "../../src/accounts/accounts-service.js";
import { signInLink } from "../../src/accounts/dashboard-accounts.js";
import { loadConfig } from "../../src/config/index.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { createLogger } from "../../src/logger.js";
import { type ManualClock, manualClock } from "../helpers/clock.js";
import { DashboardClient, pathOf, signUpThroughMail } from "../helpers/dashboard-client.js";
import { FAST_PASSWORDS } from "../helpers/password-cost.js";
import { SmtpCatcher } from "../helpers/smtp-catcher.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";
import { accountsContext, accountWithPassword, PASSWORD } from "./dashboard-accounts.js";
import { followed } from "./redirects.js";

const KEY = /id="new-key">(sl_(?:live|test)_[A-Za-z0-9_-]{43})</;
const SECRET = /id="signing-secret">(whsec_[^<]+)</;

for (const dialect of DIALECTS) {
  describe(`dashboard flashes (${dialect})`, { skip: unavailable(dialect) }, () => {
    let t: TestStore;
    let app: App;
    let clock: ManualClock;
    const smtp = new SmtpCatcher();
    let n = 0;

    before(async () => {
      t = await createTestStore(dialect);
      clock = manualClock("2026-11-24T09:00:00Z");
      app = await buildApiHost({
        config: loadConfig({
          ...FAST_PASSWORDS,
          SCORELINE_SMTP_URL: await smtp.start(),
          SCORELINE_TRUST_PROXY: "true",
        }),
        store: t.store,
        logger: createLogger("silent"),
        clock,
      });
    });
    after(async () => {
      await app?.close();
      await smtp.stop();
      await t?.dispose();
    });

    const ctx = () => accountsContext(t.store, clock);
    const keyCount = async (accountId: string) => (await listKeys(ctx(), accountId)).length;
    const flashRows = () =>
      t.store.db
        .selectFrom("store_meta")
        .select("value")
        .where("key", "like", "dashboard-flash:%")
        .execute();

    async function signedIn(email = `flash${++n}-${dialect}@example.com`) {
      const id = await accountWithPassword(t.store, clock, email);
      const browser = await signIn(email);
      return { browser, id, email };
    }

    async function signIn(email: string) {
      const browser = new DashboardClient(app, `10.8.${n}.${++n % 250}`);
      const answer = await browser.submit("/dashboard/sign-in", "/dashboard/sign-in", {
        email,
        password: PASSWORD,
      });
      assert.equal(answer.status, 303);
      return browser;
    }

    test("a new key is shown once, sealed while it waits; a reload makes and shows nothing", async () => {
      const { browser, id } = await signedIn();
      const posted = await browser.submit("/dashboard/keys", "/dashboard/keys", {
        name: "server",
        kind: "live",
      });
      assert.equal(posted.status, 303);
      assert.equal(posted.location, "/dashboard/keys");
      assert.equal(await keyCount(id), 1);
      const waiting = await flashRows();
      assert.equal(waiting.length, 1);

      const shown = await browser.get("/dashboard/keys");
      const key = KEY.exec(shown.body)?.[1] ?? assert.fail("the key on the page");
      assert.match(key, /^sl_live_/);
      assert.equal(waiting[0]?.value.includes(key), false, "never stored in the clear");
      assert.equal(waiting[0]?.value.includes(key.slice(8)), false);
      assert.equal((await flashRows()).length, 0, "taken");

      const reloaded = await browser.get("/dashboard/keys");
      assert.equal(reloaded.status, 200);
      assert.equal(reloaded.body.includes(key), false, "not shown again");
      assert.doesNotMatch(reloaded.body, /it will not be shown again/);
      assert.equal(await keyCount(id), 1, "the reload made nothing");
    });

    test("a flash belongs to its session and waits five minutes at most", async () => {
      const { browser, email } = await signedIn();
      const other = await signIn(email);
      await browser.submit("/dashboard/keys", "/dashboard/keys", { name: "one" });
      assert.doesNotMatch((await other.get("/dashboard/keys")).body, KEY, "another session");
      assert.match((await browser.get("/dashboard/keys")).body, KEY, "its own session");

      await browser.submit("/dashboard/keys", "/dashboard/keys", { name: "two" });
      clock.advance(5 * 60_000 + 1000);
      const late = await browser.get("/dashboard/keys");
      assert.equal(late.status, 200);
      assert.doesNotMatch(late.body, KEY, "expired after five minutes");
    });

    test("a rotated key is shown once with when the old one goes", async () => {
      const { browser, id } = await signedIn();
      const made = await followed(
        browser,
        await browser.submit("/dashboard/keys", "/dashboard/keys", { name: "rotating" }),
      );
      const keyId = /\/dashboard\/keys\/([^/"]+)\/rotate/.exec(made.body)?.[1] ?? "";
      const rotated = await browser.submit("/dashboard/keys", `/dashboard/keys/${keyId}/rotate`, {
        revoke_in: "3600",
      });
      assert.equal(rotated.status, 303);
      const page = await browser.get("/dashboard/keys");
      assert.match(page.body, KEY);
      assert.match(page.body, /The old key is revoked at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
      const again = await browser.get("/dashboard/keys");
      assert.doesNotMatch(again.body, KEY);
      assert.doesNotMatch(again.body, /The old key is revoked at/);
      assert.equal(await keyCount(id), 2);
    });

    test("a webhook's signing secret is shown once; so is a rotated one", async () => {
      const { browser } = await signedIn();
      const created = await browser.submit("/dashboard/webhooks", "/dashboard/webhooks", {
        url: "https://example.com/hooks/flash",
        description: "a description, not the title",
        events: "match.goal",
      });
      assert.equal(created.status, 303);
      const hookPath = created.location ?? "";
      assert.match(hookPath, /^\/dashboard\/webhooks\/[^/?]+$/);
      const page = await browser.get(hookPath);
      assert.match(page.body, SECRET);
      assert.match(page.body, /<h1>https:\/\/example\.com\/hooks\/flash<\/h1>/, "titled by URL");
      assert.match(page.body, /<title>https:\/\/example\.com\/hooks\/flash · Scoreline/);
      assert.doesNotMatch((await browser.get(hookPath)).body, SECRET, "not after a reload");
      const list = await browser.get("/dashboard/webhooks");
      assert.equal(list.body.match(/<tr><td data-label="Endpoint">/g)?.length, 1, "one webhook");

      const rotated = await browser.submit(hookPath, `${hookPath}/rotate-secret`, {});
      assert.equal(rotated.status, 303);
      assert.equal(rotated.location, hookPath);
      const secret = SECRET.exec((await browser.get(hookPath)).body)?.[1];
      assert.ok(secret && secret !== SECRET.exec(page.body)?.[1], "a new secret");
      assert.doesNotMatch((await browser.get(hookPath)).body, SECRET);
    });

    test("sign-up ends with a personal sandbox key, shown once, in ready-to-paste snippets", async () => {
      const email = `signup${++n}-${dialect}@example.com`;
      const { browser } = await signUpThroughMail(app, smtp, email, {
        password: PASSWORD,
        address: `10.9.${n}.1`,
      });
      const first = await browser.get("/dashboard/keys?notice=verified");
      assert.match(first.body, /Your email is verified/);
      assert.match(first.body, /Your new personal sandbox key “personal sandbox key”/);
      const key = KEY.exec(first.body)?.[1] ?? assert.fail("the sandbox key");
      assert.match(key, /^sl_test_/);
      assert.match(first.body, /<h2 id="getting-started">Getting started<\/h2>/);
      assert.ok(first.body.includes(`curl -H &quot;Authorization: Bearer ${key}&quot;`));
      assert.ok(first.body.includes(`apiKey: &quot;${key}&quot;, sandbox: true`));

      const later = await browser.get("/dashboard/keys");
      assert.equal(later.body.includes(key), false, "shown once");
      assert.ok(later.body.includes("Bearer &lt;your key&gt;"), "a placeholder");
      assert.match(later.body, new RegExp(`starts <code>${key.slice(0, 12)}</code>`));
      const account = await t.store.db
        .selectFrom("accounts")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      const keys = await listKeys(ctx(), account.id);
      assert.deepEqual(
        keys.map((k) => [k.kind, k.name]),
        [["test", "personal sandbox key"]],
      );
    });

    test("getting started names the newest live key, and goes once a key has made a call", async () => {
      const { browser, id } = await signedIn();
      const none = await browser.get("/dashboard/keys");
      assert.match(none.body, /Create a key below; it is shown here, ready to paste/);
      await browser.submit("/dashboard/keys", "/dashboard/keys", { name: "live one" });
      const shown = await browser.get("/dashboard/keys");
      const key = KEY.exec(shown.body)?.[1] ?? "";
      assert.ok(
        shown.body.includes(`Bearer ${key}&quot; http://localhost:80/v1/football/fixtures`),
      );
      assert.ok(shown.body.includes(`baseUrl: &quot;http://localhost:80&quot;`));
      await t.store.db
        .updateTable("api_keys")
        .set({ last_used_at: clock.iso() })
        .where("account_id", "=", id)
        .execute();
      assert.doesNotMatch((await browser.get("/dashboard/keys")).body, /Getting started/);
    });

    test("the one-time sign-in page names the account it signs in to", async () => {
      const email = `linked${++n}-${dialect}@example.com`;
      const id = await accountWithPassword(t.store, clock, email);
      const link = await signInLink(ctx(), id, { origin: "http://localhost" });
      const browser = new DashboardClient(app, "10.9.200.1");
      const page = await browser.get(pathOf(link));
      assert.equal(page.status, 200);
      assert.ok(page.body.includes(`signs you in to the account <strong>${email}</strong>`));
      assert.ok(page.body.includes(`<button type="submit">Sign in as ${email}</button>`));
      const done = await browser.post("/dashboard/sign-in/link", {
        token: new URL(link).searchParams.get("token") ?? "",
      });
      assert.equal(done.status, 303);
      const spent = await new DashboardClient(app).get(pathOf(link));
      assert.equal(spent.status, 400, "used: the page says the link no longer works");
      assert.match(spent.body, /no longer works/);
    });
  });
}
