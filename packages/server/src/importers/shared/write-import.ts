/**
 * Stores one import unit (a season, a file) idempotently: rows missing are inserted, rows whose
 * content differs are updated, identical rows are left alone (and keep their `updated_at`), so
 * importing the same data twice changes nothing. Every table is keyed by its primary key. Slugs
 * never change once stored (URLs stay stable) and a new row whose slug another row of the sport
 * holds gets a piece of its id. A competition's current season is its latest one, stored or
 * imported. A format whose rows meet stored ones by a rule of its own (openfootball merges a
 * club's spellings across files) passes that rule per table (`StoredMerges`). The kept league
 * tables of the seasons touched are refreshed last (ADR-0033), and every season of a team or
 * competition whose change alters its tables (a team's name; a competition's type or rules).
 *
 * The unit is built and checked whole before anything is written (a bad file or row changes
 * nothing), then written table by table in transactions of at most ROWS_PER_TRANSACTION rows,
 * so that a server using the same store is never kept from writing for long (ADR-0047). A unit
 * whose writing fails part-way (the database went away) is completed by importing it again.
 */
import type { Kysely } from "kysely";
import type { Store } from "../../store/database.js";
import { DATASET_TABLES, type Dataset, type DatasetTable } from "../../store/dataset.js";
import { toRow } from "../../store/json-columns.js";
import { StaleTables } from "../../store/standings/kept-tables.js";
import type { Tables } from "../../store/tables.js";
import { MAX_PARAMETERS } from "../../store/write-dataset.js";

export interface RowCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** Counts per table written (tables the unit had no rows for are left out). */
export type ImportCounts = Partial<Record<DatasetTable, RowCounts>>;

/** What one unit stores: any subset of the dataset's tables, JSON columns as values. */
export type ImportDataset = Partial<Dataset>;

type Row = Record<string, unknown>;

/**
 * How a unit's row meets the stored row of its key: the row to store instead (JSON columns as
 * the text the store keeps). Without one, the unit's row replaces the stored one.
 */
type MergeStored = (stored: Row, row: Row) => Row;

export type StoredMerges = Partial<Record<DatasetTable, MergeStored>>;

const KEYS: Record<DatasetTable, readonly string[]> = {
  countries: ["code"],
  competitions: ["id"],
  seasons: ["id"],
  teams: ["id"],
  team_competitions: ["competition_id", "season_id", "team_id"],
  players: ["id"],
  fixtures: ["id"],
  match_events: ["id"],
  lineups: ["fixture_id", "team_id"],
  team_season_stats: ["team_id", "season_id", "competition_id"],
  player_season_stats: ["player_id", "season_id", "competition_id"],
  standings_adjustments: ["id"],
  bookmakers: ["slug"],
  odds: ["fixture_id", "bookmaker", "market_key", "selection"],
};

/** Columns that record when, not what: never compared, and `created_at` never overwritten. */
const STAMPS = new Set(["created_at", "updated_at"]);
/**
 * Columns of a row that every season's table it belongs to is computed from (compute-table.ts):
 * when one changes, those tables are refreshed too.
 */
const TABLE_INPUTS: Partial<Record<DatasetTable, readonly string[]>> = {
  competitions: ["sport", "type", "rules"],
  teams: ["name"],
};
const SLUGGED = new Set<DatasetTable>(["competitions", "teams", "players"]);
/** Stored rows are looked up this many key values at a time. */
const LOOKUP_CHUNK = 500;
/**
 * Rows written per transaction: a unit is written in short transactions, so a server using the
 * same SQLite file waits for the write lock a few tens of milliseconds at a time, not for the
 * whole unit (ADR-0047).
 */
const ROWS_PER_TRANSACTION = 1_000;
/** How long an import writes before it stands aside (LockTurns). */
const WRITE_TURN_MS = 200;
/** Longer than a waiting writer's longest pause between attempts (sqlite-write-lock.ts). */
const STAND_ASIDE_MS = 40;

