/**
 * Prices as fixtures enter the odds horizon (ADR-0044): the core world seeded, the clock moved
 * ten days on, the calendar's pricing steps run (every sport's, tennis's and racing's). Every
 * scheduled fixture kicking off within a fortnight (a race: within a day) then has prices from
 * every bookmaker the generator uses; the new prices are the generator's — books within the
 * overrounds the generator's books keep, the home chance what the generator itself quotes for the
 * same two sides (its ratings do not depend on the anchor, so the world generated ten days later
 * prices the same pairings) — and running the steps again adds nothing.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { MemoryEventBus } from "../../src/adapters/bus/memory-bus.js";
import { isoSeconds } from "../../src/lib/time.js";
import { FeedIngestor } from "../../src/live/feed-ingestor.js";
import { generateSampleData } from "../../src/sample/generate.js";
import { GOLF_OUTRIGHT_BAND } from "../../src/sample/outright-pricing.js";
import { BOOKMAKERS } from "../../src/sample/pools/index.js";
import { ODDS_HORIZON_DAYS, openMarkets } from "../../src/simulator/open-markets.js";
import { openRaceMarkets } from "../../src/simulator/race-markets.js";
import { SampleWorldFeed } from "../../src/simulator/sample-world.js";
import { priceTennisMatches } from "../../src/simulator/tennis-draw-odds.js";
import { SPORTS } from "../../src/sports/types.js";
import type { Store } from "../../src/store/database.js";
import { seededWorld } from "../helpers/app.js";
import { TEST_NOW } from "../helpers/clock.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";

const DAY_MS = 86_400_000;
const NOW = new Date(TEST_NOW.getTime() + 10 * DAY_MS);
const HORIZON = new Date(NOW.getTime() + ODDS_HORIZON_DAYS * DAY_MS);
const RACE_LEAD = new Date(NOW.getTime() + DAY_MS);

/** The calendar's pricing steps, run until they have nothing left; fixtures priced. */
async function priceAll(store: Store, ingestor: SampleWorldFeed): Promise<number> {
  let priced = 0;
  for (let call = 0; call < 50; call++) {
    const n =
      (await openMarkets(store, ingestor, SPORTS, HORIZON)) +
      (await priceTennisMatches(store, ingestor, HORIZON)) +
      (await openRaceMarkets(store, ingestor, RACE_LEAD));
    if (n === 0) return priced;
    priced += n;
  }
  throw new Error("the pricing steps never ran dry");
}

/** Scheduled fixtures due prices by now: within the horizon (a race: within a day), sides known. */
async function duePrices(store: Store) {
  const rows = await store.db
    .selectFrom("fixtures")
    .select(["id", "sport", "kickoff", "home_team_id", "away_team_id", "participants"])
    .where("status", "=", "scheduled")
    .where("kickoff", "<=", isoSeconds(HORIZON))
    .execute();
  return rows.filter(
    (r) =>
      (r.home_team_id !== null && r.away_team_id !== null) ||
      (r.participants !== null &&
        (r.sport !== "horse-racing" || r.kickoff <= isoSeconds(RACE_LEAD))),
  );
}

/** Fixture id → the bookmakers with prices for it. */
async function booksByFixture(store: Store) {
  const rows = await store.db.selectFrom("odds").select(["fixture_id", "bookmaker"]).execute();
  const books = new Map<string, Set<string>>();
  for (const r of rows)
    books.set(r.fixture_id, (books.get(r.fixture_id) ?? new Set()).add(r.bookmaker));
  return books;
}

/** Match-winner rows → per fixture, per book: its selections' prices. */
type WinnerBooks = Map<string, Map<string, Record<string, number>>>;

function winnerBooks(
  rows: ReadonlyArray<{ fixture_id: string; bookmaker: string; selection: string; price: number }>,
): WinnerBooks {
  const out: WinnerBooks = new Map();
  for (const r of rows) {
    const books = out.get(r.fixture_id) ?? new Map();
    books.set(r.bookmaker, { ...(books.get(r.bookmaker) ?? {}), [r.selection]: r.price });
    out.set(r.fixture_id, books);
  }
  return out;
}

/** The books' mean home share of the match-winner chances (home ÷ (home + away)). */
function homeShare(books: ReadonlyMap<string, Record<string, number>>): number {
  let home = 0;
  let away = 0;
  for (const prices of books.values()) {
    home += 1 / (prices.home ?? Number.POSITIVE_INFINITY);
    away += 1 / (prices.away ?? Number.POSITIVE_INFINITY);
  }
  return home / (home + away);
}

