/**
 * The built ESM bundle in a real browser (Debian's Chromium), with no polyfills: the live-key
 * guard, REST calls and pagination against the sandbox host with the browser's fetch, webhook
 * signing and verification with the browser's WebCrypto, and the stream with the browser's own
 * WebSocket. The page is a real document of the sandbox host (its `/healthz`), so its calls are
 * same-origin and Chromium's local-network checks see a loopback page calling loopback; the
 * test routes `/__client/` on that origin to the built `dist/`.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { browserUnavailable, launchChromium } from "../../../server/test/helpers/browser.js";
import { ScorelineServer } from "../helpers/scoreline-server.js";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
const skip = browserUnavailable() ?? false;

interface BrowserResults {
  guard: string;
  allowed: boolean;
  liveCount: number;
  iterated: number;
  firstPageTotal: number;
  verifiedEvent: string;
  tamperedError: string;
  streamEvent: { channel?: string; offset?: number; event?: string; problems?: string[] } | null;
  hasNodeGlobals: boolean;
}

// Runs in the page (a string: the test program has no DOM types).
const IN_PAGE = `(async () => {
  const { Scoreline, ScorelineError, signWebhookPayload, verifyWebhook } = await import("/__client/index.js");
  let guard = "";
  try { new Scoreline({ apiKey: "sl_live_secret", baseUrl: location.origin }); }
  catch (error) { guard = error instanceof ScorelineError ? error.message : "wrong class: " + error; }
  const allowed = new Scoreline({ apiKey: "sl_live_x", baseUrl: location.origin, dangerouslyAllowBrowser: true }) instanceof Scoreline;

  const client = new Scoreline({ sandbox: true, baseUrl: location.origin });
  const live = await client.basketball.live.list();
  const firstPage = await client.football.teams.list({ per_page: 10 });
  let iterated = 0;
  for await (const team of client.football.teams.list({ per_page: 10 })) iterated++;

  const secret = "whsec_" + btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))));
  const signed = await signWebhookPayload({ event: "match.goal", event_id: "dev_browser", sport: "football" }, secret);
  const verified = await verifyWebhook(signed.body, new Headers(signed.headers), secret);
  let tamperedError = "";
  try { await verifyWebhook(signed.body.replace("football", "footbal "), signed.headers, secret); }
  catch (error) { tamperedError = error.name; }

  const stream = client.stream.connect({ channels: ["basketball.live"] });
  const problems = [];
  stream.on("error", (error) => problems.push(error.message));
  const first = (async () => {
    for await (const message of stream) {
      return { channel: message.channel, offset: message.offset, event: message.data.event };
    }
    return null;
  })();
  const giveUp = new Promise((resolve) => setTimeout(() => resolve({ problems }), 60000));
  const streamEvent = await Promise.race([first, giveUp]);
  await stream.close();
  return {
    guard, allowed, liveCount: live.data.length, iterated, firstPageTotal: firstPage.pagination.total_results,
    verifiedEvent: verified.event, tamperedError, streamEvent,
    hasNodeGlobals: typeof process !== "undefined" || typeof Buffer !== "undefined",
  };
})()`;

describe("the client in a browser", { skip }, () => {
  let server: ScorelineServer;
  let browser: Browser;
  let page: Page;

  before(async () => {
    server = await ScorelineServer.start({ roles: "sandbox", demo: false });
    browser = await launchChromium();
    page = await browser.newPage();
    await page.route(`${server.sandboxUrl}/__client/**`, async (route) => {
      const name = new URL(route.request().url()).pathname.replace("/__client/", "");
      if (name === "index.html") {
        return route.fulfill({
          contentType: "text/html",
          body: "<!doctype html><title>client</title>",
        });
      }
      if (!/^[\w./-]+\.js$/.test(name) || name.includes(".."))
        return route.fulfill({ status: 404 });
      const body = await readFile(`${DIST}${name}`).catch(() => undefined);
      if (body === undefined) return route.fulfill({ status: 404 });
      return route.fulfill({ contentType: "text/javascript", body });
    });
    await page.goto(`${server.sandboxUrl}/healthz`);
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  test("REST, pagination, webhook verification and the stream work with the browser's own APIs", async () => {
    const result = (await page.evaluate(IN_PAGE)) as BrowserResults;
    assert.equal(result.hasNodeGlobals, false, "a plain browser page: no process, no Buffer");
    assert.match(result.guard, /must not be used in a browser/);
    assert.equal(result.allowed, true);
    assert.ok(result.liveCount > 0, "the sandbox's live basketball matches");
    assert.ok(result.firstPageTotal > 10, "more than one page of teams");
    assert.equal(result.iterated, result.firstPageTotal, "iteration walked every page");
    assert.equal(result.verifiedEvent, "match.goal");
    assert.equal(result.tamperedError, "WebhookVerificationError");
    assert.equal(
      result.streamEvent?.channel,
      "basketball.live",
      JSON.stringify(result.streamEvent),
    );
    assert.ok((result.streamEvent?.offset ?? 0) > 0);
  });
});
