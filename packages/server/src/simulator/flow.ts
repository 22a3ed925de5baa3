/**
 * A simulated match as a timeline: what the live simulator turns into feed messages. Flows are
 * pure (an Rng and the fixture as stored in, a timeline out), so a fixed seed gives the same match.
 */
import type { Side, Sport } from "../sports/types.js";

/**
 * Wall-clock minutes per flow minute. Flows of the game-clock sports count the clock (football's
 * 90 minutes, basketball's 48, American football's 60); played in real time they take what the
 * real games take — about 110 minutes, 2¼ hours and 3 hours — with stoppages, breaks and
 * timeouts. The other sports' flows are in wall-clock minutes already.
 */
export const WALL_MINUTES_PER_FLOW_MINUTE: Readonly<Record<Sport, number>> = {
  football: 1.2,
  basketball: 2.8,
  "american-football": 3.1,
  cricket: 1,
  tennis: 1,
  "horse-racing": 1,
  baseball: 1,
  esports: 1,
  golf: 1,
  "combat-sports": 1,
};

/** One match event, as the feed's `event` message carries it. */
export interface FlowEvent {
  type: string;
  /** The side whose score the event changes, or who acts (a card, a substitution); null for neither. */
  side: Side | null;
  playerId?: string | null;
  relatedPlayerId?: string | null;
  detail?: Record<string, unknown>;
}

export interface FlowStep {
  /**
   * Match minutes after the start (the simulator compresses them with SCORELINE_SIM_SPEED).
   * Whole minutes, except horse racing's running order, a fraction of a minute apart (a feed
   * minute is the whole minute, `Math.floor`).
   */
  minute: number;
  /** The live period from this step on; a change of period becomes a `status` message. */
  period: string | null;
  /** A match event at this moment, if any. */
  event?: FlowEvent;
  /** Field sports: the whole leaderboard / running order after this step (stored `participants`). */
  participants?: unknown[];
}

export interface MatchFlow {
  sport: Sport;
  /** In time order; minutes never decrease and periods only move as the sport module allows. */
  steps: FlowStep[];
  /** `result.decided_by` when the match finishes (regulation, extra_time, ko, decision…). */
  decidedBy: string;
  /** Extra `result` fields for sports whose winner the score cannot tell (field sports). */
  result?: Record<string, unknown>;
  /**
   * Team sports: each side's line-up, the players its events name; the simulator publishes them
   * before kick-off.
   */
  lineups?: Record<"home" | "away", FlowLineup>;
}

/** A side's line-up as a `lineup` message carries it. */
export interface FlowLineup {
  formation: string | null;
  starters: FlowLineupPlayer[];
  substitutes: FlowLineupPlayer[];
}

interface FlowLineupPlayer {
  id: string;
  name: string;
  position: string;
  shirtNumber: number;
}

/** What a flow starts from: the stored fixture and the people in it. */
export interface FlowFixture {
  id: string;
  sport: Sport;
  /** Head-to-head sports: the two sides; field sports: null. */
  home: FlowSide | null;
  away: FlowSide | null;
  /** Field sports: the stored `participants` (golfers, runners); otherwise null. */
  participants: unknown[] | null;
  /** Competition rules as stored (e.g. tennis `best_of`, combat `rounds`), may be empty. */
  rules: Record<string, unknown>;
  /** Round text as stored (e.g. "Main event" decides a 5-round bout). */
  round: string | null;
  /** The fixture's officials as stored (a bout's judges score it), when loaded from the store. */
  officials?: ReadonlyArray<{ role?: unknown; name?: unknown }>;
  /** The competition's country (a promotion's home, whose names its officials have). */
  countryCode?: string | null;
  /**
   * Field sports: a rating per participant (a golfer's `player_id`, a runner's `runner_id`) on
   * the sample generator's scale, e.g. from the outright odds (win chance ∝ exp(1.1 × rating)
   * in golf, exp(1.2 × rating) in horse racing); missing ones count as 0.
   */
  ratings?: Readonly<Record<string, number>>;
}

export interface FlowSide {
  teamId: string;
  name: string;
  /** Rating around 0 (sd ~1), derived by the simulator from the opening odds (0 when none). */
  strength: number;
  /** The squad as stored (players with positions and shirt numbers); empty for individuals. */
  players: Array<{ id: string; name: string; position: string | null; shirtNumber: number | null }>;
}
