/**
 * A stopped simulator plays nothing: `stop()` ends a tick under way at its next step (a shutdown
 * never waits for a whole tick), and a tick asked of it after the stop does nothing until it is
 * started again. Once per dialect, on one league fixture of the sample world.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { FeedIngestor } from "../../src/live/feed-ingestor.js";
import { Simulator } from "../../src/simulator/simulator.js";
import { realClock } from "../helpers/clock.js";
import { leagueMessages } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";

/** A minute after the league fixture's kick-off (`leagueMessages`: 15:00). */
const AFTER_KICKOFF = new Date("2026-11-21T15:01:00Z");

for (const dialect of DIALECTS) {
  describe(`a stopped simulator on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: LiveTestApp;
    before(async () => {
      t = await createLiveApp(dialect, { clock: realClock });
      const ingestor = new FeedIngestor({ store: t.store, bus: t.bus, clock: realClock });
      const report = await ingestor.ingestMessages(leagueMessages("football", "fx-stop"), "sample");
      assert.equal(report.rejected, 0, JSON.stringify(report.results));
    });
    after(async () => {
      await t?.dispose();
    });

    const status = async () =>
      (
        await t.store.db
          .selectFrom("fixtures")
          .select("status")
          .where("id", "=", "fx-stop")
          .executeTakeFirstOrThrow()
      ).status;

    test("plays nothing once stopped, and plays again once started", async () => {
      const simulator = new Simulator({
        store: t.store,
        ingestor: new FeedIngestor({ store: t.store, bus: t.bus, clock: realClock }),
        speed: 60,
        seed: 7,
        sports: ["football"],
        // Ticks come from the test, not the timer.
        intervalMs: 3_600_000,
      });
      simulator.start();
      await simulator.stop();
      // Mutation: without the stop flag in `tick`, the fixture kicks off here.
      await simulator.tick(AFTER_KICKOFF);
      assert.deepEqual(simulator.live, []);
      assert.equal(await status(), "scheduled");

      simulator.start();
      try {
        await simulator.tick(AFTER_KICKOFF);
        assert.deepEqual(simulator.live, ["fx-stop"]);
        assert.equal(await status(), "live");
      } finally {
        await simulator.stop();
      }
    });
  });
}
