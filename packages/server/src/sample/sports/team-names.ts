/** Names and teams for the franchise-style leagues ("{city} {Nickname}"). */
import type { Sport } from "../../sports/types.js";
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

/**
 * When a sport's franchises were founded: a franchise league's teams are as young as its kind of
 * league (T20 franchises since the IPL of 2008 — the BBL 2011, the CPL 2013, the PSL 2016; North
 * American leagues' franchises since their leagues began; esports organisations since about
 * 2000). A sport not listed founds its teams as clubs (1870–1995).
 */
const FRANCHISES_FOUNDED: Partial<Record<Sport, readonly [number, number]>> = {
  cricket: [2008, 2023],
  "american-football": [1920, 2002],
  baseball: [1876, 1998],
  basketball: [1946, 2008],
  esports: [2000, 2022],
};

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
  const founded = FRANCHISES_FOUNDED[profile.sport];
  return makeTeams(ctx, rng, profile, country, names, {
    homeShare,
    venueName: venue,
    capacity,
    ...(founded === undefined ? {} : { founded }),
  });
}
