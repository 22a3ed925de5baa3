/**
 * The league table as `getStandings` computed it on every read before tables were kept
 * (ADR-0033): the season's members, finished results and deductions read and ranked from
 * scratch. The kept tables must answer exactly this.
 */
import { SPORT_MODULES } from "../../../src/sports/registry.js";
import { computeStandings, type StandingsResult } from "../../../src/sports/standings.js";
import { oversFaced, withOverrides } from "../../../src/sports/standings-overrides.js";
import { FINISHED_STATUSES } from "../../../src/sports/statuses.js";
import type { Outcome, Sport } from "../../../src/sports/types.js";
import type { Store } from "../../../src/store/database.js";
import { parseJson } from "../../../src/store/json-columns.js";

export interface LeagueSeason {
  sport: Sport;
  competitionId: string;
  seasonId: string;
  seasonName: string;
}

/** Every season of every league of a sport that has tables. */
export async function leagueSeasons(store: Store): Promise<LeagueSeason[]> {
  const rows = await store.db
    .selectFrom("seasons as s")
    .innerJoin("competitions as c", "c.id", "s.competition_id")
    .select(["c.sport", "c.id as competition_id", "s.id as season_id", "s.name"])
    .where("c.type", "=", "league")
    .orderBy("c.id")
    .orderBy("s.id")
    .execute();
  return rows
    .filter((r) => SPORT_MODULES[r.sport as Sport].standings !== null)
    .map((r) => ({
      sport: r.sport as Sport,
      competitionId: r.competition_id,
      seasonId: r.season_id,
      seasonName: r.name,
    }));
}

export async function referenceTable(store: Store, season: LeagueSeason) {
  const { sport } = season;
  const rules = SPORT_MODULES[sport].standings;
  if (rules === null) throw new Error(`${sport} has no tables`);
  const db = store.db;
  const competition = await db
    .selectFrom("competitions")
    .select("rules")
    .where("id", "=", season.competitionId)
    .executeTakeFirstOrThrow();
  const [teams, fixtures, adjustments] = await Promise.all([
    db
      .selectFrom("team_competitions as tc")
      .innerJoin("teams as t", "t.id", "tc.team_id")
      .select(["t.id", "t.name"])
      .where("tc.competition_id", "=", season.competitionId)
      .where("tc.season_id", "=", season.seasonId)
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
      .where("competition_id", "=", season.competitionId)
      .where("season_id", "=", season.seasonId)
      .where("status", "in", [...FINISHED_STATUSES])
      .execute(),
    db
      .selectFrom("standings_adjustments")
      .select(["team_id", "points", "reason"])
      .where("competition_id", "=", season.competitionId)
      .where("season_id", "=", season.seasonId)
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
      ...oversFaced(sport, parseJson(f.score)),
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
  return rows.map((row) => ({ ...row, deduction_reasons: reasons.get(row.team_id) ?? [] }));
}
