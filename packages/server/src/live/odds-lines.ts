/**
 * A batch's copy of the price lines its `odds` messages touch, and of the bookmakers they name:
 * read once per chunk (`prefetch`, one statement per kind), kept up to date as the messages
 * apply, their writes handed to the write buffer. So pricing a fixture's every market, or a live
 * fixture's prices moving, costs no statement per message; a rejected message's changes are
 * taken back with the rest of the batch (`mark`, `rollback`).
 */
import type { Kysely } from "kysely";
import type { Tables } from "../store/tables.js";
import type { OddsKey, OddsRow, PriceChange, WriteBuffer } from "./write-buffer.js";

/** A selection's stored prices: what a new price is compared with. */
export interface StoredPrice {
  price: number;
  opening_price: number;
  reference_price: number | null;
}

/** Fixture ids per statement when reading lines (well within both dialects' parameter limits). */
const FIXTURES_PER_READ = 500;

export class OddsLines {
  /** Selections by line (fixture, bookmaker, market key) of every fixture read. */
  private readonly lines = new Map<string, Map<string, StoredPrice>>();
  private readonly fixturesRead = new Set<string>();
  private readonly bookmakers = new Set<string>();
  /** Slugs looked up, found or not: a new bookmaker is added once, with no second look. */
  private readonly bookmakersRead = new Set<string>();
  /** How to take back each change, in order (`rollback`). */
  private readonly undo: Array<() => void> = [];

  /** `trx` reads only: every write goes through the buffer. */
  constructor(
    private readonly trx: Kysely<Tables>,
    private readonly writes: WriteBuffer,
  ) {}

  /** Reads the lines of the fixtures and the bookmakers not known yet. */
  async prefetch(fixtureIds: readonly string[], bookmakers: readonly string[]): Promise<void> {
    const fixtures = [...new Set(fixtureIds)].filter((id) => !this.fixturesRead.has(id));
    for (let i = 0; i < fixtures.length; i += FIXTURES_PER_READ) {
      await this.read(fixtures.slice(i, i + FIXTURES_PER_READ));
    }
    const slugs = [...new Set(bookmakers)].filter((slug) => !this.bookmakersRead.has(slug));
    if (slugs.length === 0) return;
    for (const slug of slugs) this.bookmakersRead.add(slug);
    const rows = await this.trx
      .selectFrom("bookmakers")
      .select("slug")
      .where("slug", "in", slugs)
      .execute();
    for (const row of rows) this.bookmakers.add(row.slug);
  }

  /**
   * A line's stored selections (read from the database when its fixture was not prefetched:
   * then no message of the batch has priced it, so the database holds all there is).
   */
  async line(
    fixtureId: string,
    bookmaker: string,
    marketKey: string,
  ): Promise<ReadonlyMap<string, StoredPrice>> {
    if (!this.fixturesRead.has(fixtureId)) await this.read([fixtureId]);
    return this.lines.get(lineKey(fixtureId, bookmaker, marketKey)) ?? new Map();
  }

  /** Whether the bookmaker exists (read by `prefetch`, or added in this batch). */
  async hasBookmaker(slug: string): Promise<boolean> {
    if (this.bookmakers.has(slug)) return true;
    if (this.bookmakersRead.has(slug)) return false;
    this.bookmakersRead.add(slug);
    const row = await this.trx
      .selectFrom("bookmakers")
      .select("slug")
      .where("slug", "=", slug)
      .executeTakeFirst();
    if (row !== undefined) this.bookmakers.add(slug);
    return row !== undefined;
  }

  /** Records a bookmaker the batch has just inserted. */
  addedBookmaker(slug: string): void {
    this.bookmakers.add(slug);
  }

  /** A new selection on a line: buffered, and known to the batch's later messages. */
  open(row: OddsRow): void {
    this.writes.insertOdds(row);
    this.put(row.fixture_id, row.bookmaker, row.market_key, row.selection, {
      price: row.price,
      opening_price: row.opening_price,
      reference_price: row.reference_price ?? null,
    });
  }

  /** A selection's new price (and reference, when it moved far enough). */
  change(key: OddsKey, change: PriceChange & { price: number }, before: StoredPrice): void {
    this.writes.updateOdds(key, change);
    this.put(...key, {
      ...before,
      price: change.price,
      reference_price:
        change.reference_price === undefined ? before.reference_price : change.reference_price,
    });
  }

  mark(): number {
    return this.undo.length;
  }

  rollback(mark: number): void {
    while (this.undo.length > mark) this.undo.pop()?.();
  }

  private put(
    fixtureId: string,
    bookmaker: string,
    marketKey: string,
    selection: string,
    price: StoredPrice,
  ): void {
    const key = lineKey(fixtureId, bookmaker, marketKey);
    const line = this.lines.get(key) ?? new Map<string, StoredPrice>();
    const before = line.get(selection);
    line.set(selection, price);
    this.lines.set(key, line);
    this.undo.push(() => {
      if (before === undefined) line.delete(selection);
      else line.set(selection, before);
    });
  }

  private async read(fixtureIds: readonly string[]): Promise<void> {
    const rows = await this.trx
      .selectFrom("odds")
      .select([
        "fixture_id",
        "bookmaker",
        "market_key",
        "selection",
        "price",
        "opening_price",
        "reference_price",
      ])
      .where("fixture_id", "in", fixtureIds)
      .execute();
    for (const id of fixtureIds) this.fixturesRead.add(id);
    for (const row of rows) {
      const key = lineKey(row.fixture_id, row.bookmaker, row.market_key);
      const line = this.lines.get(key) ?? new Map<string, StoredPrice>();
      line.set(row.selection, {
        price: row.price,
        opening_price: row.opening_price,
        reference_price: row.reference_price ?? null,
      });
      this.lines.set(key, line);
    }
  }
}

function lineKey(fixtureId: string, bookmaker: string, marketKey: string): string {
  return `${fixtureId}\u0000${bookmaker}\u0000${marketKey}`;
}
