/**
 * Teams and squads for the team sports: names from the pools, players by position, shirt numbers
 * that fit the position (`shirt-numbers.ts`).
 */
import { searchable, slugify } from "../lib/text.js";
import type { GenContext } from "./context.js";
import { makePerson, pickNationality } from "./people.js";
import { COUNTRY_POOLS, type CountryPool, RESERVED_TEAM_NAMES } from "./pools/index.js";
import type { Rng } from "./rng.js";
import { assignShirtNumbers } from "./shirt-numbers.js";
import type { SquadPlayer, TeamSeed, TeamSportProfile } from "./team-sport-profile.js";

export function countryPool(code: string): CountryPool {
  const pool = COUNTRY_POOLS.find((c) => c.code === code);
  if (pool === undefined) throw new Error(`no name pool for country ${code}`);
  return pool;
}

/** Clubs (football's, the European leagues'): founded from the 1870s to the 1990s. */
const CLUBS_FOUNDED = [1870, 1995] as const;

export interface TeamNaming {
  name: string;
  city: string;
}

/** Builds `names.length` teams with squads; `homeShare` of each squad is local. */
export function makeTeams(
  ctx: GenContext,
  rng: Rng,
  profile: TeamSportProfile,
  country: CountryPool,
  names: readonly TeamNaming[],
  options: {
    homeShare: number;
    venueName: (rng: Rng, team: TeamNaming) => string;
    capacity: [number, number];
    /** The years the teams were founded in (default: clubs of 1870–1995), before the anchor's. */
    founded?: readonly [number, number];
  },
): TeamSeed[] {
  const [firstFounded, lastFounded] = options.founded ?? CLUBS_FOUNDED;
  const latest = Math.max(firstFounded, Math.min(lastFounded, ctx.anchor.getUTCFullYear() - 1));
  const sport = profile.sport;
  return names.map((naming) => {
    const slug = slugify(naming.name);
    const id = ctx.id("tm", sport, slug);
    const squad = makeSquad(ctx, rng, profile, country, slug, options.homeShare);
    return {
      id,
      slug,
      name: naming.name,
      shortName: naming.name.length <= 16 ? naming.name : naming.city,
      abbreviation: abbreviate(naming.city),
      city: naming.city,
      countryCode: country.code,
      founded: rng.int(firstFounded, latest),
      venue: {
        name: options.venueName(rng, naming),
        city: naming.city,
        capacity: rng.int(options.capacity[0] / 500, options.capacity[1] / 500) * 500,
      },
      strength: rng.normal(0, 1),
      coach: makePerson(rng, country, ctx.anchor, [38, 66]).name,
      squad,
    };
  });
}

function makeSquad(
  ctx: GenContext,
  rng: Rng,
  profile: TeamSportProfile,
  country: CountryPool,
  teamSlug: string,
  homeShare: number,
): SquadPlayer[] {
  const squad: SquadPlayer[] = [];
  const positions = profile.squadTemplate.flatMap(({ position, count }) =>
    Array.from({ length: count }, () => position),
  );
  const shirts = assignShirtNumbers(rng, profile.sport, positions);
  for (const { position, count } of profile.squadTemplate) {
    for (let i = 0; i < count; i++) {
      const person = makePerson(
        rng,
        pickNationality(rng, country, COUNTRY_POOLS, homeShare),
        ctx.anchor,
      );
      const slug = `${slugify(person.name)}-${teamSlug}-${squad.length + 1}`;
      squad.push({
        ...person,
        id: ctx.id("pl", profile.sport, slug),
        slug,
        position,
        shirtNumber: shirts[squad.length] as number,
        heightCm: Math.round(rng.normal(profile.heightCm[0], profile.heightCm[1])),
        quality: rng.next(),
      });
    }
  }
  return squad;
}

/** Three capital letters from a city name: "Northbridge" → "NOR". */
export function abbreviate(city: string): string {
  const letters = slugify(city).replace(/-/g, "").toUpperCase();
  return letters.padEnd(3, "X").slice(0, 3);
}

const RESERVED = new Set(RESERVED_TEAM_NAMES.map(searchable));

/** True for names real clubs or franchises use: the sample data must not borrow them. */
export function isReservedName(name: string): boolean {
  return RESERVED.has(searchable(name));
}

/**
 * Distinct team names for one league: one club per city, a pattern each, never a real club's
 * name nor the name of a team the sport has already (`taken`: their slugs; a Newcastle in England
 * and one in Australia must not both be Newcastle Wanderers). A city whose every pattern is ruled
 * out is skipped.
 */
export function clubNames(
  rng: Rng,
  country: CountryPool,
  patterns: readonly string[],
  count: number,
  taken: ReadonlySet<string> = new Set(),
): TeamNaming[] {
  const names: TeamNaming[] = [];
  const used = new Set(taken);
  for (const city of rng.shuffle(country.cities)) {
    const options = rng.shuffle(patterns).map((p) => p.replace("{city}", city));
    const name = options.find((option) => !isReservedName(option) && !used.has(slugify(option)));
    if (name !== undefined) {
      names.push({ city, name });
      used.add(slugify(name));
    }
    if (names.length === count) return names;
  }
  throw new Error(`${country.code} has too few cities for ${count} clubs`);
}

/** The best `count` players of a position, with some rotation. */
export function pickBest(rng: Rng, players: readonly SquadPlayer[], count: number): SquadPlayer[] {
  return [...players]
    .map((p) => ({ p, form: p.quality + rng.normal(0, 0.25) }))
    .sort((a, b) => b.form - a.form)
    .slice(0, count)
    .map(({ p }) => p);
}

export function byPosition(team: TeamSeed, position: string): SquadPlayer[] {
  return team.squad.filter((p) => p.position === position);
}

/** The slugs of the sport's teams generated so far. */
export function teamSlugs(ctx: GenContext, sport: string): Set<string> {
  return new Set(ctx.dataset.teams.filter((t) => t.sport === sport).map((t) => t.slug));
}
