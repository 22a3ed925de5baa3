/**
 * The sample dataset's bytes, pinned. Refactoring the generator or where its name pools live
 * must not change a single generated value; a deliberate change to the data updates these digests
 * in the same commit and says why.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { generateSampleData } from "../../src/sample/generate.js";

const ANCHOR = new Date("2026-11-21T00:00:00Z");

const PINNED: ReadonlyArray<readonly [seed: number, sha256: string]> = [
  [7, "a3cb68eff4c65aa2d78c13bff018415f6c640b3db895211f1e9b5fe9cee4c0c3"],
  [20261121, "15a0b575a8f3551b67573dc97bc1071b5c9a7b9a9ce1dd66825f628faf27915c"],
];

for (const [seed, expected] of PINNED) {
  test(`seed ${seed} generates the pinned dataset`, () => {
    const dataset = generateSampleData({ seed, anchor: ANCHOR });
    const actual = createHash("sha256").update(JSON.stringify(dataset)).digest("hex");
    assert.equal(actual, expected);
  });
}
