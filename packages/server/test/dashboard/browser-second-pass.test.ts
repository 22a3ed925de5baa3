/**
 * The dashboard's second pass in a real browser (Debian's Chromium through playwright-core),
 * against the api host built in this process and listening on a free port: the one-time sign-in
 * page names its account; making a key or a webhook and then reloading makes nothing and shows
 * the secret no more; signing up or asking for a reset link lands on a "Check your mail" page
 * whose reload sends no second mail (over a real local SMTP server) and makes no second account; a webhook's page is titled by its URL and its retry button by the
 * delivery's event and time; another account's ids are 404 on every page that takes one; on a
 * phone (375 px) the keys table is cards with State and Actions on screen and the usage chart's
 * labels stay readable; the favicon is served and no page logs an error. axe-core finds no
 * serious or critical violation on the pages it visits.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { createKey, listKeys } from "../../src/accounts/accounts-service.js";
import { signInLink } from "../../src/accounts/dashboard-accounts.js";
import { loadConfig } from "../../src/config/index.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { systemClock } from "../../src/lib/time.js";
import { createLogger } from "../../src/logger.js";
import { createSubscription, listSubscriptions } from "../../src/webhooks/subscriptions.js";
import {
  browserUnavailable,
  launchChromium,
  seriousViolations,
  sidewaysOverflow,
  stepper,
} from "../helpers/browser.js";
import { FAST_PASSWORDS } from "../helpers/password-cost.js";
import { SmtpCatcher } from "../helpers/smtp-catcher.js";
import { createTestStore, type TestStore } from "../helpers/stores.js";
import { Receiver } from "../helpers/webhook-receiver.js";
import { accountsContext, accountWithPassword, PASSWORD } from "./dashboard-accounts.js";

const OWNER = "second-pass@example.com";
const PHONE = { width: 375, height: 740 };

describe("the dashboard's second pass in Chromium", { skip: browserUnavailable() }, () => {
  const receiver = new Receiver(() => ({ status: 500, body: "receiver down" }));
  const smtp = new SmtpCatcher();
  let t: TestStore;
  let app: App;
  let base: string;
  let browser: Browser;
  let page: Page;
  let ownerId: string;
  let strangerKey: string;
  let strangerHook: string;
  /** Console errors and failed loads of every page the owner's tab shows. */
  const problems: string[] = [];

  const ctx = () => accountsContext(t.store, systemClock);

  before(async () => {
    t = await createTestStore("sqlite");
    await receiver.start();
    app = await buildApiHost({
      config: loadConfig({
        ...FAST_PASSWORDS,
        SCORELINE_WEBHOOK_ALLOW_PRIVATE: "true",
        SCORELINE_SMTP_URL: await smtp.start(),
      }),
      store: t.store,
      logger: createLogger("silent"),
    });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
    ownerId = await accountWithPassword(t.store, systemClock, OWNER);
    const strangerId = await accountWithPassword(t.store, systemClock, "stranger@example.com");
    strangerKey = (await createKey(ctx(), { account: strangerId, kind: "live", name: "theirs" }))
      .id;
    strangerHook = (
      await createSubscription(ctx(), { allowPrivate: true }, strangerId, {
        url: "https://example.com/theirs",
        events: ["match.goal"],
      })
    ).id;
    browser = await launchChromium();
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 1280, height: 900 },
    });
    page = await context.newPage();
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`script: ${error.message}`));
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
  });

  after(async () => {
    await browser?.close();
    await app?.close();
    await receiver.stop();
    await smtp.stop();
    await t?.dispose();
  });

  async function accessible(what: string) {
    assert.deepEqual(await seriousViolations(page), [], `axe on ${what}`);
  }

  /** Every element the selector finds is visible, its box inside the phone's width. */
  async function onScreen(selector: string, what: string) {
    const elements = await page.locator(selector).all();
    assert.ok(elements.length > 0, `${what}: found`);
    const boxes = [];
    for (const element of elements) {
      const box = (await element.boundingBox()) ?? assert.fail(`${what}: not rendered`);
      assert.ok(box.width > 0 && box.height > 0, `${what}: visible (${JSON.stringify(box)})`);
      const right = box.x + box.width;
      assert.ok(box.x >= 0 && right <= PHONE.width, `${what}: on screen ${box.x}–${right}`);
      boxes.push(box);
    }
    return boxes;
  }

  test("the one-time sign-in page names the account; a new key, then a reload, makes nothing", async () => {
    const step = stepper(page, "second-pass-keys");
    await step("sign in with a one-time link", async () => {
      await page.goto(await signInLink(ctx(), ownerId, { origin: base }));
      await page.getByText(`This one-time link signs you in to the account ${OWNER}.`).waitFor();
      await accessible("the sign-in link");
      await page.getByRole("button", { name: `Sign in as ${OWNER}` }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard/keys");
      await page.getByRole("heading", { name: "Getting started" }).waitFor();
      assert.equal(await page.locator("table.cards tbody tr").count(), 0, "no keys yet");
    });

    await step("create a key: shown once, in the getting-started snippets too", async () => {
      await page.getByLabel("Name").fill("browser key");
      await page.getByRole("button", { name: "Create key" }).click();
      await page.locator("#new-key").waitFor();
      const key = (await page.locator("#new-key").textContent()) ?? "";
      assert.match(key, /^sl_live_[A-Za-z0-9_-]{43}$/);
      assert.ok(((await page.locator("#start-curl").textContent()) ?? "").includes(key));
      assert.equal(await page.locator("table.cards tbody tr").count(), 1);
      await accessible("keys with a new key");
    });

    await step("reload: no new key, no secret", async () => {
      await page.reload();
      await page.getByRole("heading", { name: "Your keys" }).waitFor();
      assert.equal(await page.locator("#new-key").count(), 0, "not shown again");
      assert.equal(await page.locator("table.cards tbody tr").count(), 1, "nothing made");
      assert.equal((await listKeys(ctx(), ownerId)).length, 1);
      assert.match((await page.locator("#start-curl").textContent()) ?? "", /<your key>/);
    });
  });

  test("a new webhook, then a reload, makes nothing; titled by its URL, retried by event and time", async () => {
    const step = stepper(page, "second-pass-webhooks");
    const url = `http://127.0.0.1:${receiver.port}/second-pass`;
    await step("add a webhook: its secret shown once, the page titled by its URL", async () => {
      await page.goto("/dashboard/webhooks");
      await page.getByLabel("Endpoint URL").fill(url);
      await page.getByLabel("Description (optional)").fill("free text, not the title");
      await page.getByRole("button", { name: "Add webhook" }).click();
      await page.locator("#signing-secret").waitFor();
      assert.equal(await page.locator("h1").textContent(), url);
      assert.equal(await page.title(), `${url} · Scoreline dashboard`);
      await accessible("a webhook with its secret");
    });

    await step("reload: no secret, still one webhook", async () => {
      await page.reload();
      await page.getByRole("heading", { name: "Delivery log" }).waitFor();
      assert.equal(await page.locator("#signing-secret").count(), 0);
      assert.equal((await listSubscriptions(ctx(), ownerId)).length, 1);
      await page.goto("/dashboard/webhooks");
      assert.equal(await page.locator("table.cards tbody tr").count(), 1);
    });

    await step("a failed delivery's retry button names its event and time", async () => {
      await page.getByRole("link", { name: url }).click();
      await page.getByRole("button", { name: "Send test event" }).click();
      await page.locator(".deliveries .state.failed").waitFor();
      const retry = page.getByRole("button", { name: /^Retry / });
      const label = (await retry.textContent()) ?? "";
      assert.match(label, /^Retry the match\.goal delivery of \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
      const action = (await page.locator("form[action$='/retry']").getAttribute("action")) ?? "";
      const deliveryId = /\/deliveries\/([^/]+)\/retry$/.exec(action)?.[1] ?? "";
      assert.ok(deliveryId, "the id is in the form's action");
      assert.equal(
        (await page.locator(".deliveries").textContent())?.includes(deliveryId),
        false,
        "and nowhere on the page",
      );
      await accessible("a failed delivery");
      problems.splice(0); // the receiver's 500 is the test's own doing, not the page's
    });
  });

  test("another account's ids, and unknown ones, are 404 on every page that takes an id", async () => {
    const other = await page.context().newPage();
    try {
      const own = (await listKeys(ctx(), ownerId))[0]?.id ?? "";
      for (const [path, status] of [
        [`/dashboard/usage?key=${strangerKey}`, 404],
        ["/dashboard/usage?key=key_unknown", 404],
        [`/dashboard/webhooks/${strangerHook}`, 404],
        ["/dashboard/webhooks/wh_unknown", 404],
        [`/dashboard/usage?key=${own}`, 200],
      ] as const) {
        const answer = await other.goto(path);
        assert.equal(answer?.status(), status, path);
      }
      await other.getByRole("heading", { name: "Usage" }).waitFor();
    } finally {
      await other.close();
    }
  });

  test("on a phone: the keys are cards with State and Actions on screen; the chart's labels readable", async () => {
    const step = stepper(page, "second-pass-phone");
    await page.setViewportSize(PHONE);
    try {
      await step("keys as cards", async () => {
        await page.goto("/dashboard/keys");
        await createKey(ctx(), { account: ownerId, kind: "test", name: "a second key, sandbox" });
        await page.reload();
        assert.equal(await page.locator("table.cards tbody tr").count(), 2);
        await onScreen("table.cards td.key-state", "State");
        await onScreen("table.cards td.key-actions summary", "Actions");
        await page.locator("table.cards td.key-actions summary").first().click();
        await onScreen("table.cards td.key-actions details[open] button", "the actions' buttons");
        assert.ok((await sidewaysOverflow(page)) <= 0, "no sideways scrolling");
        await accessible("keys on a phone");
      });

      await step("a webhook's log as cards", async () => {
        await page.goto("/dashboard/webhooks");
        await onScreen("table.cards td", "the webhook's cells");
        await page.locator("table.cards a").first().click();
        await page.getByRole("heading", { name: "Delivery log" }).waitFor();
        await onScreen(".deliveries table.cards td", "the attempts' cells");
        assert.ok((await sidewaysOverflow(page)) <= 0, "no sideways scrolling");
        await accessible("a webhook on a phone");
      });

      await step("the usage chart's labels", async () => {
        await page.goto("/dashboard/usage");
        const labels = await onScreen("svg.chart text", "a chart label");
        for (const box of labels) {
          assert.ok(box.height >= 10, `a label ${box.height.toFixed(1)} px high is readable`);
        }
        assert.ok((await sidewaysOverflow(page)) <= 0, "no sideways scrolling");
        await accessible("usage on a phone");
      });
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  test("signing up, then reloading its page, sends one mail and makes one account; so does a reset request", async () => {
    const email = "browser-sign-up@example.com";
    // A tab of its own, without the owner's session: these forms are for the signed-out.
    const context = await browser.newContext({ baseURL: base });
    const tab = await context.newPage();
    const step = stepper(tab, "second-pass-sign-up");
    const mails = (subject: RegExp) =>
      smtp.mails.filter((m) => m.to === email && subject.test(m.subject)).length;
    const accounts = async () =>
      (await t.store.db.selectFrom("accounts").select("id").where("email", "=", email).execute())
        .length;
    try {
      await step("sign up: the form redirects to the Check your mail page", async () => {
        await tab.goto("/dashboard/sign-up");
        await tab.getByLabel("Email").fill(email);
        await tab.getByLabel("Password", { exact: true }).fill(PASSWORD);
        await tab.getByRole("button", { name: "Create account" }).click();
        await tab.waitForURL((url) => url.pathname === "/dashboard/sign-up/sent");
        await tab.getByRole("heading", { name: "Check your mail" }).waitFor();
        await smtp.mailTo(email, /Verify your email/);
        assert.equal(mails(/Verify your email/), 1);
        assert.equal(await accounts(), 1);
        assert.deepEqual(await seriousViolations(tab), [], "axe on the sent page");
      });

      await step("reload: a GET of the same page, no second mail, no second account", async () => {
        const answer = await tab.reload();
        assert.equal(answer?.request().method(), "GET");
        assert.equal(answer?.status(), 200);
        assert.equal(new URL(tab.url()).pathname, "/dashboard/sign-up/sent");
        await tab.getByRole("heading", { name: "Check your mail" }).waitFor();
        assert.equal(mails(/Verify your email/), 1, "exactly one mail");
        assert.equal(await accounts(), 1, "exactly one account");
      });

      await step("a reset request, then a reload: one reset mail", async () => {
        await tab.goto("/dashboard/reset");
        await tab.getByLabel("Email").fill(email);
        await tab.getByRole("button", { name: "Mail me a reset link" }).click();
        await tab.waitForURL((url) => url.pathname === "/dashboard/reset/sent");
        await tab.getByRole("heading", { name: "Check your mail" }).waitFor();
        await smtp.mailTo(email, /Reset your/);
        const answer = await tab.reload();
        assert.equal(answer?.request().method(), "GET");
        assert.equal(answer?.status(), 200);
        await tab.getByRole("heading", { name: "Check your mail" }).waitFor();
        assert.equal(mails(/Reset your/), 1, "exactly one reset mail");
        assert.equal(mails(/Verify your email/), 1);
      });
    } finally {
      await context.close();
    }
  });

  test("the favicon is served and linked, and no page logged an error", async () => {
    const icon = await page.request.get("/favicon.ico");
    assert.equal(icon.status(), 200);
    assert.equal(icon.headers()["content-type"], "image/x-icon");
    await page.goto("/dashboard/plan");
    const href = (await page.locator('link[rel="icon"]').getAttribute("href")) ?? "";
    const linked = await page.request.get(href);
    assert.equal(linked.status(), 200);
    assert.equal(linked.headers()["content-type"], "image/svg+xml");
    assert.deepEqual(problems, []);
  });
});
