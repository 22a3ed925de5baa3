/**
 * The sample dataset's bytes, pinned. Refactoring the generator or where its name pools live
 * must not change a single generated value; a deliberate change to the data updates these digests
 * in the same commit and says why.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { generateSampleData, type SampleWorld } from "../../src/sample/generate.js";

const ANCHOR = new Date("2026-11-21T00:00:00Z");

// Changed by ADR-0044: regional competitions (the full world), baseball on its real calendar,
// Challenger circuits, racing circuits with a day of markets, regional golf tours and promotions.
const PINNED: ReadonlyArray<readonly [seed: number, world: SampleWorld, sha256: string]> = [
  [7, "full", "61c2f760c8123dc3601a142e279200c8e1b4d74ab7e97e638131486c51597ea7"],
  [20261121, "full", "554a637eb89c2b5d8463634c4742c11c81787751129ffd16758bfbc684da98f5"],
  [7, "core", "f1bd85c3adab900e29deea0b189159298026ce3c5c1339f8544a9abd2ad84202"],
];

for (const [seed, world, expected] of PINNED) {
  test(`seed ${seed} generates the pinned ${world} dataset`, () => {
    const dataset = generateSampleData({ seed, anchor: ANCHOR, world });
    const actual = createHash("sha256").update(JSON.stringify(dataset)).digest("hex");
    assert.equal(actual, expected);
  });
}