/** Each selection's mean implied chance across the books. */
function chancesOf(rows: ReadonlyArray<{ selection: string; price: number }>): Map<string, number> {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.selection, (sums.get(r.selection) ?? 0) + 1 / r.price);
  return sums;
}

/** Spearman's rank correlation (ties broken by order). */
function rankCorrelation(a: readonly number[], b: readonly number[]): number {
  const ranks = (v: readonly number[]) => {
    const order = v.map((x, i) => [x, i] as const).sort((p, q) => p[0] - q[0]);
    const r = new Array<number>(v.length);
    order.forEach(([, i], k) => {
      r[i] = k;
    });
    return r;
  };
  const [ra, rb] = [ranks(a), ranks(b)];
  const n = a.length;
  const d2 = ra.reduce((sum, r, i) => sum + (r - (rb[i] ?? 0)) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

function overrounds(books: WinnerBooks): number[] {
  return [...books.values()].flatMap((byBook) =>
    [...byBook.values()].map((p) => Object.values(p).reduce((sum, price) => sum + 1 / price, 0)),
  );
}

for (const dialect of DIALECTS) {
  describe(`prices as fixtures enter the odds horizon (${dialect})`, {
    skip: unavailable(dialect),
  }, () => {
    let t: TestStore;
    let ingestor: SampleWorldFeed;
    let unpricedBefore: string[];
    let pricedFirst: number;
    before(async () => {
      t = await createTestStore(dialect, seededWorld("core"));
      ingestor = new SampleWorldFeed(
        new FeedIngestor({ store: t.store, bus: new MemoryEventBus(), clock: () => NOW }),
      );
      const books = await booksByFixture(t.store);
      unpricedBefore = (await duePrices(t.store)).filter((f) => !books.has(f.id)).map((f) => f.id);
      pricedFirst = await priceAll(t.store, ingestor);
    });
    after(async () => await t?.dispose());

    test("ten days on, fixtures inside the horizon had no prices", () => {
      assert.ok(unpricedBefore.length > 50, `only ${unpricedBefore.length} unpriced`);
      assert.ok(pricedFirst >= unpricedBefore.length);
    });

    test("every fixture due prices has them from every bookmaker", async () => {
      const books = await booksByFixture(t.store);
      const due = await duePrices(t.store);
      const missing = due
        .filter((f) => BOOKMAKERS.some((b) => !books.get(f.id)?.has(b.slug)))
        .map((f) => `${f.sport} ${f.id}`);
      assert.deepEqual(missing.slice(0, 10), []);
      assert.ok(new Set(due.map((f) => f.sport)).size >= 8, "most sports have fixtures due");
    });

    test("the new prices are the generator's: same overrounds, same favourites", async () => {
      const rows = await t.store.db
        .selectFrom("odds as o")
        .innerJoin("fixtures as f", "f.id", "o.fixture_id")
        .select([
          "o.fixture_id",
          "o.bookmaker",
          "o.selection",
          "o.opening_price as price",
          "f.sport",
        ])
        .select(["f.home_team_id", "f.away_team_id"])
        .where("o.market", "in", ["1x2", "moneyline"])
        .where("o.subject", "=", "")
        .where("f.sport", "not in", ["tennis"])
        .execute();
      const fresh = new Set(unpricedBefore);
      const generated = winnerBooks(rows.filter((r) => !fresh.has(r.fixture_id)));
      const opened = winnerBooks(rows.filter((r) => fresh.has(r.fixture_id)));
      assert.ok(opened.size > 50);
      const band = overrounds(generated);
      const [lo, hi] = [Math.min(...band), Math.max(...band)];
      for (const overround of overrounds(opened)) {
        assert.ok(overround >= lo - 0.01 && overround <= hi + 0.01, `overround ${overround}`);
      }
      // The generator anchored ten days later prices the same sides from the same ratings.
      const later = generateSampleData({ seed: 7, anchor: NOW, world: "core" });
      const laterFixtures = new Map(later.fixtures.map((f) => [f.id, f]));
      const laterRows = later.odds
        .filter((o) => (o.market === "1x2" || o.market === "moneyline") && o.subject === "")
        .map((o) => ({ ...o, price: o.opening_price }));
      const truth = new Map<string, number>();
      for (const [id, books] of winnerBooks(laterRows)) {
        const f = laterFixtures.get(id);
        if (f?.home_team_id) truth.set(`${f.home_team_id}|${f.away_team_id}`, homeShare(books));
      }
      const sides = new Map(rows.map((r) => [r.fixture_id, `${r.home_team_id}|${r.away_team_id}`]));
      let compared = 0;
      let agree = 0;
      let error = 0;
      for (const [id, books] of opened) {
        const expected = truth.get(sides.get(id) ?? "");
        if (expected === undefined) continue;
        const share = homeShare(books);
        compared++;
        error += Math.abs(share - expected);
        if (share > 0.5 === expected > 0.5) agree++;
      }
      assert.ok(compared >= 30, `only ${compared} pairings to compare`);
      assert.ok(agree / compared >= 0.9, `favourite agrees in ${agree} of ${compared}`);
      assert.ok(error / compared <= 0.06, `home share off by ${(error / compared).toFixed(3)}`);
    });

    test("a second run adds nothing", async () => {
      const count = async () =>
        Number(
          (
            await t.store.db
              .selectFrom("odds")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      assert.equal(await priceAll(t.store, ingestor), 0);
      assert.equal(await count(), before);
    });

    test("a golf outright reopens with the generator's band and favourites", async () => {
      const priced = await t.store.db
        .selectFrom("odds as o")
        .innerJoin("fixtures as f", "f.id", "o.fixture_id")
        .select(["o.fixture_id", "o.bookmaker", "o.selection", "o.opening_price as price"])
        .where("f.sport", "=", "golf")
        .where("f.status", "=", "scheduled")
        .where("o.market", "=", "outright")
        .orderBy("f.kickoff")
        .execute();
      const id = priced[0]?.fixture_id ?? "";
      const before = chancesOf(priced.filter((r) => r.fixture_id === id));
      assert.ok(before.size >= 10, "a priced tournament");
      // Its prices gone, the step must price it again from what the rest of the tour shows.
      await t.store.db.deleteFrom("odds").where("fixture_id", "=", id).execute();
      assert.ok((await openMarkets(t.store, ingestor, SPORTS, HORIZON)) >= 1);
      const rows = await t.store.db
        .selectFrom("odds")
        .select(["fixture_id", "bookmaker", "selection", "opening_price as price"])
        .where("fixture_id", "=", id)
        .execute();
      assert.deepEqual(
        new Set(rows.map((r) => r.bookmaker)),
        new Set(BOOKMAKERS.map((b) => b.slug)),
      );
      const { minMargin, maxMargin } = GOLF_OUTRIGHT_BAND;
      for (const overround of overrounds(winnerBooks(rows))) {
        assert.ok(
          overround >= 1 + minMargin - 0.02 && overround <= 1 + maxMargin + 0.02,
          `${overround}`,
        );
      }
      const after = chancesOf(rows);
      const golfers = [...before.keys()];
      const rho = rankCorrelation(
        golfers.map((g) => before.get(g) ?? 0),
        golfers.map((g) => after.get(g) ?? 0),
      );
      assert.ok(rho >= 0.8, `rank correlation with the generator's chances ${rho.toFixed(2)}`);
    });

    test("a fixture that cannot be priced is set aside, not tried at every check", async () => {
      const [golf] = await t.store.db
        .selectFrom("fixtures")
        .select(["id", "participants"])
        .where("sport", "=", "golf")
        .where("status", "=", "scheduled")
        .where("kickoff", "<=", isoSeconds(HORIZON))
        .orderBy("kickoff")
        .limit(1)
        .execute();
      assert.ok(golf?.participants, "a golf tournament in the horizon");
      // A field of one has no outright market.
      const field = JSON.parse(golf.participants) as unknown[];
      const one = JSON.stringify(field.slice(0, 1));
      await t.store.db
        .updateTable("fixtures")
        .set({ participants: one })
        .where("id", "=", golf.id)
        .execute();
      await t.store.db.deleteFrom("odds").where("fixture_id", "=", golf.id).execute();
      try {
        const unpriceable = new Set<string>();
        assert.equal(await openMarkets(t.store, ingestor, SPORTS, HORIZON, unpriceable), 1);
        assert.deepEqual([...unpriceable], [golf.id]);
        assert.equal(await openMarkets(t.store, ingestor, SPORTS, HORIZON, unpriceable), 0);
        // Once it is no longer waiting for prices (here: called off), it is forgotten.
        await t.store.db
          .updateTable("fixtures")
          .set({ status: "cancelled" })
          .where("id", "=", golf.id)
          .execute();
        assert.equal(await openMarkets(t.store, ingestor, SPORTS, HORIZON, unpriceable), 0);
        assert.equal(unpriceable.size, 0);
      } finally {
        await t.store.db
          .updateTable("fixtures")
          .set({ participants: golf.participants, status: "scheduled" })
          .where("id", "=", golf.id)
          .execute();
      }
    });
  });
}
