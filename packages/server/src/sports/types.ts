/**
 * The vocabulary shared by the ten sports. Pure types and constants: no I/O.
 * Each sport implements `SportModule` in its own file; `registry.ts` lists them.
 */

export const SPORTS = [
  "football",
  "basketball",
  "american-football",
  "cricket",
  "tennis",
  "horse-racing",
  "baseball",
  "esports",
  "golf",
  "combat-sports",
] as const;
export type Sport = (typeof SPORTS)[number];

/** One status vocabulary for every sport (ADR-0004). */
export const FIXTURE_STATUSES = [
  "tbd",
  "scheduled",
  "delayed",
  "live",
  "interrupted",
  "suspended",
  "finished",
  "postponed",
  "cancelled",
  "abandoned",
  "awarded",
  "walkover",
] as const;
export type FixtureStatus = (typeof FIXTURE_STATUSES)[number];

/** Which side of a head-to-head fixture. */
export type Side = "home" | "away";
/** The outcome of a finished head-to-head fixture. */
export type Outcome = Side | "draw" | "no_result";

/** Head-to-head sports have a home and an away side; field sports have `participants`. */
type SportFormat = "head_to_head" | "field";

/**
 * A sport's score. `home`/`away` are always the headline numbers (goals, points, runs,
 * sets won, maps won, 1/0 for a fight's winner); the rest is sport-specific detail.
 */
export interface Score {
  home: number;
  away: number;
  [detail: string]: unknown;
}

/**
 * A match event as far as scoring is concerned. `team` is the side whose score the event
 * changes (an own goal is credited to the side that benefits). `detail` carries what a
 * summary event needs (a set's games, an innings' runs/wickets/overs, a fight's method).
 */
export interface ScoreEvent {
  type: string;
  team: Side | null;
  period?: string | null;
  minute?: number | null;
  detail?: Record<string, unknown>;
}

export type TieBreaker =
  | "goal_difference"
  | "goals_for"
  | "head_to_head_points"
  | "head_to_head_goal_difference"
  | "head_to_head_goals_for"
  | "wins"
  | "net_run_rate"
  | "division_win_pct"
  | "conference_win_pct"
  /** A division's leader ranks above a tied team that leads none (NBA). */
  | "division_leader"
  /** Ties are broken within a conference: tied teams of different conferences are never compared. */
  | "conference"
  /** Ties are broken within a division: tied teams of different divisions are never compared. */
  | "division"
  | "name";

export interface StandingsRules {
  /** `points`: rank by points (win/draw/loss/no_result below); `win_pct`: by winning percentage. */
  rankBy: "points" | "win_pct";
  points: { win: number; draw: number; loss: number; no_result: number };
  /** Whether a draw counts half a win in `win_pct` (American football ties). */
  drawCountsHalfInWinPct: boolean;
  drawsPossible: boolean;
  /** Applied in order after the primary ranking; `name` always last as a stable order. */
  tieBreakers: readonly TieBreaker[];
  /** How many recent results `form` shows (e.g. "WDLWW", newest last). */
  formLength: number;
}

export interface SportModule {
  sport: Sport;
  /** Display name, e.g. "American football". */
  name: string;
  format: SportFormat;
  /** The live `period` vocabulary (ADR-0004), in playing order. */
  periods: readonly string[];
  /** Whether the live engine may move from `from` (null = not started) to `to`. */
  canEnterPeriod(from: string | null, to: string): boolean;
  /** Every match event type this sport emits, scoring and not. */
  eventTypes: readonly string[];
  /** The event types that change the score (subset of `eventTypes`). */
  scoringEventTypes: readonly string[];
  /** Values of `result.decided_by` this sport uses. */
  decidedBy: readonly string[];
  /** The score before anything happened (head-to-head), or null for field sports. */
  emptyScore(): Score | null;
  /** Fold one event into a score; non-scoring events return the score unchanged (a new object is fine). */
  applyEvent(score: Score, event: ScoreEvent): Score;
  /** Undo one scoring event (a disallowed goal); inverse of applyEvent for additive sports. */
  revertEvent(score: Score, event: ScoreEvent): Score;
  /** The live item's text form, home first ("2-1", "182/6-150/8"); null when there is none. */
  scoreText(score: Score | null): string | null;
  /** Who won a finished fixture with this score; null when the score cannot tell. */
  outcome(score: Score): Outcome | null;
  /** League table rules, or null where the sport has no league tables (knockouts, fields). */
  standings: StandingsRules | null;
}
