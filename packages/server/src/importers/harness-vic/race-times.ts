/**
 * Kick-off times for races whose source gives only the meeting's date. The convention (documented
 * in docs/importing.md and flagged on every result as `kickoff_approximate`): race 1 at 12:00 in
 * Melbourne, each later race 30 minutes after the one before, converted to UTC with the zone's
 * offset that day (AEDT or AEST). Midday keeps the UTC date equal to the local date and the order
 * of races is kept; the times of day are placeholders, not the official start times.
 */
import { isoSeconds } from "../../lib/time.js";

const TIME_ZONE = "Australia/Melbourne";
const FIRST_RACE_LOCAL = "12:00";
const MINUTES_BETWEEN_RACES = 30;

/** The stored kick-off of race `race` of a meeting on the local date `date` (`YYYY-MM-DD`). */
export function raceKickoff(date: string, race: number): string {
  const first = localToUtc(date, FIRST_RACE_LOCAL, TIME_ZONE);
  return isoSeconds(new Date(first.getTime() + (race - 1) * MINUTES_BETWEEN_RACES * 60_000));
}

/** The instant a local wall-clock time (`HH:MM`) on `date` in `zone` is. */
export function localToUtc(date: string, time: string, zone: string): Date {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  const first = asUtc - offsetMs(new Date(asUtc), zone);
  // Recompute at the guess: right across a change of offset too.
  return new Date(asUtc - offsetMs(new Date(first), zone));
}

/** Formatters by zone: making one is far slower than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  const known = formatters.get(zone);
  if (known !== undefined) return known;
  const made = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  formatters.set(zone, made);
  return made;
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetMs(instant: Date, zone: string): number {
  const parts = formatterFor(zone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}
