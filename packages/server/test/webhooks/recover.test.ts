/**
 * POST /v1/webhooks/{id}/recover, once per dialect, through the HTTP API against a real receiver:
 * failed deliveries since a time are sent again (the same event ids and bodies, signed anew) and
 * the answer is 202 with how many were queued; the window, the retention, the account and a
 * disabled subscription are checked with envelope errors.
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import { createKey } from "../../src/accounts/accounts-service.js";
import { loadPlans } from "../../src/config/plans.js";
import { realClock } from "../helpers/clock.js";
import { goalMsg } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";
import { createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import {
  ALLOW_PRIVATE,
  assertSignedWith,
  feedAll,
  liveFixture,
  type RunningWorker,
  settledLog,
  startWorker,
  subscribe,
} from "./helpers.js";

const FX = "fx-rec";

for (const dialect of DIALECTS) {
  describe(`webhook recover on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: LiveTestApp;
    let receiver: Receiver;
    let worker: RunningWorker;

    beforeEach(async () => {
      t = await createLiveApp(dialect, { clock: realClock, env: ALLOW_PRIVATE });
      receiver = await startReceiver();
      await liveFixture(t, "football", FX);
      worker = startWorker(t.store, { bus: t.bus, schedule: [0, 0.05] });
    });
    afterEach(async () => {
      await worker.stop();
      await receiver.stop();
      await t.dispose();
    });

    const recover = (id: string, payload: Record<string, unknown>, key?: string) =>
      t.app.inject({
        method: "POST",
        url: `/v1/webhooks/${id}/recover`,
        payload,
        ...(key ? { headers: { authorization: `Bearer ${key}` } } : {}),
      });

    test("failed deliveries since a time are sent again, signed anew; 202 with the count", async () => {
      let down = true;
      receiver.respond = () => (down ? { status: 500, body: "down" } : { status: 200 });
      const sub = await subscribe(t, { url: receiver.url(), events: ["match.goal"] });
      const since = new Date(Date.now() - 60_000).toISOString();
      await feedAll(t, [goalMsg("football", FX), goalMsg("football", FX, "away")]);
      const failed = await settledLog(t, sub.id, 2);
      assert.deepEqual(
        failed.map((d) => [d.state, d.attempt_count]),
        [
          ["failed", 2],
          ["failed", 2],
        ],
      );
      const before = receiver.requests.length;
      assert.equal(before, 4);

      down = false;
      const response = await recover(sub.id, { since });
      assert.equal(response.statusCode, 202, response.body);
      assert.ok(response.headers["x-request-id"], "X-Request-Id");
      const body = response.json();
      assert.equal(body.data.queued, 2);
      assert.equal(body.data.subscription_id, sub.id);

      const recovered = await settledLog(t, sub.id, 2);
      assert.ok(recovered.every((d) => d.state === "succeeded" && d.attempt_count === 3));
      const again = receiver.requests.slice(before);
      assert.equal(again.length, 2);
      for (const r of again) {
        const first = receiver.requests.find((p) => p.webhookId === r.webhookId);
        assert.ok(first && first !== r, "the same event id as the failed attempts");
        assert.equal(r.body, first.body, "the same body");
        assertSignedWith(r, sub.secret);
      }

      const none = await recover(sub.id, { since });
      assert.equal(none.statusCode, 202);
      assert.equal(none.json().data.queued, 0, "nothing failed any more");
    });

    test("a window outside [since, until) is left alone", async () => {
      receiver.respond = () => ({ status: 500 });
      const sub = await subscribe(t, { url: receiver.url(), events: ["match.goal"] });
      const since = new Date(Date.now() - 60_000).toISOString();
      await feedAll(t, [goalMsg("football", FX)]);
      await settledLog(t, sub.id, 1);
      const response = await recover(sub.id, {
        since,
        until: new Date(Date.now() - 59_000).toISOString(),
      });
      assert.equal(response.statusCode, 202, response.body);
      assert.equal(response.json().data.queued, 0);
    });

    test("validation: envelope errors naming the field; another account's id is a 404", async () => {
      const sub = await subscribe(t, { url: receiver.url(), events: ["match.goal"] });
      const now = Date.now();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{}, "since"],
        [{ since: "yesterday" }, "since"],
        [{ since: new Date(now + 60_000).toISOString() }, "since"],
        [{ since: new Date(now - 31 * 86_400_000).toISOString() }, "since"],
        [
          {
            since: new Date(now - 60_000).toISOString(),
            until: new Date(now - 120_000).toISOString(),
          },
          "until",
        ],
      ];
      for (const [payload, field] of cases) {
        const response = await recover(sub.id, payload);
        assert.equal(response.statusCode, 400, `${JSON.stringify(payload)}: ${response.body}`);
        assert.ok(response.headers["x-request-id"]);
        const error = response.json().error;
        assert.equal(error.code, "invalid_parameter");
        assert.match(
          JSON.stringify(error),
          new RegExp(field),
          `${JSON.stringify(payload)} names ${field}`,
        );
      }

      const other = await createKey(
        { store: t.store, clock: realClock, plans: loadPlans(undefined) },
        { kind: "live", plan: "enterprise" },
      );
      const since = new Date(now - 60_000).toISOString();
      const foreign = await recover(sub.id, { since }, other.key);
      assert.equal(foreign.statusCode, 404, foreign.body);
      assert.equal(foreign.json().error.code, "not_found");

      const off = await t.app.inject({
        method: "PATCH",
        url: `/v1/webhooks/${sub.id}`,
        payload: { enabled: false },
      });
      assert.equal(off.statusCode, 200);
      const disabled = await recover(sub.id, { since });
      assert.equal(disabled.statusCode, 400, disabled.body);
      assert.match(disabled.json().error.message, /disabled/);
    });
  });
}
