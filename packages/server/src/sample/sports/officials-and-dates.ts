/** Dates, venue names, officials and broadcasters shared by the sport generators. */
import { addDays, startOfUtcDay } from "../../lib/time.js";
import type { Sport } from "../../sports/types.js";
import { makePerson } from "../people.js";
import {
  BROADCASTERS,
  type CountryPool,
  OFFICIAL_ROLES,
  SPORT_VENUE_PATTERNS,
} from "../pools/index.js";
import type { Rng } from "../rng.js";

/** The Saturday on or before `daysBack` days before the anchor (midnight UTC). */
export function firstSaturdayOnOrBefore(anchor: Date, daysBack: number): Date {
  const day = startOfUtcDay(addDays(anchor, -daysBack));
  const back = (day.getUTCDay() + 1) % 7; // Saturday = 6
  return addDays(day, -back);
}

/** A pool of referees/umpires from one country. */
export function officialNames(
  rng: Rng,
  country: CountryPool,
  count: number,
  anchor: Date,
): string[] {
  return Array.from({ length: count }, () => makePerson(rng, country, anchor, [30, 55]).name);
}

/**
 * A venue name from the sport's patterns, in the language of the country when the pools have
 * patterns for it (`football/ES`: "Estadio …"; `football/DE`: "…-Stadion"), else the sport's
 * own (English) ones. `{name}` is a place or surname, `{city}` the city.
 */
export function venueName(
  rng: Rng,
  sport: Sport,
  place: { city: string; name: string; country?: string },
  keep: (pattern: string) => boolean = () => true,
): string {
  const local = place.country === undefined ? undefined : venuePatterns(sport, place.country);
  const patterns = (local ?? SPORT_VENUE_PATTERNS[sport] ?? []).filter(keep);
  const pattern = patterns.length > 0 ? rng.pick(patterns) : "{city}";
  return pattern.replace("{city}", place.city).replace("{name}", place.name);
}

/** The patterns of the sport in one country (`football/ES`), if the pools have some. */
export function venuePatterns(sport: Sport, countryCode: string): readonly string[] | undefined {
  return SPORT_VENUE_PATTERNS[`${sport}/${countryCode}`];
}

export type Official = { role: string; name: string };

export function pickOfficials(rng: Rng, sport: Sport, names: readonly string[]): Official[] {
  const roles = OFFICIAL_ROLES[sport] ?? [];
  const picked = rng.sample(names, roles.length);
  return roles.map((role, i) => ({ role, name: picked[i] ?? "TBA" }));
}

export function pickBroadcast(rng: Rng, code: string): Array<{ name: string; country: string }> {
  const own = BROADCASTERS[code];
  const list = own ?? BROADCASTERS.INT ?? [];
  const country = own === undefined ? "INT" : code;
  return rng.sample(list, Math.min(2, list.length)).map((name) => ({ name, country }));
}
