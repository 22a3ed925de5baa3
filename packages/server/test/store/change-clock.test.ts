/** The change clock: what a change of a scope makes stale, and its bounded memory. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ChangeClock, checksFor } from "../../src/store/change-clock.js";

test("a scope's change makes its prefixes stale, not its siblings", () => {
  const clock = new ChangeClock();
  const mark = clock.now();
  clock.scope("fixtures/football/fx1");
  const stale = (scope: string) => clock.changedSince(mark, checksFor(scope));
  assert.ok(stale("fixtures/football/fx1"));
  assert.ok(stale("fixtures/football"));
  assert.ok(stale("fixtures"));
  assert.ok(!stale("fixtures/football/fx2"));
  assert.ok(!stale("fixtures/basketball"));
  assert.ok(!stale("odds/football/fx1"));
  clock.table("odds");
  assert.ok(stale("odds/basketball/fx9"), "a whole table's change reaches every key");
  assert.ok(!stale("teams/football"));
  clock.all();
  assert.ok(stale("teams/football"));
});

test("past its bound the clock forgets its scopes and counts everything as changed", () => {
  const clock = new ChangeClock(() => true, 3);
  const mark = clock.now();
  clock.scope("a");
  clock.scope("b");
  clock.scope("c");
  assert.ok(!clock.changedSince(mark, ["z"]));
  clock.scope("d");
  assert.ok(clock.changedSince(mark, ["z"]), "forgetting is a change of everything");
  const after = clock.now();
  assert.ok(!clock.changedSince(after, ["a"]));
  clock.scope("a");
  assert.ok(clock.changedSince(after, ["a"]));
});

test("a clock that cannot tell answers UNKNOWN, which is always stale", () => {
  const clock = new ChangeClock(() => false);
  const mark = clock.now();
  assert.equal(mark, -1);
  assert.ok(clock.changedSince(mark, []));
});
