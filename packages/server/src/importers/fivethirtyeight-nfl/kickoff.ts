/**
 * The source gives each game's date only. Kick-offs are stored as 1 p.m. US Eastern time that
 * day (the NFL's usual Sunday slot), converted to UTC with the zone's offset on that date
 * (17:00Z under daylight saving time, 18:00Z otherwise): an approximate time, said so in the
 * docs, never a local time labelled UTC. Pure.
 */

const ZONE = "America/New_York";
const LOCAL_HOUR = 13;

const zoneParts = new Intl.DateTimeFormat("en-US", {
  timeZone: ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** Minutes the zone is ahead of UTC at an instant (negative in the Americas). */
function offsetMinutes(instant: Date): number {
  const parts = Object.fromEntries(
    zoneParts.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return Math.round((local - instant.getTime()) / 60_000);
}

/** `YYYY-MM-DDTHH:MM:SSZ` of 1 p.m. Eastern on the date. */
export function kickoffUtc(date: string): string {
  const naive = new Date(`${date}T${String(LOCAL_HOUR).padStart(2, "0")}:00:00Z`);
  const instant = new Date(naive.getTime() - offsetMinutes(naive) * 60_000);
  return `${instant.toISOString().slice(0, 19)}Z`;
}
