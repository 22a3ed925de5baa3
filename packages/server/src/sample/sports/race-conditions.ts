/**
 * A race's conditions: its kind (handicap, nursery, maiden…) and the ages it is open to, as a
 * flat race programme has them. Nurseries are handicaps for two-year-olds only; handicaps and
 * conditions races are for three-year-olds and up (or four and up); maidens, novice and listed
 * races come in juvenile (2yo) and older versions. Horses' ages follow a training yard's mix:
 * mostly two- to five-year-olds, few past seven.
 */
import type { Rng } from "../rng.js";

const AGE_BANDS = {
  "2yo": { min: 2, max: 2 },
  "3yo": { min: 3, max: 3 },
  "3yo+": { min: 3, max: 99 },
  "4yo+": { min: 4, max: 99 },
} as const;
export type AgeBand = keyof typeof AGE_BANDS;

interface RaceKind {
  name: string;
  bands: readonly AgeBand[];
  /** How often the kind is on a card. */
  weight: number;
}

const RACE_KINDS: readonly RaceKind[] = [
  { name: "Handicap", bands: ["3yo+", "4yo+", "3yo"], weight: 30 },
  { name: "Nursery Handicap", bands: ["2yo"], weight: 7 },
  { name: "Maiden Stakes", bands: ["2yo", "3yo", "3yo+"], weight: 12 },
  { name: "Novice Stakes", bands: ["2yo", "3yo+"], weight: 12 },
  { name: "Conditions Stakes", bands: ["3yo+", "4yo+"], weight: 6 },
  { name: "Listed Stakes", bands: ["2yo", "3yo+", "4yo+"], weight: 4 },
  { name: "Claiming Stakes", bands: ["2yo", "3yo+", "4yo+"], weight: 6 },
];

const AGES = [2, 3, 4, 5, 6, 7, 8, 9];
const AGE_WEIGHTS = [22, 25, 18, 13, 9, 6, 4, 3];

export interface RaceConditions {
  /** "Nursery Handicap". */
  kind: string;
  /** "2yo", "3yo+"… as race titles write it. */
  band: AgeBand;
}

/** A horse's age on the generator's anchor day. */
export function horseAge(rng: Rng): number {
  return rng.weighted(AGES, AGE_WEIGHTS);
}

/** Whether a horse of `age` may run in a race of `band`. */
export function ageAllowed(band: AgeBand, age: number): boolean {
  const { min, max } = AGE_BANDS[band];
  return age >= min && age <= max;
}

/** The conditions a race title states, read back: "… Nursery Handicap (2yo)" → 2yo. */
export function bandOfTitle(title: string): AgeBand | null {
  const match = /\((2yo|3yo\+?|4yo\+)\)$/.exec(title);
  return match === null ? null : (match[1] as AgeBand);
}

/** Conditions `available` horses can fill with at least `minField` runners, drawn by frequency. */
export function pickConditions(
  rng: Rng,
  available: ReadonlyArray<{ age: number }>,
  minField: number,
): RaceConditions {
  const options = RACE_KINDS.flatMap((kind) =>
    kind.bands
      .filter((band) => available.filter((h) => ageAllowed(band, h.age)).length >= minField)
      .map((band) => ({ kind: kind.name, band, weight: kind.weight / kind.bands.length })),
  );
  if (options.length === 0) return { kind: "Handicap", band: "3yo+" };
  const { kind, band } = rng.weighted(
    options,
    options.map((o) => o.weight),
  );
  return { kind, band };
}
