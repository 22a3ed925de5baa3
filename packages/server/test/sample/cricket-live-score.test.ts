/**
 * Cricket's live score moves ball by ball (issue 18): in the sample generator's matches and in
 * the simulator's flows every prefix of the events folds into a score that equals a plain tally
 * of the balls so far (see `cricket-tally.ts`: runs and wickets never go back within an innings,
 * at most 10 wickets and 120 legal balls, the innings break reads innings 1's total, a winning
 * chase stops on the ball that passes the target); the generator stores that score on each event
 * (a wicket carries the score at its ball) and its batting lines add up to the balls; and through
 * the feed ingestor the REST score and its text are the fold at every moment.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import fc from "fast-check";
import { GenContext } from "../../src/sample/context.js";
import { Rng } from "../../src/sample/rng.js";
import { cricketProfile, generateCricket } from "../../src/sample/sports/cricket.js";
import type { FlowFixture, FlowSide, MatchFlow } from "../../src/simulator/flow.js";
import { buildFlow } from "../../src/simulator/flows/index.js";
import { SPORT_MODULES } from "../../src/sports/registry.js";
import type { Score, Side } from "../../src/sports/types.js";
import type { RecordOf } from "../../src/store/dataset.js";
import { leagueMessages, msg } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { createLiveApp, feedApplied, getBody, type LiveTestApp } from "../live/feed-helpers.js";
import { type PlayedEvent, replayMatch } from "./cricket-tally.js";

const cricket = SPORT_MODULES.cricket;
const ANCHOR = new Date("2026-11-21T00:00:00Z");
type MatchEvent = RecordOf<"match_events">;
type RunsOff = { batter: number; extras: number; total: number };
const BALLS = new Set(["delivery", "four", "six", "wicket"]);
const SEED = fc.integer({ min: 1, max: 2 ** 31 - 1 });

/** A full squad per side (the template's positions), players `cricket-north-0`…, as the feed names them. */
function squad(key: "north" | "south", strength: number): FlowSide {
  const positions = cricketProfile.squadTemplate.flatMap((slot) =>
    Array.from({ length: slot.count }, () => slot.position),
  );
  return {
    teamId: `cricket-${key}`,
    name: key === "north" ? "Northbridge Rovers" : "Southmere Athletic",
    strength,
    players: positions.map((position, i) => ({
      id: `cricket-${key}-${i}`,
      name: `Player ${key} ${i}`,
      position,
      shirtNumber: i + 1,
    })),
  };
}

function flowFixture(home: number, away: number): FlowFixture {
  return {
    id: "fx-1",
    sport: "cricket",
    home: squad("north", home),
    away: squad("south", away),
    participants: null,
    rules: { format: "T20", overs: 20, super_over: true },
    round: null,
  };
}

const flowEvents = (flow: MatchFlow): PlayedEvent[] =>
  flow.steps.flatMap((step) =>
    step.event === undefined ? [] : [{ ...step.event, period: step.period }],
  );

/** The first innings' summary and the score at the innings break step of a flow. */
function atBreak(flow: MatchFlow): { first: Record<string, unknown>; side: Side; score: Score } {
  const index = flow.steps.findIndex((step) => step.period === "innings_break");
  assert.ok(index > 0, "the flow has an innings break");
  const first = flow.steps.find((step) => step.event?.type === "innings_end")?.event;
  assert.ok(first?.side, "innings 1 ends before the break");
  let score = cricket.emptyScore() as Score;
  for (const step of flow.steps.slice(0, index)) {
    const event = step.event;
    if (event === undefined) continue;
    const detail = event.detail ?? {};
    score = cricket.applyEvent(score, { type: event.type, team: event.side, detail });
  }
  return { first: first.detail ?? {}, side: first.side, score };
}

describe("cricket flows score ball by ball", () => {
  it("every prefix of a simulated match is the tally of its balls", () => {
    fc.assert(
      fc.property(
        SEED,
        fc.integer({ min: -2, max: 2 }),
        fc.integer({ min: -2, max: 2 }),
        (seed, h, a) => {
          const flow = buildFlow(new Rng(seed), flowFixture(h, a));
          replayMatch(flowEvents(flow), `seed ${seed}`);
        },
      ),
      { seed: 42, numRuns: 40 },
    );
  });

  it("the innings break reads innings 1's runs/wickets, the side yet to bat named so", () => {
    fc.assert(
      fc.property(SEED, (seed) => {
        const { first, side, score } = atBreak(buildFlow(new Rng(seed), flowFixture(0, 0)));
        const total = `${first.runs}/${first.wickets}`;
        const text = side === "home" ? `${total}-yet to bat` : `yet to bat-${total}`;
        assert.equal(cricket.scoreText(score), text);
      }),
      { seed: 42, numRuns: 20 },
    );
  });
});