export async function writeImport(
  store: Store,
  dataset: ImportDataset,
  stamp: string,
  merges: StoredMerges = {},
): Promise<ImportCounts> {
  const counts: ImportCounts = {};
  const stale = new StaleTables();
  const turns = new LockTurns(store.dialect === "sqlite");
  for (const table of DATASET_TABLES) {
    const records = (dataset[table] ?? []) as unknown as Row[];
    if (records.length === 0) continue;
    // The last row of a key wins, so a unit that repeats a row stores it once.
    const rows = [
      ...new Map(
        records.map((record) => toRow(table, record)).map((r) => [keyOf(table, r), r]),
      ).values(),
    ];
    // Every column any row sets: a row that leaves one out (an optional JSON column) stores null.
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    const total: RowCounts = { created: 0, updated: 0, unchanged: 0 };
    for (let start = 0; start < rows.length; start += ROWS_PER_TRANSACTION) {
      const slice = rows.slice(start, start + ROWS_PER_TRANSACTION);
      await turns.take();
      const result = await store.db.transaction().execute(async (trx) => {
        const written =
          table === "competitions" ? await withCurrentSeasons(trx, slice, dataset) : slice;
        return upsert(trx, table, written, columns, {
          maxParameters: MAX_PARAMETERS[store.dialect],
          merge: merges[table],
        });
      });
      total.created += result.counts.created;
      total.updated += result.counts.updated;
      total.unchanged += result.counts.unchanged;
      if (table === "teams") for (const id of result.restale) stale.team(id);
      if (table === "competitions") for (const id of result.restale) stale.competition(id);
    }
    counts[table] = total;
  }
  for (const s of dataset.seasons ?? []) stale.season(s.competition_id, s.id);
  for (const rows of [
    dataset.team_competitions ?? [],
    dataset.fixtures ?? [],
    dataset.standings_adjustments ?? [],
  ])
    for (const r of rows) stale.season(r.competition_id, r.season_id);
  await turns.take();
  await store.db.transaction().execute((trx) => stale.refresh(trx, stamp));
  return counts;
}

/**
 * SQLite's write lock is not queued: a writer that begins again at once after its commit takes
 * it back before a waiting process retries. So after every WRITE_TURN_MS of writing the import
 * stands aside for longer than a waiting writer's longest pause (sqlite-write-lock.ts), and
 * the server's writes wait for at most about that long.
 */
class LockTurns {
  private since = performance.now();

  constructor(private readonly enabled: boolean) {}

  async take(): Promise<void> {
    if (!this.enabled || performance.now() - this.since < WRITE_TURN_MS) return;
    await new Promise((resolve) => setTimeout(resolve, STAND_ASIDE_MS));
    this.since = performance.now();
  }
}

function keyOf(table: DatasetTable, row: Row): string {
  return KEYS[table].map((column) => String(row[column] ?? "")).join("\u0000");
}

/** The stored rows with these keys, by key. */
async function storedRows(
  trx: Kysely<Tables>,
  table: DatasetTable,
  rows: readonly Row[],
): Promise<Map<string, Row>> {
  const [first] = KEYS[table];
  if (first === undefined) return new Map();
  const values = [...new Set(rows.map((row) => String(row[first])))];
  const wanted = new Set(rows.map((row) => keyOf(table, row)));
  const found = new Map<string, Row>();
  for (let start = 0; start < values.length; start += LOOKUP_CHUNK) {
    const stored = (await trx
      .selectFrom(table)
      .selectAll()
      .where(first as never, "in", values.slice(start, start + LOOKUP_CHUNK) as never)
      .execute()) as Row[];
    for (const row of stored) {
      const key = keyOf(table, row);
      if (wanted.has(key)) found.set(key, row);
    }
  }
  return found;
}

/**
 * Same content in the columns the unit sets (JSON columns compare as the text the store keeps);
 * a column another row of the unit sets and this one leaves out is null.
 */
