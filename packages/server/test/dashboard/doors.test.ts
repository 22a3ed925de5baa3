/**
 * The dashboard's doors through HTTP on both dialects, with mail over a real local SMTP server:
 * sign-up → verification link → session; sign-up and reset requests answer 303 to a "Check your
 * mail" page whose reload sends and makes nothing; the same answer for unknown emails and wrong
 * passwords; cookie flags; idle and absolute expiry; password reset (single use, expiring, ends
 * sessions); sign out everywhere; mail throttling; the password hash never in a page or the log.
 * Sign-in throttling is in sign-in-throttle.test.ts, session-bound CSRF and the proxy in
 * hardening.test.ts.
 */
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { after, before, describe, test } from "node:test";
import { loadConfig } from "../../src/config/index.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { createLogger } from "../../src/logger.js";
import { type ManualClock, manualClock } from "../helpers/clock.js";
import {
  DashboardClient,
  pathOf,
  signUpThroughMail,
  tokenOf,
} from "../helpers/dashboard-client.js";
import { FAST_PASSWORDS } from "../helpers/password-cost.js";
import { SmtpCatcher } from "../helpers/smtp-catcher.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";
import { formRows } from "./form-checks.js";

const PASSWORD = "correct horse battery";

for (const dialect of DIALECTS) {
  describe(`dashboard doors (${dialect})`, { skip: unavailable(dialect) }, () => {
    let t: TestStore;
    let app: App;
    let clock: ManualClock;
    const smtp = new SmtpCatcher();
    let log = "";
    let n = 0;
    const fresh = () => `user${++n}-${dialect}@example.com`;
    const client = () => new DashboardClient(app, `10.0.${n % 250}.${(n * 7) % 250}`);

    before(async () => {
      t = await createTestStore(dialect);
      clock = manualClock("2026-11-24T09:00:00Z");
      const smtpUrl = await smtp.start();
      const sink = new Writable({
        write(chunk, _encoding, done) {
          log += String(chunk);
          done();
        },
      });
      app = await buildApiHost({
        config: loadConfig({
          SCORELINE_SMTP_URL: smtpUrl,
          SCORELINE_TRUST_PROXY: "true",
          ...FAST_PASSWORDS,
        }),
        store: t.store,
        logger: createLogger("debug", sink),
        clock,
      });
    });
    after(async () => {
      await app?.close();
      await smtp.stop();
      await t?.dispose();
    });

    /** Signs up and verifies through the mailed link; returns the signed-in client. */
    async function signedUp(email = fresh()) {
      const address = `10.0.${n % 250}.${(n * 7) % 250}`;
      return {
        email,
        ...(await signUpThroughMail(app, smtp, email, { password: PASSWORD, address })),
      };
    }

    test("sign-up mails a verification link over SMTP; following it signs in with a flagged cookie", async () => {
      const { browser, verified, link } = await signedUp();
      const cookie = verified.setCookies.find((c) => c.startsWith("scoreline_session="));
      assert.ok(cookie, "a session cookie");
      assert.match(cookie, /HttpOnly/);
      assert.match(cookie, /SameSite=Lax/);
      assert.match(cookie, /Path=\/dashboard/);
      assert.doesNotMatch(cookie, /Secure/, "plain http: not Secure");
      const keys = await browser.get("/dashboard/keys?notice=verified");
      assert.equal(keys.status, 200);
      assert.match(keys.body, /Your email is verified/);
      assert.match(String(keys.headers["content-security-policy"]), /script-src 'self'/);
      assert.doesNotMatch(keys.body, /<script>|<script [^>]*>[^<]/, "no inline script");
      // The link worked once: its page says so, and posting it again does nothing.
      const used = await client().get(pathOf(link));
      assert.equal(used.status, 400);
      assert.match(used.body, /no longer works/);
      const again = await client().submit("/dashboard/sign-in", "/dashboard/verify", {
        token: tokenOf(link),
      });
      assert.equal(again.status, 400);
      assert.match(again.body, /no longer works/);
    });

    test("behind a proxy that says https, the cookies are Secure", async () => {
      const page = await app.inject({
        url: "/dashboard/sign-in",
        headers: { "x-forwarded-proto": "https" },
      });
      const csrf = String(page.headers["set-cookie"]);
      assert.match(csrf, /scoreline_csrf=.*Secure/);
    });

    test("an unknown email and a wrong password get the same answer; an unverified account is told to verify", async () => {
      const { email } = await signedUp();
      const one = await client().submit("/dashboard/sign-in", "/dashboard/sign-in", {
        email: "nobody@example.com",
        password: PASSWORD,
      });
      const two = await client().submit("/dashboard/sign-in", "/dashboard/sign-in", {
        email,
        password: "not the password",
      });
      assert.equal(one.status, 401);
      assert.equal(two.status, 401);
      const message = (body: string) =>
        /<p class="error" role="alert">([^<]*)<\/p>/.exec(body)?.[1];
      assert.equal(message(one.body), message(two.body));
      assert.ok(message(one.body));

      const unverified = fresh();
      const browser = client();
      await browser.submit("/dashboard/sign-up", "/dashboard/sign-up", {
        email: unverified,
        password: PASSWORD,
      });
      const refused = await browser.submit("/dashboard/sign-in", "/dashboard/sign-in", {
        email: unverified,
        password: PASSWORD,
      });
      assert.equal(refused.status, 403);
      assert.match(refused.body, /Verify your email first/);
      assert.equal(browser.cookies.has("scoreline_session"), false);
    });

    test("signing up with a known email answers the same and mails that address a reset link", async () => {
      const { email } = await signedUp();
      const before = smtp.mails.length;
      const known = client();
      const answer = await known.submit("/dashboard/sign-up", "/dashboard/sign-up", {
        email,
        password: "another password here",
      });
      const newcomer = client();
      const fresher = await newcomer.submit("/dashboard/sign-up", "/dashboard/sign-up", {
        email: fresh(),
        password: "another password here",
      });
      assert.equal(answer.status, 303);
      assert.equal(answer.location, "/dashboard/sign-up/sent");
      assert.equal(fresher.status, answer.status, "the same answer for a new email");
      assert.equal(fresher.location, answer.location);
      const page = await known.get("/dashboard/sign-up/sent");
      assert.equal(page.status, 200);
      assert.match(page.body, /Check your mail/);
      assert.equal(page.body.includes(email), false, "the page names no address");
      assert.equal((await newcomer.get("/dashboard/sign-up/sent")).body, page.body);
      const mail = await smtp.mailTo(email, /Reset your/);
      assert.ok(smtp.mails.length > before);
      assert.match(mail.text, /already has a Scoreline account/);
    });

    test("sign-up and reset requests answer 303 to their sent pages; reloading those sends and makes nothing", async () => {
      const email = fresh();
      const browser = client();
      const rows = await formRows(t.store);
      const mails = smtp.mails.length;
      const posted = await browser.submit("/dashboard/sign-up", "/dashboard/sign-up", {
        email,
        password: PASSWORD,
      });
      assert.equal(posted.status, 303, posted.body.slice(0, 400));
      assert.equal(posted.location, "/dashboard/sign-up/sent");
      await smtp.mailTo(email, /Verify your email/);
      const signedUpRows = await formRows(t.store);
      assert.equal(signedUpRows.accounts, Number(rows.accounts) + 1, "one account");
      assert.equal(smtp.mails.length, mails + 1, "one mail");
      for (const view of ["first view", "reload"]) {
        const page = await browser.get("/dashboard/sign-up/sent");
        assert.equal(page.status, 200, view);
        assert.match(page.body, /<h1>Check your mail<\/h1>/);
        assert.match(page.body, /We have sent a link to the address you entered/);
        assert.equal(page.body.includes(email), false, "the page names no address");
      }
      assert.deepEqual(await formRows(t.store), signedUpRows, "a reload makes nothing");
      assert.equal(smtp.mails.length, mails + 1, "a reload sends no second mail");
      assert.equal(browser.cookies.has("scoreline_session"), false, "no session");
      const cold = await app.inject({ url: "/dashboard/sign-up/sent" });
      assert.equal(cold.statusCode, 200, "no cookie needed");
      assert.match(cold.body, /Check your mail/);

      const asked = await browser.submit("/dashboard/reset", "/dashboard/reset", { email });
      assert.equal(asked.status, 303, asked.body.slice(0, 400));
      assert.equal(asked.location, "/dashboard/reset/sent");
      await smtp.mailTo(email, /Reset your/);
      const askedRows = await formRows(t.store);
      assert.equal(smtp.mails.length, mails + 2, "one reset mail");
      for (const view of ["first view", "reload"]) {
        const page = await browser.get("/dashboard/reset/sent");
        assert.equal(page.status, 200, view);
        assert.match(page.body, /<h1>Check your mail<\/h1>/);
        assert.match(page.body, /If the address you entered has an account/);
        assert.equal(page.body.includes(email), false, "the page names no address");
      }
      assert.deepEqual(await formRows(t.store), askedRows, "a reload makes no link");
      assert.equal(smtp.mails.length, mails + 2, "a reload sends no second mail");
    });

    test("a form without its CSRF token is refused and changes nothing", async () => {
      const { browser } = await signedUp();
      const refused = await browser.post("/dashboard/keys", {
        _csrf: null,
        name: "sneaky",
        kind: "live",
      });
      assert.equal(refused.status, 403);
      assert.match(refused.body, /did not come from this dashboard/);
      const forged = await browser.post("/dashboard/keys", {
        _csrf: "forged-token",
        name: "sneaky",
      });
      assert.equal(forged.status, 403);
      const keys = await browser.get("/dashboard/keys");
      assert.doesNotMatch(keys.body, /sneaky/);
      const signUp = await client().post("/dashboard/sign-up", {
        _csrf: null,
        email: fresh(),
        password: PASSWORD,
      });
      assert.equal(signUp.status, 403);
    });

    test("sessions end after the idle time and after the absolute lifetime", async () => {
      const start = clock.iso();
      const { browser } = await signedUp();
      clock.advance(59 * 60_000);
      assert.equal((await browser.get("/dashboard/keys")).status, 200, "59 idle minutes");
      for (let hour = 0; hour < 11; hour++) {
        clock.advance(50 * 60_000);
        assert.equal((await browser.get("/dashboard/plan")).status, 200, `active, hour ${hour}`);
      }
      clock.advance(80 * 60_000);
      const late = await browser.get("/dashboard/keys");
      assert.equal(late.status, 303, "12 hours after sign-in, however active");
      assert.match(late.location ?? "", /^\/dashboard\/sign-in\?next=/);

      const second = await signedUp();
      clock.advance(61 * 60_000);
      assert.equal((await second.browser.get("/dashboard/keys")).status, 303, "61 idle minutes");
      clock.set(start);
    });

    test("password reset: mailed, single use, expiring; it ends every session", async () => {
      const { browser, email } = await signedUp();
      const other = client();
      await other.submit("/dashboard/sign-in", "/dashboard/sign-in", { email, password: PASSWORD });
      assert.equal((await other.get("/dashboard/keys")).status, 200);

      const asker = client();
      const asked = await asker.submit("/dashboard/reset", "/dashboard/reset", { email });
      assert.equal(asked.status, 303);
      assert.equal(asked.location, "/dashboard/reset/sent");
      const stranger = client();
      const unknown = await stranger.submit("/dashboard/reset", "/dashboard/reset", {
        email: "nobody-at-all@example.com",
      });
      assert.equal(unknown.status, asked.status, "the same answer for an unknown email");
      assert.equal(unknown.location, asked.location);
      const sent = await asker.get("/dashboard/reset/sent");
      assert.match(sent.body, /If the address you entered has an account/);
      assert.equal(
        (await stranger.get("/dashboard/reset/sent")).body,
        sent.body,
        "the same page for an unknown email",
      );
      const link = SmtpCatcher.link(await smtp.mailTo(email, /Reset your/));
      const reset = client();
      const form = await reset.get(pathOf(link));
      assert.match(form.body, /Choose a new password/);
      const short = await reset.post("/dashboard/reset/confirm", {
        token: tokenOf(link),
        password: "short",
      });
      assert.equal(short.status, 400);
      assert.match(short.body, /at least 10 characters/);
      const done = await reset.post("/dashboard/reset/confirm", {
        token: tokenOf(link),
        password: "a brand new password",
      });
      assert.equal(done.status, 303);
      assert.equal((await browser.get("/dashboard/keys")).status, 303, "old sessions ended");
      assert.equal((await other.get("/dashboard/keys")).status, 303);
      assert.equal((await client().get(pathOf(link))).status, 400, "single use");
      const reuse = await client().submit("/dashboard/reset", "/dashboard/reset/confirm", {
        token: tokenOf(link),
        password: "yet another password",
      });
      assert.equal(reuse.status, 400, "single use, posted directly");
      assert.match(reuse.body, /no longer works/);
      const signIn = await client().submit("/dashboard/sign-in", "/dashboard/sign-in", {
        email,
        password: "a brand new password",
      });
      assert.equal(signIn.status, 303);

      await client().submit("/dashboard/reset", "/dashboard/reset", { email });
      const later = SmtpCatcher.link(
        (await waitForSecond(smtp, email)) ?? assert.fail("a second reset mail"),
      );
      clock.advance(61 * 60_000);
      assert.equal((await client().get(pathOf(later))).status, 400, "expired after an hour");
    });

    test("sign out ends this session; sign out everywhere ends them all", async () => {
      const { browser, email } = await signedUp();
      const other = client();
      await other.submit("/dashboard/sign-in", "/dashboard/sign-in", { email, password: PASSWORD });
      const out = await browser.submit("/dashboard/keys", "/dashboard/sign-out", {});
      assert.equal(out.status, 303);
      assert.equal((await browser.get("/dashboard/keys")).status, 303);
      assert.equal((await other.get("/dashboard/keys")).status, 200, "the other session lives");
      const third = client();
      await third.submit("/dashboard/sign-in", "/dashboard/sign-in", { email, password: PASSWORD });
      await third.submit("/dashboard/keys", "/dashboard/sign-out-everywhere", {});
      assert.equal((await other.get("/dashboard/keys")).status, 303);
    });

    test("sign-up mail is throttled per address", async () => {
      const spammer = new DashboardClient(app, "203.0.113.99");
      let last = 0;
      for (let i = 0; i < 21; i++) {
        last = (
          await spammer.submit("/dashboard/sign-up", "/dashboard/sign-up", {
            email: `spam${i}@example.com`,
            password: PASSWORD,
          })
        ).status;
      }
      assert.equal(last, 429);
    });

    test("the password and its hash appear in no page and no log line", async () => {
      const { browser } = await signedUp();
      const hashes = await t.store.db.selectFrom("accounts").select("password_hash").execute();
      const pages = await Promise.all(
        ["keys", "usage", "webhooks", "plan"].map((p) => browser.get(`/dashboard/${p}`)),
      );
      for (const row of hashes) {
        if (row.password_hash === null) continue;
        // The configured work factor (the default is asserted in test/accounts/passwords.test.ts).
        assert.match(row.password_hash, /^scrypt\$1024\$8\$1\$/);
        const digest = row.password_hash.split("$")[5] ?? "";
        assert.equal(log.includes(digest), false);
        for (const page of pages) assert.equal(page.body.includes(digest), false);
      }
      assert.equal(log.includes(PASSWORD), false);
      assert.equal(log.includes("scrypt$"), false);
      assert.ok(log.length > 0, "the log was captured");
    });
  });
}

async function waitForSecond(smtp: SmtpCatcher, email: string) {
  const { waitFor } = await import("../helpers/wait.js");
  await waitFor(
    () => smtp.mails.filter((m) => m.to === email && /Reset/.test(m.subject)).length >= 2,
    {
      what: "a second reset mail",
    },
  );
  return smtp.mails.filter((m) => m.to === email && /Reset/.test(m.subject))[1];
}