describe("the generator's cricket matches score ball by ball", () => {
  it("stores on every event the score of the balls so far; batting lines add up", () => {
    fc.assert(
      fc.property(SEED, (seed) => {
        const ctx = new GenContext(seed, ANCHOR);
        generateCricket(ctx);
        const byFixture = new Map<string, MatchEvent[]>();
        for (const e of ctx.dataset.match_events) {
          byFixture.set(e.fixture_id, [...(byFixture.get(e.fixture_id) ?? []), e]);
        }
        for (const f of ctx.dataset.fixtures.filter((x) => x.status === "finished")) {
          const side = (id: string | null): Side | null =>
            id === f.home_team_id ? "home" : id === f.away_team_id ? "away" : null;
          const rows = (byFixture.get(f.id) ?? []).map((e) => ({
            ...e,
            side: side(e.team_id),
            detail: e.detail as Record<string, unknown>,
          }));
          const scores = replayMatch(rows, f.id);
          for (const [i, row] of rows.entries()) {
            assert.deepEqual(row.score, scores[i], `${f.id} #${row.sequence}`);
          }
          for (const end of rows.filter((e) => e.type === "innings_end")) {
            const balls = rows.filter((e) => e.period === end.period && BALLS.has(e.type));
            const faced = balls.filter((e) => e.detail.legal !== false || noBall(e.detail));
            const bat = balls.reduce((sum, e) => sum + (e.detail.runs as RunsOff).batter, 0);
            const lines = end.detail.batting as Array<{ runs: number; balls: number }>;
            const sum = (key: "runs" | "balls") => lines.reduce((n, line) => n + line[key], 0);
            assert.equal(sum("runs"), bat, `${f.id}: the batters' runs are the runs off the bat`);
            assert.equal(sum("balls"), faced.length, `${f.id}: balls faced`);
            assert.equal(end.detail.runs, bat + Number(end.detail.extras), `${f.id}: extras`);
          }
        }
      }),
      { seed: 42, numRuns: 3 },
    );
  });
});

const noBall = (detail: Record<string, unknown>) =>
  (detail.extras as { noballs?: number } | undefined)?.noballs !== undefined;

/** The simulator's messages for a flow's steps: a status on each change of period, each event. */
function stepMessages(flow: MatchFlow): unknown[][] {
  let period: string | null = null;
  let n = 0;
  return flow.steps.map((step) => {
    const out: unknown[] = [];
    const minute = Math.floor(step.minute);
    if (step.period !== null && step.period !== period) {
      period = step.period;
      out.push(msg("status", "cricket", { fixture_id: "fx-1", status: "live", period, minute }));
    }
    const event = step.event;
    if (event !== undefined) {
      n++;
      out.push(
        msg("event", "cricket", {
          fixture_id: "fx-1",
          event_id: `ball-${n}`,
          type: event.type,
          period: step.period,
          minute,
          team: event.side,
          ...(event.playerId ? { player_id: event.playerId } : {}),
          ...(event.relatedPlayerId ? { related_player_id: event.relatedPlayerId } : {}),
          ...(event.detail ? { detail: event.detail } : {}),
        }),
      );
    }
    return out;
  });
}

for (const dialect of DIALECTS) {
  describe(`a simulated cricket match through the feed on ${dialect}`, {
    skip: unavailable(dialect),
  }, () => {
    let t: LiveTestApp;
    const fixture = flowFixture(0.5, 0);
    const flow = buildFlow(new Rng(18), fixture);
    before(async () => {
      t = await createLiveApp(dialect);
      const players = [fixture.home, fixture.away].flatMap((side) =>
        (side?.players ?? []).map((p) =>
          msg("player", "cricket", {
            id: p.id,
            name: p.name,
            team_id: side?.teamId,
            position: p.position,
          }),
        ),
      );
      await feedApplied(t, [...leagueMessages("cricket"), ...players]);
    });
    after(async () => {
      await t?.dispose();
    });

    it("answers the fold of the events so far, never '-' once a ball is bowled", async () => {
      const events = flowEvents(flow);
      const scores = replayMatch(events, "seed 18");
      const batches = stepMessages(flow);
      let played = 0;
      let chunk: unknown[] = [];
      for (const [i, messages] of batches.entries()) {
        chunk.push(...messages);
        if (flow.steps[i]?.event !== undefined) played++;
        // Every 40 steps (about a quarter of an innings) and at the end: read the live views.
        if ((i + 1) % 40 !== 0 && i !== batches.length - 1) continue;
        await feedApplied(t, chunk);
        chunk = [];
        const expected = scores[played - 1] as Score;
        const detail = (await getBody(t, "/v1/cricket/fixtures/fx-1")).data;
        assert.deepEqual(detail.score, expected, `after ${played} events`);
        const live = (await getBody(t, "/v1/cricket/matches/live")).data;
        assert.equal(live.length, 1);
        assert.equal(live[0].score, cricket.scoreText(expected));
        const bowled = events.slice(0, played).some((e) => e.detail?.runs !== undefined);
        if (bowled) assert.notEqual(live[0].score, "-", `after ${played} events`);
      }
      const stored = (await getBody(t, "/v1/cricket/fixtures/fx-1/events")).data as Array<{
        type: string;
        score: Score;
      }>;
      assert.equal(stored.length, events.length);
      for (const [i, e] of stored.entries()) {
        assert.deepEqual(e.score, scores[i], `event ${i + 1} (${e.type})`);
      }
      // A wicket carries the score at its ball: the innings in play, that wicket counted.
      const wickets = stored.filter((e) => e.type === "wicket");
      assert.ok(wickets.length > 0);
      for (const e of wickets) {
        const innings = e.score.innings as Array<{ wickets: number; in_progress?: true }>;
        assert.ok(innings.at(-1)?.in_progress && innings.at(-1)?.wickets, JSON.stringify(e.score));
      }
    });
  });
}
