/**
 * The sample dataset's bytes, pinned (dataset-hash.test.ts checks each; generator.test.ts checks
 * its own dataset against one). A deliberate change to the data updates these digests in the same
 * commit and says why.
 */
import type { SampleWorld } from "../../src/sample/generate.js";

/** The day the pinned datasets are generated on (any moment of it gives the same bytes). */
export const PINNED_DAY = new Date("2026-11-21T00:00:00Z");

// Changed by ADR-0044: regional competitions (the full world), baseball on its real calendar,
// Challenger circuits, racing circuits with a day of markets, regional golf tours and promotions.
export const PINNED: ReadonlyArray<readonly [seed: number, world: SampleWorld, sha256: string]> = [
  [7, "full", "27e857f916d82bc9e3ad78ea219bdcd85a975c441e342f8184d1c999b10a12b3"],
  [20261121, "full", "e4f09393c001b15e863982ce9fa05e9eeba9ba2408b199af87a06698748abbed"],
  [7, "core", "c2e0ead587354ad2f5adb13001cb1e7e16c64f9bf1a3fcb969155bd9fab2e16c"],
];
