/**
 * A league table computed from scratch: loads a season's member teams, finished results and
 * point deductions, and ranks them with the domain's `computeStandings` under the sport's rules
 * and the competition's overrides. Many seasons are loaded together, a few statements per
 * hundred seasons, so a full rebuild costs what one season costs times a small constant.
 */
import type { Kysely } from "kysely";
import { SPORT_MODULES } from "../../sports/registry.js";
import {
  computeStandings,
  type StandingsResult,
  type StandingsRow,
  type TeamGroup,
} from "../../sports/standings.js";
import { oversFaced, withOverrides } from "../../sports/standings-overrides.js";
import { FINISHED_STATUSES } from "../../sports/statuses.js";
import type { Outcome, Sport } from "../../sports/types.js";
import { parseJson } from "../json-columns.js";
import type { Tables } from "../tables.js";

/** One competition season. */
export interface SeasonKey {
  competitionId: string;
  seasonId: string;
}

/** A table row as the API answers it: the computed row and the reasons for its deductions. */
export interface TableRow extends StandingsRow {
  deduction_reasons: string[];
}

/** A season's table, or null when it has none (not a league, or a sport without tables). */
export interface SeasonTable {
  sport: Sport;
  rows: TableRow[];
}

/** Seasons per statement: their keys are two bound parameters each. */
const SEASONS_PER_LOAD = 100;

export function seasonKey(season: SeasonKey): string {
  return `${season.competitionId}\u0000${season.seasonId}`;
}

/** The tables of the seasons, by `seasonKey`; null for a season that has no table. */
export async function computeTables(
  db: Kysely<Tables>,
  seasons: readonly SeasonKey[],
): Promise<Map<string, SeasonTable | null>> {
  const tables = new Map<string, SeasonTable | null>();
  for (let start = 0; start < seasons.length; start += SEASONS_PER_LOAD) {
    const chunk = seasons.slice(start, start + SEASONS_PER_LOAD);
    for (const [key, table] of await computeChunk(db, chunk)) tables.set(key, table);
  }
  return tables;
}

async function computeChunk(
  db: Kysely<Tables>,
  seasons: readonly SeasonKey[],
): Promise<Map<string, SeasonTable | null>> {
  const tables = new Map<string, SeasonTable | null>(seasons.map((s) => [seasonKey(s), null]));
  const competitionIds = [...new Set(seasons.map((s) => s.competitionId))];
  if (competitionIds.length === 0) return tables;
  const competitions = new Map(
    (
      await db
        .selectFrom("competitions")
        .select(["id", "sport", "type", "rules"])
        .where("id", "in", competitionIds)
        .execute()
    ).map((c) => [c.id, c]),
  );
  const leagues = seasons.filter((s) => {
    const competition = competitions.get(s.competitionId);
    return (
      competition !== undefined &&
      competition.type === "league" &&
      SPORT_MODULES[competition.sport as Sport]?.standings != null
    );
  });
  if (leagues.length === 0) return tables;
  const inputs = await loadInputs(db, leagues);
  for (const season of leagues) {
    const key = seasonKey(season);
    const competition = competitions.get(season.competitionId);
    const input = inputs.get(key);
    if (competition === undefined || input === undefined) continue;
    const sport = competition.sport as Sport;
    const rules = SPORT_MODULES[sport].standings;
    if (rules === null) continue;
    const results: StandingsResult[] = [];
    for (const f of input.fixtures) {
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
      teams: input.teams,
      results,
      deductions: input.adjustments.map((a) => ({
        teamId: a.team_id,
        points: a.points,
        reason: a.reason,
      })),
    });
    const reasons = new Map<string, string[]>();
    for (const a of input.adjustments)
      reasons.set(a.team_id, [...(reasons.get(a.team_id) ?? []), a.reason]);
    tables.set(key, {
      sport,
      rows: rows.map((row) => ({ ...row, deduction_reasons: reasons.get(row.team_id) ?? [] })),
    });
  }
  return tables;
}

interface SeasonInputs {
  teams: Array<{ id: string; name: string; groups?: TeamGroup[] }>;
  fixtures: Array<{
    home_team_id: string | null;
    away_team_id: string | null;
    home_score: number | null;
    away_score: number | null;
    result: string | null;
    score: string | null;
    kickoff: string;
  }>;
  adjustments: Array<{ team_id: string; points: number; reason: string }>;
}

/** Members, finished fixtures (in kick-off order) and deductions of each season. */
async function loadInputs(
  db: Kysely<Tables>,
  seasons: readonly SeasonKey[],
): Promise<Map<string, SeasonInputs>> {
  const inputs = new Map<string, SeasonInputs>(
    seasons.map((s) => [seasonKey(s), { teams: [], fixtures: [], adjustments: [] }]),
  );
  const of = (row: { competition_id: string; season_id: string }) =>
    inputs.get(seasonKey({ competitionId: row.competition_id, seasonId: row.season_id }));
  const [teams, fixtures, adjustments] = await Promise.all([
    db
      .selectFrom("team_competitions as tc")
      .innerJoin("teams as t", "t.id", "tc.team_id")
      .select(["tc.competition_id", "tc.season_id", "t.id", "t.name", "tc.team_name", "tc.groups"])
      .where((eb) =>
        eb.or(
          seasons.map((s) =>
            eb.and([
              eb("tc.competition_id", "=", s.competitionId),
              eb("tc.season_id", "=", s.seasonId),
            ]),
          ),
        ),
      )
      .execute(),
    db
      .selectFrom("fixtures")
      .select([
        "competition_id",
        "season_id",
        "home_team_id",
        "away_team_id",
        "home_score",
        "away_score",
        "result",
        "score",
        "kickoff",
      ])
      .where((eb) =>
        eb.or(
          seasons.map((s) =>
            eb.and([eb("competition_id", "=", s.competitionId), eb("season_id", "=", s.seasonId)]),
          ),
        ),
      )
      .where("status", "in", [...FINISHED_STATUSES])
      .orderBy("kickoff")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("standings_adjustments")
      .select(["competition_id", "season_id", "team_id", "points", "reason"])
      .where((eb) =>
        eb.or(
          seasons.map((s) =>
            eb.and([eb("competition_id", "=", s.competitionId), eb("season_id", "=", s.seasonId)]),
          ),
        ),
      )
      // Unordered, as the table has always read them: a team's reasons in stored order.
      .execute(),
  ]);
  for (const t of teams) {
    const groups = parseJson<TeamGroup[]>(t.groups);
    const name = t.team_name ?? t.name;
    of(t)?.teams.push(
      groups === null || groups.length === 0 ? { id: t.id, name } : { id: t.id, name, groups },
    );
  }
  for (const f of fixtures) of(f)?.fixtures.push(f);
  for (const a of adjustments) of(a)?.adjustments.push(a);
  return inputs;
}
