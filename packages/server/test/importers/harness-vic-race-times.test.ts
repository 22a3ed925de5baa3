/**
 * The kick-off convention for harness meetings that publish only a date: race 1 at 12:00 in
 * Melbourne and 30 minutes between races, in UTC with that day's offset (AEDT or AEST, including
 * the days daylight saving time starts and ends). Pure; no store.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { raceKickoff } from "../../src/importers/harness-vic/race-times.js";

test("summer meetings are AEDT (UTC+11), winter meetings AEST (UTC+10)", () => {
  assert.equal(raceKickoff("2025-01-01", 1), "2025-01-01T01:00:00Z");
  assert.equal(raceKickoff("2025-01-02", 8), "2025-01-02T04:30:00Z");
  assert.equal(raceKickoff("2025-07-15", 1), "2025-07-15T02:00:00Z");
});

test("the days daylight saving time ends (6 April 2025) and starts (5 October 2025)", () => {
  assert.equal(raceKickoff("2025-04-06", 1), "2025-04-06T02:00:00Z");
  assert.equal(raceKickoff("2025-10-05", 1), "2025-10-05T01:00:00Z");
});
