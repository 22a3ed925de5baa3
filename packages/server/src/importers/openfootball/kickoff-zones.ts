/**
 * openfootball gives kick-off times as local wall-clock times with no zone. This is the IANA zone
 * each competition's times are in, by file code: the country's zone for a national league (its
 * capital's where the country spans several), Central European Time for UEFA club competitions
 * (the time UEFA publishes), the host's zone for a World Cup or European Championship of a known
 * year. Competitions whose files give each venue's own time across zones (MLS, the Copa
 * Libertadores) have no zone here. `kickoffOf` turns a match's date and time into the UTC instant; a match without a time
 * stays date-only (`00:00:00Z` of its date), and a competition of no known zone keeps its time as
 * given (see docs/importing.md).
 */
import { isoSeconds } from "../../lib/time.js";
import { minutesOf, wallClockToUtc } from "../../lib/time-zones.js";

/** By file code prefix (`en`, `de`, `uefa`, …). */
const ZONE_BY_PREFIX: Readonly<Record<string, string>> = {
  ar: "America/Argentina/Buenos_Aires",
  at: "Europe/Vienna",
  au: "Australia/Sydney",
  be: "Europe/Brussels",
  br: "America/Sao_Paulo",
  ch: "Europe/Zurich",
  cn: "Asia/Shanghai",
  co: "America/Bogota",
  cz: "Europe/Prague",
  de: "Europe/Berlin",
  dk: "Europe/Copenhagen",
  dz: "Africa/Algiers",
  eg: "Africa/Cairo",
  en: "Europe/London",
  es: "Europe/Madrid",
  fr: "Europe/Paris",
  gr: "Europe/Athens",
  hu: "Europe/Budapest",
  it: "Europe/Rome",
  jp: "Asia/Tokyo",
  ma: "Africa/Casablanca",
  mx: "America/Mexico_City",
  nl: "Europe/Amsterdam",
  pl: "Europe/Warsaw",
  pt: "Europe/Lisbon",
  ru: "Europe/Moscow",
  sco: "Europe/London",
  se: "Europe/Stockholm",
  tr: "Europe/Istanbul",
  uefa: "Europe/Berlin",
};

/** Tournaments whose host changes: the host's zone by the season's (first) year. */
const ZONE_BY_TOURNAMENT_YEAR: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  worldcup: {
    "2006": "Europe/Berlin",
    "2010": "Africa/Johannesburg",
    "2014": "America/Sao_Paulo",
    "2018": "Europe/Moscow",
    "2022": "Asia/Qatar",
  },
  euro: {
    "2008": "Europe/Vienna",
    "2012": "Europe/Warsaw",
    "2016": "Europe/Paris",
    // Eleven host countries; the published times were Central European.
    "2020": "Europe/Berlin",
    "2021": "Europe/Berlin",
    "2024": "Europe/Berlin",
  },
};

/** The zone of a file's times, or null when it is not known (times are then kept as given). */
export function kickoffZone(code: string, season: string): string | null {
  const prefix = code.split(".")[0] ?? code;
  const byYear = ZONE_BY_TOURNAMENT_YEAR[prefix];
  if (byYear !== undefined) return byYear[season.slice(0, 4)] ?? null;
  return ZONE_BY_PREFIX[prefix] ?? null;
}

/** The stored kick-off: the local `time` of `date` in `zone` as UTC, or the date alone. */
export function kickoffOf(date: string, time: string | null, zone: string | null): string {
  if (time === null) return `${date}T00:00:00Z`;
  if (zone === null) return `${date}T${time}:00Z`;
  return isoSeconds(wallClockToUtc(date, minutesOf(time), zone));
}
