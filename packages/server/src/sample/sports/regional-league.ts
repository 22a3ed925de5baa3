/**
 * Regional franchise leagues for the real-time calendar (issue 18): local kick-off times turned
 * into UTC slots, team names no other team of the sport already uses, and the season's rounds
 * sized to a span of days.
 */
import type { Sport } from "../../sports/types.js";
import type { GenContext } from "../context.js";
import type { KickoffSlot } from "../home-slots.js";
import { FRANCHISE_NICKNAMES } from "../pools/index.js";
import { countryPool } from "../squads.js";
import { buildTeamLeague } from "../team-league.js";
import type { TeamSportProfile } from "../team-sport-profile.js";
import { officialNames } from "./officials-and-dates.js";
import { franchiseNames, leagueTeams } from "./team-names.js";

const DAY_MINUTES = 24 * 60;

/**
 * Kick-off slots `day` days after a round's first day at local "hh:mm" times of a region
 * `utcOffset` hours from UTC, as UTC slots (a late local time may fall on the next UTC day, an
 * early one on the day before).
 */
export function localSlots(utcOffset: number, day: number, ...times: string[]): KickoffSlot[] {
  return times.map((time) => {
    const [hour = 0, minute = 0] = time.split(":").map(Number);
    const utc = day * DAY_MINUTES + hour * 60 + minute - Math.round(utcOffset * 60);
    const utcDay = Math.floor(utc / DAY_MINUTES);
    const rest = utc - utcDay * DAY_MINUTES;
    return { day: utcDay, hour: Math.floor(rest / 60), minute: rest % 60 };
  });
}

/** The same local times on each of the first `days` days of a round. */
export function dailySlots(utcOffset: number, days: number, ...times: string[]): KickoffSlot[] {
  return Array.from({ length: days }, (_, day) => localSlots(utcOffset, day, ...times)).flat();
}

export interface RegionalLeague {
  slug: string;
  name: string;
  /** Country pool code (upper case). */
  country: string;
  /** An even number: every team plays in every round. */
  teams: number;
  daysBetweenRounds: number;
  /** One slot per match of a round (teams / 2). */
  slots: readonly KickoffSlot[];
  capacity: [number, number];
  rules: Record<string, unknown>;
  /** Share of upcoming fixtures generated as postponed (default 1 %). */
  postponedShare?: number;
}

/**
 * Builds the league's season from `firstRoundDate`, with as many round-robin cycles as fit in
 * `days` (at least `minimum` of them: 1 unless asked). Teams are "{city} {Nickname}" franchises
 * in cities no other team of the sport has, so every team's slug stays unique in the sport.
 */
export function buildRegionalLeague(
  ctx: GenContext,
  profile: TeamSportProfile,
  league: RegionalLeague,
  season: { firstRoundDate: Date; days: number; fit: "floor" | "ceil"; opens?: Date },
): void {
  const sport = profile.sport;
  const rng = ctx.rng(`${sport}:${league.slug}:teams`);
  const pool = countryPool(league.country);
  const taken = citiesOf(ctx, sport);
  const free = { ...pool, cities: pool.cities.filter((city) => !taken.has(city)) };
  const names = franchiseNames(rng, free, FRANCHISE_NICKNAMES, league.teams);
  if (names.length < league.teams) throw new Error(`${league.slug}: not enough free cities`);
  const cycleDays = (league.teams - 1) * league.daysBetweenRounds;
  const fit = season.fit === "floor" ? Math.floor : Math.ceil;
  buildTeamLeague(ctx, profile, {
    slug: league.slug,
    name: league.name,
    countryCode: pool.code,
    tier: 1,
    teams: leagueTeams(ctx, rng, profile, pool, names, league.capacity, 0.75),
    cycles: Math.max(1, fit(season.days / cycleDays)),
    firstRoundDate: season.firstRoundDate,
    ...(season.opens === undefined ? {} : { seasonOpens: season.opens }),
    daysBetweenRounds: league.daysBetweenRounds,
    slots: league.slots,
    rules: league.rules,
    officials: officialNames(rng, pool, 16, ctx.anchor),
    ...(league.postponedShare === undefined ? {} : { postponedShare: league.postponedShare }),
  });
}

function citiesOf(ctx: GenContext, sport: Sport): Set<string> {
  return new Set(ctx.dataset.teams.filter((t) => t.sport === sport).map((t) => t.city ?? ""));
}
