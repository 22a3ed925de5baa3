/**
 * The dashboard in a real browser (Debian's Chromium through playwright-core) against a real
 * `scoreline serve` (api and stream roles) on a free port, with a real local SMTP server and a
 * real webhook receiver: sign up → verify from the mail (the new account's personal sandbox key
 * shown once) → create a key (shown by the page the form redirects to) → call /v1 → usage →
 * webhook, test event, failed attempt, retry → plan with an open stream connection → rotate the
 * key → the old key is refused after its revocation time → sign out. Every page passes axe-core
 * without serious or critical violations, loads nothing the CSP refuses, and fits a phone.
 * A failing step leaves a screenshot under packages/server/test-results/.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  browserUnavailable,
  clipboardText,
  focusedId,
  launchChromium,
  seriousViolations,
  sidewaysOverflow,
  stepper,
} from "../helpers/browser.js";
import { ServeProcess } from "../helpers/cli.js";
import { SmtpCatcher } from "../helpers/smtp-catcher.js";
import { waitFor } from "../helpers/wait.js";
import { Receiver } from "../helpers/webhook-receiver.js";
import { TestClient } from "../helpers/ws-client.js";

const EMAIL = "journey@example.com";
const PASSWORD = "a long journey password";

describe("the dashboard in Chromium", { skip: browserUnavailable() }, () => {
  const smtp = new SmtpCatcher();
  const receiver = new Receiver();
  let dir: string;
  let serve: ServeProcess;
  let api: string;
  let streamUrl: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const refusedByCsp: string[] = [];
  const pageErrors: string[] = [];

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "scoreline-journey-"));
    const smtpUrl = await smtp.start();
    await receiver.start();
    serve = ServeProcess.start({
      DATABASE_URL: `sqlite:${path.join(dir, "journey.db")}`,
      SCORELINE_ROLES: "api,stream",
      SCORELINE_API_PORT: "0",
      SCORELINE_STREAM_PORT: "0",
      SCORELINE_SMTP_URL: smtpUrl,
      SCORELINE_WEBHOOK_ALLOW_PRIVATE: "true",
    });
    api = await serve.apiUrl();
    streamUrl = String((await serve.waitForLog(/^stream listening on /)).url);
    browser = await launchChromium();
    context = await browser.newContext({ baseURL: api, viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: api });
    page = await context.newPage();
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) {
        refusedByCsp.push(message.text());
      }
    });
    page.on("pageerror", (error) => pageErrors.push(error.message));
  });

  after(async () => {
    await browser?.close();
    if (serve) assert.equal(await serve.kill("SIGTERM"), 0, serve.output.slice(-2000));
    await smtp.stop();
    await receiver.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * The page is accessible (axe), fits a phone-width screen, and broke no CSP rule. With
   * DASHBOARD_SCREENSHOTS set to a folder, the page is also saved there as `<what>.png` (the
   * pictures in docs/dashboard.md are made this way).
   */
  async function pageIsSound(what: string) {
    const shots = process.env.DASHBOARD_SCREENSHOTS;
    if (shots) {
      await page.screenshot({
        path: path.join(shots, `${what.replace(/\W+/g, "-").replace(/-$/, "")}.png`),
      });
    }
    assert.deepEqual(await seriousViolations(page), [], `axe on ${what}`);
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 740 });
    const overflow = await sidewaysOverflow(page);
    assert.ok(overflow <= 0, `${what} scrolls sideways by ${overflow}px on a phone`);
    if (viewport) await page.setViewportSize(viewport);
    assert.deepEqual(refusedByCsp, [], `CSP refusals on ${what}`);
    assert.deepEqual(pageErrors, [], `script errors on ${what}`);
  }

  const v1 = (url: string, key: string) =>
    fetch(`${api}${url}`, { headers: { authorization: `Bearer ${key}` } });

  test("sign up, keys, usage, webhooks and their log, plan, rotation, sign out", async () => {
    const step = stepper(page, "journey");

    await step("sign up", async () => {
      await page.goto("/dashboard/sign-up");
      await pageIsSound("sign-up");
      await page.getByLabel("Email").fill(EMAIL);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Create account" }).click();
      await page.getByText("Check your mail").waitFor();
    });

    await step("verify from the mail", async () => {
      const link = SmtpCatcher.link(await smtp.mailTo(EMAIL, /Verify your email/));
      assert.ok(link.startsWith(`${api}/dashboard/verify?token=`), link);
      await page.goto(link);
      await pageIsSound("verify");
      await page.getByRole("button", { name: "Verify my email and sign in" }).click();
      await page.waitForURL("**/dashboard/keys?notice=verified");
      await page.getByText("Your email is verified").waitFor();
      const cookies = await context.cookies();
      const session = cookies.find((c) => c.name === "scoreline_session");
      assert.ok(session?.httpOnly, "an HttpOnly session cookie");
      assert.equal(session?.sameSite, "Lax");
    });

    const liveKey = await step("create a key, copy it", async () => {
      // A new account starts with its personal sandbox key, shown once.
      assert.match((await page.locator("#new-key").textContent()) ?? "", /^sl_test_/);
      await pageIsSound("keys (empty)");
      await page.getByLabel("Name").fill("journey key");
      await page.getByRole("button", { name: "Create key" }).click();
      // Post/redirect/get: the key shows on the keys page the form redirects to.
      await page.waitForURL((url) => url.pathname === "/dashboard/keys" && url.search === "");
      await page.getByText("it will not be shown again").waitFor();
      const key = (await page.locator("#new-key").textContent()) ?? "";
      assert.match(key, /^sl_live_[A-Za-z0-9_-]{43}$/);
      const copy = page.locator('button[data-copy="new-key"]');
      await copy.click();
      await page.getByRole("button", { name: "Copied" }).waitFor();
      assert.equal(await clipboardText(page), key);
      await pageIsSound("keys (new key shown)");
      return key;
    });

    await step("call /v1 and see the calls on the usage page", async () => {
      for (let i = 0; i < 3; i++) assert.equal((await v1("/v1/sports", liveKey)).status, 200);
      assert.equal((await v1("/v1/football/teams/nobody", liveKey)).status, 404);
      await page.getByRole("link", { name: "Usage" }).click();
      await page.getByText("4 calls this month: 3 succeeded, 1 client errors").waitFor();
      assert.equal(await page.locator("svg.chart").count(), 1);
      await pageIsSound("usage");
    });

    await step("create a webhook to the local receiver", async () => {
      await page.getByRole("link", { name: "Webhooks" }).click();
      await pageIsSound("webhooks (none)");
      await page.getByLabel("Endpoint URL").fill(`http://127.0.0.1:${receiver.port}/scoreline`);
      await page.getByLabel("Description (optional)").fill("journey receiver");
      await page.getByLabel("match.goal").check();
      await page.getByRole("button", { name: "Add webhook" }).click();
      await page.getByText("The signing secret").waitFor();
      assert.match((await page.locator("#signing-secret").textContent()) ?? "", /^whsec_/);
      await pageIsSound("webhook (secret shown)");
    });

    await step("send a test event; the attempt is in the log", async () => {
      await page.getByRole("button", { name: "Send test event" }).click();
      await page.getByText("1 delivery").waitFor();
      assert.equal(receiver.requests.length, 1);
      assert.equal(receiver.requests[0]?.path, "/scoreline");
      assert.ok(receiver.requests[0]?.headers["webhook-signature"], "signed");
      await page.locator(".deliveries .state.succeeded").waitFor();
      await pageIsSound("webhook log (succeeded)");
    });

    await step("the receiver fails; retry the failed delivery from the page", async () => {
      receiver.respond = () => ({ status: 503, body: "receiver down" });
      await page.getByRole("button", { name: "Send test event" }).click();
      await page.getByText("2 deliveries").waitFor();
      await page.locator(".deliveries .state.failed").waitFor();
      await page.getByText("receiver down").waitFor();
      await pageIsSound("webhook log (failed)");
      receiver.respond = () => ({ status: 200, body: "ok" });
      await page.getByRole("button", { name: /^Retry the match\.goal delivery of / }).click();
      await page.getByText("2 (manual)").waitFor();
      assert.equal(await page.locator(".deliveries .state.failed").count(), 0);
      assert.equal(await page.locator(".deliveries .state.succeeded").count(), 2);
      assert.equal(receiver.requests.length, 3);
      await page.getByLabel("State").selectOption("succeeded");
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/state=succeeded/);
      await page.getByText("2 deliveries").waitFor();
    });

    await step("the plan page counts an open stream connection", async () => {
      const ws = await TestClient.connect(`${streamUrl}/v1?token=${liveKey}`);
      try {
        await page.getByRole("link", { name: "Plan" }).click();
        // The account's open connections, all keys together, against its plan's limit.
        await page.getByText("1 of 1", { exact: true }).waitFor();
        await pageIsSound("plan");
      } finally {
        ws.ws.close();
      }
    });

    const newKey = await step(
      "rotate the key, the old one revoked a few seconds ahead",
      async () => {
        await page.goto("/dashboard/keys");
        // The field takes whole seconds.
        const revokeAt = new Date(Math.ceil((Date.now() + 6_000) / 1000) * 1000);
        const row = page.locator("tr", { hasText: "journey key" });
        await row.getByText("Rotate or revoke").click();
        await row.getByLabel("or at (UTC, optional)").fill(revokeAt.toISOString().slice(0, 19));
        await row.getByRole("button", { name: "Rotate: issue a new key" }).click();
        await page
          .getByText(
            `The old key is revoked at ${revokeAt.toISOString().slice(0, 19).replace("T", " ")} UTC`,
          )
          .waitFor();
        const key = (await page.locator("#new-key").textContent()) ?? "";
        assert.match(key, /^sl_live_/);
        assert.notEqual(key, liveKey);
        await pageIsSound("keys (rotated)");
        return { key, revokeAt };
      },
    );

    await step("the old key is refused after its revocation time, the new one works", async () => {
      await waitFor(async () => (await v1("/v1/sports", liveKey)).status === 401, {
        timeoutMs: 60_000,
        what: "the old key refused",
      });
      assert.ok(Date.now() >= newKey.revokeAt.getTime(), "not refused before its time");
      assert.equal((await v1("/v1/sports", newKey.key)).status, 200);
      await page.reload();
      await page.getByText("revoked", { exact: true }).waitFor();
    });

    await step("sign out", async () => {
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL("**/dashboard/sign-in?notice=signed-out");
      await pageIsSound("sign-in");
      await page.goto("/dashboard/keys");
      await page.waitForURL("**/dashboard/sign-in**");
      assert.equal(
        (await context.cookies()).some((c) => c.name === "scoreline_session"),
        false,
      );
    });
  });

  test("the keyboard reaches and submits the sign-in form", async () => {
    const fresh = await context.newPage();
    const step = stepper(fresh, "keyboard");
    await step("sign in with the keyboard only", async () => {
      await fresh.goto("/dashboard/sign-in");
      await fresh.keyboard.press("Tab"); // the skip link
      await fresh.keyboard.press("Tab");
      await fresh.keyboard.press("Tab");
      assert.equal(await focusedId(fresh), "email");
      await fresh.keyboard.type(EMAIL);
      await fresh.keyboard.press("Tab");
      await fresh.keyboard.type(PASSWORD);
      await fresh.keyboard.press("Enter");
      await fresh.waitForURL("**/dashboard/keys");
    });
    await fresh.close();
  });
});
