/**
 * The live log's retention keeps storage bounded: domain events older than the event log's
 * retention and feed message ids older than theirs are deleted in batches, newer ones stay, and
 * a stream client resuming inside the retained window still recovers (`recovered: true`) while
 * one resuming from before it is told it cannot (`recovered: false`). Over a simulated week of
 * steady live traffic the log never holds more than the retention's worth of events.
 * The clock is injected: no test waits for time to pass.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { logEpoch } from "../../src/live/event-log.js";
import { pruneLiveLog } from "../../src/live/log-pruner.js";
import { manualClock, TEST_NOW } from "../helpers/clock.js";
import { leagueMessages, msg, statusMsg } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { TestClient } from "../helpers/ws-client.js";
import { keyOf, startStream, type TestStream } from "../stream/stream-helpers.js";
import { assertAllApplied, createLiveApp, type LiveTestApp } from "./feed-helpers.js";

const HOUR = 3_600_000;
const RETENTION = { eventLogMs: HOUR, feedIdsMs: 6 * HOUR };

const goal = (minute: number, id?: string) =>
  msg(
    "event",
    "football",
    { fixture_id: "fx-1", type: "goal", team: minute % 2 ? "home" : "away", minute },
    id,
  );

for (const dialect of DIALECTS) {
  describe(`live log retention on ${dialect}`, { skip: unavailable(dialect) }, () => {
    const clock = manualClock(TEST_NOW);
    let t: LiveTestApp;
    let stream: TestStream;
    before(async () => {
      t = await createLiveApp(dialect, { clock });
      assertAllApplied(await t.feed(leagueMessages("football", "fx-1")));
      assertAllApplied(await t.feed([statusMsg("football", "fx-1", "live")]));
      stream = await startStream(t.store, t.bus);
    });
    after(async () => {
      await stream?.close();
      await t?.dispose();
    });

    const eventCount = async () =>
      Number(
        (
          await t.store.db
            .selectFrom("domain_events")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const positions = async () =>
      (await t.store.db.selectFrom("domain_events").select("position").execute()).map((r) =>
        Number(r.position),
      );

    test("prunes what is older than the retention, keeps the rest, and recovery follows", async () => {
      clock.advance(HOUR);
      assertAllApplied(await t.feed([goal(1, "old-goal"), goal(2)]));
      const old = await positions();
      clock.advance(2 * HOUR);
      assertAllApplied(await t.feed([goal(3), goal(4)]));
      const all = await positions();
      const recent = all.filter((p) => !old.includes(p));
      assert.ok(recent.length >= 4, "the recent goals logged events");

      const pruned = await pruneLiveLog(t.store, RETENTION, clock());
      assert.equal(pruned.events, old.length, "every event older than an hour");
      assert.deepEqual(await positions(), recent, "the last hour's events stay");
      assert.equal(pruned.feedMessages, 0, "feed ids are kept six hours");
      assert.deepEqual(await pruneLiveLog(t.store, RETENTION, clock()), {
        events: 0,
        feedMessages: 0,
      });

      const key = await keyOf(t.store, "starter");
      const epoch = await logEpoch(t.store.db);
      const inside = await TestClient.connect(`${stream.url}/v1?token=${key}`);
      const [kept] = await inside.subscribe("fixture.fx-1", {
        since: { offset: recent[0] ?? 0, epoch },
      });
      assert.equal(kept?.recovered, true, "resuming inside the retained window recovers");
      const outside = await TestClient.connect(`${stream.url}/v1?token=${key}`);
      const [gone] = await outside.subscribe("fixture.fx-1", {
        since: { offset: Math.min(...old) - 1, epoch },
      });
      assert.equal(gone?.recovered, false, "resuming from pruned history cannot recover");
      await Promise.all([inside.close(), outside.close()]);
    });

    test("a feed id is recognised while kept and forgotten after its retention", async () => {
      const repeat = await t.feed([goal(5, "old-goal")]);
      assert.equal(repeat.body.data.duplicates, 1, "still inside six hours: a duplicate");
      clock.advance(7 * HOUR);
      const pruned = await pruneLiveLog(t.store, RETENTION, clock());
      assert.ok(pruned.feedMessages >= 1, "ids older than six hours are deleted");
      const known = await t.store.db
        .selectFrom("feed_messages")
        .select("id")
        .where("id", "=", "old-goal")
        .executeTakeFirst();
      assert.equal(known, undefined);
    });

    test("a simulated week of live traffic keeps the log within the retention's worth", async () => {
      const perHour = 6;
      let peak = 0;
      let minute = 10;
      for (let hour = 0; hour < 7 * 24; hour++) {
        clock.advance(HOUR);
        assertAllApplied(
          await t.feed(Array.from({ length: perHour }, () => goal((minute++ % 90) + 1))),
        );
        await pruneLiveLog(t.store, RETENTION, clock());
        peak = Math.max(peak, await eventCount());
      }
      // Each goal logs a bounded number of events; an hour's retention holds at most two
      // hours' feeds (the one just pruned up to and the current one).
      const perGoal = 4;
      assert.ok(peak <= 2 * perHour * perGoal, `peak ${peak} events in the log`);
      assert.ok((await eventCount()) > 0, "the last hour stays");
      const feedIds = Number(
        (
          await t.store.db
            .selectFrom("feed_messages")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
      assert.ok(feedIds <= 7 * perHour, `${feedIds} feed ids kept (six hours' worth and one)`);
    });
  });
}
