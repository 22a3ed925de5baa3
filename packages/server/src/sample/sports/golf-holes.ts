/**
 * Golf holes: a course's pars, and a round's strokes spread over its 18 holes as pars, birdies,
 * bogeys and the odd eagle, double bogey or hole in one, adding up to the round's total.
 */
import type { Rng } from "../rng.js";

/** A par-72 layout: four par 3s, four par 5s. */
const PAR_72 = [4, 5, 4, 3, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 5, 4];

/** Hole pars adding up to `par` (par 72 with par 5s shortened or par 4s lengthened). */
export function coursePars(par: number): number[] {
  const pars = [...PAR_72];
  const total = () => pars.reduce((sum, p) => sum + p, 0);
  for (let i = pars.length - 1; i >= 0 && total() > par; i--) if (pars[i] === 5) pars[i] = 4;
  for (let i = pars.length - 1; i >= 0 && total() > par; i--) if (pars[i] === 4) pars[i] = 3;
  for (let i = 0; i < pars.length && total() < par; i++) if (pars[i] === 4) pars[i] = 5;
  return pars;
}

/** Where a score relative to par tends to happen: weights by the hole's par (3, 4, 5). */
const WHERE: Record<string, [number, number, number]> = {
  eagle: [0.015, 0.03, 1],
  birdie: [0.8, 1, 1.8],
  bogey: [1.3, 1, 0.7],
  double: [1.2, 1, 0.8],
};
const DELTA: Record<string, number> = { eagle: -2, birdie: -1, bogey: 1, double: 2 };

/** Strokes on each hole of `pars`, adding up to `total`. */
export function holeStrokes(rng: Rng, pars: readonly number[], total: number): number[] {
  const holes = pars.length;
  const over = total - pars.reduce((sum, p) => sum + p, 0);
  // Birdie–bogey pairs cancel out; a round has a few of them.
  const pairs = Math.max(0, Math.min(rng.int(1, 4), Math.floor((holes - Math.abs(over)) / 2)));
  const counts = {
    birdie: Math.max(0, -over) + pairs,
    bogey: Math.max(0, over) + pairs,
    eagle: 0,
    double: 0,
  };
  while (counts.birdie >= 2 && rng.chance(0.1)) {
    counts.birdie -= 2;
    counts.eagle++;
  }
  while (counts.bogey >= 2 && rng.chance(0.25)) {
    counts.bogey -= 2;
    counts.double++;
  }
  const strokes = [...pars];
  const free = pars.map((_, i) => i);
  for (const kind of ["eagle", "double", "birdie", "bogey"] as const) {
    const where = WHERE[kind] ?? [1, 1, 1];
    for (let n = 0; n < counts[kind] && free.length > 0; n++) {
      const weights = free.map((i) => where[Math.min(2, Math.max(0, (pars[i] ?? 4) - 3))] ?? 1);
      const hole = rng.weighted(free, weights);
      free.splice(free.indexOf(hole), 1);
      strokes[hole] = (pars[hole] ?? 4) + (DELTA[kind] ?? 0);
    }
  }
  return strokes;
}
