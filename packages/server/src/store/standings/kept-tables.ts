/**
 * League tables kept in `standings_rows` (ADR-0033): every write that can change a table
 * refreshes the seasons it touched in its own transaction, so a read is one indexed query.
 *
 * A refresh recomputes the season from scratch (compute-table.ts) and writes only the rows that
 * differ, so refreshing a season that did not change writes nothing. On PostgreSQL each season
 * is locked for the rest of the transaction before it is computed: two writers touching one
 * season (a result and a deduction) refresh one after the other, the second seeing the first's
 * commit, so neither overwrites the other's table with one computed without its change.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Tables } from "../tables.js";
import { computeTables, type SeasonKey, seasonKey } from "./compute-table.js";

/** Namespace of the per-season advisory locks ("STND"); the second key is a hash of the season. */
const SEASON_LOCK = 0x53544e44;

/** Rows per upsert: seven columns each, well under both dialects' parameter limits. */
const ROWS_PER_WRITE = 500;

/**
 * What a transaction's writes may have changed, gathered while it runs and refreshed at its end:
 * seasons; teams (their name is in the rows, and breaks ties, in every season they belong to);
 * competitions (their type and rules decide every season's table).
 */
export class StaleTables {
  private readonly seasons = new Map<string, SeasonKey>();
  private readonly teams = new Set<string>();
  private readonly competitions = new Set<string>();

  season(competitionId: string, seasonId: string): void {
    const season = { competitionId, seasonId };
    this.seasons.set(seasonKey(season), season);
  }

  team(teamId: string): void {
    this.teams.add(teamId);
  }

  competition(competitionId: string): void {
    this.competitions.add(competitionId);
  }

  /** Recomputes every season gathered so far (within the caller's transaction). */
  async refresh(db: Kysely<Tables>, stamp: string): Promise<void> {
    const seasons = new Map(this.seasons);
    if (this.teams.size > 0) {
      const rows = await db
        .selectFrom("team_competitions")
        .select(["competition_id", "season_id"])
        .where("team_id", "in", [...this.teams])
        .execute();
      for (const r of rows) {
        const season = { competitionId: r.competition_id, seasonId: r.season_id };
        seasons.set(seasonKey(season), season);
      }
    }
    if (this.competitions.size > 0) {
      const rows = await db
        .selectFrom("seasons")
        .select(["competition_id", "id"])
        .where("competition_id", "in", [...this.competitions])
        .execute();
      for (const r of rows) {
        const season = { competitionId: r.competition_id, seasonId: r.id };
        seasons.set(seasonKey(season), season);
      }
    }
    this.seasons.clear();
    this.teams.clear();
    this.competitions.clear();
    await refreshTables(db, [...seasons.values()], stamp);
  }
}

/** Recomputes the seasons' tables and writes the rows that changed. */
export async function refreshTables(
  db: Kysely<Tables>,
  seasons: readonly SeasonKey[],
  stamp: string,
): Promise<void> {
  const unique = [...new Map(seasons.map((s) => [seasonKey(s), s])).values()];
  if (unique.length === 0) return;
  if (db.getExecutor().adapter instanceof PostgresAdapter) await lockSeasons(db, unique);
  const [computed, stored] = await Promise.all([computeTables(db, unique), storedRows(db, unique)]);
  const upserts: Array<Tables["standings_rows"]> = [];
  const deletes: Array<SeasonKey & { teamId: string }> = [];
  for (const season of unique) {
    const key = seasonKey(season);
    const table = computed.get(key) ?? null;
    const before = stored.get(key) ?? new Map<string, { position: number; entry: string }>();
    const kept = new Set<string>();
    for (const row of table?.rows ?? []) {
      kept.add(row.team_id);
      const entry = JSON.stringify(row);
      const old = before.get(row.team_id);
      if (old !== undefined && old.position === row.position && old.entry === entry) continue;
      upserts.push({
        sport: table?.sport ?? "",
        competition_id: season.competitionId,
        season_id: season.seasonId,
        team_id: row.team_id,
        position: row.position,
        entry,
        updated_at: stamp,
      });
    }
    for (const teamId of before.keys()) {
      if (!kept.has(teamId)) deletes.push({ ...season, teamId });
    }
  }
  for (const d of deletes) {
    await db
      .deleteFrom("standings_rows")
      .where("competition_id", "=", d.competitionId)
      .where("season_id", "=", d.seasonId)
      .where("team_id", "=", d.teamId)
      .execute();
  }
  for (let start = 0; start < upserts.length; start += ROWS_PER_WRITE) {
    await db
      .insertInto("standings_rows")
      .values(upserts.slice(start, start + ROWS_PER_WRITE))
      .onConflict((oc) =>
        oc.columns(["competition_id", "season_id", "team_id"]).doUpdateSet((eb) => ({
          sport: eb.ref("excluded.sport"),
          position: eb.ref("excluded.position"),
          entry: eb.ref("excluded.entry"),
          updated_at: eb.ref("excluded.updated_at"),
        })),
      )
      .execute();
  }
}

/** The stored rows of the seasons: by season key, then by team. */
async function storedRows(
  db: Kysely<Tables>,
  seasons: readonly SeasonKey[],
): Promise<Map<string, Map<string, { position: number; entry: string }>>> {
  const stored = new Map<string, Map<string, { position: number; entry: string }>>();
  for (let start = 0; start < seasons.length; start += 100) {
    const chunk = seasons.slice(start, start + 100);
    const rows = await db
      .selectFrom("standings_rows")
      .select(["competition_id", "season_id", "team_id", "position", "entry"])
      .where((eb) =>
        eb.or(
          chunk.map((s) =>
            eb.and([eb("competition_id", "=", s.competitionId), eb("season_id", "=", s.seasonId)]),
          ),
        ),
      )
      .execute();
    for (const row of rows) {
      const key = seasonKey({ competitionId: row.competition_id, seasonId: row.season_id });
      const season = stored.get(key) ?? new Map();
      season.set(row.team_id, { position: Number(row.position), entry: row.entry });
      stored.set(key, season);
    }
  }
  return stored;
}

/**
 * PostgreSQL: the seasons' advisory locks, held until the transaction ends, taken in ascending
 * key order (PostgreSQL evaluates a volatile select list after the sort) so two transactions
 * refreshing overlapping seasons cannot deadlock. A key collision only serialises a little more.
 */
async function lockSeasons(db: Kysely<Tables>, seasons: readonly SeasonKey[]): Promise<void> {
  const keys = [...new Set(seasons.map((s) => lockKey(`${s.competitionId}/${s.seasonId}`)))];
  keys.sort((a, b) => a - b);
  await sql`
    select pg_advisory_xact_lock(${SEASON_LOCK}, k)
    from unnest(${keys}::int4[]) as k order by k`.execute(db);
}

/** FNV-1a of the text, as a signed 32-bit integer (advisory lock keys are int4). */
function lockKey(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
