/**
 * Shared by the sport-rules property tests: a generated league's finished fixtures with their
 * events, a simulated flow for a fixture built from a profile's squad template, and the check
 * that a line score lists every period played and sums to the final score.
 */
import assert from "node:assert/strict";
import { GenContext } from "../../src/sample/context.js";
import { Rng } from "../../src/sample/rng.js";
import type { TeamSportProfile } from "../../src/sample/team-sport-profile.js";
import type { FlowFixture, FlowSide } from "../../src/simulator/flow.js";
import { type TeamSport, teamSportFlow } from "../../src/simulator/flows/team-sports.js";
import { SPORT_MODULES } from "../../src/sports/registry.js";
import type { Score, Side } from "../../src/sports/types.js";
import type { RecordOf } from "../../src/store/dataset.js";

const ANCHOR = new Date("2026-11-21T00:00:00Z");

/** One played match as the checks read it: its events in order, as the sport module sees them. */
export interface PlayedMatch {
  id: string;
  score: Score;
  events: Array<{
    type: string;
    side: Side | null;
    period: string | null;
    playerId: string | null;
  }>;
}

/** Runs one sport's generator for `seed` and returns the dataset. */
export function generated(
  seed: number,
  generate: (ctx: GenContext) => void,
): GenContext["dataset"] {
  const ctx = new GenContext(seed, ANCHOR);
  generate(ctx);
  return ctx.dataset;
}

/** The finished fixtures of a dataset with their stored events. */
export function finishedMatches(dataset: GenContext["dataset"]): PlayedMatch[] {
  const byFixture = new Map<string, Array<RecordOf<"match_events">>>();
  for (const event of dataset.match_events) {
    byFixture.set(event.fixture_id, [...(byFixture.get(event.fixture_id) ?? []), event]);
  }
  return dataset.fixtures
    .filter((f) => f.status === "finished")
    .map((f) => {
      const side = (teamId: string | null): Side | null =>
        teamId === f.home_team_id ? "home" : teamId === f.away_team_id ? "away" : null;
      const events = (byFixture.get(f.id) ?? []).map((e) => ({
        type: e.type,
        side: side(e.team_id),
        period: e.period,
        playerId: e.player_id,
      }));
      return { id: f.id, score: f.score as Score, events };
    });
}

function flowSide(profile: TeamSportProfile, key: Side, strength: number): FlowSide {
  const players = profile.squadTemplate.flatMap((slot, s) =>
    Array.from({ length: slot.count }, (_, i) => ({
      id: `pl-${key}-${s}-${i}`,
      name: `Player ${key} ${s} ${i}`,
      position: slot.position,
      shirtNumber: null,
    })),
  );
  return { teamId: `tm-${key}`, name: `${key} side`, strength, players };
}

/** A simulated match (the live simulator's flow) folded step by step through the sport module. */
export function simulatedMatch(
  sport: TeamSport,
  profile: TeamSportProfile,
  seed: number,
  strengths: [number, number],
): PlayedMatch {
  const fixture: FlowFixture = {
    id: `fx-${sport}-${seed}`,
    sport,
    home: flowSide(profile, "home", strengths[0]),
    away: flowSide(profile, "away", strengths[1]),
    participants: null,
    rules: {},
    round: null,
  };
  const flow = teamSportFlow(new Rng(seed), fixture, sport);
  const module = SPORT_MODULES[sport];
  let score = module.emptyScore() as Score;
  const events: PlayedMatch["events"] = [];
  for (const step of flow.steps) {
    if (step.event === undefined) continue;
    const { type, side, detail } = step.event;
    score = module.applyEvent(score, {
      type,
      team: side,
      period: step.period,
      detail: detail ?? {},
    });
    events.push({ type, side, period: step.period, playerId: step.event.playerId ?? null });
  }
  return { id: fixture.id, score, events };
}

/**
 * The line score (`entries`, keyed by `keyOf`) lists exactly the periods events were played in,
 * in playing order, and sums to the headline score.
 */
export function assertLineScore<T extends { home: number; away: number }>(
  match: PlayedMatch,
  entries: readonly T[] | undefined,
  keyOf: (entry: T) => string | number,
  played: ReadonlyArray<string | number>,
): void {
  assert.ok(Array.isArray(entries), `${match.id}: no line score`);
  assert.deepEqual(
    entries.map(keyOf),
    [...played],
    `${match.id}: line score periods ${entries.map(keyOf)} vs played ${played}`,
  );
  const sum = (side: Side) => entries.reduce((total, entry) => total + entry[side], 0);
  assert.equal(sum("home"), match.score.home, `${match.id}: home line score sum`);
  assert.equal(sum("away"), match.score.away, `${match.id}: away line score sum`);
}

/** Distinct values in first-seen order. */
export function distinct<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
