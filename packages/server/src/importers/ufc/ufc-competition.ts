/**
 * The promotion and its seasons: one competition "UFC" (type `tour`, as the sample models a
 * promotion; gender `mixed`, men's and women's bouts) with one season per calendar year
 * (`2024`, 1 January – 31 December). Its country is the promotion's home, the United States.
 */
import { derivedId } from "../../lib/ids.js";
import { searchable } from "../../lib/text.js";
import type { RecordOf } from "../../store/dataset.js";

export const SOURCE = "ufc-dataset";
export const SPORT = "combat-sports";
const SLUG = "ufc";
const NAME = "UFC";
const HOME_COUNTRY = { code: "US", name: "United States" };

export const COMPETITION_ID = derivedId("co", SOURCE, SPORT, SLUG);

export const seasonId = (year: number) => derivedId("se", SOURCE, SPORT, COMPETITION_ID, year);

/** Three rounds of five minutes (five for title fights and main events), 10-point must. */
const RULES = { rounds: 3, main_event_rounds: 5, round_minutes: 5, scoring: "10-point must" };

export function countryRow(stamp: string): RecordOf<"countries"> {
  return { ...HOME_COUNTRY, updated_at: stamp };
}

export function competitionRow(year: number, stamp: string): RecordOf<"competitions"> {
  return {
    id: COMPETITION_ID,
    sport: SPORT,
    slug: SLUG,
    name: NAME,
    country_code: HOME_COUNTRY.code,
    tier: 1,
    type: "tour",
    gender: "mixed",
    current_season_id: seasonId(year),
    rules: RULES,
    source: SOURCE,
    search_name: searchable(NAME),
    updated_at: stamp,
  };
}

export function seasonRow(year: number, stamp: string): RecordOf<"seasons"> {
  return {
    id: seasonId(year),
    sport: SPORT,
    competition_id: COMPETITION_ID,
    name: String(year),
    start_date: `${year}-01-01`,
    end_date: `${year}-12-31`,
    updated_at: stamp,
  };
}
