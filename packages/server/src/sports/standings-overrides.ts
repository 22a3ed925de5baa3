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
  "division_win_pct",
  "conference_win_pct",
  "division_leader",
  "conference",
  "division",
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

/** One innings of a stored cricket score, with what net run rate needs beyond the totals. */
interface RateInnings {
  team: string;
  runs?: number;
  overs: string;
  /** Bowled out (or retired out): counted as having faced the full quota of overs. */
  all_out?: boolean;
  /** The overs this innings could last (20 in a T20, fewer in a match reduced by the weather). */
  max_overs?: number;
  /** A chase's target revised by Duckworth–Lewis(–Stern), and the overs it was set in. */
  revised_target?: number;
  revised_overs?: number;
  /** Super overs decide a tie; they never count for net run rate. */
  super_over?: boolean;
}

/**
 * Cricket's net run rate figures from the stored score's innings, the official way: a side
 * bowled out has faced its full quota of overs; when a chase's target was revised (D/L), the side
 * batting first is credited with one run less than the target, in the overs the chase was set.
 * Super overs are left out. Other sports: nothing.
 */
export function oversFaced(
  sport: Sport,
  score: { innings?: RateInnings[] } | null,
): { homeOvers?: number; awayOvers?: number; homeRateRuns?: number; awayRateRuns?: number } {
  if (sport !== "cricket") return {};
  const figures = {
    home: { runs: 0, overs: 0, seen: false },
    away: { runs: 0, overs: 0, seen: false },
  };
  for (const innings of score?.innings ?? []) {
    if (innings.super_over === true) continue;
    const side =
      innings.team === "home" ? figures.home : innings.team === "away" ? figures.away : null;
    if (side === null) continue;
    const faced = oversToDecimal(String(innings.overs));
    const quota = innings.revised_overs ?? innings.max_overs;
    side.overs += innings.all_out === true && quota !== undefined ? quota : faced;
    side.runs += innings.runs ?? 0;
    side.seen = true;
    if (innings.revised_target !== undefined && innings.revised_overs !== undefined) {
      const first = innings.team === "home" ? figures.away : figures.home;
      first.runs = innings.revised_target - 1;
      first.overs = innings.revised_overs;
      first.seen = true;
    }
  }
  const out: ReturnType<typeof oversFaced> = {};
  if (figures.home.seen) {
    out.homeOvers = figures.home.overs;
    out.homeRateRuns = figures.home.runs;
  }
  if (figures.away.seen) {
    out.awayOvers = figures.away.overs;
    out.awayRateRuns = figures.away.runs;
  }
  return out;
}
