/**
 * The signed-in forms refuse a body their schema does not allow — a missing field, a field of the
 * wrong type, an unknown kind, sport or event, a field too long — with the same HTML page and a
 * message, and change nothing; a single checked box and the defaults work as before; the CSRF
 * token and the session are checked before the form. Both dialects, through HTTP.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { loadConfig } from "../../src/config/index.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { createLogger } from "../../src/logger.js";
import { DashboardClient, signUpThroughMail } from "../helpers/dashboard-client.js";
import { FAST_PASSWORDS } from "../helpers/password-cost.js";
import { SmtpCatcher } from "../helpers/smtp-catcher.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";
import { assertShownAgain, errorOf, formRows } from "./form-checks.js";
import { submitted } from "./redirects.js";

type Form = Record<string, string | string[]>;

const HOOK = { url: "https://example.com/hook", events: "match.goal" };

for (const dialect of DIALECTS) {
  describe(`dashboard account forms (${dialect})`, { skip: unavailable(dialect) }, () => {
    let t: TestStore;
    let app: App;
    const smtp = new SmtpCatcher();
    let owner: DashboardClient;
    let keyId: string;
    let webhookId: string;

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
      owner = (
        await signUpThroughMail(app, smtp, `forms-${dialect}@example.com`, {
          password: "correct horse battery",
          address: "10.4.0.1",
        })
      ).browser;
      const key = await submitted(owner, "/dashboard/keys", "/dashboard/keys", { name: "first" });
      assert.match(key.body, /id="new-key">sl_live_/, "no kind: a live key, as before");
      const row = key.body.split("<tr>").find((cells) => cells.includes(">first<br>"));
      keyId = /\/dashboard\/keys\/([^/"]+)\/rotate/.exec(row ?? "")?.[1] ?? "";
      const hook = await submitted(owner, "/dashboard/webhooks", "/dashboard/webhooks", HOOK);
      assert.equal(hook.status, 200, "one checked box arrives as text");
      webhookId = /\/dashboard\/webhooks\/([^/"]+)\/test/.exec(hook.body)?.[1] ?? "";
      assert.ok(keyId && webhookId);
    });
    after(async () => {
      await app?.close();
      await smtp.stop();
      await t?.dispose();
    });

    async function refused(
      page: string,
      action: string,
      cases: Array<[Form, RegExp]>,
      title: string,
    ) {
      const rows = await formRows(t.store);
      for (const [form, message] of cases) {
        const answer = await owner.submit(page, action, form);
        assertShownAgain(answer, 400, title, message);
      }
      assert.deepEqual(await formRows(t.store), rows, "nothing written");
    }

    test("create a key: missing or blank name, repeated or over-long name, unknown kind", async () => {
      const name = /^give the key a name of at most 100 characters$/;
      await refused(
        "/dashboard/keys",
        "/dashboard/keys",
        [
          [{ kind: "live" }, name],
          [{ name: "   ", kind: "live" }, name],
          [{ name: ["one", "two"], kind: "live" }, name],
          [{ name: "n".repeat(101), kind: "live" }, name],
          [{ name: "admin key", kind: "admin" }, /^choose a live key or a personal sandbox key$/],
        ],
        "API keys",
      );
      const sandbox = await submitted(owner, "/dashboard/keys", "/dashboard/keys", {
        name: "n".repeat(100),
        kind: "test",
      });
      assert.match(sandbox.body, /id="new-key">sl_test_/);
    });

    test("rotate a key: an unknown or out-of-range revoke_in, a revoke_at that is no time", async () => {
      const action = `/dashboard/keys/${keyId}/rotate`;
      const when = /^choose when the old key is revoked$/;
      await refused(
        "/dashboard/keys",
        action,
        [
          [{ revoke_in: "forever" }, when],
          [{ revoke_in: String(30 * 86_400 + 1) }, when],
          [{ revoke_in: "-1" }, when],
          [{ revoke_in: ["now", "3600"] }, when],
          [{ revoke_in: "now", revoke_at: "tomorrow" }, /^enter a date and time \(UTC\)$/],
          [{ revoke_in: "now", revoke_at: "2026-13-01T10:00" }, /^enter a date and time \(UTC\)$/],
        ],
        "API keys",
      );
      const keys = await owner.get("/dashboard/keys");
      assert.doesNotMatch(keys.body, /class="state scheduled"/, "the old key is not scheduled");
      const rotated = await submitted(owner, "/dashboard/keys", action, {
        revoke_in: "3600",
        revoke_at: "",
      });
      assert.match(
        rotated.body,
        /The old key is revoked at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/,
      );
    });

    test("add a webhook: missing url or events, unknown event or sport, bad threshold, over-long text", async () => {
      await refused(
        "/dashboard/webhooks",
        "/dashboard/webhooks",
        [
          [{ events: "match.goal" }, /^enter the endpoint's URL/],
          [{ url: "   ", events: "match.goal" }, /^enter the endpoint's URL/],
          [{ url: HOOK.url }, /^choose at least one event: match\.started/],
          [{ ...HOOK, events: ["match.goal", "match.exploded"] }, /^choose at least one event/],
          [{ ...HOOK, sport: "curling" }, /^choose a sport from the list/],
          [{ ...HOOK, threshold: "abc" }, /^the odds threshold must be a number of percent/],
          [{ ...HOOK, threshold: "0" }, /^the odds threshold must be a number of percent/],
          [{ ...HOOK, threshold: "101" }, /^the odds threshold must be a number of percent/],
          [{ ...HOOK, description: "d".repeat(501) }, /^keep the description to 500 characters$/],
          [
            { ...HOOK, url: ["https://a.example", "https://b.example"] },
            /^enter the endpoint's URL/,
          ],
        ],
        "Webhooks",
      );
      const again = await owner.submit("/dashboard/webhooks", "/dashboard/webhooks", {
        url: "  https://example.com/typed  ",
        events: ["match.goal", "odds.moved"],
        leagues: "premier-league",
        threshold: "abc",
      });
      assert.match(
        again.body,
        /value="https:\/\/example\.com\/typed"/,
        "the typed URL kept, trimmed",
      );
      assert.match(again.body, /value="odds\.moved" checked/, "the checked boxes kept");
      assert.match(again.body, /name="leagues" type="text" value="premier-league"/);
      const spaced = await submitted(owner, "/dashboard/webhooks", "/dashboard/webhooks", {
        ...HOOK,
        events: ["match.goal", "odds.moved"],
        sport: "tennis",
        threshold: " 7.5 ",
        description: "",
      });
      assert.equal(spaced.status, 200, "a valid form as before");
      assert.match(spaced.body, /name="threshold" type="number"[^>]*value="7\.5"/);
      assert.match(spaced.body, /value="tennis" selected/);
    });

    test("edit a webhook: a refused form shows the subscription again, unchanged", async () => {
      const page = `/dashboard/webhooks/${webhookId}`;
      await refused(
        page,
        page,
        [
          [
            { ...HOOK, url: "https://example.com/changed", threshold: "lots" },
            /^the odds threshold/,
          ],
          [{ url: "https://example.com/changed" }, /^choose at least one event/],
        ],
        // A webhook's page is titled by its endpoint.
        "https://example\\.com/hook",
      );
      const hook = await owner.get(page);
      assert.doesNotMatch(hook.body, /example\.com\/changed/);
      assert.match(hook.body, /value="5"/, "the threshold as it was");
    });

    test("a test event of an unknown type is the error page, as before", async () => {
      const answer = await owner.submit(
        `/dashboard/webhooks/${webhookId}`,
        `/dashboard/webhooks/${webhookId}/test`,
        {
          event: "match.exploded",
        },
      );
      assert.equal(answer.status, 400);
      assert.match(answer.body, /<h1>That did not work<\/h1>/);
      assert.match(answer.body, /choose one of: match\.started/);
      const log = await owner.get(`/dashboard/webhooks/${webhookId}`);
      assert.match(log.body, /<p>0 deliveries<\/p>/, "nothing sent");
    });

    test("the CSRF token and the session are checked before the form", async () => {
      const forged = await owner.post("/dashboard/keys", { _csrf: "forged", kind: "admin" });
      assert.equal(forged.status, 403);
      assert.equal(errorOf(forged.body), undefined, "the error page, not the form");
      const stranger = new DashboardClient(app, "10.4.0.9");
      const signedOut = await stranger.submit("/dashboard/sign-in", "/dashboard/webhooks", {
        events: "nope",
      });
      assert.equal(signedOut.status, 303);
      assert.match(signedOut.location ?? "", /^\/dashboard\/sign-in\?next=/);
    });
  });
}
