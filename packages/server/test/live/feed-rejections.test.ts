/**
 * Feed messages that must be refused, once per dialect: bad shapes, unknown references,
 * impossible status and period moves, events out of place, bad odds. Each is reported by index
 * with its field and code, and a snapshot of every table the feed writes proves it changed
 * nothing. Also: good messages around a bad one still apply, unreadable bodies are a 400, and
 * the admin token guards the route.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createTestApp } from "../helpers/app.js";
import { eventMsg, leagueMessages, msg, oddsMsg, statusMsg } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import {
  ADMIN_TOKEN,
  assertEventBasics,
  createLiveApp,
  feedApplied,
  type LiveTestApp,
  tableSnapshot,
} from "./feed-helpers.js";

const F = "football";
const status = (fixtureId: string, value: string, extra: Record<string, unknown> = {}) =>
  statusMsg(F, fixtureId, value, extra);
const event = (data: Record<string, unknown>) => eventMsg(F, "fx-1", data);
const odds = (prices: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  oddsMsg(F, "fx-1", prices as Record<string, number>, extra);
const fixture = (data: Record<string, unknown>) =>
  msg("fixture", F, {
    id: "fx-3",
    competition_id: "football-league",
    kickoff: "2026-11-22T15:00:00Z",
    home_team_id: "football-north",
    away_team_id: "football-south",
    ...data,
  });

interface Case {
  name: string;
  message: unknown;
  field: string;
  code: "invalid_message" | "not_found" | "invalid_transition";
}

/** fx-1 is live (1st half, one goal `g1`, Bet One's 1X2), fx-2 scheduled, fx-done finished. */
const CASES: Case[] = [
  // Shape
  {
    name: "unknown message type",
    message: msg("goal", F, {}),
    field: "type",
    code: "invalid_message",
  },
  {
    name: "no type",
    message: { id: "no-type", sport: F, data: {} },
    field: "type",
    code: "invalid_message",
  },
  {
    name: "unknown sport",
    message: statusMsg("curling", "fx-1", "live"),
    field: "sport",
    code: "invalid_message",
  },
  {
    name: "no data",
    message: { id: "no-data", type: "status", sport: F },
    field: "data",
    code: "invalid_message",
  },
  { name: "not an object", message: 42, field: "", code: "invalid_message" },
  {
    name: "minute is a string",
    message: status("fx-1", "live", { minute: "12" }),
    field: "data.minute",
    code: "invalid_message",
  },
  {
    name: "team is a number",
    message: event({ type: "goal", team: 5 }),
    field: "data.team",
    code: "invalid_message",
  },
  {
    name: "status without its status",
    message: msg("status", F, { fixture_id: "fx-1" }),
    field: "data.status",
    code: "invalid_message",
  },
  {
    name: "event without fixture_id",
    message: msg("event", F, { type: "goal", team: "home" }),
    field: "data.fixture_id",
    code: "invalid_message",
  },
  {
    name: "unknown status",
    message: status("fx-1", "playing"),
    field: "data.status",
    code: "invalid_message",
  },
  // Unknown or foreign references
  {
    name: "unknown fixture",
    message: status("fx-nope", "live"),
    field: "data.fixture_id",
    code: "not_found",
  },
  {
    name: "event for a fixture of another sport",
    message: eventMsg("basketball", "fx-1", { type: "two_pointer", team: "home" }),
    field: "data.fixture_id",
    code: "not_found",
  },
  {
    name: "a football event for a basketball fixture",
    message: eventMsg(F, "bb-1", { type: "goal", team: "home" }),
    field: "data.fixture_id",
    code: "not_found",
  },
  {
    name: "unknown team in an event",
    message: event({ type: "goal", team: "nobody" }),
    field: "data.team",
    code: "invalid_message",
  },
  {
    name: "a team not in the fixture",
    message: event({ type: "goal", team: "basketball-north" }),
    field: "data.team",
    code: "invalid_message",
  },
  {
    name: "unknown player",
    message: event({ type: "goal", team: "home", player_id: "ghost" }),
    field: "data.player_id",
    code: "not_found",
  },
  {
    name: "a player of another sport",
    message: event({ type: "yellow_card", team: "away", related_player_id: "basketball-s9" }),
    field: "data.related_player_id",
    code: "not_found",
  },
  // Status and period moves
  {
    name: "finished → live",
    message: status("fx-done", "live"),
    field: "data.status",
    code: "invalid_transition",
  },
  {
    name: "scheduled → finished",
    message: status("fx-2", "finished"),
    field: "data.status",
    code: "invalid_transition",
  },
  {
    name: "a period football does not have",
    message: status("fx-1", "live", { period: "3rd_quarter" }),
    field: "data.period",
    code: "invalid_message",
  },
  {
    name: "a period that cannot follow the 1st half",
    message: status("fx-1", "live", { period: "extra_time_1st_half" }),
    field: "data.period",
    code: "invalid_transition",
  },
  {
    name: "a period while not live",
    message: status("fx-2", "postponed", { period: "1st_half" }),
    field: "data.period",
    code: "invalid_message",
  },
  {
    name: "finished, decided by something football does not use",
    message: status("fx-1", "finished", { decided_by: "knockout" }),
    field: "data.decided_by",
    code: "invalid_message",
  },
  {
    name: "awarded without a winner",
    message: status("fx-1", "awarded"),
    field: "data.winner",
    code: "invalid_message",
  },
  // Events out of place
  {
    name: "an event before kick-off",
    message: eventMsg(F, "fx-2", { type: "goal", team: "home" }),
    field: "data.fixture_id",
    code: "invalid_transition",
  },
  {
    name: "an event after the end",
    message: eventMsg(F, "fx-done", { type: "goal", team: "home" }),
    field: "data.fixture_id",
    code: "invalid_transition",
  },
  {
    name: "a basketball event type in football",
    message: event({ type: "three_pointer", team: "home" }),
    field: "data.type",
    code: "invalid_message",
  },
  {
    name: "an event without a type",
    message: event({ team: "home" }),
    field: "data.type",
    code: "invalid_message",
  },
  {
    name: "an event in a period football does not have",
    message: event({ type: "goal", team: "home", period: "overtime" }),
    field: "data.period",
    code: "invalid_message",
  },
  {
    name: "an event id used twice",
    message: event({ event_id: "g1", type: "goal", team: "away" }),
    field: "data.event_id",
    code: "invalid_message",
  },
  {
    name: "correcting an unknown event",
    message: event({ action: "correct", event_id: "g99", minute: 3 }),
    field: "data.event_id",
    code: "not_found",
  },
  {
    name: "retracting without an event id",
    message: event({ action: "retract" }),
    field: "data.event_id",
    code: "invalid_message",
  },
  {
    name: "participants in a football event",
    message: event({ type: "goal", team: "home", participants: [{ id: "x" }] }),
    field: "data.participants",
    code: "invalid_message",
  },
  // Odds
  {
    name: "unknown market",
    message: odds({ "1": 2 }, { market: "First Corner" }),
    field: "data.market",
    code: "invalid_message",
  },
  {
    name: "a selection the market does not have",
    message: odds({ "1": 2, Over: 1.9 }),
    field: "data.prices.Over",
    code: "invalid_message",
  },
  {
    name: "a price below 1.01",
    message: odds({ "1": 0.5 }),
    field: "data.prices.1",
    code: "invalid_message",
  },
  {
    name: "a price that is not a number",
    message: odds({ "1": "abc" }),
    field: "data.prices.1",
    code: "invalid_message",
  },
  {
    name: "a negative price",
    message: odds({ Home: -2 }),
    field: "data.prices.Home",
    code: "invalid_message",
  },
  {
    name: "a fractional price given as a number",
    message: odds({ "1": 2.5 }, { format: "fractional" }),
    field: "data.prices.1",
    code: "invalid_message",
  },
  {
    name: "totals without a line",
    message: odds({ Over: 1.9, Under: 1.9 }, { market: "Over/Under" }),
    field: "data.line",
    code: "invalid_message",
  },
  {
    name: "an unknown bookmaker without its name",
    message: msg("odds", F, {
      fixture_id: "fx-1",
      bookmaker: "new-book",
      market: "1X2",
      prices: { "1": 2 },
    }),
    field: "data.bookmaker",
    code: "invalid_message",
  },
  {
    name: "odds for an unknown fixture",
    message: oddsMsg(F, "fx-nope", { "1": 2 }),
    field: "data.fixture_id",
    code: "not_found",
  },
  // Reference data and fixtures
  {
    name: "a kickoff that is not a real time",
    message: fixture({ kickoff: "2026-13-01T15:00:00Z" }),
    field: "data.kickoff",
    code: "invalid_message",
  },
  {
    name: "a kickoff on a day its month does not have",
    message: fixture({ kickoff: "2026-02-30T15:00:00Z" }),
    field: "data.kickoff",
    code: "invalid_message",
  },
  {
    name: "a season that belongs to another competition",
    message: fixture({ season_id: "basketball-s-2026" }),
    field: "data.season_id",
    code: "not_found",
  },
  {
    name: "a fixture in an unknown competition",
    message: fixture({ competition_id: "nowhere" }),
    field: "data.competition_id",
    code: "not_found",
  },
  {
    name: "a team playing itself",
    message: fixture({ away_team_id: "football-north" }),
    field: "data.away_team_id",
    code: "invalid_message",
  },
  {
    name: "a fixture message changing a status",
    message: fixture({ id: "fx-2", status: "tbd" }),
    field: "data.status",
    code: "invalid_message",
  },
  {
    name: "a line-up for a team not in the fixture",
    message: msg("lineup", F, { fixture_id: "fx-1", team_id: "basketball-north", starters: [] }),
    field: "data.team_id",
    code: "invalid_message",
  },
  {
    name: "a team id taken by another sport",
    message: msg("team", F, { id: "basketball-north", name: "Imposters" }),
    field: "data.id",
    code: "invalid_message",
  },
  {
    name: "a second season under a name the competition already has",
    message: msg("competition", F, {
      id: "football-league",
      name: "Test football League",
      country_code: "ZZ",
      season: {
        id: "football-s-again",
        name: "2026",
        start_date: "2027-01-01",
        end_date: "2027-12-31",
      },
    }),
    field: "data.season.name",
    code: "invalid_message",
  },
  {
    name: "a competition in an unknown country without its name",
    message: msg("competition", F, { id: "cup", name: "Nowhere Cup", country_code: "QQ" }),
    field: "data.country_code",
    code: "invalid_message",
  },
  {
    name: "statistics of an unknown team",
    message: msg("statistics", F, {
      scope: "team",
      team_id: "nobody",
      competition_id: "football-league",
      stats: { goals: 3 },
    }),
    field: "data.team_id",
    code: "not_found",
  },
  {
    name: "player statistics without the player",
    message: msg("statistics", F, {
      scope: "player",
      competition_id: "football-league",
      stats: { goals: 3 },
    }),
    field: "data.player_id",
    code: "invalid_message",
  },
  {
    name: "a statistic that is not a number",
    message: msg("statistics", F, {
      scope: "team",
      team_id: "football-north",
      competition_id: "football-league",
      stats: { goals: "three" },
    }),
    field: "data.stats.goals",
    code: "invalid_message",
  },
];

