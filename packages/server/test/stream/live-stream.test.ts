/**
 * The stream end to end, once per dialect: real clients on a real port, events fed through the
 * API's feed route (the live path), delivered on the right channels, in log order, with the
 * webhook payload unchanged as `data`.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { logEpoch } from "../../src/live/event-log.js";
import { eventMsg, leagueMessages, msg, oddsMsg, statusMsg } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { type ServerMessage, TestClient } from "../helpers/ws-client.js";
import { assertAllApplied, createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import { assertIncreasing, keyOf, startStream, type TestStream } from "./stream-helpers.js";

const eventTypes = (messages: readonly ServerMessage[]) => messages.map((m) => m.data?.event);

for (const dialect of DIALECTS) {
  describe(`live stream on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: LiveTestApp;
    let stream: TestStream;
    let growth: string;
    let starter: string;
    before(async () => {
      t = await createLiveApp(dialect);
      assertAllApplied(
        await t.feed([
          ...leagueMessages("football", "fx-1"),
          msg("fixture", "football", {
            id: "fx-2",
            competition_id: "football-league",
            kickoff: "2026-11-21T17:30:00Z",
            home_team_id: "football-south",
            away_team_id: "football-north",
          }),
          ...leagueMessages("basketball", "bx-1"),
        ]),
      );
      stream = await startStream(t.store, t.bus);
      growth = await keyOf(t.store, "growth");
      starter = await keyOf(t.store, "starter");
    });
    after(async () => {
      await stream?.close();
      await t?.dispose();
    });

    test("every channel carries its events in log order, offsets increasing, data unchanged", async () => {
      const client = await TestClient.connect(`${stream.url}/v1?token=${growth}`);
      const channels = ["football.live", "football.odds", "football.fixtures", "fixture.fx-1"];
      const answers = await client.subscribe(channels, { id: 7 });
      assert.deepEqual(
        answers.map((m) => [m.type, m.channel, m.id]),
        channels.map((c) => ["subscribed", c, 7]),
      );
      assert.ok(
        answers.every((m) => !("recovered" in m)),
        "recovered only answers a resume",
      );

      const before = t.published.length;
      assertAllApplied(
        await t.feed([
          msg("lineup", "football", {
            fixture_id: "fx-1",
            team_id: "football-north",
            starters: [{ player_id: "football-n9" }],
          }),
          oddsMsg("football", "fx-1", { "1": 2.1, X: 3.4, "2": 3.6 }),
          statusMsg("football", "fx-1", "live", { period: "1st_half" }),
          statusMsg("basketball", "bx-1", "live"),
          eventMsg("football", "fx-1", {
            type: "goal",
            team: "home",
            minute: 12,
            player_id: "football-n9",
          }),
          statusMsg("football", "fx-1", "finished"),
        ]),
      );
      const published = t.published.slice(before);
      const football = published.filter((e) => e.sport === "football");
      await client.waitFor((m) => m.type === "event", football.length + 7);

      assert.deepEqual(eventTypes(client.events("football.live")), [
        "match.started",
        "fixture.updated",
        "match.live.event",
        "match.goal",
        "fixture.updated",
        "match.finished",
        "fixture.finished",
      ]);
      assert.deepEqual(eventTypes(client.events("football.odds")), ["odds.changed"]);
      assert.deepEqual(eventTypes(client.events("football.fixtures")), [
        "fixture.updated",
        "fixture.updated",
        "fixture.updated",
        "fixture.finished",
      ]);
      assert.deepEqual(
        client.events("football.fixtures").map((m) => m.data?.changes),
        [["lineups"], ["status", "period"], ["status", "period"], undefined],
      );
      assert.deepEqual(
        eventTypes(client.events("fixture.fx-1")),
        football.map((e) => e.type),
      );

      const epoch = await logEpoch(t.store.db);
      const byId = new Map(published.map((e) => [e.id, e]));
      for (const channel of channels) {
        const events = client.events(channel);
        assertIncreasing(events.map((m) => m.offset ?? 0));
        for (const m of events) {
          const source = byId.get(String(m.data?.event_id));
          assert.ok(source, "every event was published");
          assert.equal(m.offset, source.position, "the offset is the log position");
          assert.equal(m.epoch, epoch);
          assert.deepEqual(m.data, source.payload, "data is the payload, unchanged");
          assert.deepEqual(Object.keys(m), ["type", "channel", "offset", "epoch", "data"]);
        }
      }
      assert.ok(
        client.events().every((m) => m.data?.sport === "football"),
        "no basketball event on football channels",
      );
      await client.close();
    });

    test("/v1/{sport}?fixture_id= subscribes to that fixture at once; /v1/{sport} to its live channel", async () => {
      const fixture = await TestClient.connect(
        `${stream.url}/v1/football?token=${growth}&fixture_id=fx-2`,
      );
      const sport = await TestClient.connect(`${stream.url}/v1/basketball/?token=${growth}`);
      await fixture.waitFor((m) => m.type === "subscribed");
      await sport.waitFor((m) => m.type === "subscribed");
      assert.deepEqual(fixture.messages[0], { type: "subscribed", channel: "fixture.fx-2" });
      assert.deepEqual(sport.messages[0], { type: "subscribed", channel: "basketball.live" });

      assertAllApplied(
        await t.feed([
          statusMsg("football", "fx-2", "live"),
          eventMsg("basketball", "bx-1", { type: "three_pointer", team: "home" }),
        ]),
      );
      const fx = await fixture.waitFor((m) => m.type === "event", 2);
      assert.deepEqual(eventTypes(fx), ["match.started", "fixture.updated"]);
      assert.ok(fx.every((m) => m.channel === "fixture.fx-2" && m.data?.fixture_id === "fx-2"));
      const bx = await sport.waitFor((m) => m.type === "event", 2);
      assert.deepEqual(eventTypes(bx), ["match.live.event", "match.goal"]);
      await Promise.all([fixture.close(), sport.close()]);
    });

    test("a plan without odds: no odds channel, and fixture channels without odds events", async () => {
      const client = await TestClient.connect(`${stream.url}/v1?token=${starter}`);
      const [refused] = await client.subscribe("football.odds");
      assert.equal(refused?.type, "error");
      assert.equal(refused?.code, "plan_forbidden");
      await client.subscribe(["fixture.fx-2", "football.live"]);
      assertAllApplied(
        await t.feed([
          oddsMsg("football", "fx-2", { "1": 1.9, X: 3.5, "2": 4.2 }),
          eventMsg("football", "fx-2", { type: "yellow_card", team: "away", minute: 30 }),
        ]),
      );
      await client.waitFor((m) => m.type === "event", 2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(
        client.events().map((m) => [m.channel, m.data?.event]),
        [
          ["football.live", "match.live.event"],
          ["fixture.fx-2", "match.live.event"],
        ],
      );
      await client.close();
    });

    test("unsubscribe stops a channel; the others keep flowing", async () => {
      const client = await TestClient.connect(`${stream.url}/v1?token=${growth}`);
      await client.subscribe(["football.live", "football.odds"]);
      client.send({ unsubscribe: ["football.odds", "football.fixtures"] });
      // Messages are handled in order: once this answer is in, the unsubscribe has been applied.
      await client.subscribe("football.live");
      assertAllApplied(
        await t.feed([
          oddsMsg("football", "fx-2", { "1": 1.7, X: 3.6, "2": 5.0 }),
          eventMsg("football", "fx-2", { type: "goal", team: "home", minute: 40 }),
        ]),
      );
      await client.waitFor((m) => m.type === "event", 2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(
        client.events().map((m) => [m.channel, m.data?.event]),
        [
          ["football.live", "match.live.event"],
          ["football.live", "match.goal"],
        ],
      );
      await client.close();
    });
  });
}
