/**
 * A source match's status, score and result in the store's shapes. The headline score is the
 * final one (after extra time when there was any); the detail keeps `halftime`, and for matches
 * that went further `full_time` (after 90 minutes), `extra_time` (after 120) and `penalties`
 * (the shoot-out). Pure.
 */
import { football } from "../../sports/football.js";
import type { FixtureStatus, Score } from "../../sports/types.js";
import type { Pair, SourceMatch } from "./source-shape.js";

export interface MatchOutcome {
  status: FixtureStatus;
  score: Score | null;
  home_score: number | null;
  away_score: number | null;
  result: {
    outcome: "home" | "away" | "draw";
    winner_team_id: string | null;
    decided_by: string;
    text: string;
  } | null;
}

export interface MatchSides {
  homeId: string;
  awayId: string;
  homeName: string;
  awayName: string;
}

const pair = ([home, away]: Pair) => ({ home, away });

/**
 * `kickoff` decides what an unplayed match without a status is: `postponed` when it is in the
 * past at `now`, `scheduled` otherwise.
 */
export function matchOutcome(
  match: SourceMatch,
  sides: MatchSides,
  kickoff: string,
  now: Date,
): MatchOutcome {
  const { ft, ht, et, p } = match.score;
  const unplayed = { score: null, home_score: null, away_score: null, result: null };
  if (match.status !== null && match.status !== "awarded") {
    return { status: match.status, ...unplayed };
  }
  if (ft === undefined) {
    if (match.status === "awarded") return { status: "awarded", ...unplayed };
    const past = Date.parse(kickoff) < now.getTime();
    return { status: past ? "postponed" : "scheduled", ...unplayed };
  }
  const final = et ?? ft;
  const score: Score = { ...pair(final) };
  if (ht !== undefined) score.halftime = pair(ht);
  if (et !== undefined) {
    score.full_time = pair(ft);
    score.extra_time = pair(et);
  }
  if (p !== undefined) score.penalties = pair(p);
  const outcome = football.outcome(score) as "home" | "away" | "draw";
  const decidedBy =
    match.status === "awarded"
      ? "awarded"
      : p !== undefined
        ? "penalties"
        : et !== undefined
          ? "extra_time"
          : "regulation";
  const winner = outcome === "home" ? sides.homeId : outcome === "away" ? sides.awayId : null;
  return {
    status: match.status === "awarded" ? "awarded" : "finished",
    score,
    home_score: score.home,
    away_score: score.away,
    result: {
      outcome,
      winner_team_id: winner,
      decided_by: decidedBy,
      text: `${sides.homeName} ${score.home}-${score.away} ${sides.awayName}${suffix(decidedBy, et, p)}`,
    },
  };
}

function suffix(decidedBy: string, et: Pair | undefined, p: Pair | undefined): string {
  const notes: string[] = [];
  if (decidedBy === "awarded") notes.push("awarded");
  if (et !== undefined) notes.push("a.e.t.");
  if (p !== undefined) notes.push(`${p[0]}-${p[1]} on penalties`);
  return notes.length === 0 ? "" : ` (${notes.join(", ")})`;
}
