/**
 * `GET /v1/search`: teams, players, competitions and venues of every sport by name (ADR-0040),
 * accent-insensitive and typo-tolerant, ranked exact > prefix > substring > fuzzy, then by name.
 *
 * The names live in memory, one index per sport (name-index.ts), built from the store on first
 * use and rebuilt when the store's change clock says a table they come from changed for that
 * sport — so a search runs no query at all while nothing changed, answers the same on SQLite and
 * PostgreSQL (no pg_trgm), and is never older than a change this node has heard of. Venues named
 * only on fixtures are the exception: fixtures change with every goal, so that part of a sport's
 * index is rebuilt at most every `FIXTURE_VENUES_REFRESH_MS` (a new golf course or racecourse
 * appears within seconds).
 */
import { type ErrorDetail, ServiceError } from "../../errors/service-error.js";
import type { Sport } from "../../sports/types.js";
import { checksFor, UNKNOWN } from "../../store/change-clock.js";
import type { Store } from "../../store/database.js";
import type { Page, PageRequest } from "../context.js";
import { prepareQuery } from "./match.js";
import {
  HIT_TYPES,
  type HitType,
  type IndexedName,
  NameIndex,
  type ScoredName,
} from "./name-index.js";
import { readFixtureVenues, readNames } from "./sources.js";

const FIXTURE_VENUES_REFRESH_MS = 5_000;
const MIN_QUERY = 2;
const MAX_QUERY = 100;

export interface SearchHit {
  type: HitType;
  id: string;
  sport: Sport;
  name: string;
  score: number;
  country?: string;
  link: string;
}

export interface SearchRequest {
  q: string;
  /** The `type` parameter as sent: a comma-separated list. */
  type?: string | undefined;
  /** The sports to look in (the `sport` parameter, or every sport the caller may see). */
  sports: readonly Sport[];
}

interface Part {
  index: NameIndex;
  /** The change clock's mark taken before the part's rows were read. */
  mark: number;
  builtAtMs: number;
}

/** A part of one sport's index: its names, or the venues named only on its fixtures. */
class Kept {
  private part: Part | undefined;
  private building: { mark: number; index: Promise<NameIndex> } | undefined;

  constructor(
    private readonly store: Store,
    private readonly checks: string[],
    private readonly read: () => Promise<IndexedName[]>,
    /** A part younger than this is used even when its tables changed. */
    private readonly minAgeMs = 0,
  ) {}

  /** The kept index while none of its tables changed (call `changes.now()` first), or undefined. */
  fresh(): NameIndex | undefined {
    const part = this.part;
    if (part === undefined) return undefined;
    if (!this.store.changes.changedSince(part.mark, this.checks)) return part.index;
    return performance.now() - part.builtAtMs < this.minAgeMs ? part.index : undefined;
  }

  /**
   * The index read again. A read under way is shared unless a change was heard after it began
   * (then a new one starts: the answer must not be older than what this node has heard of); with
   * no mark to tell (UNKNOWN), it is shared anyway rather than read once per request.
   */
  rebuilt(): Promise<NameIndex> {
    const building = this.building;
    if (
      building !== undefined &&
      (building.mark === UNKNOWN || !this.store.changes.changedSince(building.mark, this.checks))
    ) {
      return building.index;
    }
    const mark = this.store.changes.now();
    const started = { mark, index: this.build(mark) };
    this.building = started;
    started.index
      .finally(() => {
        if (this.building === started) this.building = undefined;
      })
      .catch(() => undefined);
    return started.index;
  }

  private async build(mark: number): Promise<NameIndex> {
    const index = new NameIndex(await this.read());
    // Reads may finish out of order: the one begun last is kept.
    if (this.part === undefined || mark === UNKNOWN || mark >= this.part.mark) {
      this.part = { index, mark, builtAtMs: performance.now() };
    }
    return index;
  }
}

export class NameSearch {
  private readonly names = new Map<Sport, Kept>();
  private readonly venues = new Map<Sport, Kept>();

  constructor(private readonly store: Store) {}

