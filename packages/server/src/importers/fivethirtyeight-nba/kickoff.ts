/**
 * Kick-off times. The games file has dates only, so a game is stored at 19:00 local time where
 * it was played (the usual NBA start), converted to UTC with the venue's IANA time zone: an
 * approximation the docs flag. Two 2022-23 games were played away from either arena (Mexico
 * City and Paris); they use those cities' zones.
 */
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
  const local = Date.parse(`${game.date}T${LOCAL_START}:00Z`);
  // The zone's offset at the local wall time, refined once for days that change clocks.
  let utc = local - offsetMs(zone, local);
  utc = local - offsetMs(zone, utc);
  return `${new Date(utc).toISOString().slice(0, 19)}Z`;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetMs(timeZone: string, instant: number): number {
  const parts = formatter(timeZone).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = FORMATTERS.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    FORMATTERS.set(timeZone, format);
  }
  return format;
}
