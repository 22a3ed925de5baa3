/**
 * A golf tournament's outright market as the generator prices it: each golfer's chance the
 * softmax of the field's ratings (`WIN_SCALE`), on the ladder with the golf outright band. The
 * store keeps no ratings, so a golfer's is read back from where the generator used it: his implied
 * chances in the tour's priced outrights (log-chance over the field's mean, divided by the scale),
 * else his finishing places in the tour's finished tournaments (where his place sits in a normal
 * sample of the field), else the average.
 */
import { golfOutrightQuote, WIN_SCALE } from "../sample/sports/golf.js";
import type { Store } from "../store/database.js";
import { parseJson } from "../store/json-columns.js";
import { normalQuantile } from "./live-odds.js";
import { openingOddsMessages } from "./opening-odds.js";

/** The generator's golfers' ratings spread (sd). */
const RATING_SD = 0.8;
/** The tour's newest finished tournaments read for places. */
const TOURNAMENTS_READ = 20;

interface Entry {
  player_id?: unknown;
  position?: unknown;
  status?: unknown;
}

/** The outright market's messages for a scheduled tournament; none for a field of fewer than 2. */
export async function golfOutrightMessages(
  store: Store,
  fixture: { id: string; competition_id: string; participants: string | null },
): Promise<unknown[]> {
  const field = (parseJson<Entry[]>(fixture.participants) ?? [])
    .filter((e) => e.status !== "withdrawn")
    .map((e) => e.player_id)
    .filter((id): id is string => typeof id === "string");
  if (field.length < 2) return [];
  const ratings = await golferRatings(store, fixture.competition_id);
  const quote = golfOutrightQuote(field.map((id) => ({ id, rating: ratings.get(id) ?? 0 })));
  return openingOddsMessages("golf", fixture.id, [quote]);
}

/** Every golfer's rating the tour's stored prices or places show. */
async function golferRatings(store: Store, competitionId: string): Promise<Map<string, number>> {
  const fromPrices = await ratingsFromPrices(store, competitionId);
  const fromPlaces = await ratingsFromPlaces(store, competitionId);
  const ratings = new Map(fromPlaces);
  for (const [id, rating] of fromPrices) ratings.set(id, rating);
  return ratings;
}

/** Each priced field's log-chances about their mean, over the scale; averaged per golfer. */
async function ratingsFromPrices(store: Store, competitionId: string) {
  const rows = await store.db
    .selectFrom("odds as o")
    .innerJoin("fixtures as f", "f.id", "o.fixture_id")
    .select(["o.fixture_id", "o.bookmaker", "o.selection", "o.opening_price"])
    .where("f.competition_id", "=", competitionId)
    .where("o.market", "=", "outright")
    .where("o.opening_price", ">", 1)
    .execute();
  const byBook = new Map<string, Array<{ golfer: string; logChance: number }>>();
  for (const row of rows) {
    const key = `${row.fixture_id}|${row.bookmaker}`;
    const list = byBook.get(key) ?? [];
    list.push({ golfer: row.selection, logChance: Math.log(1 / row.opening_price) });
    byBook.set(key, list);
  }
  const samples = new Map<string, number[]>();
  for (const list of byBook.values()) {
    const mean = list.reduce((sum, e) => sum + e.logChance, 0) / list.length;
    for (const { golfer, logChance } of list) {
      samples.set(golfer, [...(samples.get(golfer) ?? []), (logChance - mean) / WIN_SCALE]);
    }
  }
  return averages(samples);
}

/** Each finished tournament's places as normal scores of the field; averaged per golfer. */
async function ratingsFromPlaces(store: Store, competitionId: string) {
  const rows = await store.db
    .selectFrom("fixtures")
    .select("participants")
    .where("competition_id", "=", competitionId)
    .where("status", "=", "finished")
    .where("participants", "is not", null)
    .orderBy("kickoff", "desc")
    .limit(TOURNAMENTS_READ)
    .execute();
  const samples = new Map<string, number[]>();
  for (const row of rows) {
    const entries = parseJson<Entry[]>(row.participants) ?? [];
    const n = entries.length;
    for (const [i, e] of entries.entries()) {
      if (typeof e.player_id !== "string") continue;
      const place = typeof e.position === "number" ? e.position : i + 1;
      const z = normalQuantile(1 - (Math.min(place, n) - 0.5) / n) * RATING_SD;
      samples.set(e.player_id, [...(samples.get(e.player_id) ?? []), z]);
    }
  }
  return averages(samples);
}

function averages(samples: ReadonlyMap<string, number[]>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [id, list] of samples) out.set(id, list.reduce((a, b) => a + b, 0) / list.length);
  return out;
}
