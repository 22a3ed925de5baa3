/**
 * Local wall-clock times → UTC instants across zones and across the days clocks change, the one
 * conversion every importer with local times uses. Pure.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { minutesOf, wallClockToUtc } from "../../src/lib/time-zones.js";

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
