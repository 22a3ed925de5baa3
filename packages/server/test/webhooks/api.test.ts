/**
 * /v1/webhooks, once per dialect: creation (the secret shown once), validation (400s naming the
 * field), another account's ids (404 everywhere), changes, deletion with the log, secret rotation
 * (both secrets sign for 24 hours, then only the new one), test events and manual retries against
 * a real receiver on 127.0.0.1.
 */
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { createKey } from "../../src/accounts/accounts-service.js";
import { loadPlans } from "../../src/config/plans.js";
import { manualClock } from "../helpers/clock.js";
import { leagueMessages } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";
import { createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import {
  ALLOW_PRIVATE,
  assertSignedWith,
  type DeliveryBody,
  deliveryLog,
  expectedServiceSignature,
  feedAll,
  getSubscription,
  json,
  subscribe,
} from "./helpers.js";

const SECRET_A = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;

for (const dialect of DIALECTS) {
  describe(`webhook API on ${dialect}`, { skip: unavailable(dialect) }, () => {
    const time = manualClock(new Date().toISOString());
    let t: LiveTestApp;
    let receiver: Receiver;
    let otherKey: string;
    let basketballSlug: string;

    before(async () => {
      t = await createLiveApp(dialect, { clock: time, env: ALLOW_PRIVATE });
      receiver = await startReceiver();
      await feedAll(t, [...leagueMessages("football"), ...leagueMessages("basketball", "bk-1")]);
      const other = await createKey(
        { store: t.store, clock: time, plans: loadPlans(undefined) },
        { kind: "live", plan: "enterprise" },
      );
      otherKey = other.key;
      basketballSlug = (
        await t.store.db
          .selectFrom("competitions")
          .select("slug")
          .where("id", "=", "basketball-league")
          .executeTakeFirstOrThrow()
      ).slug;
    });
    beforeEach(() => {
      time.set(new Date().toISOString());
      receiver.requests.length = 0;
      receiver.respond = () => ({ status: 200, body: "ok" });
    });
    after(async () => {
      await receiver?.stop();
      await t?.dispose();
    });

    const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
      t.app.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const asOther = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${otherKey}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const sendTest = async (id: string, event?: string) => {
      const response = await call("POST", `/v1/webhooks/${id}/test`, event ? { event } : undefined);
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data as DeliveryBody;
    };

    test("create: 201 with the secret once; reads show only a hint", async () => {
      const created = await subscribe(t, {
        url: receiver.url(),
        events: ["match.goal", "match.finished", "match.goal"],
        description: "goals to the big screen",
      });
      assert.match(created.id, /^wh_/);
      assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/, "whsec_ + base64 of 32 bytes");
      assert.deepEqual(created.events, ["match.goal", "match.finished"], "duplicates dropped");
      assert.equal(created.sport, null);
      assert.deepEqual(created.leagues, []);
      assert.deepEqual(created.matches, []);
      assert.equal(created.odds_threshold, 0.05, "the default threshold");
      assert.equal(created.status, "active");
      assert.equal(created.description, "goals to the big screen");
      assert.ok(created.secret.startsWith(created.secret_hint.replace("…", "")));
      assert.ok(created.secret_hint.length < 16);

      const one = await call("GET", `/v1/webhooks/${created.id}`);
      assert.equal(one.statusCode, 200);
      assert.equal(one.json().data.secret, undefined);
      assert.equal(one.json().data.secret_hint, created.secret_hint);
      assert.ok(!one.body.includes(created.secret), "the secret never appears again");
      const list = await call("GET", "/v1/webhooks");
      assert.equal(list.statusCode, 200);
      assert.ok(list.json().data.some((s: { id: string }) => s.id === created.id));
      assert.ok(!list.body.includes(created.secret));

      const supplied = await subscribe(t, {
        url: receiver.url(),
        events: ["odds.moved"],
        secret: SECRET_A,
        odds_threshold: 0.1,
        sport: "basketball",
        leagues: [basketballSlug],
      });
      assert.equal(supplied.secret, SECRET_A, "a supplied secret is kept");
      assert.equal(supplied.odds_threshold, 0.1);
      assert.deepEqual(supplied.leagues, ["basketball-league"]);
    });

    test("invalid subscriptions are 400s naming the field, and nothing is created", async () => {
      const before = (await call("GET", "/v1/webhooks")).json().data.length;
      const url = receiver.url();
      const events = ["match.goal"];
      const cases: Array<[string, Record<string, unknown>, string, RegExp?]> = [
        ["missing url", { events }, "url"],
        ["missing events", { url }, "events"],
        ["relative url", { url: "/hooks", events }, "url", /absolute/],
        ["not http(s)", { url: "ftp://example.com/hooks", events }, "url"],
        ["credentials in the url", { url: "https://user:pw@example.com/", events }, "url"],
        ["no events", { url, events: [] }, "events"],
        [
          "an unknown event",
          { url, events: ["match.goal", "match.exploded"] },
          "events",
          /"match\.exploded"/,
        ],
        ["a bad sport", { url, events, sport: "curling" }, "sport", /curling/],
        [
          "an unknown league",
          { url, events, leagues: ["no-such-league"] },
          "leagues",
          /no-such-league/,
        ],
        [
          "a league of another sport",
          { url, events, sport: "basketball", leagues: ["football-league"] },
          "leagues",
        ],
        ["odds_threshold 0", { url, events, odds_threshold: 0 }, "odds_threshold"],
        ["odds_threshold 1.5", { url, events, odds_threshold: 1.5 }, "odds_threshold"],
        ["a malformed secret", { url, events, secret: "hunter2-hunter2" }, "secret"],
        ["a short secret", { url, events, secret: "whsec_c2hvcnQ=" }, "secret"],
      ];
      for (const [name, body, field, message] of cases) {
        const response = await call("POST", "/v1/webhooks", body);
        assert.equal(response.statusCode, 400, `${name}: ${response.body}`);
        const error = response.json().errors[0];
        assert.equal(error.code, "invalid_parameter", name);
        assert.equal(error.field, field, `${name}: ${response.body}`);
        if (message) assert.match(error.message, message, name);
      }
      assert.equal((await call("GET", "/v1/webhooks")).json().data.length, before);
    });

    test("another account's subscription is a 404 everywhere, and untouched", async () => {
      const theirs = await asOther("POST", "/v1/webhooks", {
        url: receiver.url("/theirs"),
        events: ["match.goal"],
      });
      assert.equal(theirs.statusCode, 201);
      const id = theirs.json().data.id as string;
      const delivery = await asOther("POST", `/v1/webhooks/${id}/test`);
      assert.equal(delivery.statusCode, 200, delivery.body);
      const deliveryId = delivery.json().data.id as string;
      const mine = await subscribe(t, { url: receiver.url(), events: ["match.goal"] });

      const attempts: Array<[string, "GET" | "POST" | "PATCH" | "DELETE", string, unknown?]> = [
        ["read", "GET", `/v1/webhooks/${id}`],
        ["change", "PATCH", `/v1/webhooks/${id}`, { description: "mine now" }],
        ["delete", "DELETE", `/v1/webhooks/${id}`],
        ["rotate", "POST", `/v1/webhooks/${id}/rotate-secret`],
        ["test", "POST", `/v1/webhooks/${id}/test`],
        ["log", "GET", `/v1/webhooks/${id}/deliveries`],
        ["retry", "POST", `/v1/webhooks/${id}/deliveries/${deliveryId}/retry`],
        ["retry via my id", "POST", `/v1/webhooks/${mine.id}/deliveries/${deliveryId}/retry`],
      ];
      for (const [name, method, url, body] of attempts) {
        const response = await call(method, url, body);
        assert.equal(response.statusCode, 404, `${name}: ${response.body}`);
        assert.equal(response.json().errors[0].code, "not_found", name);
      }
      const list = (await call("GET", "/v1/webhooks")).json().data as Array<{ id: string }>;
      assert.ok(!list.some((s) => s.id === id), "not in my list");
      assert.equal(receiver.to("/theirs").length, 1, "only their own test reached their receiver");
      const still = await asOther("GET", `/v1/webhooks/${id}`);
      assert.equal(still.statusCode, 200);
      assert.equal(still.json().data.description, null);
      assert.equal(still.json().data.previous_secret_expires_at, null, "not rotated");
      assert.equal((await asOther("GET", `/v1/webhooks/${id}/deliveries`)).json().data.length, 1);
    });

    test("PATCH changes what it is given and validates it", async () => {
      const sub = await subscribe(t, { url: receiver.url(), events: ["match.goal"] });
      const response = await call("PATCH", `/v1/webhooks/${sub.id}`, {
        url: receiver.url("/elsewhere"),
        events: ["match.started", "odds.moved"],
        sport: "basketball",
        leagues: [basketballSlug],
        matches: ["bk-1"],
        odds_threshold: 0.2,
        description: "changed",
      });
      assert.equal(response.statusCode, 200, response.body);
      const changed = response.json().data;
      assert.equal(changed.url, receiver.url("/elsewhere"));
      assert.deepEqual(changed.events, ["match.started", "odds.moved"]);
      assert.equal(changed.sport, "basketball");
      assert.deepEqual(changed.leagues, ["basketball-league"]);
      assert.deepEqual(changed.matches, ["bk-1"]);
      assert.equal(changed.odds_threshold, 0.2);
      assert.equal(changed.description, "changed");
      assert.equal(changed.secret, undefined);
      const read = await getSubscription(t, sub.id);
      assert.deepEqual({ ...read, updated_at: changed.updated_at }, changed);

      const bad = await call("PATCH", `/v1/webhooks/${sub.id}`, { events: ["goal"] });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().errors[0].field, "events");
      const secret = await call("PATCH", `/v1/webhooks/${sub.id}`, { secret: SECRET_A });
      assert.equal(secret.statusCode, 400);
      assert.equal(secret.json().errors[0].field, "secret");
      assert.match(secret.json().errors[0].message, /rotate-secret/);
      assert.deepEqual((await getSubscription(t, sub.id)).events, ["match.started", "odds.moved"]);

      const off = await call("PATCH", `/v1/webhooks/${sub.id}`, { enabled: false });
      assert.equal(off.json().data.status, "disabled");
      assert.equal(off.json().data.disabled_reason, "disabled by the account");
    });

    test("DELETE removes the subscription and its delivery log", async () => {
      const sub = await subscribe(t, { url: receiver.url(), events: ["match.goal"] });
      await sendTest(sub.id);
      const deliveries = () =>
        t.store.db
          .selectFrom("webhook_deliveries")
          .select("id")
          .where("subscription_id", "=", sub.id)
          .execute();
      const [row] = await deliveries();
      assert.ok(row, "a delivery was logged");
      const removed = await call("DELETE", `/v1/webhooks/${sub.id}`);
      assert.equal(removed.statusCode, 200, removed.body);
      assert.deepEqual(removed.json().data, { id: sub.id, deleted: true });
      assert.equal((await call("GET", `/v1/webhooks/${sub.id}`)).statusCode, 404);
      assert.equal((await call("GET", `/v1/webhooks/${sub.id}/deliveries`)).statusCode, 404);
      assert.equal((await call("DELETE", `/v1/webhooks/${sub.id}`)).statusCode, 404);
      assert.deepEqual(await deliveries(), []);
      const attempts = await t.store.db
        .selectFrom("webhook_attempts")
        .select("attempt")
        .where("delivery_id", "=", row.id)
        .execute();
      assert.deepEqual(attempts, []);
    });

    test("rotate-secret: the new secret once; both sign for 24 hours, then only the new", async () => {
      const sub = await subscribe(t, {
        url: receiver.url(),
        events: ["match.goal"],
        secret: SECRET_A,
      });
      const response = await call("POST", `/v1/webhooks/${sub.id}/rotate-secret`);
      assert.equal(response.statusCode, 200, response.body);
      const rotated = response.json().data;
      const fresh = rotated.secret as string;
      assert.match(fresh, /^whsec_/);
      assert.notEqual(fresh, SECRET_A);
      const overlapEnds = Date.parse(rotated.previous_secret_expires_at);
      assert.ok(Math.abs(overlapEnds - (Date.now() + 24 * 3_600_000)) < 5_000, "24 hours");
      const read = await call("GET", `/v1/webhooks/${sub.id}`);
      assert.ok(!read.body.includes(fresh), "the new secret is shown once");
      assert.equal(read.json().data.secret_hint, rotated.secret_hint);

      await sendTest(sub.id);
      const during = receiver.requests.at(-1);
      assert.ok(during);
      assert.equal(
        during.headers["x-service-signature"],
        `${expectedServiceSignature(during.body, fresh)},${expectedServiceSignature(during.body, SECRET_A)}`,
        "X-Service-Signature lists the new, then the old",
      );
      const entries = String(during.headers["webhook-signature"]).split(" ");
      assert.equal(entries.length, 2);
      for (const entry of entries) assert.match(entry, /^v1,[A-Za-z0-9+/]+=*$/);
      assertSignedWith(during, fresh);
      assertSignedWith(during, SECRET_A);

      // A day and a minute later the old secret no longer signs. (The clock is the app's, so
      // the timestamp is in the future: check the signature itself, not its freshness.)
      time.set(new Date(Date.now() + 24 * 3_600_000 + 60_000).toISOString());
      await sendTest(sub.id);
      const later = receiver.requests.at(-1);
      assert.ok(later && later !== during);
      assert.equal(
        later.headers["x-service-signature"],
        expectedServiceSignature(later.body, fresh),
      );
      const timestamp = new Date(Number(later.headers["webhook-timestamp"]) * 1000);
      assert.equal(
        later.headers["webhook-signature"],
        new Webhook(fresh).sign(String(later.headers["webhook-id"]), timestamp, later.body),
      );
    });

    test("POST /test sends a signed sample and answers with the delivery and its attempt", async () => {
      const sub = await subscribe(t, { url: receiver.url(), events: ["match.goal"] });
      const delivery = await sendTest(sub.id, "fixture.finished");
      assert.equal(delivery.event, "fixture.finished");
      assert.equal(delivery.state, "succeeded");
      assert.equal(delivery.attempts.length, 1);
      assert.equal(delivery.attempts[0]?.status, 200);
      assert.equal(delivery.attempts[0]?.response_body, "ok");
      assert.equal(delivery.payload.test, true);
      assert.equal(delivery.payload.event, "fixture.finished");
      const request = receiver.requests.at(-1);
      assert.ok(request);
      assertSignedWith(request, sub.secret);
      const body = json(request);
      assert.equal(body.test, true);
      assert.equal(body.event, "fixture.finished");
      assert.deepEqual(body, delivery.payload);
      assert.equal(request.webhookId, delivery.event_id);
      assert.equal(request.headers["x-service-event"], "fixture.finished");

      const bodiless = await sendTest(sub.id);
      assert.equal(bodiless.event, "match.goal", "match.goal by default");
      assert.notEqual(bodiless.event_id, delivery.event_id, "each test event has its own id");
      const unknown = await call("POST", `/v1/webhooks/${sub.id}/test`, {
        event: "match.exploded",
      });
      assert.equal(unknown.statusCode, 400);
      assert.equal(unknown.json().errors[0].field, "event");
      assert.equal((await deliveryLog(t, sub.id)).length, 2);
    });

    test("a manual retry adds a manual attempt to the log", async () => {
      const sub = await subscribe(t, { url: receiver.url(), events: ["match.goal"] });
      receiver.respond = () => ({ status: 500, body: "not yet" });
      const failed = await sendTest(sub.id);
      assert.equal(failed.state, "failed", "a test event is sent once, without retries");
      assert.equal(failed.attempts[0]?.status, 500);
      assert.equal(failed.attempts[0]?.manual, false);

      receiver.respond = () => ({ status: 202, body: "got it" });
      const retry = await call("POST", `/v1/webhooks/${sub.id}/deliveries/${failed.id}/retry`);
      assert.equal(retry.statusCode, 200, retry.body);
      const retried = retry.json().data as DeliveryBody;
      assert.equal(retried.state, "succeeded");
      assert.deepEqual(
        retried.attempts.map((a) => [a.attempt, a.status, a.manual]),
        [
          [1, 500, false],
          [2, 202, true],
        ],
      );
      assert.equal(retried.attempts[1]?.response_body, "got it");
      assert.equal(receiver.requests.length, 2);
      const [first, second] = receiver.requests;
      assert.ok(first && second);
      assert.equal(second.webhookId, first.webhookId);
      assert.equal(second.body, first.body);
      assertSignedWith(second, sub.secret);

      const again = await call("POST", `/v1/webhooks/${sub.id}/deliveries/${failed.id}/retry`);
      assert.equal(again.statusCode, 200);
      const log = (await deliveryLog(t, sub.id)).find((d) => d.id === failed.id);
      assert.deepEqual(
        log?.attempts.map((a) => a.manual),
        [false, true, true],
        "every manual attempt is in the log",
      );
      const missing = await call("POST", `/v1/webhooks/${sub.id}/deliveries/whd_nope/retry`);
      assert.equal(missing.statusCode, 404);
    });
  });
}
