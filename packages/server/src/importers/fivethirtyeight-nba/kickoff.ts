/**
 * Kick-off times. The games file has dates only, so a game is stored at 19:00 local time where
 * it was played (the usual NBA start), converted to UTC with the venue's IANA time zone: an
 * approximation the docs flag. Two 2022-23 games were played away from either arena (Mexico
 * City and Paris); they use those cities' zones.
 */
import { isoSeconds } from "../../lib/time.js";
import { minutesOf, wallClockToUtc } from "../../lib/time-zones.js";
import type { SourceGame } from "./parse-games.js";

const LOCAL_START = "19:00";

/** Games at a neutral site, by `date|home|away` (NBA abbreviations). */
const NEUTRAL_SITES: Readonly<Record<string, { venue: string; timeZone: string }>> = {
  "2022-12-17|SAS|MIA": { venue: "Arena CDMX, Mexico City", timeZone: "America/Mexico_City" },
  "2023-01-19|DET|CHI": { venue: "Accor Arena, Paris", timeZone: "Europe/Paris" },
};

export function neutralSite(game: SourceGame): { venue: string; timeZone: string } | undefined {
  if (!game.neutral) return undefined;
  return NEUTRAL_SITES[`${game.date}|${game.home.abbreviation}|${game.away.abbreviation}`];
}

/** `2022-10-18` at 19:00 in Boston → `2022-10-18T23:00:00Z`. */
export function kickoffOf(game: SourceGame): string {
  const zone = neutralSite(game)?.timeZone ?? game.home.timeZone;
  return isoSeconds(wallClockToUtc(game.date, minutesOf(LOCAL_START), zone));
}
