/**
 * The fixture status state machine shared by every sport (ADR-0004). The live engine
 * rejects any feed message whose status change is not listed here.
 */
import type { FixtureStatus } from "./types.js";

export const STATUS_TRANSITIONS: Readonly<Record<FixtureStatus, readonly FixtureStatus[]>> = {
  tbd: ["scheduled", "postponed", "cancelled"],
  scheduled: ["live", "delayed", "postponed", "cancelled", "walkover", "awarded", "tbd"],
  delayed: ["live", "scheduled", "postponed", "cancelled", "abandoned"],
  live: ["interrupted", "suspended", "finished", "abandoned", "awarded"],
  interrupted: ["live", "suspended", "abandoned", "finished", "awarded"],
  suspended: ["live", "abandoned", "finished", "awarded", "postponed"],
  postponed: ["scheduled", "cancelled", "tbd"],
  abandoned: ["scheduled", "awarded"],
  finished: ["awarded"],
  cancelled: [],
  awarded: [],
  walkover: [],
};

/** Statuses during which the fixture is in play (or paused mid-play). */
export const LIVE_STATUSES = ["live", "interrupted", "suspended"] as const;

/** Statuses that carry a result. */
export const FINISHED_STATUSES = ["finished", "awarded", "walkover"] as const;

/** Whether a fixture may move from `from` to `to`; staying in the same status is not a move. */
export function canTransition(from: FixtureStatus, to: FixtureStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

/** A status nothing can follow (cancelled, awarded, walkover). */
export function isTerminal(status: FixtureStatus): boolean {
  return STATUS_TRANSITIONS[status].length === 0;
}

export function isLiveStatus(status: FixtureStatus): boolean {
  return (LIVE_STATUSES as readonly FixtureStatus[]).includes(status);
}

export function isFinishedStatus(status: FixtureStatus): boolean {
  return (FINISHED_STATUSES as readonly FixtureStatus[]).includes(status);
}

/** The live state of a fixture that has not started: no period, clock, score, result or events. */
export const NOT_STARTED = {
  period: null,
  minute: null,
  score: null,
  home_score: null,
  away_score: null,
  result: null,
  last_event: null,
  sequence: 0,
} as const;
