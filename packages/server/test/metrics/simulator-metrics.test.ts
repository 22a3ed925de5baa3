/**
 * The simulator gauge, once per dialect: a started simulator reports the matches it plays per
 * sport (zero for a sport it runs with none live), and leaves the gauge when it stops.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { FeedIngestor } from "../../src/live/feed-ingestor.js";
import { Simulator } from "../../src/simulator/simulator.js";
import { realClock } from "../helpers/clock.js";
import { leagueMessages } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import { scrape } from "./scrape.js";

const GAUGE = "scoreline_simulator_matches_live";

for (const dialect of DIALECTS) {
  describe(`simulator metrics on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: LiveTestApp;
    before(async () => {
      t = await createLiveApp(dialect, { clock: realClock });
      // The sample world's league: the simulator plays no other (ADR-0047).
      const ingestor = new FeedIngestor({ store: t.store, bus: t.bus, clock: realClock });
      const report = await ingestor.ingestMessages(leagueMessages("football", "fx-sim"), "sample");
      assert.equal(report.rejected, 0, JSON.stringify(report.results));
    });
    after(async () => {
      await t?.dispose();
    });

    test("a running simulator's matches by sport, gone once it stops", async () => {
      const simulator = new Simulator({
        store: t.store,
        ingestor: new FeedIngestor({ store: t.store, bus: t.bus, clock: realClock }),
        speed: 60,
        seed: 7,
        sports: ["football", "tennis"],
        // Ticks come from the test, not the timer.
        intervalMs: 3_600_000,
      });
      simulator.start();
      try {
        const idle = await scrape({ inject: t.rawInject });
        assert.equal(idle.value(GAUGE, { host: "live", sport: "football" }), 0);
        // A minute after the fixture's kick-off: it kicks off and is live.
        await simulator.tick(new Date("2026-11-21T15:01:00Z"));
        assert.deepEqual(simulator.live, ["fx-sim"]);
        const playing = await scrape({ inject: t.rawInject });
        assert.equal(playing.value(GAUGE, { host: "live", sport: "football" }), 1);
        assert.equal(playing.has(GAUGE, { host: "live", sport: "tennis" }), true);
        assert.equal(playing.value(GAUGE, { host: "live", sport: "tennis" }), 0);
        assert.equal(playing.has(GAUGE, { host: "live", sport: "golf" }), false);
      } finally {
        await simulator.stop();
      }
      const stopped = await scrape({ inject: t.rawInject });
      assert.equal(stopped.has(GAUGE, { host: "live", sport: "football" }), false);
    });
  });
}
