/**
 * Kick-off times for races whose source gives only the meeting's date. The convention (documented
 * in docs/importing.md and flagged on every result as `kickoff_approximate`): race 1 at 12:00 in
 * Melbourne, each later race 30 minutes after the one before, converted to UTC with the zone's
 * offset that day (AEDT or AEST). Midday keeps the UTC date equal to the local date and the order
 * of races is kept; the times of day are placeholders, not the official start times.
 */
import { isoSeconds } from "../../lib/time.js";
import { minutesOf, wallClockToUtc } from "../../lib/time-zones.js";

const TIME_ZONE = "Australia/Melbourne";
const FIRST_RACE_LOCAL = "12:00";
const MINUTES_BETWEEN_RACES = 30;

/** The stored kick-off of race `race` of a meeting on the local date `date` (`YYYY-MM-DD`). */
export function raceKickoff(date: string, race: number): string {
  const first = wallClockToUtc(date, minutesOf(FIRST_RACE_LOCAL), TIME_ZONE);
  return isoSeconds(new Date(first.getTime() + (race - 1) * MINUTES_BETWEEN_RACES * 60_000));
}
