/**
 * The live engine beyond football, once per dialect, through the feed and the REST API:
 * basketball (quarters, the module's points events, overtime), tennis (sets from `set_end`
 * events with their games), combat sports (rounds, a knockdown, a finish), and the field sports
 * horse racing and golf (participants instead of teams, `result.text` required to finish).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { DomainEvent } from "../../src/events/domain-event.js";
import { eventMsg, fieldMessages, leagueMessages, statusMsg } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import {
  assertBusMatchesLog,
  assertEventBasics,
  createLiveApp,
  eventLog,
  feedApplied,
  getBody,
  type LiveTestApp,
} from "./feed-helpers.js";

const HOME = "Northbridge Rovers";
const AWAY = "Southmere Athletic";
const types = (events: readonly DomainEvent[]) => events.map((e) => e.type);
const last = (events: readonly DomainEvent[], type: string) => {
  const found = events.findLast((e) => e.type === type);
  assert.ok(found, `a ${type} event`);
  return found.payload;
};
const FINISH = ["fixture.updated", "match.finished", "fixture.finished"];

for (const dialect of DIALECTS) {
  describe(`other sports by feed on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: LiveTestApp;
    before(async () => {
      t = await createLiveApp(dialect);
    });
    after(async () => {
      await t?.dispose();
    });

    const resultOf = async (sport: string, fixtureId: string) => {
      const body = await getBody(t, `/v1/${sport}/results?per_page=100`);
      const found = body.data.find((r: { fixture_id: string }) => r.fixture_id === fixtureId);
      assert.ok(found, `${fixtureId} is in the ${sport} results`);
      return found;
    };

    test("basketball: quarters, 2/3/1-point events, overtime; the table ranks by win %", async () => {
      const sport = "basketball";
      const status = (period: string) => statusMsg(sport, "bb-1", "live", { period });
      const points = (type: string, team: string) => eventMsg(sport, "bb-1", { type, team });
      await feedApplied(t, leagueMessages(sport, "bb-1"));
      const start = await feedApplied(t, [statusMsg(sport, "bb-1", "live")]);
      assert.deepEqual(types(start), ["match.started", "fixture.updated"]);
      assert.equal(last(start, "match.started").period, "1st_quarter");

      const play = await feedApplied(t, [
        points("two_pointer", "home"),
        points("three_pointer", "away"),
        points("free_throw", "home"),
        status("quarter_break"),
        status("2nd_quarter"),
        points("two_pointer", "away"),
        status("halftime"),
        status("3rd_quarter"),
        points("three_pointer", "home"),
        status("4th_quarter"),
        points("two_pointer", "away"),
        eventMsg(sport, "bb-1", { type: "timeout", team: "home" }),
        points("free_throw", "home"),
      ]);
      assert.equal(play.filter((e) => e.type === "match.goal").length, 7);
      assert.equal(play.filter((e) => e.type === "match.live.event").length, 8);
      const [tied] = (await getBody(t, `/v1/${sport}/matches/live`)).data;
      assert.equal(tied.score, "7-7");
      assert.equal(tied.period, "4th_quarter");

      await feedApplied(t, [status("overtime"), points("three_pointer", "home")]);
      const end = await feedApplied(t, [
        statusMsg(sport, "bb-1", "finished", { decided_by: "overtime" }),
      ]);
      assert.deepEqual(types(end), FINISH);
      assert.equal(last(end, "match.finished").final_score, "10-7");
      assert.deepEqual(last(end, "fixture.finished").final_score, { home: 10, away: 7 });

      const result = await resultOf(sport, "bb-1");
      assert.deepEqual(result.final_score, { home: 10, away: 7 });
      assert.equal(result.result.decided_by, "overtime");
      assert.equal(result.result.outcome, "home");
      assert.deepEqual(result.score.periods, [
        { period: "1st_quarter", home: 3, away: 3 },
        { period: "2nd_quarter", home: 0, away: 2 },
        { period: "3rd_quarter", home: 3, away: 0 },
        { period: "4th_quarter", home: 1, away: 2 },
        { period: "overtime", home: 3, away: 0 },
      ]);
      const table = await getBody(t, `/v1/${sport}/standings?league=test-basketball-league`);
      assert.deepEqual(
        table.data.map((r: Record<string, unknown>) => [r.team, r.won, r.lost, r.win_pct]),
        [
          [HOME, 1, 0, 1],
          [AWAY, 0, 1, 0],
        ],
      );
    });

    test("tennis: each set_end adds a set with its games; the result comes from sets won", async () => {
      const sport = "tennis";
      const setEnd = (team: string, games: [number, number], extra = {}) =>
        eventMsg(sport, "tn-1", {
          type: "set_end",
          team,
          detail: { games: { home: games[0], away: games[1] }, ...extra },
        });
      const set = (period: string) => statusMsg(sport, "tn-1", "live", { period });
      await feedApplied(t, leagueMessages(sport, "tn-1"));
      const start = await feedApplied(t, [statusMsg(sport, "tn-1", "live")]);
      assert.equal(last(start, "match.started").period, "set_1");
      assert.deepEqual(last(start, "match.started").score, { home: 0, away: 0, sets: [] });

      const first = await feedApplied(t, [
        eventMsg(sport, "tn-1", { type: "ace", team: "home" }),
        setEnd("home", [6, 4]),
      ]);
      assert.deepEqual(types(first), ["match.live.event", "match.live.event", "match.goal"]);
      assert.deepEqual(last(first, "match.goal").score, {
        home: 1,
        away: 0,
        sets: [{ home: 6, away: 4 }],
      });
      await feedApplied(t, [
        set("set_2"),
        eventMsg(sport, "tn-1", { type: "break_of_serve", team: "away" }),
        setEnd("away", [3, 6]),
      ]);
      const [level] = (await getBody(t, `/v1/${sport}/live-scores`)).data;
      assert.equal(level.score, "1-1");
      assert.equal(level.period, "set_2");

      await feedApplied(t, [
        set("set_3"),
        setEnd("home", [7, 6], { tiebreak: { home: 7, away: 5 } }),
      ]);
      const end = await feedApplied(t, [statusMsg(sport, "tn-1", "finished")]);
      assert.deepEqual(types(end), FINISH);
      assert.equal(last(end, "match.finished").final_score, "2-1");
      const sets = [
        { home: 6, away: 4 },
        { home: 3, away: 6 },
        { home: 7, away: 6, tiebreak: { home: 7, away: 5 } },
      ];
      assert.deepEqual(last(end, "fixture.finished").score, { home: 2, away: 1, sets });

      const result = await resultOf(sport, "tn-1");
      assert.deepEqual(result.final_score, { home: 2, away: 1 });
      assert.deepEqual(result.score.sets, sets);
      assert.equal(result.result.outcome, "home");
      assert.equal(result.result.winner_team_id, "tennis-north");
    });

    test("combat sports: rounds, a knockdown and a TKO finish decide the fight", async () => {
      const sport = "combat-sports";
      const round = (period: string) => statusMsg(sport, "cs-1", "live", { period });
      await feedApplied(t, leagueMessages(sport, "cs-1"));
      await feedApplied(t, [
        statusMsg(sport, "cs-1", "live"),
        eventMsg(sport, "cs-1", { type: "knockdown", team: "away", minute: 2 }),
        round("round_break"),
        round("round_2"),
        eventMsg(sport, "cs-1", {
          type: "finish",
          team: "home",
          detail: { method: "tko", round: 2, time: "1:23" },
        }),
      ]);
      // A fight is decided by a method, not "regulation": the default is refused.
      const refused = await t.feed([statusMsg(sport, "cs-1", "finished")]);
      assert.equal(refused.body.data.results[0]?.error?.field, "data.decided_by");
      const end = await feedApplied(t, [
        statusMsg(sport, "cs-1", "finished", { decided_by: "tko" }),
      ]);
      assert.deepEqual(types(end), FINISH);
      assert.equal(last(end, "match.finished").final_score, "1-0");

      const result = await resultOf(sport, "cs-1");
      assert.deepEqual(result.final_score, { home: 1, away: 0 });
      assert.equal(result.result.decided_by, "tko");
      assert.equal(result.result.outcome, "home");
      assert.deepEqual(result.score, {
        home: 1,
        away: 0,
        knockdowns: { home: 0, away: 1 },
        method: "tko",
        round: 2,
        time: "1:23",
      });
    });

    test("horse racing: a field of runners, running order updates, result.text to finish", async () => {
      const sport = "horse-racing";
      const runners = [
        {
          runner_id: "r1",
          horse: "Dancing Brave",
          jockey: "P. Eddery",
          trainer: "G. Harwood",
          draw: 3,
        },
        { runner_id: "r2", horse: "Shergar", jockey: "W. Swinburn", trainer: "M. Stoute", draw: 1 },
        { runner_id: "r3", horse: "Arkle", jockey: "P. Taaffe", trainer: "T. Dreaper", draw: 2 },
      ];
      await feedApplied(t, fieldMessages(sport, "hr-1", runners));
      const fixture = (await getBody(t, `/v1/${sport}/fixtures/hr-1`)).data;
      assert.equal(fixture.home_team, null);
      assert.equal(fixture.away_team, null);
      assert.deepEqual(fixture.participants, runners);

      const start = await feedApplied(t, [
        statusMsg(sport, "hr-1", "live"),
        eventMsg(sport, "hr-1", { type: "race_start", minute: 0 }),
      ]);
      assert.deepEqual(types(start), ["match.started", "fixture.updated", "match.live.event"]);
      assert.equal(last(start, "match.started").period, "running");
      assert.equal(last(start, "match.started").score, null);

      const order = runners.map((r, i) => ({ ...r, position: i + 1 }));
      const running = await feedApplied(t, [
        statusMsg(sport, "hr-1", "live", { participants: order, minute: 3 }),
      ]);
      assert.deepEqual(types(running), ["fixture.updated"]);
      assert.deepEqual(last(running, "fixture.updated").changes, ["participants"]);
      assert.deepEqual(last(running, "fixture.updated").participants, order);
      const [racing] = (await getBody(t, `/v1/${sport}/matches/live`)).data;
      assert.equal(racing.match, "14:30 Handicap Chase");
      assert.equal(racing.period, "running");
      assert.equal(racing.score, null);
      assert.deepEqual(racing.participants, order);

      // Finishing without saying who won is refused and leaves the race live.
      const refused = await t.feed([statusMsg(sport, "hr-1", "finished")]);
      assert.equal(refused.body.data.results[0]?.error?.field, "data.result.text");
      assert.equal((await getBody(t, `/v1/${sport}/fixtures/hr-1`)).data.status, "live");

      const placed = [order[1], order[0], order[2]].map((r, i) => ({ ...r, position: i + 1 }));
      const end = await feedApplied(t, [
        statusMsg(sport, "hr-1", "finished", {
          decided_by: "photo_finish",
          participants: placed,
          result: { text: "Shergar wins by a short head", winner_participant_id: "r2" },
        }),
      ]);
      assert.deepEqual(types(end), FINISH);
      assert.equal(last(end, "match.finished").final_score, "Shergar wins by a short head");
      assert.deepEqual(last(end, "fixture.finished").final_score, { home: null, away: null });
      assert.deepEqual(last(end, "fixture.finished").participants, placed);

      const result = await resultOf(sport, "hr-1");
      assert.equal(result.final_score, null);
      assert.equal(result.result.text, "Shergar wins by a short head");
      assert.equal(result.result.decided_by, "photo_finish");
      assert.equal(result.result.winner_participant_id, "r2");
      assert.deepEqual(result.participants, placed);
      assert.deepEqual((await getBody(t, `/v1/${sport}/matches/live`)).data, []);
    });

    test("golf: rounds in order, leaderboards with events, the winner in result.text", async () => {
      const sport = "golf";
      const board = (scores: [number, number]) => [
        {
          player_id: "g1",
          name: "Ana Fairway",
          position: scores[0] <= scores[1] ? 1 : 2,
          to_par: scores[0],
        },
        {
          player_id: "g2",
          name: "Ben Bunker",
          position: scores[0] <= scores[1] ? 2 : 1,
          to_par: scores[1],
        },
      ];
      await feedApplied(t, fieldMessages(sport, "gf-1", board([0, 0])));
      const start = await feedApplied(t, [statusMsg(sport, "gf-1", "live")]);
      assert.equal(last(start, "match.started").period, "round_1");
      const birdie = await feedApplied(t, [
        eventMsg(sport, "gf-1", {
          type: "birdie",
          detail: { player_id: "g2", hole: 4 },
          participants: board([0, -1]),
        }),
      ]);
      assert.deepEqual(types(birdie), ["match.live.event"]);
      assert.deepEqual(last(birdie, "match.live.event").participants, board([0, -1]));
      const rounds = await feedApplied(t, [
        statusMsg(sport, "gf-1", "live", { period: "round_2" }),
        statusMsg(sport, "gf-1", "live", { period: "round_3" }),
        statusMsg(sport, "gf-1", "live", { period: "round_4" }),
      ]);
      assert.deepEqual(
        rounds.map((e) => e.payload.period),
        ["round_2", "round_3", "round_4"],
      );
      const end = await feedApplied(t, [
        statusMsg(sport, "gf-1", "finished", {
          participants: board([-2, -1]),
          result: { text: "Ana Fairway wins at -2" },
        }),
      ]);
      assert.deepEqual(types(end), FINISH);
      assert.equal(last(end, "match.finished").final_score, "Ana Fairway wins at -2");
      const fixture = (await getBody(t, `/v1/${sport}/fixtures/gf-1`)).data;
      assert.equal(fixture.status, "finished");
      assert.equal(fixture.result.text, "Ana Fairway wins at -2");
      assert.deepEqual(fixture.participants, board([-2, -1]));
    });

    test("every sport's events: sequences by one per fixture, the bus equal to the log", async () => {
      assertEventBasics(t.published);
      assertBusMatchesLog(t.published, await eventLog(t.store));
      const sports = new Set(t.published.map((e) => e.sport));
      assert.deepEqual([...sports].sort(), [
        "basketball",
        "combat-sports",
        "golf",
        "horse-racing",
        "tennis",
      ]);
    });
  });
}
