/**
 * Writing a fixture's live state back — every live column and the new sequence — through the
 * batch's write buffer: the fixture's changes in one transaction become one row of an UPDATE.
 */
import { SPORT_MODULES } from "../sports/registry.js";
import type { Batch } from "./batch.js";
import type { FixtureState } from "./fixture-state.js";

export function saveFixtureState(
  batch: Batch,
  next: FixtureState,
  extra: { lastEvent?: Record<string, unknown> | null } = {},
): void {
  const field = SPORT_MODULES[next.sport].format === "field";
  batch.writes.updateFixture(next.id, {
    status: next.status,
    period: next.period,
    minute: next.minute,
    score: next.score === null ? null : JSON.stringify(next.score),
    home_score: field || next.score === null ? null : next.score.home,
    away_score: field || next.score === null ? null : next.score.away,
    participants: next.participants === null ? null : JSON.stringify(next.participants),
    result: next.result === null ? null : JSON.stringify(next.result),
    sequence: next.sequence,
    updated_at: batch.stamp,
    ...(extra.lastEvent !== undefined
      ? { last_event: extra.lastEvent === null ? null : JSON.stringify(extra.lastEvent) }
      : {}),
  });
  batch.remember(next);
}

/** A message that announced events without changing the live state: the new sequence only. */
export function saveSequence(
  batch: Batch,
  state: FixtureState,
  sequence: number,
  touched = false,
): void {
  batch.writes.updateFixture(state.id, {
    sequence,
    ...(touched ? { updated_at: batch.stamp } : {}),
  });
  batch.remember({ ...state, sequence });
}

/** The headline score fields of a payload: `{home, away}` and the sport's text form. */
export function scoreFields(state: FixtureState): Record<string, unknown> {
  const module = SPORT_MODULES[state.sport];
  if (state.score === null) return { score: null, score_text: null };
  return { score: { ...state.score }, score_text: module.scoreText(state.score) };
}
