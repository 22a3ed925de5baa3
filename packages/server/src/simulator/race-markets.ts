/**
 * Racing's win markets open a day before the off (`RACE_MARKET_LEAD_HOURS`), not when the
 * calendar schedules the race a fortnight ahead: each check prices the races going off within
 * the lead that have no prices yet. Every bookmaker prices every declared runner, from the
 * handicap weights the race card shows (the weight states the horse's rating), on the ladder with
 * the win market's overround band, as the generator prices the first day's races.
 */
import { isoSeconds } from "../lib/time.js";
import { priceMarket } from "../sample/odds-pricing.js";
import { RACE_WIN_BAND } from "../sample/outright-pricing.js";
import { BOOKMAKERS } from "../sample/pools/index.js";
import { Rng } from "../sample/rng.js";
import { softmax } from "../sample/sports/individual-sports.js";
import { PACE } from "../sample/sports/race-card.js";
import { ratingOfWeight } from "../sample/sports/race-market-window.js";
import type { Store } from "../store/database.js";
import { parseJson } from "../store/json-columns.js";
import { inSampleWorld, type SampleWorldFeed } from "./sample-world.js";

/** Races priced per check, so a long outage catches up in steps. */
const RACES_PER_CHECK = 200;

/** Prices the scheduled races going off by `until` that have no odds; how many it priced. */
export async function openRaceMarkets(
  store: Store,
  ingestor: SampleWorldFeed,
  until: Date,
): Promise<number> {
  const races = await store.db
    .selectFrom("fixtures as f")
    .select(["f.id", "f.participants"])
    .where("f.sport", "=", "horse-racing")
    .where("f.status", "=", "scheduled")
    .where("f.kickoff", "<=", isoSeconds(until))
    .where(inSampleWorld("f.competition_id"))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("odds as o").select("o.fixture_id").whereRef("o.fixture_id", "=", "f.id"),
        ),
      ),
    )
    .orderBy("f.kickoff")
    .orderBy("f.id")
    .limit(RACES_PER_CHECK)
    .execute();
  const messages = races.flatMap((race) => winMarket(race.id, race.participants));
  if (messages.length === 0) return 0;
  await ingestor.ingestMessages(messages);
  return races.length;
}

/** One `odds` message per bookmaker: the race's win market over its declared runners. */
function winMarket(fixtureId: string, participants: string | null): unknown[] {
  const card =
    parseJson<Array<{ runner_id?: unknown; weight_kg?: unknown; status?: unknown }>>(participants);
  const runners = (card ?? []).filter(
    (r): r is { runner_id: string; weight_kg: number } =>
      typeof r.runner_id === "string" &&
      typeof r.weight_kg === "number" &&
      r.status !== "non_runner",
  );
  if (runners.length < 2) return [];
  const chances = softmax(
    runners.map((r) => ratingOfWeight(r.weight_kg)),
    PACE,
  );
  const selections = Object.fromEntries(runners.map((r, i) => [r.runner_id, chances[i] ?? 0]));
  const quote = {
    market: "outright",
    subject: "",
    line: null,
    selections,
    outright: RACE_WIN_BAND,
  };
  const rng = new Rng(`race-market:${fixtureId}`);
  return BOOKMAKERS.map((book) => ({
    id: `cal:${fixtureId}:market:${book.slug}`,
    type: "odds",
    sport: "horse-racing",
    data: {
      fixture_id: fixtureId,
      bookmaker: book.slug,
      market: "outright",
      format: "decimal",
      prices: Object.fromEntries(priceMarket(rng, book, quote).map((p) => [p.selection, p.price])),
    },
  }));
}
