/**
 * `timezone=` on fixture, result, live and history reads (ADR-0042): the zone named, checked
 * once, and each item's kickoff on that zone's clock. Stored and canonical timestamps stay UTC;
 * an answer without a zone is exactly what it was before.
 */
import { invalidParameter } from "../errors/service-error.js";
import { canonicalTimeZone, localIso } from "../lib/time-zones.js";

/** The canonical name of the zone a request names, undefined without one; else a 400. */
export function requireTimeZone(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const zone = canonicalTimeZone(name);
  if (zone === undefined) {
    throw invalidParameter(
      "timezone",
      `timezone ${JSON.stringify(name)} is not an IANA time zone name; use one like Europe/London, Asia/Kolkata or UTC`,
    );
  }
  return zone;
}

export interface LocalKickoff {
  /** The kickoff on the zone's clock, with its offset: `2026-11-22T05:00:00+05:30`. */
  kickoff_local: string;
  timezone: string;
}

/**
 * The item with `kickoff_local` and `timezone` last (where the response schemas put their
 * optional fields, so an export line reads like a paged item); the item itself without a zone.
 */
export function withLocalKickoff<T extends { kickoff: string }>(
  item: T,
  zone: string | undefined,
): T & Partial<LocalKickoff> {
  if (zone === undefined) return item;
  return { ...item, kickoff_local: localIso(item.kickoff, zone), timezone: zone };
}

/** `meta.timezone` of an answer read in a zone. */
export function timeZoneMeta(zone: string | undefined): { timezone: string } | undefined {
  return zone === undefined ? undefined : { timezone: zone };
}
