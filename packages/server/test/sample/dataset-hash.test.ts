/**
 * The sample dataset's bytes, pinned (pinned-datasets.ts). Refactoring the generator or where its
 * name pools live must not change a single generated value. Seed 7's full world is checked by
 * generator.test.ts, which generates it at another moment of the pinned day: it is not generated
 * a second time here.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { generateSampleData } from "../../src/sample/generate.js";
import { PINNED, PINNED_DAY } from "./pinned-datasets.js";

for (const [seed, world, expected] of PINNED.filter(([s, w]) => !(s === 7 && w === "full"))) {
  test(`seed ${seed} generates the pinned ${world} dataset`, () => {
    const dataset = generateSampleData({ seed, anchor: PINNED_DAY, world });
    const actual = createHash("sha256").update(JSON.stringify(dataset)).digest("hex");
    assert.equal(actual, expected);
  });
}

test("another seed gives another world: the pinned full worlds of two seeds differ", () => {
  const full = PINNED.filter(([, world]) => world === "full").map(([, , digest]) => digest);
  assert.equal(full.length, 2);
  assert.notEqual(full[0], full[1]);
});
