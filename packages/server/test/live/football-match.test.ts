/**
 * A whole football match told by feed messages through POST /admin/v1/feed, once per dialect:
 * line-ups and opening odds, kick-off, goals (an own goal and a penalty among them), a card, a
 * substitution, half-time and the second half, a goal disallowed by VAR and one corrected, odds
 * moving in play, the final whistle. Each step checks the domain events it produced and the REST
 * views at that moment; the last ones check the whole event log, results and standings.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { DomainEvent } from "../../src/events/domain-event.js";
import { manualClock } from "../helpers/clock.js";
import {
  eventMsg,
  leagueMessages,
  msg,
  oddsMsg,
  playerMessages,
  statusMsg,
} from "../helpers/feed-messages.js";
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

const SPORT = "football";
const FX = "fx-1";
const HOME = "Northbridge Rovers";
const AWAY = "Southmere Athletic";
const status = (value: string, extra: Record<string, unknown> = {}) =>
  statusMsg(SPORT, FX, value, extra);
const event = (data: Record<string, unknown>) => eventMsg(SPORT, FX, data);
const odds = (prices: Record<string, number>) => oddsMsg(SPORT, FX, prices);

const types = (events: readonly DomainEvent[]) => events.map((e) => e.type);
const payload = (events: readonly DomainEvent[], i: number) => {
  const e = events[i];
  assert.ok(e, `event ${i} exists`);
  return e.payload;
};

for (const dialect of DIALECTS) {
  describe(`football match by feed on ${dialect}`, { skip: unavailable(dialect) }, () => {
    const time = manualClock("2026-11-21T14:00:00Z");
    let t: LiveTestApp;
    let leagueSlug: string;
    before(async () => {
      t = await createLiveApp(dialect, { clock: time });
      await feedApplied(t, [
        ...leagueMessages(SPORT),
        ...playerMessages(SPORT, [
          { id: "football-n10", name: "Cy Playmaker", side: "north", position: "MF" },
          { id: "football-n14", name: "Dee Supersub", side: "north", position: "FW" },
          { id: "football-s4", name: "Eli Stopper", side: "south", position: "DF" },
        ]),
      ]);
      const league = await t.store.db
        .selectFrom("competitions")
        .select("slug")
        .where("id", "=", `${SPORT}-league`)
        .executeTakeFirstOrThrow();
      leagueSlug = league.slug;
    });
    after(async () => {
      await t?.dispose();
    });

    const live = async () => (await getBody(t, `/v1/${SPORT}/matches/live`)).data;
    const detail = async () => (await getBody(t, `/v1/${SPORT}/fixtures/${FX}`)).data;

    test("before kick-off: line-ups and opening odds are fixture events; nothing is live", async () => {
      const events = await feedApplied(t, [
        msg("lineup", SPORT, {
          fixture_id: FX,
          team_id: `${SPORT}-north`,
          formation: "4-3-3",
          starters: [{ player_id: "football-n9" }, { player_id: "football-n10" }],
          substitutes: [{ player_id: "football-n14" }],
        }),
        msg("lineup", SPORT, {
          fixture_id: FX,
          team_id: `${SPORT}-south`,
          starters: [{ player_id: "football-s9" }, { player_id: "football-s4" }],
        }),
        odds({ "1": 2.1, X: 3.4, "2": 3.6 }),
      ]);
      assert.deepEqual(types(events), ["fixture.updated", "fixture.updated", "odds.changed"]);
      assert.deepEqual(payload(events, 0).changes, ["lineups"]);
      const opening = payload(events, 2);
      assert.equal(opening.market, "1x2");
      assert.equal(opening.bookmaker, "bet-one");
      assert.equal(opening.is_live, false);
      const bySelection = (opening.prices as Array<{ selection: string }>).toSorted((a, b) =>
        a.selection.localeCompare(b.selection),
      );
      assert.deepEqual(bySelection, [
        { selection: "away", price: 3.6, previous_price: null, opening_price: 3.6 },
        { selection: "draw", price: 3.4, previous_price: null, opening_price: 3.4 },
        { selection: "home", price: 2.1, previous_price: null, opening_price: 2.1 },
      ]);

      const lineups = await getBody(t, `/v1/${SPORT}/lineups/${FX}`);
      assert.equal(lineups.data.home.formation, "4-3-3");
      assert.deepEqual(
        lineups.data.home.starters.map((p: { name: string }) => p.name),
        ["Ada Striker", "Cy Playmaker"],
      );
      const scores = await getBody(t, `/v1/${SPORT}/live-scores`);
      assert.deepEqual(scores.data, []);
      assert.match(scores.meta.updated_at, /Z$/);
      const fixture = await detail();
      assert.equal(fixture.status, "scheduled");
      assert.equal(fixture.score, null);
      assert.equal(fixture.sequence, 3);
    });

    test("kick-off: match.started, the match is live at 0-0 in the 1st half", async () => {
      time.set("2026-11-21T15:00:00Z");
      const events = await feedApplied(t, [status("live")]);
      assert.deepEqual(types(events), ["match.started", "fixture.updated"]);
      const started = payload(events, 0);
      assert.equal(started.fixture_id, FX);
      assert.equal(started.home_team, HOME);
      assert.equal(started.away_team, AWAY);
      assert.equal(started.period, "1st_half");
      assert.deepEqual(started.score, { home: 0, away: 0 });
      assert.equal(started.timestamp, "2026-11-21T15:00:00Z");
      const updated = payload(events, 1);
      assert.deepEqual(updated.changes, ["status", "period"]);
      assert.equal(updated.previous_status, "scheduled");
      assert.equal(updated.status, "live");

      for (const path of ["matches/live", "live-scores"]) {
        const body = await getBody(t, `/v1/${SPORT}/${path}`);
        assert.equal(body.meta.updated_at, "2026-11-21T15:00:00Z");
        assert.equal(body.data.length, 1);
        const item = body.data[0];
        assert.equal(item.fixture_id, FX);
        assert.equal(item.match, `${HOME} vs ${AWAY}`);
        assert.equal(item.score, "0-0");
        assert.equal(item.status, "live");
        assert.equal(item.period, "1st_half");
        assert.equal(item.minute, 0);
        assert.equal(item.sequence, 5);
      }
    });

    test("first half: a goal, a card, an own goal, then half-time with the half-time score", async () => {
      time.set("2026-11-21T15:46:00Z");
      const events = await feedApplied(t, [
        event({ event_id: "g1", type: "goal", team: "home", minute: 12, player_id: "football-n9" }),
        event({
          type: "yellow_card",
          team: `${SPORT}-south`,
          minute: 20,
          player_id: "football-s4",
        }),
        // An own goal counts for the side that benefits; the player is the defender who scored it.
        event({
          event_id: "g2",
          type: "own_goal",
          team: "home",
          minute: 31,
          player_id: "football-s4",
        }),
        event({ type: "period_end", minute: 45 }),
        status("live", { period: "halftime", minute: 45 }),
      ]);
      assert.deepEqual(types(events), [
        "match.live.event",
        "match.goal",
        "match.live.event",
        "match.live.event",
        "match.goal",
        "match.live.event",
        "fixture.updated",
      ]);
      const goal = payload(events, 1);
      assert.equal(goal.type, "goal");
      assert.equal(goal.team, HOME);
      assert.equal(goal.player_id, "football-n9");
      assert.equal(goal.minute, 12);
      assert.deepEqual(goal.score, { home: 1, away: 0 });
      const card = payload(events, 2);
      assert.equal(card.type, "yellow_card");
      assert.equal(card.team, AWAY);
      assert.equal(card.minute, 20);
      assert.equal(card.fixture_id, FX);
      assert.match(String(card.signature), /^sha256=[0-9a-f]{64}$/);
      const ownGoal = payload(events, 4);
      assert.equal(ownGoal.type, "own_goal");
      assert.equal(ownGoal.team, HOME);
      assert.deepEqual(ownGoal.score, { home: 2, away: 0 });
      assert.deepEqual(payload(events, 6).changes, ["period"]);

      const fixture = await detail();
      assert.equal(fixture.status, "live");
      assert.equal(fixture.period, "halftime");
      assert.equal(fixture.minute, 45);
      assert.deepEqual(fixture.score, { home: 2, away: 0, halftime: { home: 2, away: 0 } });
      assert.deepEqual(fixture.last_event, { type: "own_goal", team: HOME, minute: 31 });
      const [item] = await live();
      assert.equal(item.score, "2-0");
      assert.equal(item.period, "halftime");
    });

    test("second half: a penalty, a substitution, a goal disallowed by VAR", async () => {
      time.set("2026-11-21T16:30:00Z");
      const events = await feedApplied(t, [
        status("live", { period: "2nd_half", minute: 46 }),
        event({
          event_id: "g3",
          type: "penalty_goal",
          team: "away",
          minute: 55,
          player_id: "football-s9",
        }),
        event({
          type: "substitution",
          team: "home",
          minute: 60,
          player_id: "football-n14",
          related_player_id: "football-n10",
        }),
        event({ event_id: "g4", type: "goal", team: "away", minute: 70, player_id: "football-s9" }),
      ]);
      assert.deepEqual(types(events), [
        "fixture.updated",
        "match.live.event",
        "match.goal",
        "match.live.event",
        "match.live.event",
        "match.goal",
      ]);
      assert.equal(payload(events, 2).type, "penalty_goal");
      assert.deepEqual(payload(events, 2).score, {
        home: 2,
        away: 1,
        halftime: { home: 2, away: 0 },
      });
      assert.equal(payload(events, 3).related_player_id, "football-n10");
      assert.equal((await live())[0].score, "2-2");

      time.set("2026-11-21T16:32:00Z");
      const var_ = await feedApplied(t, [
        event({ type: "var_review", team: "away", minute: 71 }),
        event({ action: "retract", event_id: "g4" }),
      ]);
      assert.deepEqual(types(var_), ["match.live.event", "match.live.event", "fixture.updated"]);
      const retracted = payload(var_, 1);
      assert.equal(retracted.action, "retracted");
      assert.equal(retracted.type, "goal");
      assert.equal(retracted.team, AWAY);
      assert.equal(retracted.minute, 70);
      assert.deepEqual(retracted.score, { home: 2, away: 1, halftime: { home: 2, away: 0 } });
      assert.notEqual(retracted.signature, payload(events, 4).signature);
      assert.deepEqual(payload(var_, 2).changes, ["score"]);
      const [item] = await live();
      assert.equal(item.score, "2-1");
      assert.equal(item.minute, 71);
      // The last goal is the penalty again: the disallowed one is no longer the last event.
      assert.deepEqual(item.last_event, { type: "penalty_goal", team: AWAY, minute: 55 });
    });

    test("a goal corrected: the scorer and minute change, the score does not", async () => {
      time.set("2026-11-21T16:40:00Z");
      const events = await feedApplied(t, [
        event({
          event_id: "g5",
          type: "goal",
          team: "home",
          minute: 78,
          player_id: "football-n10",
        }),
        event({ action: "correct", event_id: "g5", player_id: "football-n9", minute: 79 }),
      ]);
      assert.deepEqual(types(events), ["match.live.event", "match.goal", "match.live.event"]);
      const corrected = payload(events, 2);
      assert.equal(corrected.action, "corrected");
      assert.equal(corrected.player_id, "football-n9");
      assert.equal(corrected.minute, 79);
      assert.equal(corrected.match_event_id, payload(events, 0).match_event_id);
      assert.deepEqual(corrected.score, { home: 3, away: 1, halftime: { home: 2, away: 0 } });
      const [item] = await live();
      assert.equal(item.score, "3-1");
      assert.deepEqual(item.last_event, { type: "goal", team: HOME, minute: 79 });
    });

    test("odds in play: a small move is only odds.changed, a 5 % move is also odds.moved", async () => {
      time.set("2026-11-21T16:42:00Z");
      const small = await feedApplied(t, [odds({ "1": 2.05, X: 3.4, "2": 3.6 })]);
      assert.deepEqual(types(small), ["odds.changed"]);
      assert.equal(payload(small, 0).is_live, true);
      assert.deepEqual(payload(small, 0).prices, [
        { selection: "home", price: 2.05, previous_price: 2.1, opening_price: 2.1 },
      ]);

      // 2.1 → 1.3 measured from the opening price: −38 %.
      const big = await feedApplied(t, [odds({ "1": 1.3 })]);
      assert.deepEqual(types(big), ["odds.changed", "odds.moved"]);
      const moved = payload(big, 1);
      assert.equal(moved.market, "1x2");
      assert.equal(moved.threshold, 0.05);
      assert.equal(moved.change, -0.381);
      assert.deepEqual(moved.moves, [
        { selection: "home", price: 1.3, previous_price: 2.1, change: -0.381 },
      ]);

      // The reference is now 1.3: 1.28 is a 1.5 % move, and an unchanged price is no event.
      const after = await feedApplied(t, [odds({ "1": 1.28 }), odds({ "1": 1.28, X: 3.4 })]);
      assert.deepEqual(types(after), ["odds.changed"]);
      const oddsRows = await t.store.db
        .selectFrom("odds")
        .select(["selection", "price", "opening_price"])
        .where("fixture_id", "=", FX)
        .orderBy("selection")
        .execute();
      assert.deepEqual(
        oddsRows.map((r) => [r.selection, Number(r.price), Number(r.opening_price)]),
        [
          ["away", 3.6, 3.6],
          ["draw", 3.4, 3.4],
          ["home", 1.28, 2.1],
        ],
      );
    });

    test("final whistle: match.finished and fixture.finished; the match leaves the live list", async () => {
      time.set("2026-11-21T16:55:00Z");
      const events = await feedApplied(t, [status("finished", { minute: 90 })]);
      assert.deepEqual(types(events), ["fixture.updated", "match.finished", "fixture.finished"]);
      const finished = payload(events, 1);
      assert.equal(finished.match_id, FX);
      assert.equal(finished.final_score, "3-1");
      assert.equal((finished.result as { outcome: string }).outcome, "home");
      const fixtureFinished = payload(events, 2);
      assert.equal(fixtureFinished.fixture_id, FX);
      assert.deepEqual(fixtureFinished.final_score, { home: 3, away: 1 });

      for (const path of ["matches/live", "live-scores"]) {
        const body = await getBody(t, `/v1/${SPORT}/${path}`);
        assert.deepEqual(body.data, []);
        assert.equal(body.meta.updated_at, "2026-11-21T16:55:00Z");
      }
      const fixture = await detail();
      assert.equal(fixture.status, "finished");
      // A finished fixture leaves the in-play period and minute behind (ADR-0043).
      assert.equal(fixture.minute, null);
      assert.equal(fixture.period, null);
      assert.deepEqual(fixture.score, { home: 3, away: 1, halftime: { home: 2, away: 0 } });
      assert.equal(fixture.result.outcome, "home");
      assert.equal(fixture.result.winner_team_id, `${SPORT}-north`);
      assert.equal(fixture.result.decided_by, "regulation");
      assert.equal(fixture.updated_at, "2026-11-21T16:55:00Z");
    });

    test("the event log: every event in order, sequences by one, the bus equal to the table", async () => {
      const log = await eventLog(t.store);
      assertBusMatchesLog(t.published, log);
      assertEventBasics(t.published);
      assert.deepEqual(
        log.map((e) => e.type),
        [
          ...["fixture.updated", "fixture.updated", "odds.changed"],
          ...["match.started", "fixture.updated"],
          ...["match.live.event", "match.goal", "match.live.event", "match.live.event"],
          ...["match.goal", "match.live.event", "fixture.updated"],
          ...["fixture.updated", "match.live.event", "match.goal", "match.live.event"],
          ...["match.live.event", "match.goal"],
          ...["match.live.event", "match.live.event", "fixture.updated"],
          ...["match.live.event", "match.goal", "match.live.event"],
          ...["odds.changed", "odds.changed", "odds.moved", "odds.changed"],
          ...["fixture.updated", "match.finished", "fixture.finished"],
        ],
      );
      for (const e of log.filter((e) => e.type === "match.live.event")) {
        for (const field of ["fixture_id", "type", "team", "minute", "signature"]) {
          assert.ok(field in e.payload, `match.live.event has ${field}`);
        }
      }
      const fixture = await detail();
      assert.equal(fixture.sequence, log.at(-1)?.sequence);
      assert.equal(log.at(-1)?.sequence, log.length);
    });

    test("play-by-play at both paths: sequences, the retracted goal, the corrected one", async () => {
      const body = await getBody(t, `/v1/${SPORT}/fixtures/${FX}/events`);
      const alias = await getBody(t, `/v1/${SPORT}/events/${FX}`);
      assert.deepEqual(alias.data, body.data);
      assert.match(body.meta.updated_at, /Z$/);
      const events = body.data as Array<Record<string, unknown>>;
      assert.deepEqual(
        events.map((e) => [e.type, e.minute, e.state]),
        [
          ["goal", 12, "active"],
          ["yellow_card", 20, "active"],
          ["own_goal", 31, "active"],
          ["period_end", 45, "active"],
          ["penalty_goal", 55, "active"],
          ["substitution", 60, "active"],
          ["goal", 70, "retracted"],
          ["var_review", 71, "active"],
          ["goal", 79, "active"],
        ],
      );
      // Each match event keeps the sequence of the match.live.event that added it.
      const added = (await eventLog(t.store)).filter(
        (e) => e.type === "match.live.event" && e.payload.action === "added",
      );
      assert.deepEqual(
        events.map((e) => [e.event_id, e.sequence]),
        added.map((e) => [e.payload.match_event_id, e.sequence]),
      );
      const corrected = events[8];
      assert.equal(corrected?.player_id, "football-n9");
      assert.equal(corrected?.player, "Ada Striker");
      assert.deepEqual(corrected?.score, { home: 3, away: 1, halftime: { home: 2, away: 0 } });
      const ownGoal = events[2];
      assert.equal(ownGoal?.team, HOME);
      assert.equal(ownGoal?.player, "Eli Stopper");
      const substitution = events[5];
      assert.equal(substitution?.related_player, "Cy Playmaker");
      // The scores after the disallowed goal are as if it had never been scored.
      assert.deepEqual(events[6]?.score, { home: 2, away: 1, halftime: { home: 2, away: 0 } });
      assert.deepEqual(events[7]?.score, { home: 2, away: 1, halftime: { home: 2, away: 0 } });
    });

    test("results and standings count the finished match", async () => {
      const results = await getBody(t, `/v1/${SPORT}/results?league=${leagueSlug}`);
      const result = results.data.find((r: { fixture_id: string }) => r.fixture_id === FX);
      assert.ok(result, "the match is in the results");
      assert.deepEqual(result.final_score, { home: 3, away: 1 });
      assert.equal(result.score_text, "3-1");
      assert.equal(result.status, "finished");
      assert.equal(result.result.outcome, "home");

      const standings = await getBody(t, `/v1/${SPORT}/standings?league=${leagueSlug}`);
      const rows = standings.data as Array<Record<string, unknown>>;
      const pick = (r: Record<string, unknown>) => [
        r.position,
        r.team,
        r.played,
        r.won,
        r.drawn,
        r.lost,
        r.goals_for,
        r.goals_against,
        r.goal_difference,
        r.points,
        r.form,
      ];
      assert.deepEqual(rows.map(pick), [
        [1, HOME, 1, 1, 0, 0, 3, 1, 2, 3, "W"],
        [2, AWAY, 1, 0, 0, 1, 1, 3, -2, 0, "L"],
      ]);
    });
  });
}
