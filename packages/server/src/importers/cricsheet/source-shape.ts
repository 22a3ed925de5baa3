/**
 * One Cricsheet match (XML data version 0.9, `schema.xsd` beside the data) as this importer
 * reads it: the header (`info`) and every delivery of every innings, names as the source spells
 * them. Cricsheet 0.9 has no player registry and no playing XIs: players are their scorecard
 * names ("RG Sharma").
 */

type TossDecision = "bat" | "field";

/** How the source says a match ended. */
export type SourceOutcome =
  | { kind: "won"; winner: string; by: "runs" | "wickets"; margin: number; method: string | null }
  /** A tie settled by a super over (or another eliminator): `winner` is the eliminator. */
  | { kind: "tie"; winner: string | null }
  | { kind: "no_result" };

export interface SourceWicket {
  kind: string;
  playerOut: string;
  fielders: string[];
}

export interface SourceExtras {
  wides: number;
  noballs: number;
  byes: number;
  legbyes: number;
  penalty: number;
}

export interface SourceDelivery {
  /** The line of the `<delivery>` element, for errors. */
  line: number | null;
  /** Completed overs before this ball (0-based), and the ball's number within the over. */
  over: number;
  ball: number;
  batter: string;
  nonStriker: string;
  bowler: string;
  batterRuns: number;
  extrasRuns: number;
  totalRuns: number;
  extras: SourceExtras;
  /** A boundary the source marks as not one (all run, or overthrows): not a four or six. */
  nonBoundary: boolean;
  wickets: SourceWicket[];
}

export interface SourceInnings {
  number: number;
  team: string;
  penaltyRunsPre: number;
  penaltyRunsPost: number;
  deliveries: SourceDelivery[];
}

export interface SourceMatch {
  /** The file, for errors, and its Cricsheet match id (the file name). */
  path: string;
  matchId: string;
  competition: string;
  dates: string[];
  venue: string;
  city: string | null;
  teams: [string, string];
  toss: { winner: string; decision: TossDecision };
  outcome: SourceOutcome;
  overs: number;
  playerOfMatch: string[];
  umpires: string[];
  innings: SourceInnings[];
}
