/**
 * The source gives each game's date only. Kick-offs are stored as 1 p.m. US Eastern time that
 * day (the NFL's usual Sunday slot), converted to UTC with the zone's offset on that date
 * (17:00Z under daylight saving time, 18:00Z otherwise): an approximate time, said so in the
 * docs, never a local time labelled UTC. Pure.
 */

import { isoSeconds } from "../../lib/time.js";
import { wallClockToUtc } from "../../lib/time-zones.js";

const ZONE = "America/New_York";
const LOCAL_HOUR = 13;

/** `YYYY-MM-DDTHH:MM:SSZ` of 1 p.m. Eastern on the date. */
export function kickoffUtc(date: string): string {
  return isoSeconds(wallClockToUtc(date, LOCAL_HOUR * 60, ZONE));
}