for (const dialect of DIALECTS) {
  describe(`feed rejections on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: LiveTestApp;
    before(async () => {
      t = await createLiveApp(dialect);
      await feedApplied(t, [
        ...leagueMessages(F),
        ...leagueMessages("basketball", "bb-1"),
        fixture({ id: "fx-2" }),
        fixture({ id: "fx-done" }),
        status("fx-done", "live"),
        status("fx-done", "finished"),
        status("fx-1", "live"),
        event({ event_id: "g1", type: "goal", team: "home", minute: 5 }),
        odds({ "1": 2, X: 3.2, "2": 3.8 }),
      ]);
    });
    after(async () => {
      await t?.dispose();
    });

    for (const c of CASES) {
      test(`refused, nothing changes: ${c.name}`, async () => {
        const before = await tableSnapshot(t.store);
        const published = t.published.length;
        // As a JSON array, so a message that is not an object is an element, not the body.
        const answer = await t.feed(JSON.stringify([c.message]), "application/json");
        assert.equal(answer.status, 200);
        const report = answer.body.data;
        assert.deepEqual([report.received, report.applied, report.rejected], [1, 0, 1]);
        assert.equal(report.events, 0);
        const [result] = report.results;
        assert.equal(result?.index, 0);
        assert.equal(result?.status, "rejected");
        const id = (c.message as { id?: unknown }).id;
        assert.equal(result?.id, typeof id === "string" ? id : null);
        assert.equal(result?.error?.field, c.field, result?.error?.message);
        assert.equal(result?.error?.code, c.code, result?.error?.message);
        assert.ok((result?.error?.message ?? "").length > 10, "a reason a producer can act on");
        assert.deepEqual(await tableSnapshot(t.store), before);
        assert.equal(t.published.length, published, "no event published");
      });
    }

    test("the allowed moves around the refused ones apply, with their reason", async () => {
      const published = t.published.length;
      const answer = await t.feed([
        status("fx-2", "postponed", { reason: "waterlogged pitch" }),
        status("fx-2", "scheduled"),
        status("fx-2", "live"),
        status("fx-2", "interrupted", { reason: "floodlight failure" }),
        status("fx-2", "live", { period: "halftime" }),
      ]);
      assert.equal(answer.body.data.rejected, 0, JSON.stringify(answer.body.data.results));
      const updates = t.published
        .slice(published)
        .filter((e) => e.type === "fixture.updated")
        .map((e) => [e.payload.previous_status, e.payload.status, e.payload.reason ?? null]);
      assert.deepEqual(updates, [
        ["scheduled", "postponed", "waterlogged pitch"],
        ["postponed", "scheduled", null],
        ["scheduled", "live", null],
        ["live", "interrupted", "floodlight failure"],
        ["interrupted", "live", null],
      ]);
    });

    test("a bad message between good ones: the good ones apply, sequences have no gap", async () => {
      const events = await t.store.db.selectFrom("match_events").select("id").execute();
      const published = t.published.length;
      const answer = await t.feed([
        event({ type: "yellow_card", team: "away", minute: 20 }),
        event({ type: "goal", team: "nobody", minute: 21 }),
        msg("status", F, { fixture_id: "fx-1", status: "live", minute: "22" }),
        event({ type: "goal", team: "away", minute: 23 }),
      ]);
      assert.deepEqual(
        answer.body.data.results.map((r) => [r.index, r.status, r.error?.field ?? null]),
        [
          [0, "applied", null],
          [1, "rejected", "data.team"],
          [2, "rejected", "data.minute"],
          [3, "applied", null],
        ],
      );
      const fresh = t.published.slice(published);
      assert.deepEqual(
        fresh.map((e) => e.type),
        ["match.live.event", "match.live.event", "match.goal"],
      );
      const first = fresh[0]?.sequence ?? 0;
      assertEventBasics(fresh, first);
      assert.equal(fresh[2]?.payload.score_text, "1-1");
      const now = await t.store.db.selectFrom("match_events").select("id").execute();
      assert.equal(now.length, events.length + 2);
    });

    test("NDJSON with a line that is not JSON: that line is reported, the others apply", async () => {
      const before = await t.store.db.selectFrom("odds").selectAll().execute();
      const lines = [
        JSON.stringify(odds({ "1": 2.02 })),
        '{"id": "broken", "type": "odds", ',
        "",
        JSON.stringify(odds({ X: 3.3 })),
      ].join("\n");
      const answer = await t.feed(lines, "application/x-ndjson");
      assert.equal(answer.status, 200);
      const report = answer.body.data;
      assert.deepEqual([report.received, report.applied, report.rejected], [3, 2, 1]);
      const bad = report.results[1];
      assert.equal(bad?.index, 1);
      assert.equal(bad?.status, "rejected");
      assert.equal(bad?.id, null);
      assert.equal(bad?.error?.field, "");
      assert.equal(bad?.error?.code, "invalid_message");
      assert.match(bad?.error?.message ?? "", /line 2 is not valid JSON/);
      assert.equal(report.results[2]?.index, 2, "blank lines do not count");
      const after = await t.store.db
        .selectFrom("odds")
        .selectAll()
        .where("fixture_id", "=", "fx-1")
        .execute();
      const price = (selection: string) => after.find((r) => r.selection === selection)?.price;
      assert.equal(price("home"), 2.02);
      assert.equal(price("draw"), 3.3);
      assert.equal(after.length, before.filter((r) => r.fixture_id === "fx-1").length);
    });

    test("a refused message's id is not spent: the corrected message applies", async () => {
      const bad = await t.feed([msg("event", F, { fixture_id: "fx-1", type: "corner" }, "fix-me")]);
      assert.equal(bad.body.data.results[0]?.status, "rejected");
      const good = await t.feed([
        msg("event", F, { fixture_id: "fx-1", type: "red_card", team: "home" }, "fix-me"),
      ]);
      assert.equal(good.body.data.results[0]?.status, "applied");
    });

    test("an unreadable body is a 400 naming the body, and changes nothing", async () => {
      const before = await tableSnapshot(t.store);
      const bodies: Array<[string, string | undefined]> = [
        ["", "application/json"],
        ["", "application/x-ndjson"],
        ["", undefined],
        ["  \n\n ", "text/plain"],
        ["this is not JSON", "application/json"],
        ["not\njson\neither", "application/x-ndjson"],
        ['[{"id": "a", "type": "status"', "application/json"],
        ["42", "application/json"],
        ['"a string"', "application/json"],
      ];
      for (const [payload, contentType] of bodies) {
        const response = await t.rawInject({
          method: "POST",
          url: "/admin/v1/feed",
          headers: {
            authorization: `Bearer ${ADMIN_TOKEN}`,
            ...(contentType ? { "content-type": contentType } : {}),
          },
          payload,
        });
        const label = JSON.stringify(payload);
        assert.equal(response.statusCode, 400, `${label}: ${response.body}`);
        const body = response.json();
        assert.equal(body.data, null);
        assert.equal(body.error.code, "invalid_parameter");
        assert.equal(body.error.status, 400);
        assert.equal(body.error.field, "body", label);
        assert.equal(body.errors[0].field, "body", label);
        assert.match(body.meta.request_id, /^req_/);
      }
      assert.deepEqual(await tableSnapshot(t.store), before);
    });

    test("the admin token: missing or wrong is a 401, an API key is not an admin token", async () => {
      const before = await tableSnapshot(t.store);
      const body = JSON.stringify(status("fx-1", "finished"));
      for (const authorization of [
        undefined,
        "Bearer wrong-token",
        `Bearer ${t.key}`,
        ADMIN_TOKEN,
      ]) {
        const response = await t.rawInject({
          method: "POST",
          url: "/admin/v1/feed",
          headers: {
            "content-type": "application/json",
            ...(authorization ? { authorization } : {}),
          },
          payload: body,
        });
        assert.equal(response.statusCode, 401, String(authorization));
        assert.equal(response.json().error.code, "invalid_api_key");
      }
      assert.deepEqual(await tableSnapshot(t.store), before);
    });
  });

  describe(`feed route without an admin token on ${dialect}`, {
    skip: unavailable(dialect),
  }, () => {
    test("no SCORELINE_ADMIN_TOKEN: the route does not exist (404)", async () => {
      const t = await createTestApp(dialect);
      try {
        const response = await t.rawInject({
          method: "POST",
          url: "/admin/v1/feed",
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
          payload: JSON.stringify(statusMsg(F, "fx-1", "live")),
        });
        assert.equal(response.statusCode, 404);
        assert.equal(response.json().error.code, "not_found");
      } finally {
        await t.dispose();
      }
    });
  });
}
