/**
 * Micro-benchmarks: one operation timed in a tight loop with `process.hrtime.bigint()`, in
 * rounds after a warm-up (so the optimising compiler has settled), reported as the median
 * nanoseconds per operation across rounds. Each result feeds a sink so the loop cannot be
 * optimised away.
 */
import { median } from "./stats.js";

export interface MicroOptions {
  /** Rounds measured after the warm-up (default 7; `BENCH_MICRO_ROUNDS`). */
  rounds?: number;
  /** Operations per round (default sized so a round takes about 100 ms). */
  iterations?: number;
}

export interface MicroResult {
  /** Median nanoseconds per operation. */
  ns: number;
  /** Fastest and slowest round, ns per operation. */
  min: number;
  max: number;
}

const DEFAULT_ROUNDS = Number(process.env.BENCH_MICRO_ROUNDS ?? 7);
const ROUND_NS = 100_000_000;

/** Written, never read: the loop cannot be optimised away. */
let _sink: unknown;

/** Times `operation` (its result is kept in a sink); `i` is the iteration number. */
export function micro(operation: (i: number) => unknown, options: MicroOptions = {}): MicroResult {
  const rounds = options.rounds ?? DEFAULT_ROUNDS;
  const iterations = options.iterations ?? calibrate(operation);
  run(operation, iterations); // warm-up
  const perOp: number[] = [];
  for (let round = 0; round < rounds; round++) {
    perOp.push(run(operation, iterations) / iterations);
  }
  return { ns: median(perOp), min: Math.min(...perOp), max: Math.max(...perOp) };
}

function run(operation: (i: number) => unknown, iterations: number): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) _sink = operation(i);
  return Number(process.hrtime.bigint() - start);
}

/** Iterations for a round of about 100 ms, from a doubling probe. */
function calibrate(operation: (i: number) => unknown): number {
  let iterations = 1_000;
  for (;;) {
    const ns = run(operation, iterations);
    if (ns >= ROUND_NS / 10 || iterations >= 10_000_000) {
      return Math.max(1_000, Math.round((iterations * ROUND_NS) / Math.max(ns, 1)));
    }
    iterations *= 2;
  }
}

/** `123 ns`, `1.23 µs` — nanoseconds per operation for a table. */
export function nanos(ns: number): string {
  if (ns >= 1000) return `${(ns / 1000).toFixed(2)} µs`;
  return ns >= 100 ? `${Math.round(ns)} ns` : `${ns.toFixed(1)} ns`;
}
