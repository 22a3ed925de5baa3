/**
 * The dashboard's pages through HTTP on both dialects: what one account makes is a 404 to
 * another (keys, usage by key, webhooks, deliveries and their verbs), text a customer typed is escaped, the
 * usage page counts calls made with a key, and the plan page shows the plan's limits.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { loadConfig } from "../../src/config/index.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { createLogger } from "../../src/logger.js";
import { type DashboardClient, signUpThroughMail } from "../helpers/dashboard-client.js";
import { FAST_PASSWORDS } from "../helpers/password-cost.js";
import { SmtpCatcher } from "../helpers/smtp-catcher.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";
import { Receiver } from "../helpers/webhook-receiver.js";
import { submitted } from "./redirects.js";

const PASSWORD = "correct horse battery";
const KEY_NAME = `<script>alert("key")</script>`;
const DESCRIPTION = `<img src=x onerror="alert('hook')">`;

/** The id of the page's live key (a new account also has its personal sandbox key). */
function liveKeyId(body: string): string {
  const row = body.split("<tr>").find((cells) => cells.includes(">live</td>"));
  return /\/dashboard\/keys\/([^/"]+)\/rotate/.exec(row ?? "")?.[1] ?? "";
}

for (const dialect of DIALECTS) {
  describe(`dashboard pages (${dialect})`, { skip: unavailable(dialect) }, () => {
    let t: TestStore;
    let app: App;
    const smtp = new SmtpCatcher();
    const receiver = new Receiver(() => ({ status: 500, body: "<b>down for maintenance</b>" }));
    let owner: DashboardClient;
    let stranger: DashboardClient;
    let keyId: string;
    let apiKey: string;
    let webhookId: string;
    let deliveryId: string;

    before(async () => {
      t = await createTestStore(dialect);
      const smtpUrl = await smtp.start();
      await receiver.start();
      app = await buildApiHost({
        config: loadConfig({
          ...FAST_PASSWORDS,
          SCORELINE_SMTP_URL: smtpUrl,
          SCORELINE_TRUST_PROXY: "true",
          SCORELINE_WEBHOOK_ALLOW_PRIVATE: "true",
        }),
        store: t.store,
        logger: createLogger("silent"),
      });
      const options = { password: PASSWORD };
      owner = (
        await signUpThroughMail(app, smtp, `owner-${dialect}@example.com`, {
          ...options,
          address: "10.1.0.1",
        })
      ).browser;
      stranger = (
        await signUpThroughMail(app, smtp, `stranger-${dialect}@example.com`, {
          ...options,
          address: "10.1.0.2",
        })
      ).browser;

      const created = await submitted(owner, "/dashboard/keys", "/dashboard/keys", {
        name: KEY_NAME,
        kind: "live",
      });
      assert.equal(created.status, 200, created.body);
      apiKey = /sl_live_[A-Za-z0-9_-]{43}/.exec(created.body)?.[0] ?? "";
      keyId = liveKeyId(created.body);
      assert.ok(apiKey && keyId, "the new key and its id are on the page");

      const hook = await submitted(owner, "/dashboard/webhooks", "/dashboard/webhooks", {
        url: `http://127.0.0.1:${receiver.port}/hook`,
        description: DESCRIPTION,
        events: ["match.goal"],
        sport: "",
        leagues: "",
        matches: "",
        threshold: "",
      });
      assert.equal(hook.status, 200, hook.body);
      webhookId = /\/dashboard\/webhooks\/([^/"]+)\/test/.exec(hook.body)?.[1] ?? "";
      assert.ok(webhookId);
      const sent = await owner.post(`/dashboard/webhooks/${webhookId}/test`, {
        event: "match.goal",
      });
      assert.equal(sent.status, 303);
      const log = await owner.get(`/dashboard/webhooks/${webhookId}`);
      deliveryId = /\/deliveries\/([^/"]+)\/retry/.exec(log.body)?.[1] ?? "";
      assert.ok(deliveryId, "the failed test delivery offers a retry");
    });
    after(async () => {
      await app?.close();
      await smtp.stop();
      await receiver.stop();
      await t?.dispose();
    });

    test("a key name, a webhook description and a response excerpt are escaped", async () => {
      const keys = await owner.get("/dashboard/keys");
      assert.ok(keys.body.includes("&lt;script&gt;alert(&quot;key&quot;)&lt;/script&gt;"));
      assert.equal(keys.body.includes(KEY_NAME), false);
      const hooks = await owner.get("/dashboard/webhooks");
      assert.ok(hooks.body.includes("&lt;img src=x onerror=&quot;alert(&#39;hook&#39;)&quot;&gt;"));
      assert.equal(hooks.body.includes(DESCRIPTION), false);
      const log = await owner.get(`/dashboard/webhooks/${webhookId}`);
      assert.ok(log.body.includes("&lt;b&gt;down for maintenance&lt;/b&gt;"), "response excerpt");
      assert.match(log.body, /<td data-label="Status">500<\/td>/);
    });

    test("another account's key, webhook and delivery are 404 and stay as they were", async () => {
      const attempts = [
        stranger.submit("/dashboard/keys", `/dashboard/keys/${keyId}/rotate`, {
          revoke_in: "now",
        }),
        stranger.submit("/dashboard/keys", `/dashboard/keys/${keyId}/revoke`, {}),
        stranger.get(`/dashboard/webhooks/${webhookId}`),
        stranger.submit("/dashboard/webhooks", `/dashboard/webhooks/${webhookId}`, {
          url: "http://127.0.0.1:1/stolen",
          events: ["match.goal"],
        }),
        stranger.submit("/dashboard/webhooks", `/dashboard/webhooks/${webhookId}/disable`, {}),
        stranger.submit(
          "/dashboard/webhooks",
          `/dashboard/webhooks/${webhookId}/rotate-secret`,
          {},
        ),
        stranger.submit("/dashboard/webhooks", `/dashboard/webhooks/${webhookId}/test`, {
          event: "match.goal",
        }),
        stranger.submit(
          "/dashboard/webhooks",
          `/dashboard/webhooks/${webhookId}/deliveries/${deliveryId}/retry`,
          {},
        ),
        stranger.submit("/dashboard/webhooks", `/dashboard/webhooks/${webhookId}/delete`, {}),
        // The usage of another account's key, or of a key that never was (docs/dashboard.md).
        stranger.get(`/dashboard/usage?key=${keyId}`),
        owner.get("/dashboard/usage?key=key_nosuchkey"),
        owner.get("/dashboard/webhooks/wh_nosuchhook"),
      ];
      for (const answer of await Promise.all(attempts)) {
        assert.equal(answer.status, 404, answer.body.slice(0, 300));
        assert.match(answer.body, /Not found/i);
      }
      const before = receiver.requests.length;
      const keys = await owner.get("/dashboard/keys");
      assert.match(keys.body, /<span class="state active">active<\/span>/);
      const log = await owner.get(`/dashboard/webhooks/${webhookId}`);
      assert.ok(log.body.includes(`http://127.0.0.1:${receiver.port}/hook`));
      assert.match(log.body, /Disable<\/button>/, "still enabled");
      assert.match(log.body, /1 delivery/);
      assert.equal(receiver.requests.length, before);
      const strangersKeys = await stranger.get("/dashboard/keys");
      assert.equal(strangersKeys.body.includes(keyId), false);
      const ownUsage = await owner.get(`/dashboard/usage?key=${keyId}`);
      assert.equal(ownUsage.status, 200, "the account's own key");
      assert.equal((await owner.get("/dashboard/usage?key=")).status, 200, "all keys");
    });

    test("a retry from the page is a manual attempt in the log", async () => {
      receiver.respond = () => ({ status: 204 });
      const retried = await owner.submit(
        `/dashboard/webhooks/${webhookId}`,
        `/dashboard/webhooks/${webhookId}/deliveries/${deliveryId}/retry`,
        {},
      );
      assert.equal(retried.status, 303);
      const log = await owner.get(`/dashboard/webhooks/${webhookId}?state=succeeded`);
      assert.match(log.body, /<td data-label="Attempt">2 \(manual\)<\/td>/);
      assert.match(log.body, /<td data-label="Status">204<\/td>/);
      assert.match(log.body, /class="state succeeded">succeeded/);
    });

    test("the usage page counts the calls made with the key, by sport and resource", async () => {
      const call = (url: string) =>
        app.inject({ url, headers: { authorization: `Bearer ${apiKey}` } });
      for (let i = 0; i < 3; i++) assert.equal((await call("/v1/sports")).statusCode, 200);
      assert.equal((await call("/v1/football/teams/no-such-team")).statusCode, 404);
      const usage = await owner.get("/dashboard/usage");
      assert.equal(usage.status, 200);
      assert.match(usage.body, /4 calls this month: 3 succeeded, 1 client errors/);
      assert.match(usage.body, /<td>football<\/td><td class="num">1<\/td>/);
      assert.match(usage.body, /<td>not sport-specific<\/td><td class="num">3<\/td>/);
      assert.match(usage.body, /<td>sports<\/td><td class="num">3<\/td>/);
      assert.match(usage.body, /<td>teams<\/td><td class="num">1<\/td>/);
      assert.match(usage.body, /Resets<\/dt><dd>\d{4}-\d{2}-01 00:00 UTC/);
      assert.match(usage.body, /4 of 50,000 calls \(49,996 left\)/);
      assert.match(usage.body, /<svg[^>]*role="img"/);
      const none = await stranger.get("/dashboard/usage");
      assert.match(none.body, /0 calls this month/);
    });

    test("the plan page shows the plan's limits and each live key's use", async () => {
      const plan = await owner.get("/dashboard/plan");
      assert.equal(plan.status, 200);
      assert.match(plan.body, /<h2>free<\/h2>/);
      assert.match(plan.body, /Calls per month<\/dt><dd>50,000/);
      assert.match(plan.body, /WebSocket connections<\/dt><dd>1 at once for the account/);
      assert.match(plan.body, /Odds<\/dt><dd>not included/);
      assert.ok(plan.body.includes("&lt;script&gt;"), "the key's name, escaped");
      assert.match(plan.body, /not known on this node/, "no stream role in this process");
    });
  });
}
