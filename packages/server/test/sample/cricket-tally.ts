/**
 * A plain scorer's tally of a cricket match, kept apart from the cricket module's fold so the
 * tests can hold one against the other: each innings' runs, wickets and legal balls, counted
 * from the ball events as they come, and the rules every prefix of a match must keep.
 */
import assert from "node:assert/strict";
import { SPORT_MODULES } from "../../src/sports/registry.js";
import type { Score, Side } from "../../src/sports/types.js";

const cricket = SPORT_MODULES.cricket;
const BALL_TYPES = new Set(["delivery", "four", "six", "wicket"]);
/** A T20 innings: 20 overs of six legal balls. */
const MAX_BALLS = 120;

export interface PlayedEvent {
  type: string;
  side: Side | null;
  period: string | null;
  detail?: Record<string, unknown>;
}

interface Tally {
  team: Side;
  runs: number;
  wickets: number;
  balls: number;
}

const overs = (balls: number) => `${Math.floor(balls / 6)}.${balls % 6}`;

function ballRuns(detail: Record<string, unknown>): number {
  const runs = detail.runs as { total?: unknown } | undefined;
  assert.ok(typeof runs?.total === "number", `a ball carries its runs: ${JSON.stringify(detail)}`);
  // Whole runs, never negative: an innings' runs never go back.
  assert.ok(Number.isInteger(runs.total) && runs.total >= 0, `runs ${runs.total}`);
  return runs.total;
}

/** The text the score must read: "45/2 (6.3)" in play, "141/8" done, "yet to bat" before. */
function expectedText(done: readonly Tally[], open: Tally | null): string {
  const side = (team: Side) => {
    const own = [
      ...done.filter((t) => t.team === team).map((t) => `${t.runs}/${t.wickets}`),
      ...(open?.team === team ? [`${open.runs}/${open.wickets} (${overs(open.balls)})`] : []),
    ];
    return own.length === 0 ? "yet to bat" : own.join(" & ");
  };
  return done.length === 0 && open === null ? "-" : `${side("home")}-${side("away")}`;
}

/**
 * Folds `events` one by one with the cricket module and checks every prefix against the tally:
 * the score and its text are the balls so far, runs and wickets never go back within an innings,
 * at most 10 wickets and 120 legal balls, each `innings_end` reports what its balls made, the
 * break between innings reads innings 1's total, and a winning chase stops on the ball that
 * passes the target. Returns the score after each event.
 */
export function replayMatch(events: readonly PlayedEvent[], label: string): Score[] {
  let score = cricket.emptyScore() as Score;
  const done: Tally[] = [];
  let open: Tally | null = null;
  let won = false;
  const scores: Score[] = [];
  for (const [i, event] of events.entries()) {
    const at = `${label} #${i + 1} ${event.type} in ${event.period}`;
    const detail = event.detail ?? {};
    score = cricket.applyEvent(score, { ...event, team: event.side, detail });
    if (BALL_TYPES.has(event.type)) {
      assert.ok(event.side !== null, `${at}: a ball has a batting side`);
      assert.ok(!won, `${at}: a ball after the chase was won`);
      if (open === null) open = { team: event.side, runs: 0, wickets: 0, balls: 0 };
      assert.equal(open.team, event.side, `${at}: the side batting`);
      open.runs += ballRuns(detail);
      open.wickets += event.type === "wicket" ? 1 : 0;
      open.balls += detail.legal === false ? 0 : 1;
      assert.ok(open.wickets <= 10, `${at}: ${open.wickets} wickets`);
      assert.ok(open.balls <= MAX_BALLS, `${at}: ${open.balls} legal balls`);
      const target = done[0];
      if (done.length === 1 && target !== undefined && open.runs > target.runs) won = true;
    }
    if (event.type === "innings_end") {
      assert.ok(open !== null && open.team === event.side, `${at}: the innings that ends`);
      assert.deepEqual(
        { runs: detail.runs, wickets: detail.wickets, overs: detail.overs },
        { runs: open.runs, wickets: open.wickets, overs: overs(open.balls) },
        `${at}: the summary is what the balls made`,
      );
      done.push(open);
      open = null;
    }
    const entry = (t: Tally) => ({
      team: t.team,
      runs: t.runs,
      wickets: t.wickets,
      overs: overs(t.balls),
    });
    const playing = open === null ? [] : [{ ...entry(open), in_progress: true }];
    const innings: unknown[] = [...done.map(entry), ...playing];
    const runsOf = (side: Side) =>
      [...done, ...(open ? [open] : [])]
        .filter((t) => t.team === side)
        .reduce((sum, t) => sum + t.runs, 0);
    assert.deepEqual(
      { home: score.home, away: score.away, innings: score.innings },
      { home: runsOf("home"), away: runsOf("away"), innings },
      `${at}: the score is the balls so far`,
    );
    const text = cricket.scoreText(score);
    assert.equal(text, expectedText(done, open), `${at}: the score text`);
    if (open !== null || done.length > 0) assert.notEqual(text, "-", `${at}: text after a ball`);
    scores.push(score);
  }
  assert.ok(done.length === 2, `${label}: two innings played, not ${done.length}`);
  return scores;
}
