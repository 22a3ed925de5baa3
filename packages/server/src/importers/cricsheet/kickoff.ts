/**
 * A local date and wall-clock time at a venue → UTC ISO (`YYYY-MM-DDTHH:MM:SSZ`), using the
 * zone's offset at that instant from `Intl.DateTimeFormat` (no time-zone library).
 */

/** The zone's offset from UTC, in minutes, at the given instant. */
function offsetMinutes(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
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
  return Math.round((wall - at.getTime()) / 60_000);
}

/** `2019-05-12` at `19:30` in `Asia/Kolkata` → `2019-05-12T14:00:00Z`. */
export function localToUtc(date: string, time: string, zone: string): string {
  const guess = new Date(`${date}T${time}:00Z`);
  const first = new Date(guess.getTime() - offsetMinutes(zone, guess) * 60_000);
  const utc = new Date(guess.getTime() - offsetMinutes(zone, first) * 60_000);
  return `${utc.toISOString().slice(0, 19)}Z`;
}
