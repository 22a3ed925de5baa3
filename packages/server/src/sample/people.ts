/** Plausible people: names from a country's pool, ages and birth dates around the anchor. */
import { isoDate } from "../lib/time.js";
import type { CountryPool } from "./pools/index.js";
import type { Rng } from "./rng.js";

export interface Person {
  firstName: string;
  lastName: string;
  name: string;
  dateOfBirth: string;
  nationality: string;
}

export function makePerson(
  rng: Rng,
  pool: CountryPool,
  anchor: Date,
  ageRange: [number, number] = [18, 35],
): Person {
  const firstName = rng.pick(pool.firstNames);
  const lastName = rng.pick(pool.lastNames);
  const ageDays = rng.int(ageRange[0] * 365, ageRange[1] * 365 + 364);
  const born = new Date(anchor.getTime() - ageDays * 86_400_000);
  return {
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    dateOfBirth: isoDate(born),
    nationality: pool.code,
  };
}

/** Most of a squad from the home country, the rest from elsewhere. */
export function pickNationality(
  rng: Rng,
  home: CountryPool,
  all: readonly CountryPool[],
  homeShare: number,
): CountryPool {
  return rng.chance(homeShare) ? home : rng.pick(all);
}
