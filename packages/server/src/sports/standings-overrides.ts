/**
 * What a league table needs beyond the sport's `StandingsRules`: a competition's own overrides
 * (points, tie-breakers) and, for cricket's net run rate, the overs each side faced.
 */
import { oversToDecimal } from "./cricket.js";
import type { Sport, StandingsRules, TieBreaker } from "./types.js";

const TIE_BREAKERS: readonly TieBreaker[] = [
  "goal_difference",
  "goals_for",
  "head_to_head_points",
  "head_to_head_goal_difference",
  "head_to_head_goals_for",
  "wins",
  "net_run_rate",
  "name",
];

/** Competition `rules` may set `tie_breakers` and `points` ({win, draw, loss}). */
export function withOverrides(
  rules: StandingsRules,
  overrides: Record<string, unknown> | null,
): StandingsRules {
  if (overrides === null) return rules;
  const next: StandingsRules = { ...rules };
  const tieBreakers = overrides.tie_breakers;
  if (Array.isArray(tieBreakers)) {
    next.tieBreakers = tieBreakers.filter((t): t is TieBreaker => TIE_BREAKERS.includes(t));
  }
  const points = overrides.points as Partial<StandingsRules["points"]> | undefined;
  if (points !== undefined && typeof points === "object")
    next.points = { ...rules.points, ...points };
  return next;
}

/** Cricket's net run rate needs the overs each side faced (from the stored score's innings). */
export function oversFaced(
  sport: Sport,
  score: { innings?: Array<{ team: string; overs: string }> } | null,
): { homeOvers?: number; awayOvers?: number } {
  if (sport !== "cricket") return {};
  const out: { homeOvers?: number; awayOvers?: number } = {};
  for (const innings of score?.innings ?? []) {
    const overs = oversToDecimal(String(innings.overs));
    if (innings.team === "home") out.homeOvers = (out.homeOvers ?? 0) + overs;
    if (innings.team === "away") out.awayOvers = (out.awayOvers ?? 0) + overs;
  }
  return out;
}
