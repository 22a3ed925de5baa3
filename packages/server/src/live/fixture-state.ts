/**
 * A fixture as the live engine sees it while applying messages: read once per batch (locked
 * on PostgreSQL, so two nodes cannot interleave one fixture's sequence; the batch reads every
 * fixture its messages name in one statement), replaced — never mutated — after each applied
 * message, and written back by the handler that changed it.
 */
import type { Transaction } from "kysely";
import type { FixtureStatus, Score, Sport } from "../sports/types.js";
import { parseJson } from "../store/json-columns.js";
import type { Tables } from "../store/tables.js";

interface SideState {
  id: string;
  name: string;
}

export interface FixtureState {
  id: string;
  sport: Sport;
  competitionId: string;
  seasonId: string;
  kickoff: string;
  round: string | null;
  venue: string | null;
  status: FixtureStatus;
  period: string | null;
  minute: number | null;
  score: Score | null;
  participants: unknown[] | null;
  result: Record<string, unknown> | null;
  sequence: number;
  home: SideState | null;
  away: SideState | null;
}

/** The fixture's state, or undefined when no fixture of the sport has the id. */
export async function loadFixtureState(
  trx: Transaction<Tables>,
  dialect: "sqlite" | "postgres",
  sport: Sport,
  id: string,
): Promise<FixtureState | undefined> {
  const [state] = await loadFixtureStates(trx, dialect, [id]);
  return state?.sport === sport ? state : undefined;
}

/** The states of the fixtures that exist among `ids`, in one statement (each of any sport). */
export async function loadFixtureStates(
  trx: Transaction<Tables>,
  dialect: "sqlite" | "postgres",
  ids: readonly string[],
): Promise<FixtureState[]> {
  if (ids.length === 0) return [];
  let query = trx
    .selectFrom("fixtures as f")
    .leftJoin("teams as h", "h.id", "f.home_team_id")
    .leftJoin("teams as a", "a.id", "f.away_team_id")
    .select([
      "f.id",
      "f.sport",
      "f.competition_id",
      "f.season_id",
      "f.kickoff",
      "f.round",
      "f.venue",
      "f.status",
      "f.period",
      "f.minute",
      "f.score",
      "f.participants",
      "f.result",
      "f.sequence",
      "f.home_team_id",
      "f.away_team_id",
      "h.name as home_name",
      "a.name as away_name",
    ])
    .where("f.id", "in", [...ids]);
  if (dialect === "postgres") query = query.forUpdate("f");
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    sport: row.sport as Sport,
    competitionId: row.competition_id,
    seasonId: row.season_id,
    kickoff: row.kickoff,
    round: row.round,
    venue: row.venue,
    status: row.status as FixtureStatus,
    period: row.period,
    minute: row.minute,
    score: parseJson<Score>(row.score),
    participants: parseJson<unknown[]>(row.participants),
    result: parseJson<Record<string, unknown>>(row.result),
    sequence: Number(row.sequence),
    home: row.home_team_id === null ? null : { id: row.home_team_id, name: row.home_name ?? "" },
    away: row.away_team_id === null ? null : { id: row.away_team_id, name: row.away_name ?? "" },
  }));
}
