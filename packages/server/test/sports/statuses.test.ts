import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  canTransition,
  FINISHED_STATUSES,
  isLiveStatus,
  isTerminal,
  LIVE_STATUSES,
  STATUS_TRANSITIONS,
} from "../../src/sports/statuses.js";
import { FIXTURE_STATUSES, type FixtureStatus } from "../../src/sports/types.js";

describe("status transitions", () => {
  it("allows the documented paths", () => {
    const allowed: Array<[FixtureStatus, FixtureStatus]> = [
      ["tbd", "scheduled"],
      ["scheduled", "live"],
      ["live", "finished"],
      ["live", "interrupted"],
      ["interrupted", "live"],
      ["scheduled", "postponed"],
      ["postponed", "scheduled"],
      ["scheduled", "walkover"],
      ["delayed", "abandoned"],
      ["suspended", "postponed"],
      ["abandoned", "awarded"],
      ["finished", "awarded"],
    ];
    for (const [from, to] of allowed) {
      assert.equal(canTransition(from, to), true, `${from} → ${to}`);
    }
  });

  it("refuses impossible moves and same → same", () => {
    const refused: Array<[FixtureStatus, FixtureStatus]> = [
      ["scheduled", "finished"],
      ["tbd", "live"],
      ["finished", "live"],
      ["finished", "scheduled"],
      ["cancelled", "scheduled"],
      ["walkover", "awarded"],
      ["live", "scheduled"],
      ["postponed", "live"],
      ["live", "live"],
      ["scheduled", "scheduled"],
    ];
    for (const [from, to] of refused) {
      assert.equal(canTransition(from, to), false, `${from} → ${to}`);
    }
  });

  it("lists every status and only known targets", () => {
    assert.deepEqual(Object.keys(STATUS_TRANSITIONS).sort(), [...FIXTURE_STATUSES].sort());
    for (const targets of Object.values(STATUS_TRANSITIONS)) {
      for (const target of targets) assert.ok(FIXTURE_STATUSES.includes(target));
    }
  });

  it("classifies terminal, live and finished statuses", () => {
    assert.deepEqual(
      FIXTURE_STATUSES.filter((status) => isTerminal(status)),
      ["cancelled", "awarded", "walkover"],
    );
    assert.deepEqual([...LIVE_STATUSES], ["live", "interrupted", "suspended"]);
    assert.deepEqual([...FINISHED_STATUSES], ["finished", "awarded", "walkover"]);
    assert.equal(isLiveStatus("suspended"), true);
    assert.equal(isLiveStatus("finished"), false);
  });
});
