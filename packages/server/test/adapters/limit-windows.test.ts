import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { windowEnd, windowKeySuffix, windowStart } from "../../src/adapters/limits/windows.js";

const at = new Date("2026-11-21T10:04:37.250Z");

describe("limit windows", () => {
  test("minute, day and month are aligned to the UTC wall clock", () => {
    assert.equal(windowStart("minute", at).toISOString(), "2026-11-21T10:04:00.000Z");
    assert.equal(windowEnd("minute", at).toISOString(), "2026-11-21T10:05:00.000Z");
    assert.equal(windowStart("day", at).toISOString(), "2026-11-21T00:00:00.000Z");
    assert.equal(windowEnd("day", at).toISOString(), "2026-11-22T00:00:00.000Z");
    assert.equal(windowStart("month", at).toISOString(), "2026-11-01T00:00:00.000Z");
    assert.equal(windowEnd("month", at).toISOString(), "2026-12-01T00:00:00.000Z");
  });

  test("key suffixes name the window", () => {
    assert.equal(windowKeySuffix("minute", at), "m:2026-11-21T10:04");
    assert.equal(windowKeySuffix("day", at), "d:2026-11-21");
    assert.equal(windowKeySuffix("month", at), "mo:2026-11");
  });

  test("the last second of a year ends every window at the new year", () => {
    const last = new Date("2026-12-31T23:59:59Z");
    for (const name of ["minute", "day", "month"] as const) {
      assert.equal(windowEnd(name, last).toISOString(), "2027-01-01T00:00:00.000Z");
    }
    assert.equal(windowKeySuffix("month", new Date("2027-01-01T00:00:00Z")), "mo:2027-01");
  });

  test("month lengths, leap years included", () => {
    const ends = (iso: string) => windowEnd("month", new Date(iso)).toISOString().slice(0, 10);
    assert.equal(ends("2028-02-29T12:00:00Z"), "2028-03-01");
    assert.equal(ends("2027-02-28T23:59:59Z"), "2027-03-01");
    assert.equal(ends("2026-04-30T23:59:59Z"), "2026-05-01");
    assert.equal(
      windowEnd("day", new Date("2028-02-28T23:00:00Z")).toISOString(),
      "2028-02-29T00:00:00.000Z",
    );
  });

  test("an instant on a boundary belongs to the window it starts", () => {
    const boundary = new Date("2026-11-21T10:05:00Z");
    assert.equal(windowKeySuffix("minute", boundary), "m:2026-11-21T10:05");
    assert.equal(windowEnd("minute", boundary).toISOString(), "2026-11-21T10:06:00.000Z");
  });
});
