/**
 * A league table computed from the season's finished results by the sport's rules (a
 * competition may override points and tie-breakers in its `rules`), with point deductions.
 */

import { invalidParameter } from "../errors/service-error.js";
import { oversToDecimal } from "../sports/cricket.js";
import { SPORT_MODULES } from "../sports/registry.js";
import { computeStandings, type StandingsResult } from "../sports/standings.js";
import { FINISHED_STATUSES } from "../sports/statuses.js";
import type { Outcome, StandingsRules, TieBreaker } from "../sports/types.js";
import { parseJson } from "../store/json-columns.js";
import type { ServiceContext, Sport } from "./context.js";
import { requireCompetition, resolveSeason } from "./lookups.js";

export async function getStandings(
  ctx: ServiceContext,
  sport: Sport,
  query: { league: string; season?: string | undefined },
) {
  const rules = SPORT_MODULES[sport].standings;
  const competition = await requireCompetition(ctx, sport, query.league);
  if (rules === null || competition.type !== "league") {
    throw invalidParameter(
      "league",
      `${competition.name} is a ${competition.type}, not a league: it has no table`,
    );
  }
  const season = await resolveSeason(ctx, competition, query.season);
  const db = ctx.store.db;
  const [teams, fixtures, adjustments] = await Promise.all([
    db
      .selectFrom("team_competitions as tc")
      .innerJoin("teams as t", "t.id", "tc.team_id")
      .select(["t.id", "t.name"])
      .where("tc.competition_id", "=", competition.id)
      .where("tc.season_id", "=", season.id)
      .execute(),
    db
      .selectFrom("fixtures")
      .select([
        "home_team_id",
        "away_team_id",
        "home_score",
        "away_score",
        "result",
        "score",
        "kickoff",
      ])
      .where("competition_id", "=", competition.id)
      .where("season_id", "=", season.id)
      .where("status", "in", [...FINISHED_STATUSES])
      .execute(),
    db
      .selectFrom("standings_adjustments")
      .select(["team_id", "points", "reason"])
      .where("competition_id", "=", competition.id)
      .where("season_id", "=", season.id)
      .execute(),
  ]);
  const results: StandingsResult[] = [];
  for (const f of fixtures) {
    const outcome = parseJson<{ outcome: Outcome | null }>(f.result)?.outcome ?? null;
    if (f.home_team_id === null || f.away_team_id === null || outcome === null) continue;
    results.push({
      homeTeamId: f.home_team_id,
      awayTeamId: f.away_team_id,
      home: f.home_score ?? 0,
      away: f.away_score ?? 0,
      outcome,
      kickoff: f.kickoff,
      ...oversFaced(sport, f.score),
    });
  }
  const rows = computeStandings({
    rules: withOverrides(rules, parseJson<Record<string, unknown>>(competition.rules)),
    teams,
    results,
    deductions: adjustments.map((a) => ({ teamId: a.team_id, points: a.points, reason: a.reason })),
  });
  const reasons = new Map<string, string[]>();
  for (const a of adjustments)
    reasons.set(a.team_id, [...(reasons.get(a.team_id) ?? []), a.reason]);
  return {
    competition,
    season,
    rows: rows.map((row) => ({
      ...row,
      deduction_reasons: reasons.get(row.team_id) ?? [],
    })),
  };
}

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
function withOverrides(
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

/** Cricket's net run rate needs the overs each side faced. */
function oversFaced(
  sport: Sport,
  scoreText: string | null,
): { homeOvers?: number; awayOvers?: number } {
  if (sport !== "cricket") return {};
  const score = parseJson<{ innings?: Array<{ team: string; overs: string }> }>(scoreText);
  const out: { homeOvers?: number; awayOvers?: number } = {};
  for (const innings of score?.innings ?? []) {
    const overs = oversToDecimal(String(innings.overs));
    if (innings.team === "home") out.homeOvers = (out.homeOvers ?? 0) + overs;
    if (innings.team === "away") out.awayOvers = (out.awayOvers ?? 0) + overs;
  }
  return out;
}