  async search(request: SearchRequest, page: PageRequest): Promise<Page<SearchHit>> {
    const problems: ErrorDetail[] = [];
    const q = checkedQuery(request.q, problems);
    const types = typesOf(request.type, problems);
    const first = problems[0];
    if (first !== undefined) {
      throw new ServiceError("invalid_parameter", first.message, { details: problems });
    }
    const query = prepareQuery(q);
    // Learns what changed elsewhere since the last look (SQLite reads its change log here).
    this.store.changes.now();
    const indexes: NameIndex[] = [];
    const pending: Promise<NameIndex>[] = [];
    for (const sport of request.sports) {
      const parts = [this.kept(this.names, sport, "names")];
      if (types.has("venue")) parts.push(this.kept(this.venues, sport, "venues"));
      for (const part of parts) {
        const index = part.fresh();
        if (index !== undefined) indexes.push(index);
        else pending.push(part.rebuilt());
      }
    }
    if (pending.length > 0) indexes.push(...(await Promise.all(pending)));
    const found: ScoredName[] = [];
    for (const index of indexes) index.find(query, types, found);
    const start = (page.page - 1) * page.perPage;
    return {
      items: best(found, start + page.perPage)
        .slice(start)
        .map(present),
      total: found.length,
      page: page.page,
      perPage: page.perPage,
    };
  }

  private kept(parts: Map<Sport, Kept>, sport: Sport, what: "names" | "venues"): Kept {
    let kept = parts.get(sport);
    if (kept === undefined) {
      const store = this.store;
      kept =
        what === "names"
          ? new Kept(store, checksOf(sport, ["competitions", "teams", "players"]), () =>
              readNames(store, sport),
            )
          : new Kept(
              store,
              checksOf(sport, ["fixtures", "teams", "competitions"]),
              () => readFixtureVenues(store, sport),
              FIXTURE_VENUES_REFRESH_MS,
            );
      parts.set(sport, kept);
    }
    return kept;
  }
}

function checksOf(sport: Sport, tables: readonly string[]): string[] {
  return tables.flatMap((table) => checksFor(`${table}/${sport}`));
}

/** `q` trimmed, 2 to 100 characters. */
function checkedQuery(q: string, problems: ErrorDetail[]): string {
  const text = q.trim();
  const length = [...text].length;
  if (length < MIN_QUERY || length > MAX_QUERY) {
    problems.push({
      code: "invalid_parameter",
      message: `q must be ${MIN_QUERY} to ${MAX_QUERY} characters long (spaces around it do not count)`,
      field: "q",
    });
  }
  return text;
}

/** The `type` list: every hit type when absent. */
function typesOf(text: string | undefined, problems: ErrorDetail[]): Set<HitType> {
  if (text === undefined) return new Set(HIT_TYPES);
  const types = new Set<HitType>();
  for (const item of text.split(",")) {
    const type = item.trim();
    if (!(HIT_TYPES as readonly string[]).includes(type)) {
      problems.push({
        code: "invalid_parameter",
        message: `type must be a comma-separated list of: ${HIT_TYPES.join(", ")} (not "${type.slice(0, 40)}")`,
        field: "type",
      });
      break;
    }
    types.add(type as HitType);
  }
  return types;
}

/**
 * The first `count` hits in rank order. A short first page of many hits (a two-letter query
 * matches thousands of names) keeps a small sorted list instead of sorting them all.
 */
function best(found: ScoredName[], count: number): ScoredName[] {
  if (count * 4 >= found.length) return found.sort(ranked).slice(0, count);
  const top: ScoredName[] = [];
  for (const hit of found) {
    if (top.length === count && ranked(hit, top[count - 1] as ScoredName) >= 0) continue;
    let low = 0;
    let high = top.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ranked(hit, top[middle] as ScoredName) < 0) high = middle;
      else low = middle + 1;
    }
    top.splice(low, 0, hit);
    if (top.length > count) top.pop();
  }
  return top;
}

const TYPE_ORDER: Record<HitType, number> = { competition: 0, team: 1, player: 2, venue: 3 };

/** Score, then name, then type, sport and id: the same order on every node and dialect. */
function ranked(a: ScoredName, b: ScoredName): number {
  const score = b.score - a.score;
  if (score !== 0) return score;
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  const type = TYPE_ORDER[a.name.type] - TYPE_ORDER[b.name.type];
  if (type !== 0) return type;
  if (a.name.sport !== b.name.sport) return a.name.sport < b.name.sport ? -1 : 1;
  return a.name.id < b.name.id ? -1 : a.name.id > b.name.id ? 1 : 0;
}

function present(hit: ScoredName): SearchHit {
  const { type, id, sport, name, country, link } = hit.name;
  return {
    type,
    id,
    sport,
    name,
    score: hit.score,
    ...(country === null ? {} : { country }),
    link,
  };
}
