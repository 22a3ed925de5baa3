/**
 * First-pitch times: Retrosheet gives the local start time (`7:10PM`) at the park; this converts
 * it to UTC with the park's IANA time zone (offsets from `Intl.DateTimeFormat`). A missing or
 * implausible time (before 10 AM, e.g. the `3:33AM` placeholder some second games of
 * doubleheaders carry) is estimated: the first game's start plus its length and a 30-minute
 * break, else 1:05 PM for a day game and 7:05 PM for a night game.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes the zone is ahead of UTC at `instant`. */
function offsetMinutes(timeZone: string, instant: number): number {
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
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((local - instant) / 60_000);
}

/** The UTC instant of a local wall-clock time in `timeZone`. */
export function localToUtc(date: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + minutes * 60_000;
  let instant = wall - offsetMinutes(timeZone, wall) * 60_000;
  instant = wall - offsetMinutes(timeZone, instant) * 60_000;
  return new Date(instant);
}

/** `7:10PM` → minutes after midnight; null when absent or not a plausible first pitch. */
export function startMinutes(text: string | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})\s*([AP])M$/i.exec(text ?? "");
  if (!match) return null;
  const hour = (Number(match[1]) % 12) + (match[3]?.toUpperCase() === "P" ? 12 : 0);
  const minutes = hour * 60 + Number(match[2]);
  return minutes >= 10 * 60 ? minutes : null;
}

export const DAY_GAME = 13 * 60 + 5;
export const NIGHT_GAME = 19 * 60 + 5;
export const DOUBLEHEADER_BREAK = 30;
