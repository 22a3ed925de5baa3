/**
 * The sandbox's per-call odds step (src/simulator/odds-walk.ts): sandbox odds change on every
 * call (the interface's promise) by one tick around the line's quote, never drifting, never more
 * than 1 % of a price (far below odds.moved's default 5 %), never above the quote (so never an
 * arbitrage the quote did not have), and following the quote when the simulator requotes.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { nextFlicker, shaded } from "../../src/simulator/odds-walk.js";

const price = fc.integer({ min: 102, max: 50_000 }).map((cents) => cents / 100);
const line = fc.record({ home: price, draw: price, away: price });

describe("sandbox odds flicker on every call", () => {
  test("one cent lower on every selection, 1.01 stays", () => {
    assert.deepEqual(shaded({ home: 1.01, away: 12.5 }), { home: 1.01, away: 12.49 });
  });

  test("property: calls alternate quote and shade; requotes are followed; moves stay under 1 %", () => {
    // Each call either finds the store as the walk left it, or requoted to a new line.
    const calls = fc.array(fc.option(line, { freq: 4 }), { minLength: 2, maxLength: 40 });
    fc.assert(
      fc.property(line, calls, (opening, requotes) => {
        let stored: Record<string, number> = opening;
        let quote: Record<string, number> = opening;
        let memory: ReturnType<typeof nextFlicker> | undefined;
        for (const requote of requotes) {
          if (requote !== null) {
            stored = requote;
            quote = requote;
          }
          memory = nextFlicker(stored, memory);
          assert.deepEqual(memory.quote, quote, "the flicker follows the current quote");
          assert.notDeepEqual(memory.written, stored, "the prices change on every call");
          for (const [selection, now] of Object.entries(memory.written)) {
            const at = quote[selection] ?? 0;
            assert.ok(now <= at && now >= at - 0.0100001, `${selection}: ${at} → ${now}`);
            const was = stored[selection] ?? 0;
            assert.ok(Math.abs(now / was - 1) < 0.01, `${selection}: ${was} → ${now}`);
          }
          stored = memory.written;
        }
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});
