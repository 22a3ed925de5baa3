/**
 * Wall-clock times in IANA time zones → UTC instants, with the zone's offsets from
 * `Intl.DateTimeFormat` (no time-zone library). Importers use it for sources that give local
 * times (or a local date and a usual start time).
 */

/** Formatters by zone: making one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
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
    formatters.set(timeZone, format);
  }
  return format;
}

/** How far the zone's wall clock is ahead of UTC at `instant` (milliseconds since the epoch). */
function offsetMs(timeZone: string, instant: number): number {
  const parts = formatterFor(timeZone).formatToParts(instant);
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
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a local wall-clock time is: `date` (`YYYY-MM-DD`) plus `minutes` after local
 * midnight, in `timeZone`. The offset is taken at a first guess and again at the result, so a day
 * on which the clocks change is right too. Throws RangeError for an unknown zone.
 */
export function wallClockToUtc(date: string, minutes: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const guess = wall - offsetMs(timeZone, wall);
  return new Date(wall - offsetMs(timeZone, guess));
}

/** `HH:MM` → minutes after midnight. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}
