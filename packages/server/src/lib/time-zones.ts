/**
 * Wall-clock times in IANA time zones ↔ UTC instants, with the zone's offsets from
 * `Intl.DateTimeFormat` (no time-zone library). Importers use it for sources that give local
 * times (or a local date and a usual start time); the read API for `timezone=` (ADR-0042): the
 * zone's canonical name, local calendar days as UTC ranges, and kickoffs in local time.
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

/** `format`'s en-US text, `11/22/2026, 05:00:00`: read directly, five times faster than parts. */
const EN_US = /^(\d{2})\/(\d{2})\/(\d{4}), (\d{2}):(\d{2}):(\d{2})$/;

/** How far the zone's wall clock is ahead of UTC at `instant` (milliseconds since the epoch). */
function offsetMs(timeZone: string, instant: number): number {
  const format = formatterFor(timeZone);
  const text = EN_US.exec(format.format(instant));
  let wall: number;
  if (text !== null) {
    const [, month, day, year, hour, minute, second] = text.map(Number) as number[];
    wall = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 0, hour ?? 0, minute ?? 0, second ?? 0);
  } else {
    // Years before 1000 or after 9999 read part by part.
    const parts = format.formatToParts(instant);
    const part = (type: Intl.DateTimeFormatPartTypes) =>
      Number(parts.find((p) => p.type === type)?.value ?? 0);
    wall = Date.UTC(
      part("year"),
      part("month") - 1,
      part("day"),
      part("hour"),
      part("minute"),
      part("second"),
    );
  }
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

/**
 * Zones whose first name ICU (CLDR) still reports where the IANA database has renamed them:
 * every Node release answers `Asia/Calcutta` for `Asia/Kolkata`. Mapped back, so the name a
 * client reads is today's IANA one whichever runtime answers.
 */
const RENAMED: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** Canonical names by lower-cased name given (valid names only: bounded by the database). */
const canonicalNames = new Map<string, string>();

/**
 * The canonical spelling of an IANA time-zone name — case ignored (`europe/london` →
 * `Europe/London`), links followed (`US/Eastern` → `America/New_York`, `Etc/UTC` → `UTC`) — or
 * undefined when it names no zone. An offset (`+05:30`), which newer runtimes also take, is not
 * a name.
 */
export function canonicalTimeZone(name: string): string | undefined {
  const key = name.toLowerCase();
  const known = canonicalNames.get(key);
  if (known !== undefined) return known;
  if (!/^[a-z]/.test(key)) return undefined;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  const canonical = RENAMED[resolved] ?? resolved;
  canonicalNames.set(key, canonical);
  return canonical;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` plus `days` calendar days. */
function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar date (`YYYY-MM-DD`) the zone's clocks show at `instant`. */
export function localDate(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  return new Date(Math.floor(ms / 1000) * 1000 + offsetMs(timeZone, ms)).toISOString().slice(0, 10);
}

/**
 * The first instant of the local calendar day `date` in `timeZone` (plus `days` days): local
 * midnight, or — where the clocks jump over midnight — the moment they jump. Where midnight
 * happens twice (clocks going back over it), the first. A day is then 23 or 25 hours long on
 * the days clocks change.
 */
export function localDayStart(date: string, timeZone: string, days = 0): Date {
  const day = plusDays(date, days);
  const wall = Date.parse(`${day}T00:00:00Z`);
  // The offsets in force around that midnight: before it and after it.
  const offsets = [offsetMs(timeZone, wall - DAY_MS / 2), offsetMs(timeZone, wall + DAY_MS / 2)];
  const exact = offsets
    .map((offset) => wall - offset)
    .filter((instant) => offsetMs(timeZone, instant) === wall - instant)
    .sort((a, b) => a - b)[0];
  if (exact !== undefined) return new Date(exact);
  // Midnight skipped: the day starts at the change, the first second whose local date is `day`.
  let low = wall - Math.max(...offsets);
  let high = wall - Math.min(...offsets);
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (localDate(new Date(middle), timeZone) >= day) high = middle;
    else low = middle;
  }
  return new Date(high);
}

/**
 * `instant` on the zone's clock, ISO 8601 with its offset, second precision:
 * `2026-11-22T05:00:00+05:30`; an offset of whole seconds (local mean time before 1900) keeps
 * them (`+00:01:15`).
 */
export function localIso(instant: Date | string, timeZone: string): string {
  const ms = Math.floor(new Date(instant).getTime() / 1000) * 1000;
  const offset = offsetMs(timeZone, ms);
  const wall = new Date(ms + offset).toISOString().slice(0, 19);
  const sign = offset < 0 ? "-" : "+";
  const total = Math.abs(offset) / 1000;
  const hh = String(Math.floor(total / 3600)).padStart(2, "0");
  const mm = String(Math.floor(total / 60) % 60).padStart(2, "0");
  const ss = total % 60;
  return `${wall}${sign}${hh}:${mm}${ss === 0 ? "" : `:${String(ss).padStart(2, "0")}`}`;
}
