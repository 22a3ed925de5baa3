/** What a team sport tells the league builder: squads, lineups, how a match unfolds, markets. */
import type { Score, Side, Sport } from "../sports/types.js";
import type { MarketQuote } from "./odds-pricing.js";
import type { Person } from "./people.js";
import type { Rng } from "./rng.js";

export interface SquadPlayer extends Person {
  id: string;
  slug: string;
  position: string;
  shirtNumber: number;
  heightCm: number;
  /** 0..1: how likely this player is to be picked, score, etc. */
  quality: number;
}

export interface TeamSeed {
  id: string;
  slug: string;
  name: string;
  shortName: string;
  abbreviation: string;
  city: string;
  countryCode: string;
  founded: number;
  venue: { name: string; city: string; capacity: number };
  /** Rating around 0 (sd ~1): drives results and prices. */
  strength: number;
  coach: string;
  squad: SquadPlayer[];
}

export interface Lineup {
  formation: string | null;
  starters: SquadPlayer[];
  substitutes: SquadPlayer[];
}

export interface ScriptedEvent {
  type: string;
  period: string | null;
  minute: number | null;
  /** The side whose score changes, or who acts (a card, a substitution). */
  side: Side | null;
  playerId?: string | null;
  relatedPlayerId?: string | null;
  detail?: Record<string, unknown>;
}

export interface MatchScript {
  events: ScriptedEvent[];
  decidedBy: string;
}

export interface MatchSides {
  home: TeamSeed;
  away: TeamSeed;
  homeLineup: Lineup;
  awayLineup: Lineup;
}

/** A player statistic an event earns: [player id, stat name, amount]. */
export type StatCredit = [playerId: string, stat: string, amount: number];

export interface TeamSportProfile {
  sport: Sport;
  squadTemplate: ReadonlyArray<{ position: string; count: number }>;
  heightCm: [mean: number, sd: number];
  lineup(rng: Rng, team: TeamSeed): Lineup;
  script(rng: Rng, sides: MatchSides): MatchScript;
  quotes(rng: Rng, sides: MatchSides): MarketQuote[];
  playerStats(event: ScriptedEvent): StatCredit[];
  /** Whether team statistics count clean sheets (matches without conceding). */
  cleanSheets?: boolean;
  /** How long a match lasts, kickoff to final whistle. */
  durationMinutes: number;
  /** Text of a finished result, e.g. "won by 6 wickets"; default "Home 2-1 Away". */
  resultText?(scoreText: string, winner: string | null, decidedBy: string, score: unknown): string;
}

/** A played match of a league season, as the season statistics read it. */
export interface FinishedMatch {
  fixtureId: string;
  home: TeamSeed;
  away: TeamSeed;
  score: Score;
  outcome: string | null;
  lineups: [Lineup, Lineup];
  /** Player statistics the match's events earned. */
  credits: StatCredit[];
}
