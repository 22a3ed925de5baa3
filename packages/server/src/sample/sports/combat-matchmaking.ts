/**
 * Combat sports matchmaking: a card's bouts are between rested fighters of one weight class, the
 * closest in form paired. Now and then two fighters of neighbouring classes meet at a catchweight
 * between the two limits, and the bout says so: its label is "Catchweight (73 kg)", never a class
 * one of them is not in.
 */
import { addDays } from "../../lib/time.js";
import { WEIGHT_CLASSES } from "../pools/index.js";
import type { Rng } from "../rng.js";
import type { Individual } from "./individual-sports.js";

/** Upper weight limit of each class in kg (the unified rules' limits, rounded). */
// biome-ignore format: a table
export const LIMIT_KG: Readonly<Record<string, number>> = {
  Flyweight: 57, Bantamweight: 61, Featherweight: 66, Lightweight: 70, Welterweight: 77,
  Middleweight: 84, "Light Heavyweight": 93, Heavyweight: 120,
};
/** A fighter rests at least this long between bouts (unless the promotion says otherwise). */
const REST_DAYS = 35;
/** Bouts per weight class on one card, at most. */
const BOUTS_PER_CLASS = 2;
/** Chance that a card adds a catchweight bout between two neighbouring classes' spare fighters. */
const CATCHWEIGHT_CHANCE = 0.2;

export interface Fighter extends Individual {
  weightClass: string;
  record: { wins: number; losses: number; draws: number };
  restedUntil: number;
}

export interface Pairing {
  red: Fighter;
  blue: Fighter;
  /** The bout's weight class: both fighters' class, or "Catchweight". */
  weightClass: string;
  /** The agreed limit of a catchweight bout; null for a bout in a class. */
  catchweightKg: number | null;
}

/** "Lightweight", or "Catchweight (73 kg)". */
export function boutLabel(pairing: Pairing): string {
  return pairing.catchweightKg === null
    ? pairing.weightClass
    : `${pairing.weightClass} (${pairing.catchweightKg} kg)`;
}

/** Up to `count` bouts between rested fighters of similar form; the best pair last. */
export function matchmake(
  rng: Rng,
  fighters: Fighter[],
  date: Date,
  count: number,
  restDays = REST_DAYS,
): Pairing[] {
  const bouts: Pairing[] = [];
  const spare = new Map<string, Fighter[]>();
  for (const weightClass of rng.shuffle(WEIGHT_CLASSES)) {
    const ready = fighters
      .filter((f) => f.weightClass === weightClass && f.restedUntil <= date.getTime())
      .map((f) => ({ f, form: f.rating + rng.normal(0, 0.5) }))
      .sort((a, b) => b.form - a.form)
      .map(({ f }) => f);
    const paired = Math.min(BOUTS_PER_CLASS, Math.floor(ready.length / 2)) * 2;
    for (let i = 0; i < paired; i += 2) {
      const [red, blue] = [ready[i], ready[i + 1]] as [Fighter, Fighter];
      bouts.push({ red, blue, weightClass, catchweightKg: null });
    }
    spare.set(weightClass, ready.slice(paired));
  }
  if (rng.chance(CATCHWEIGHT_CHANCE)) {
    const k = rng.int(0, WEIGHT_CLASSES.length - 2);
    const [lighter = "", heavier = ""] = [WEIGHT_CLASSES[k], WEIGHT_CLASSES[k + 1]];
    const red = spare.get(lighter)?.[0];
    const blue = spare.get(heavier)?.[0];
    const [low, high] = [LIMIT_KG[lighter] ?? 0, LIMIT_KG[heavier] ?? 0];
    if (red !== undefined && blue !== undefined) {
      const catchweightKg = Math.round((low + high) / 2);
      bouts.push({ red, blue, weightClass: "Catchweight", catchweightKg });
    }
  }
  const chosen = rng.shuffle(bouts).slice(0, count);
  const strength = (p: Pairing) => p.red.rating + p.blue.rating;
  chosen.sort((a, b) => strength(a) - strength(b));
  for (const p of chosen) {
    for (const f of [p.red, p.blue]) f.restedUntil = addDays(date, restDays).getTime();
  }
  return chosen.map((p) => (rng.chance(0.5) ? p : { ...p, red: p.blue, blue: p.red }));
}
