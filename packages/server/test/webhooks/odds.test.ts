/**
 * Per-subscription `odds.moved`, once per dialect: one price line fed step by step; a subscription
 * with odds_threshold 0.1 hears of a move only when the price is 10 % from its reference (the
 * opening price, then the price it last heard of), one with 0.02 hears of more, one at the engine's
 * 0.05 hears exactly what the engine announced, and an `odds.changed` subscription hears every
 * change, the opening included.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { realClock } from "../helpers/clock.js";
import { oddsMsg } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";
import {
  createLiveApp,
  eventLog,
  type LiveTestApp,
  type LoggedEvent,
} from "../live/feed-helpers.js";
import {
  ALLOW_PRIVATE,
  assertSignedWith,
  feedAll,
  json,
  liveFixture,
  type RunningWorker,
  type SubscriptionBody,
  settledLog,
  startWorker,
  subscribe,
} from "./helpers.js";

const FX = "fx-1";
/** Home prices, one message each (draw and away stay unless the step says). */
const STEPS: Array<Record<string, number>> = [
  { "1": 2.0, X: 3.4, "2": 3.6 }, // opening
  { "1": 2.03 }, // +1.5 %
  { "1": 2.05 }, // +2.5 %: 0.02 fires
  { "1": 2.1 }, // 0.02 (+2.4 % from 2.05) and 0.05 (+5 % from the opening) fire
  { "1": 2.15 }, // 0.02 fires (+2.4 %)
  { "1": 2.2 }, // 0.02 (+2.3 %) and 0.1 (+10 % from the opening) fire
  { "1": 2.19 }, // -0.5 %: nothing
  { "1": 1.98 }, // -10 % from 2.20: all fire (0.05: -5.7 % from 2.10)
  { "2": 4.0 }, // away +11 %: all fire
];

interface Move {
  selection: string;
  price: number;
  previous_price: number;
  change: number;
}

for (const dialect of DIALECTS) {
  describe(`per-subscription odds.moved on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: LiveTestApp;
    let receiver: Receiver;
    let worker: RunningWorker;
    const subs: Record<string, SubscriptionBody & { secret: string }> = {};
    let log: LoggedEvent[];

    before(async () => {
      t = await createLiveApp(dialect, { clock: realClock, env: ALLOW_PRIVATE });
      receiver = await startReceiver();
      await liveFixture(t, "football", FX);
      const base = { matches: [FX] };
      subs.ten = await subscribe(t, {
        ...base,
        url: receiver.url("/ten"),
        events: ["odds.moved"],
        odds_threshold: 0.1,
      });
      subs.two = await subscribe(t, {
        ...base,
        url: receiver.url("/two"),
        events: ["odds.moved"],
        odds_threshold: 0.02,
      });
      subs.five = await subscribe(t, {
        ...base,
        url: receiver.url("/five"),
        events: ["odds.moved"],
      });
      subs.changed = await subscribe(t, {
        ...base,
        url: receiver.url("/changed"),
        events: ["odds.changed"],
      });
      worker = startWorker(t.store, { bus: t.bus });
      let prices: Record<string, number> = {};
      for (const step of STEPS) {
        prices = { ...prices, ...step };
        await feedAll(t, [oddsMsg("football", FX, prices)]);
      }
      log = await eventLog(t.store);
    });
    after(async () => {
      await worker?.stop();
      await receiver?.stop();
      await t?.dispose();
    });

    /** The moves each delivery of `name` reported, in order of the steps. */
    async function movesOf(name: string, count: number) {
      const sub = subs[name];
      assert.ok(sub);
      const deliveries = await settledLog(t, sub.id, count);
      assert.equal(deliveries.length, count, `${name} got ${count} deliveries`);
      assert.ok(deliveries.every((d) => d.state === "succeeded"));
      const requests = await receiver.waitForCount(count, `/${name}`);
      for (const r of requests) assertSignedWith(r, sub.secret);
      return requests
        .map(json)
        .sort((a, b) => Number(a.sequence) - Number(b.sequence))
        .map((body) => {
          assert.equal(body.event, "odds.moved");
          assert.equal(body.threshold, sub.odds_threshold);
          return (body.moves as Move[]).map((m) => [m.selection, m.previous_price, m.price]);
        });
    }

    test("threshold 0.1: only moves of 10 % from the reference (opening, then last fired)", async () => {
      assert.deepEqual(await movesOf("ten", 3), [
        [["home", 2.0, 2.2]],
        [["home", 2.2, 1.98]],
        [["away", 3.6, 4.0]],
      ]);
      const [first] = receiver.to("/ten").map(json);
      assert.ok(first);
      assert.equal(first.change, 0.1);
      assert.equal(first.fixture_id, FX);
      assert.equal(first.bookmaker, "bet-one");
      assert.equal(first.market, "1x2");
      assert.equal(first.prices, undefined, "odds.moved carries moves, not prices");
    });

    test("threshold 0.02 hears of more moves", async () => {
      assert.deepEqual(await movesOf("two", 6), [
        [["home", 2.0, 2.05]],
        [["home", 2.05, 2.1]],
        [["home", 2.1, 2.15]],
        [["home", 2.15, 2.2]],
        [["home", 2.2, 1.98]],
        [["away", 3.6, 4.0]],
      ]);
    });

    test("the default 0.05 matches the engine's own odds.moved", async () => {
      const engine = log.filter((e) => e.type === "odds.moved");
      const mine = await movesOf("five", engine.length);
      assert.deepEqual(
        mine,
        engine.map((e) =>
          (e.payload.moves as Move[]).map((m) => [m.selection, m.previous_price, m.price]),
        ),
      );
      assert.equal(mine.length, 3);
    });

    test("each subscription's odds.moved has its own stable event id", async () => {
      const ids = new Set<string>();
      for (const name of ["ten", "two", "five"]) {
        for (const r of receiver.to(`/${name}`)) {
          assert.equal(r.webhookId, json(r).event_id, "webhook-id is the payload's event_id");
          ids.add(String(r.webhookId));
        }
      }
      assert.equal(ids.size, 3 + 6 + 3, "no two deliveries share an event id");
      const engineIds = new Set(log.map((e) => e.id));
      for (const id of ids) assert.ok(!engineIds.has(id), "not the engine's event ids");
    });

    test("odds.changed: every change, the opening included, as logged", async () => {
      const changed = log.filter((e) => e.type === "odds.changed");
      assert.equal(changed.length, STEPS.length);
      const sub = subs.changed;
      assert.ok(sub);
      await settledLog(t, sub.id, changed.length);
      const requests = await receiver.waitForCount(changed.length, "/changed");
      assert.deepEqual(requests.map((r) => r.webhookId).sort(), changed.map((e) => e.id).sort());
      for (const r of requests) {
        const event = changed.find((e) => e.id === r.webhookId);
        assert.deepEqual(json(r), event?.payload);
      }
      assert.equal(receiver.requests.length, 3 + 6 + 3 + STEPS.length, "nothing else was sent");
    });
  });
}
