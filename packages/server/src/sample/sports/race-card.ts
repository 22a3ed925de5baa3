/**
 * A race as the generator and the simulator run it: the declared runners' card (saddle-cloth
 * numbers by weight, a random draw, the jockeys in demand on the better-fancied horses) and the
 * race itself — non-runners, starting prices on the fractional ladder with a 17–27 % overround
 * and the favourite labelled, a Plackett–Luce finish from the horses' ratings, margins in lengths.
 */
import { ladderBook } from "../price-ladder.js";
import type { Rng } from "../rng.js";
import { type Individual, softmax } from "./individual-sports.js";
import { finishingDistances, marginLengths } from "./race-margins.js";
import { handicapWeight } from "./race-market-window.js";

/** Win probability ∝ exp(PACE × rating). */
export const PACE = 1.2;
/** The smallest field a race runs with: a non-runner never takes it below this. */
export const MIN_FIELD = 6;
/** Starting prices: the book's overround, and the longest price returned. */
const SP_OVERROUND = { min: 1.17, max: 1.27 };
const LONGEST_SP = 201;
/** Winning margins this close go to the photo ("nse", "sht-hd"). */
const PHOTO_LENGTHS = 0.1;
export interface Horse {
  id: string;
  name: string;
  age: number;
  rating: number;
  trainer: string;
}

export interface Runner {
  runner_id: string;
  number: number;
  horse: string;
  age: number;
  weight_kg: number;
  jockey: string;
  jockey_id: string;
  trainer: string;
  draw: number;
  position: number | null;
  /** Lengths to the horse in front ("nk", "1 1/2"); null for the winner and before the race. */
  margin: string | null;
  /** Lengths behind the winner: the sum of the margins in front (0 for the winner). */
  beaten_lengths: number | null;
  sp: number | null;
  /** The starting-price favourite: "F", or "JF" for two sharing the shortest price, "CF" for more. */
  favourite: "F" | "JF" | "CF" | null;
  status: "declared" | "ran" | "non_runner";
}

/**
 * Declared runners: saddle-cloth numbers by weight, a random draw, distinct jockeys: those in
 * demand are booked first and get the better-fancied horses.
 */
export function raceCard(rng: Rng, field: Horse[], jockeys: Individual[]): Runner[] {
  const draws = rng.shuffle(field.map((_, i) => i + 1));
  const weight = (h: Horse) => handicapWeight(h.rating);
  field.sort((a, b) => weight(b) - weight(a));
  const booked = byPull(rng, jockeys, (j) => j.rating, 1).slice(0, field.length);
  const riders: Individual[] = [];
  byPull(rng, field, (h) => h.rating, 0.8).forEach((horse, k) => {
    const rider = booked[k];
    if (rider !== undefined) riders[field.indexOf(horse)] = rider;
  });
  return field.map((h, i) => ({
    runner_id: h.id,
    number: i + 1,
    horse: h.name,
    age: h.age,
    weight_kg: weight(h),
    jockey: riders[i]?.name ?? "",
    jockey_id: riders[i]?.playerId ?? "",
    trainer: h.trainer,
    draw: draws[i] ?? i + 1,
    position: null,
    margin: null,
    beaten_lengths: null,
    sp: null,
    favourite: null,
    status: "declared",
  }));
}

/** `items` best first by `value` plus normal noise of `sd`. */
function byPull<T>(rng: Rng, items: readonly T[], value: (item: T) => number, sd: number): T[] {
  return items
    .map((item) => ({ item, pull: value(item) + rng.normal(0, sd) }))
    .sort((a, b) => b.pull - a.pull)
    .map(({ item }) => item);
}

/**
 * Non-runners, then starting prices on the ladder (the favourite labelled) and a Plackett–Luce
 * finish (rating × PACE + Gumbel noise) with margins in lengths.
 */
export function runRace(
  rng: Rng,
  field: ReadonlyArray<Pick<Horse, "id" | "rating">>,
  runners: Runner[],
): { order: Runner[]; photo: boolean } {
  let ran = runners.length;
  for (const runner of runners) {
    if (ran > MIN_FIELD && rng.chance(0.05)) {
      runner.status = "non_runner";
      ran--;
    } else runner.status = "ran";
  }
  const starters = runners.filter((x) => x.status === "ran");
  const rating = (x: Runner) => field.find((h) => h.id === x.runner_id)?.rating ?? 0;
  const chances = softmax(
    starters.map((x) => rating(x) + rng.normal(0, 0.08)),
    PACE,
  );
  const overround = rng.float(SP_OVERROUND.min, SP_OVERROUND.max);
  const prices = ladderBook(chances, overround, LONGEST_SP);
  starters.forEach((x, i) => {
    x.sp = prices[i] ?? LONGEST_SP;
  });
  labelFavourites(starters);
  const finish = starters
    .map((x) => ({ x, perf: rating(x) * PACE - Math.log(-Math.log(1 - rng.next())) }))
    .sort((a, b) => b.perf - a.perf);
  const distances = finishingDistances(finish.map(({ perf }) => perf));
  finish.forEach(({ x }, i) => {
    x.position = i + 1;
    x.margin = distances[i]?.margin ?? null;
    x.beaten_lengths = distances[i]?.beaten ?? null;
  });
  const second = distances[1]?.margin;
  const photo = second != null && marginLengths(second) <= PHOTO_LENGTHS;
  return { order: finish.map(({ x }) => x), photo };
}

/** The starting-price favourite: "F", or "JF" / "CF" when two / more share the shortest price. */
function labelFavourites(starters: Runner[]): void {
  const shortest = Math.min(...starters.map((x) => x.sp ?? Number.POSITIVE_INFINITY));
  const favourites = starters.filter((x) => x.sp === shortest);
  const label = favourites.length === 1 ? "F" : favourites.length === 2 ? "JF" : "CF";
  for (const x of starters) x.favourite = favourites.includes(x) ? label : null;
}