function sameContent(stored: Row, next: Row, columns: readonly string[]): boolean {
  return columns.every((column) => STAMPS.has(column) || sameValue(stored[column], next[column]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if ((a ?? null) === (b ?? null)) return true;
  // PostgreSQL returns numeric columns as numbers or strings depending on the type; compare values.
  return typeof a !== typeof b && a !== null && b !== null && String(a) === String(b);
}

interface UpsertOptions {
  maxParameters: number;
  merge: MergeStored | undefined;
}

/**
 * Upserts rows of distinct keys; `columns`: every column any row of the unit's table sets.
 * `restale`: the keys of updated rows whose change alters the tables they are in.
 */
async function upsert(
  trx: Kysely<Tables>,
  table: DatasetTable,
  rows: readonly Row[],
  columns: readonly string[],
  { maxParameters, merge }: UpsertOptions,
): Promise<{ counts: RowCounts; restale: string[] }> {
  const stored = await storedRows(trx, table, rows);
  const counts: RowCounts = { created: 0, updated: 0, unchanged: 0 };
  const inputs = (TABLE_INPUTS[table] ?? []).filter((column) => columns.includes(column));
  const restale: string[] = [];
  const writes: Row[] = [];
  const fresh: Row[] = [];
  for (const original of rows) {
    const key = keyOf(table, original);
    const before = stored.get(key);
    const row = {
      ...(before !== undefined && merge !== undefined ? merge(before, original) : original),
    };
    if (SLUGGED.has(table) && before !== undefined) row.slug = before.slug;
    if (before === undefined) {
      counts.created += 1;
      fresh.push(row);
    } else if (sameContent(before, row, columns)) {
      counts.unchanged += 1;
      continue;
    } else {
      counts.updated += 1;
      if (inputs.some((column) => !sameValue(before[column], row[column]))) restale.push(key);
    }
    writes.push(row);
  }
  if (SLUGGED.has(table))
    await freeSlugs(trx, table as "competitions" | "teams" | "players", fresh);
  if (writes.length === 0) return { counts, restale };
  const updatable = columns.filter(
    (column) => !KEYS[table].includes(column) && column !== "created_at",
  );
  const chunk = Math.max(1, Math.floor(maxParameters / columns.length));
  for (let start = 0; start < writes.length; start += chunk) {
    await trx
      .insertInto(table)
      .values(writes.slice(start, start + chunk).map((row) => complete(row, columns)) as never)
      .onConflict((oc) => {
        const target = oc.columns(KEYS[table] as never);
        return updatable.length === 0
          ? target.doNothing()
          : target.doUpdateSet((eb) =>
              Object.fromEntries(updatable.map((c) => [c, eb.ref(`excluded.${c}` as never)])),
            );
      })
      .execute();
  }
  return { counts, restale };
}

function complete(row: Row, columns: readonly string[]): Row {
  return Object.fromEntries(columns.map((column) => [column, row[column] ?? null]));
}

/** New rows whose slug another row of their sport holds (stored, or earlier in this unit). */
async function freeSlugs(
  trx: Kysely<Tables>,
  table: "competitions" | "teams" | "players",
  rows: Row[],
): Promise<void> {
  const taken = new Map<string, string>();
  const bySport = new Map<string, Row[]>();
  for (const row of rows)
    bySport.set(String(row.sport), [...(bySport.get(String(row.sport)) ?? []), row]);
  for (const [sport, sportRows] of bySport) {
    const slugs = [...new Set(sportRows.map((row) => String(row.slug)))];
    for (let start = 0; start < slugs.length; start += LOOKUP_CHUNK) {
      const holders = await trx
        .selectFrom(table)
        .select(["id", "slug"])
        .where("sport", "=", sport)
        .where("slug", "in", slugs.slice(start, start + LOOKUP_CHUNK))
        .execute();
      for (const holder of holders) taken.set(`${sport}\u0000${holder.slug}`, holder.id);
    }
    for (const row of sportRows) {
      const key = `${sport}\u0000${row.slug}`;
      const holder = taken.get(key);
      if (holder !== undefined && holder !== row.id)
        row.slug = `${row.slug}-${String(row.id).slice(-6)}`;
      taken.set(`${sport}\u0000${row.slug}`, String(row.id));
    }
  }
}

/**
 * A competition's current season is its latest one by start date, stored or in this unit (as
 * the unit has it), so importing seasons in any order gives the same row.
 */
async function withCurrentSeasons(
  trx: Kysely<Tables>,
  rows: Row[],
  dataset: ImportDataset,
): Promise<Row[]> {
  const ids = rows.map((row) => String(row.id));
  const stored = await trx
    .selectFrom("seasons")
    .select(["id", "competition_id", "name", "start_date"])
    .where("competition_id", "in", ids)
    .execute();
  const unit = dataset.seasons ?? [];
  const inUnit = new Set(unit.map((s) => s.id));
  const seasons = [...stored.filter((s) => !inUnit.has(s.id)), ...unit];
  return rows.map((row) => {
    const latest = seasons
      .filter((s) => s.competition_id === row.id)
      .sort((a, b) => b.start_date.localeCompare(a.start_date) || b.name.localeCompare(a.name))[0];
    return latest === undefined ? row : { ...row, current_season_id: latest.id };
  });
}
