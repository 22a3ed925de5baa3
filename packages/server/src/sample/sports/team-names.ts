/** Names and teams for the franchise-style leagues ("{city} {Nickname}"). */
import type { GenContext } from "../context.js";
import type { CountryPool } from "../pools/index.js";
import type { Rng } from "../rng.js";
import { isReservedName, makeTeams, type TeamNaming } from "../squads.js";
import type { TeamSportProfile } from "../team-sport-profile.js";
import { venueName } from "./officials-and-dates.js";

/** `count` "{city} {Nickname}" franchises: distinct cities and nicknames, no real team's name. */
export function franchiseNames(
  rng: Rng,
  country: CountryPool,
  nicknames: readonly string[],
  count: number,
): TeamNaming[] {
  const free = rng.shuffle(nicknames);
  const names: TeamNaming[] = [];
  for (const city of rng.shuffle(country.cities)) {
    const index = free.findIndex((nickname) => !isReservedName(`${city} ${nickname}`));
    if (names.length === count || index < 0) continue;
    names.push({ city, name: `${city} ${free[index]}` });
    free.splice(index, 1);
  }
  return names;
}

/** Registers the country and makes the teams, venues named from the sport's patterns. */
export function leagueTeams(
  ctx: GenContext,
  rng: Rng,
  profile: TeamSportProfile,
  country: CountryPool,
  names: readonly TeamNaming[],
  capacity: [number, number],
  homeShare = 0.7,
) {
  ctx.addCountry(country.code, country.name);
  const place = (r: Rng, city: string) => ({
    city,
    name: r.pick(country.lastNames),
    country: country.code,
  });
  const venue = (r: Rng, team: TeamNaming) => venueName(r, profile.sport, place(r, team.city));
  return makeTeams(ctx, rng, profile, country, names, { homeShare, venueName: venue, capacity });
}
