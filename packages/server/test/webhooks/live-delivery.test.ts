/**
 * Webhooks over the live path, once per dialect: feed messages through POST /admin/v1/feed, the
 * outbox writes deliveries in the ingest transaction, a DeliveryWorker sends them to a real
 * receiver on 127.0.0.1 (SCORELINE_WEBHOOK_ALLOW_PRIVATE on). A goal arrives with both signatures
 * valid and the event log's payload unchanged; each filter (event type, sport, league by id and by
 * slug, matches) lets through exactly what it should.
 */

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { realClock } from "../helpers/clock.js";
import { eventMsg, goalMsg, leagueMessages, msg, statusMsg } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";
import {
  createLiveApp,
  eventLog,
  type LiveTestApp,
  type LoggedEvent,
} from "../live/feed-helpers.js";
import {
  ALLOW_PRIVATE,
  assertNotSignedWith,
  assertSignedWith,
  feedAll,
  json,
  type RunningWorker,
  type SubscriptionBody,
  settledLog,
  startWorker,
  subscribe,
} from "./helpers.js";

for (const dialect of DIALECTS) {
  describe(`webhooks over the live path on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: LiveTestApp;
    let receiver: Receiver;
    let worker: RunningWorker;
    const subs: Record<string, SubscriptionBody & { secret: string }> = {};
    let basketballSlug: string;
    let log: LoggedEvent[];

    before(async () => {
      t = await createLiveApp(dialect, { clock: realClock, env: ALLOW_PRIVATE });
      receiver = await startReceiver();
      worker = startWorker(t.store, { bus: t.bus });
      await feedAll(t, [
        ...leagueMessages("football", "fb-1"),
        msg("fixture", "football", {
          id: "fb-2",
          competition_id: "football-league",
          kickoff: "2026-11-21T17:30:00Z",
          home_team_id: "football-south",
          away_team_id: "football-north",
        }),
        ...leagueMessages("basketball", "bk-1"),
      ]);
      const league = await t.store.db
        .selectFrom("competitions")
        .select("slug")
        .where("id", "=", "basketball-league")
        .executeTakeFirstOrThrow();
      basketballSlug = league.slug;
      assert.notEqual(basketballSlug, "basketball-league", "the slug is not the id");

      const create = async (name: string, body: Record<string, unknown>) => {
        subs[name] = await subscribe(t, { url: receiver.url(`/${name}`), ...body });
      };
      await create("all-goals", { events: ["match.goal"] });
      await create("started", { events: ["match.started"] });
      await create("basketball", { events: ["match.goal"], sport: "basketball" });
      await create("league-id", { events: ["match.goal"], leagues: ["football-league"] });
      await create("league-slug", { events: ["match.goal"], leagues: [basketballSlug] });
      await create("match-fb-2", { events: ["match.goal", "match.live.event"], matches: ["fb-2"] });
      await create("disabled", { events: ["match.goal"], enabled: false });

      await feedAll(t, [
        statusMsg("football", "fb-1", "live"),
        statusMsg("football", "fb-2", "live"),
        statusMsg("basketball", "bk-1", "live"),
        goalMsg("football", "fb-1", "home"),
        goalMsg("football", "fb-2", "away"),
        eventMsg("football", "fb-2", { event_id: "card-1", type: "yellow_card", team: "home" }),
        goalMsg("basketball", "bk-1", "home"),
      ]);
      log = await eventLog(t.store);
    });
    after(async () => {
      await worker?.stop();
      await receiver?.stop();
      await t?.dispose();
    });

    const ids = (filter: (e: LoggedEvent) => boolean) =>
      log
        .filter(filter)
        .map((e) => e.id)
        .sort();
    const goalsOf = (...fixtures: string[]) =>
      ids((e) => e.type === "match.goal" && fixtures.includes(e.fixture_id ?? ""));

    /** Waits for every expected delivery to settle, then compares the ids received. */
    async function received(name: string, expected: string[]) {
      const sub = subs[name];
      assert.ok(sub);
      const deliveries = await settledLog(t, sub.id, expected.length);
      assert.deepEqual(
        deliveries.map((d) => d.state),
        expected.map(() => "succeeded"),
      );
      await receiver.waitForCount(expected.length, `/${name}`);
      assert.deepEqual(receiver.ids(`/${name}`).sort(), expected, `${name} received`);
      return receiver.to(`/${name}`);
    }

    test("a goal reaches the subscriber signed both ways, with the event log's payload", async () => {
      const goal = log.find((e) => e.type === "match.goal" && e.fixture_id === "fb-1");
      assert.ok(goal, "the goal is in the event log");
      const requests = await received("all-goals", goalsOf("fb-1", "fb-2", "bk-1"));
      const request = requests.find((r) => r.webhookId === goal.id);
      assert.ok(request, "the fb-1 goal was delivered");
      assert.equal(request.method, "POST");
      assert.equal(request.headers["content-type"], "application/json");
      assert.equal(request.headers["x-service-event"], "match.goal");
      assert.match(String(request.headers["user-agent"]), /^Scoreline-Webhooks\//);
      const body = json(request);
      assert.deepEqual(body, goal.payload, "the payload is the event log's, unchanged");
      assert.equal(body.event, "match.goal");
      assert.equal(body.event_id, goal.id);
      assert.equal(body.fixture_id, "fb-1");
      assert.equal(body.match_id, "fb-1");
      assert.deepEqual(body.score, { home: 1, away: 0 });
      assert.equal(body.sequence, goal.sequence);
      const timestamp = Number(request.headers["webhook-timestamp"]);
      assert.ok(Math.abs(timestamp - Date.now() / 1000) < 60, "webhook-timestamp is now");

      const secret = subs["all-goals"]?.secret ?? "";
      assert.match(secret, /^whsec_/);
      for (const r of requests) assertSignedWith(r, secret);
      assertNotSignedWith(request, subs.started?.secret ?? "");
      // Tampering with the body breaks both signatures.
      assertNotSignedWith(
        { ...request, body: request.body.replace('"home":1', '"home":2') },
        secret,
      );
    });

    test("event type filter: match.started only", async () => {
      const started = ids((e) => e.type === "match.started");
      assert.equal(started.length, 3);
      const requests = await received("started", started);
      for (const r of requests) assert.equal(json(r).event, "match.started");
    });

    test("sport filter: basketball only", async () => {
      await received("basketball", goalsOf("bk-1"));
    });

    test("league filter by id and by slug", async () => {
      await received("league-id", goalsOf("fb-1", "fb-2"));
      await received("league-slug", goalsOf("bk-1"));
      assert.deepEqual(
        subs["league-slug"]?.leagues,
        ["basketball-league"],
        "a slug is stored as the id",
      );
    });

    test("match filter: one fixture's goal and live events, nothing else", async () => {
      const expected = ids(
        (e) =>
          e.fixture_id === "fb-2" && (e.type === "match.goal" || e.type === "match.live.event"),
      );
      assert.equal(expected.length, 3, "the goal's live event, the goal, the card");
      const requests = await received("match-fb-2", expected);
      assert.deepEqual(requests.map((r) => json(r).event).sort(), [
        "match.goal",
        "match.live.event",
        "match.live.event",
      ]);
    });

    test("a disabled subscription gets no deliveries, and no subscription gets extras", async () => {
      // Every other subscription has settled above; give stragglers a moment to show up.
      await sleep(150);
      assert.equal(receiver.to("/disabled").length, 0);
      const rows = await t.store.db
        .selectFrom("webhook_deliveries")
        .select(["subscription_id"])
        .where("subscription_id", "=", subs.disabled?.id ?? "")
        .execute();
      assert.equal(rows.length, 0);
      const total = 3 + 3 + 1 + 2 + 1 + 3;
      await waitFor(() => receiver.requests.length >= total);
      assert.equal(receiver.requests.length, total, "no delivery twice, none unexpected");
      assert.deepEqual(receiver.overlaps, []);
    });
  });
}
