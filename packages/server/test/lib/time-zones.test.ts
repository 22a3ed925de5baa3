/**
 * Local wall-clock times → UTC instants across zones and across the days clocks change, the one
 * conversion every importer with local times uses; and the read API's side (ADR-0042): canonical
 * zone names, local calendar days as UTC ranges, instants on a zone's clock. Pure.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  canonicalTimeZone,
  localDate,
  localDayStart,
  localIso,
  minutesOf,
  wallClockToUtc,
} from "../../src/lib/time-zones.js";

const at = (date: string, time: string, zone: string) =>
  wallClockToUtc(date, minutesOf(time), zone).toISOString();

test("standard and summer time on either side of the equator", () => {
  assert.equal(at("2023-08-11", "20:00", "Europe/London"), "2023-08-11T19:00:00.000Z");
  assert.equal(at("2023-01-14", "15:00", "Europe/London"), "2023-01-14T15:00:00.000Z");
  assert.equal(at("2022-10-18", "19:00", "America/New_York"), "2022-10-18T23:00:00.000Z");
  assert.equal(at("2019-05-12", "19:30", "Asia/Kolkata"), "2019-05-12T14:00:00.000Z");
  assert.equal(at("2025-01-01", "12:00", "Australia/Melbourne"), "2025-01-01T01:00:00.000Z");
  assert.equal(at("2025-07-15", "12:00", "Australia/Melbourne"), "2025-07-15T02:00:00.000Z");
});

test("the days clocks change: after the change, and a time the change skips", () => {
  // US daylight saving time began 2023-03-12 at 02:00 (EST → EDT).
  assert.equal(at("2023-03-12", "13:00", "America/New_York"), "2023-03-12T17:00:00.000Z");
  // Melbourne's began 2025-10-05 at 02:00; 01:30 is still AEST (UTC+10).
  assert.equal(at("2025-10-05", "01:30", "Australia/Melbourne"), "2025-10-04T15:30:00.000Z");
  // …and ended 2025-04-06 at 03:00 (AEDT → AEST): noon is AEST.
  assert.equal(at("2025-04-06", "12:00", "Australia/Melbourne"), "2025-04-06T02:00:00.000Z");
});

test("an unknown zone is an error, not UTC", () => {
  assert.throws(() => wallClockToUtc("2023-01-01", 0, "Mars/Olympus_Mons"), RangeError);
});

const dayStart = (date: string, zone: string, days = 0) =>
  localDayStart(date, zone, days).toISOString();

test("local calendar days: 24 hours, 23 and 25 on the days the clocks change", () => {
  assert.equal(dayStart("2026-11-22", "Asia/Kolkata"), "2026-11-21T18:30:00.000Z");
  assert.equal(dayStart("2026-11-22", "Asia/Kolkata", 1), "2026-11-22T18:30:00.000Z");
  // British Summer Time began 2026-03-29 at 01:00 UTC, and ended 2026-10-25 at 01:00 UTC.
  assert.equal(dayStart("2026-03-29", "Europe/London"), "2026-03-29T00:00:00.000Z");
  assert.equal(dayStart("2026-03-29", "Europe/London", 1), "2026-03-29T23:00:00.000Z");
  assert.equal(dayStart("2026-10-25", "Europe/London"), "2026-10-24T23:00:00.000Z");
  assert.equal(dayStart("2026-10-25", "Europe/London", 1), "2026-10-26T00:00:00.000Z");
  assert.equal(dayStart("2026-12-31", "UTC", 1), "2027-01-01T00:00:00.000Z");
});

test("a midnight the clocks skip or repeat: the day starts at the first moment it shows", () => {
  // Chile: 2024-09-08 00:00 (-04) jumped to 01:00 (-03) at 04:00 UTC.
  assert.equal(dayStart("2024-09-08", "America/Santiago"), "2024-09-08T04:00:00.000Z");
  assert.equal(localDate(new Date("2024-09-08T03:59:59Z"), "America/Santiago"), "2024-09-07");
  // 2024-04-07 00:00 (-03) went back to 23:00 (-04) at 03:00 UTC: midnight came at 04:00 UTC.
  assert.equal(dayStart("2024-04-07", "America/Santiago"), "2024-04-07T04:00:00.000Z");
});

test("an instant on a zone's clock, with its offset", () => {
  assert.equal(localIso("2026-11-21T23:30:00Z", "Asia/Kolkata"), "2026-11-22T05:00:00+05:30");
  assert.equal(localIso("2026-07-01T12:00:00Z", "America/New_York"), "2026-07-01T08:00:00-04:00");
  assert.equal(localIso("2026-01-01T00:00:00Z", "Asia/Kathmandu"), "2026-01-01T05:45:00+05:45");
  assert.equal(localIso("2026-11-21T23:30:00Z", "UTC"), "2026-11-21T23:30:00+00:00");
  assert.equal(
    localIso(new Date("2026-03-29T00:59:59.900Z"), "Europe/London"),
    "2026-03-29T00:59:59+00:00",
  );
  assert.equal(localIso("2026-03-29T01:00:00Z", "Europe/London"), "2026-03-29T02:00:00+01:00");
});

test("zone names: case ignored, links followed, renamed zones by today's name, offsets refused", () => {
  const cases: Array<[string, string | undefined]> = [
    ["Europe/London", "Europe/London"],
    ["europe/LONDON", "Europe/London"],
    ["Asia/Kolkata", "Asia/Kolkata"],
    ["Asia/Calcutta", "Asia/Kolkata"],
    ["europe/kiev", "Europe/Kyiv"],
    ["America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"],
    ["US/Eastern", "America/New_York"],
    ["utc", "UTC"],
    ["Etc/UTC", "UTC"],
    ["Etc/GMT+5", "Etc/GMT+5"],
    ["+05:30", undefined],
    ["-03:00", undefined],
    ["Mars/Olympus_Mons", undefined],
    ["Europe/London ", undefined],
    ["", undefined],
  ];
  for (const [given, canonical] of cases) assert.equal(canonicalTimeZone(given), canonical, given);
});
