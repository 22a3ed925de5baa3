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
  [7, "edf261d009d773e7893ade6e42ddffc672b1963f69b8b6111e179371931d5865"],
  [20261121, "61492da16f2cbd9ef3a35f6a6880826b7615da0a1c73d3c77d646a0ed2d02328"],
];

for (const [seed, expected] of PINNED) {
  test(`seed ${seed} generates the pinned dataset`, () => {
    const dataset = generateSampleData({ seed, anchor: ANCHOR });
    const actual = createHash("sha256").update(JSON.stringify(dataset)).digest("hex");
    assert.equal(actual, expected);
  });
}
