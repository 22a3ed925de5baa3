/**
 * Resuming with `since`: a client that disconnects, misses events and reconnects gets exactly
 * what a client that never left received — replayed in order, then `subscribed` with
 * `recovered: true`, then live — with no gap and no duplicate, even while events keep coming
 * during the replay. A wrong epoch, an unknown offset or history beyond the retained window
 * answers `recovered: false`.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { logEpoch } from "../../src/live/event-log.js";
import { TEST_NOW } from "../helpers/clock.js";
import { eventMsg, leagueMessages, oddsMsg, statusMsg } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { type ServerMessage, TestClient } from "../helpers/ws-client.js";
import { assertAllApplied, createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import { assertIncreasing, keyOf, startStream, type TestStream } from "./stream-helpers.js";

const goal = (fixture: string, minute: number) =>
  eventMsg("football", fixture, { type: "goal", team: minute % 2 ? "home" : "away", minute });

/** The events of a channel as comparable [offset, event_id] pairs. */
const seen = (messages: readonly ServerMessage[], channel: string) =>
  messages
    .filter((m) => m.type === "event" && m.channel === channel)
    .map((m) => [m.offset, m.data?.event_id]);

for (const dialect of DIALECTS) {
  describe(`stream recovery on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: LiveTestApp;
    let stream: TestStream;
    let growth: string;
    let starter: string;
    let epoch: string;
    before(async () => {
      t = await createLiveApp(dialect);
      assertAllApplied(
        await t.feed([
          ...leagueMessages("football", "fx-1"),
          ...leagueMessages("basketball", "bx-1"),
        ]),
      );
      assertAllApplied(await t.feed([statusMsg("football", "fx-1", "live")]));
      // Small pages, so replays take several reads and live events arrive while they run.
      stream = await startStream(t.store, t.bus, { limits: { replayPageSize: 2 } });
      growth = await keyOf(t.store, "growth");
      starter = await keyOf(t.store, "starter");
      epoch = await logEpoch(t.store.db);
    });
    after(async () => {
      await stream?.close();
      await t?.dispose();
    });

    test("a resumed client gets exactly what a client that stayed got", async () => {
      const witness = await TestClient.connect(`${stream.url}/v1?token=${starter}`);
      await witness.subscribe(["football.live", "fixture.fx-1"]);
      const leaver = await TestClient.connect(`${stream.url}/v1?token=${starter}`);
      await leaver.subscribe(["football.live", "fixture.fx-1"]);

      assertAllApplied(await t.feed([goal("fx-1", 3), goal("fx-1", 8)]));
      await leaver.waitFor((m) => m.type === "event", 8);
      await leaver.close();
      const lastOf = (channel: string) => leaver.events(channel).at(-1)?.offset ?? 0;

      // Missed: goals, odds (not for this plan), another sport.
      assertAllApplied(
        await t.feed([
          goal("fx-1", 20),
          oddsMsg("football", "fx-1", { "1": 1.5, X: 4, "2": 6 }),
          statusMsg("basketball", "bx-1", "live"),
          goal("fx-1", 31),
        ]),
      );

      const back = await TestClient.connect(`${stream.url}/v1?token=${starter}`);
      const [live] = await back.subscribe("football.live", {
        since: { offset: lastOf("football.live"), epoch },
      });
      const [fixture] = await back.subscribe("fixture.fx-1", {
        since: { offset: lastOf("fixture.fx-1"), epoch },
      });
      assert.equal(live?.recovered, true);
      assert.equal(fixture?.recovered, true);
      const answeredAt = back.messages.indexOf(live as ServerMessage);
      assert.deepEqual(
        back.messages.slice(0, answeredAt).map((m) => [m.type, m.data?.event]),
        [
          ["event", "match.live.event"],
          ["event", "match.goal"],
          ["event", "match.live.event"],
          ["event", "match.goal"],
        ],
        "the replay comes before `subscribed`",
      );

      assertAllApplied(await t.feed([goal("fx-1", 44), statusMsg("football", "fx-1", "finished")]));
      await waitFor(
        () => witness.events().length === leaver.events().length + back.events().length,
        { what: () => "the resumed client to catch up" },
      );
      for (const channel of ["football.live", "fixture.fx-1"]) {
        const resumed = [...seen(leaver.messages, channel), ...seen(back.messages, channel)];
        assert.deepEqual(
          resumed,
          seen(witness.messages, channel),
          `${channel}: no gap, no duplicate`,
        );
        assertIncreasing(resumed.map(([offset]) => Number(offset)));
      }
      assert.ok(
        !back.events().some((m) => String(m.data?.event).startsWith("odds.")),
        "no odds replayed to a plan without odds",
      );
      await Promise.all([witness.close(), back.close()]);
    });

    test("events fed while the replay runs are neither lost nor doubled", async () => {
      assertAllApplied(
        await t.feed([
          ...leagueMessages("football", "fx-9").slice(-1),
          statusMsg("football", "fx-9", "live"),
        ]),
      );
      const witness = await TestClient.connect(`${stream.url}/v1?token=${growth}`);
      await witness.subscribe("fixture.fx-9");
      assertAllApplied(await t.feed([1, 2, 3, 4, 5, 6].map((m) => goal("fx-9", m))));
      await witness.waitFor((m) => m.type === "event", 12);
      const first = witness.events()[1]?.offset ?? 0;

      const back = await TestClient.connect(`${stream.url}/v1?token=${growth}`);
      back.send({ subscribe: "fixture.fx-9", id: "r", since: { offset: first, epoch } });
      // Feed while the replay (pages of two rows) runs.
      const feeding = (async () => {
        for (let minute = 10; minute < 22; minute += 3) {
          assertAllApplied(await t.feed([goal("fx-9", minute), goal("fx-9", minute + 1)]));
        }
      })();
      await feeding;
      const [answer] = await back.waitFor((m) => m.id === "r");
      assert.equal(answer?.recovered, true);
      await waitFor(() => witness.events().length === 28, {
        what: () => "the witness",
      });
      await waitFor(() => back.events().length === 26, {
        what: () => "the resumed client",
      });
      assert.deepEqual(
        seen(back.messages, "fixture.fx-9"),
        seen(witness.messages, "fixture.fx-9").slice(2),
      );
      await Promise.all([witness.close(), back.close()]);
    });

    test("a wrong epoch or an offset the log never handed out: recovered false, then live", async () => {
      const client = await TestClient.connect(`${stream.url}/v1?token=${growth}`);
      const [wrong] = await client.subscribe("basketball.live", {
        since: { offset: 1, epoch: "ep_0000000000000000" },
      });
      assert.deepEqual(wrong, {
        type: "subscribed",
        channel: "basketball.live",
        id: wrong?.id,
        recovered: false,
      });
      const [ahead] = await client.subscribe("football.fixtures", {
        since: { offset: 10_000_000, epoch },
      });
      assert.equal(ahead?.recovered, false);
      assert.equal(client.events().length, 0, "nothing replayed");
      assertAllApplied(
        await t.feed([eventMsg("basketball", "bx-1", { type: "two_pointer", team: "away" })]),
      );
      await client.waitFor((m) => m.type === "event" && m.channel === "basketball.live", 2);
      await client.close();
    });

    test("history older than the window: recovered only within the minimum message count", async () => {
      // Two days later, with a window of one day and a minimum of three messages.
      const later = await startStream(t.store, t.bus, {
        clock: () => new Date(TEST_NOW.getTime() + 2 * 86_400_000),
        limits: { recoveryWindowMs: 86_400_000, recoveryMinMessages: 3 },
      });
      try {
        const client = await TestClient.connect(`${later.url}/v1?token=${growth}`);
        const [old] = await client.subscribe("fixture.fx-9", { since: { offset: 0, epoch } });
        assert.equal(old?.recovered, false, "more than three missed and all of them old");
        const offsets = (
          await t.store.db
            .selectFrom("domain_events")
            .select("position")
            .where("fixture_id", "=", "fx-9")
            .orderBy("position")
            .execute()
        ).map((r) => Number(r.position));
        const threeBeforeEnd = offsets.at(-4) ?? 0;
        const recent = await TestClient.connect(`${later.url}/v1?token=${growth}`);
        const [answer] = await recent.subscribe("fixture.fx-9", {
          since: { offset: threeBeforeEnd, epoch },
        });
        assert.equal(answer?.recovered, true);
        assert.deepEqual(
          recent.events().map((m) => m.offset),
          offsets.slice(-3),
        );
        await Promise.all([client.close(), recent.close()]);
      } finally {
        await later.close();
      }
    });
  });
}
