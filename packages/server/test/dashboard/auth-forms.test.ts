/**
 * The doors' forms refuse a body their schema does not allow — a field missing, of the wrong
 * type (repeated), too long, not an email, a token not shaped like one — with the same HTML page
 * and a message, and change nothing; the CSRF check still comes first; valid input (an email with
 * spaces around it) works as before. Both dialects, through HTTP.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { loadConfig } from "../../src/config/index.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { createLogger } from "../../src/logger.js";
import { DashboardClient, pathOf, signUpThroughMail } from "../helpers/dashboard-client.js";
import { FAST_PASSWORDS } from "../helpers/password-cost.js";
import { SmtpCatcher } from "../helpers/smtp-catcher.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";
import { assertShownAgain, errorOf, formRows } from "./form-checks.js";

const PASSWORD = "correct horse battery";
const EMAIL_MESSAGE = /^enter an email address, e\.g\. you@example\.com$/;
const LONG_EMAIL = `${"a".repeat(310)}@example.com`;
const TOKEN_LIKE = "A".repeat(43);

for (const dialect of DIALECTS) {
  describe(`dashboard door forms (${dialect})`, { skip: unavailable(dialect) }, () => {
    let t: TestStore;
    let app: App;
    const smtp = new SmtpCatcher();
    let n = 0;
    const client = () => new DashboardClient(app, `10.2.${++n % 250}.1`);

    before(async () => {
      t = await createTestStore(dialect);
      app = await buildApiHost({
        config: loadConfig({
          ...FAST_PASSWORDS,
          SCORELINE_SMTP_URL: await smtp.start(),
          SCORELINE_TRUST_PROXY: "true",
        }),
        store: t.store,
        logger: createLogger("silent"),
      });
    });
    after(async () => {
      await app?.close();
      await smtp.stop();
      await t?.dispose();
    });

    test("sign-up: a missing, repeated, over-long or malformed field is refused and makes nothing", async () => {
      const rows = await formRows(t.store);
      const mails = smtp.mails.length;
      const cases: Array<[Record<string, string | string[]>, RegExp]> = [
        [{ email: "missing-password@example.com" }, /^choose a password of 10 to 256 characters$/],
        [{ password: PASSWORD }, EMAIL_MESSAGE],
        [{ email: ["one@example.com", "two@example.com"], password: PASSWORD }, EMAIL_MESSAGE],
        [{ email: LONG_EMAIL, password: PASSWORD }, EMAIL_MESSAGE],
        [{ email: "not-an-email", password: PASSWORD }, EMAIL_MESSAGE],
        // Long text with many dots: refused on its length before the rule can backtrack.
        [{ email: `a@${"a.".repeat(30_000)}@`, password: PASSWORD }, EMAIL_MESSAGE],
        [
          { email: "long@example.com", password: "p".repeat(257) },
          /^choose a password of 10 to 256 characters$/,
        ],
        [
          { email: "nope", password: ["a", "b"] },
          /^enter an email address, e\.g\. you@example\.com; choose a password of 10 to 256 characters$/,
        ],
      ];
      for (const [form, message] of cases) {
        const page = await client().submit("/dashboard/sign-up", "/dashboard/sign-up", form);
        assertShownAgain(page, 400, "Create your account", message);
      }
      const short = await client().submit("/dashboard/sign-up", "/dashboard/sign-up", {
        email: "short@example.com",
        password: "short",
      });
      assertShownAgain(short, 400, "Create your account", /at least 10 characters/);
      assert.match(short.body, /value="short@example\.com"/, "the email is shown again");
      assert.deepEqual(await formRows(t.store), rows);
      assert.equal(smtp.mails.length, mails, "no mail sent");
    });

    test("sign-up trims the email as before", async () => {
      const page = await client().submit("/dashboard/sign-up", "/dashboard/sign-up", {
        email: "  Spaced@Example.com  ",
        password: PASSWORD,
      });
      assert.equal(page.status, 303, page.body.slice(0, 400));
      assert.equal(page.location, "/dashboard/sign-up/sent");
      await smtp.mailTo("spaced@example.com", /Verify your email/);
    });

    test("sign-in: a missing, repeated or over-long field is refused without a session", async () => {
      const { email } = await signUpForm(`signin-${dialect}@example.com`);
      const rows = await formRows(t.store);
      const cases: Array<[Record<string, string | string[]>, RegExp]> = [
        [{ email }, /^enter your password/],
        [{ password: PASSWORD }, EMAIL_MESSAGE],
        [{ email: [email, email], password: PASSWORD }, EMAIL_MESSAGE],
        [{ email, password: "p".repeat(257) }, /at most 256 characters/],
        [{ email: LONG_EMAIL, password: PASSWORD }, EMAIL_MESSAGE],
      ];
      for (const [form, message] of cases) {
        const browser = client();
        const page = await browser.submit(
          "/dashboard/sign-in?next=/dashboard/usage",
          "/dashboard/sign-in",
          {
            next: "/dashboard/usage",
            ...form,
          },
        );
        assertShownAgain(page, 400, "Sign in", message);
        assert.match(page.body, /name="next" value="\/dashboard\/usage"/, "where to go, kept");
        assert.equal(browser.cookies.has("scoreline_session"), false);
      }
      assert.deepEqual(await formRows(t.store), rows);
      const ok = await client().submit("/dashboard/sign-in", "/dashboard/sign-in", {
        email: ` ${email.toUpperCase()} `,
        password: PASSWORD,
        next: "/dashboard/usage",
      });
      assert.equal(ok.status, 303);
      assert.equal(ok.location, "/dashboard/usage");
    });

    test("reset: a malformed email is refused and mails nothing", async () => {
      const mails = smtp.mails.length;
      for (const email of ["", "nobody", LONG_EMAIL]) {
        const page = await client().submit("/dashboard/reset", "/dashboard/reset", { email });
        assertShownAgain(page, 400, "Reset your password", EMAIL_MESSAGE);
      }
      const missing = await client().submit("/dashboard/reset", "/dashboard/reset", {});
      assertShownAgain(missing, 400, "Reset your password", EMAIL_MESSAGE);
      assert.equal(smtp.mails.length, mails);
    });

    test("links: a token not shaped like one is the bad-link page; a bad new password keeps the form", async () => {
      const rows = await formRows(t.store);
      for (const action of [
        "/dashboard/verify",
        "/dashboard/sign-in/link",
        "/dashboard/reset/confirm",
      ]) {
        const forms: Array<Record<string, string | string[]>> = [
          {},
          { token: "short" },
          { token: [TOKEN_LIKE, TOKEN_LIKE] },
        ];
        for (const form of forms) {
          const page = await client().submit("/dashboard/sign-in", action, {
            password: "a brand new password",
            ...form,
          });
          assert.equal(page.status, 400, `${action} ${JSON.stringify(form)}`);
          assert.match(page.body, /This link no longer works/);
        }
      }
      assert.deepEqual(await formRows(t.store), rows, "no link used, no password set");
      const { email } = await signUpForm(`reset-${dialect}@example.com`);
      await client().submit("/dashboard/reset", "/dashboard/reset", { email });
      const link = SmtpCatcher.link(await smtp.mailTo(email, /Reset your/));
      const token = new URL(link).searchParams.get("token") ?? "";
      const browser = client();
      await browser.get(pathOf(link));
      for (const password of ["p".repeat(257), ["one password", "two password"]]) {
        const page = await browser.post("/dashboard/reset/confirm", { token, password });
        assertShownAgain(page, 400, "Choose a new password", /^choose a password of 10 to 256/);
        assert.match(page.body, new RegExp(`name="token" value="${token}"`), "the link kept");
      }
      const done = await browser.post("/dashboard/reset/confirm", {
        token,
        password: "a brand new password",
      });
      assert.equal(done.status, 303, "the link still works after the refused tries");
    });

    test("the CSRF token is checked before the form: a bad form without it is a 403", async () => {
      for (const action of ["/dashboard/sign-up", "/dashboard/sign-in", "/dashboard/reset"]) {
        const page = await client().post(action, { _csrf: null, email: "nope" });
        assert.equal(page.status, 403, action);
        assert.match(page.body, /did not come from this dashboard/);
        assert.equal(errorOf(page.body), undefined, "the error page, not the form");
      }
    });

    async function signUpForm(email: string) {
      await signUpThroughMail(app, smtp, email, { password: PASSWORD, address: `10.3.${++n}.1` });
      return { email };
    }
  });
}
