/**
 * Regional leagues that keep a sport live around the clock in real time (issue 18): each plays
 * every night of a two-day round at the same local kick-off times, half of its teams one night
 * and half the next, so a team plays every other day. The seasons start two days before the
 * anchor (one round played: a short history keeps the seeded database small) and run at least
 * nine weeks past it, so none ends in the weeks the rolling calendar is checked over.
 *
 * Local times are converted with a fixed UTC offset, the one of the anchor's time of year that
 * the tests use (November: no daylight saving in Europe and North America, summer time in
 * Australia and New Zealand); a June world keeps the same UTC times, an hour off local in places.
 */
import { addDays } from "../../lib/time.js";
import type { GenContext } from "../context.js";
import type { KickoffSlot } from "../home-slots.js";
import type { CountryPool } from "../pools/index.js";
import type { LeagueSpec } from "../team-league.js";
import type { TeamSeed } from "../team-sport-profile.js";

const DAY_MINUTES = 24 * 60;
const DAYS_PER_ROUND = 2;
/** Days of the season before the anchor (one round) and the least it runs after it. */
const HISTORY_DAYS = DAYS_PER_ROUND;
const FUTURE_DAYS = 62;

/**
 * The kick-off slots of both nights of a round: `localTimes` ("19:30") in a zone `utcOffset`
 * hours from UTC, as UTC slots (a late evening west of Greenwich falls on the next UTC day).
 */
function everyNight(utcOffset: number, localTimes: readonly string[]): KickoffSlot[] {
  return [0, 1].flatMap((night) =>
    localTimes.map((time) => {
      const [hour = 0, minute = 0] = time.split(":").map(Number);
      const utc = night * DAY_MINUTES + hour * 60 + minute - utcOffset * 60;
      const day = Math.floor(utc / DAY_MINUTES);
      const rest = utc - day * DAY_MINUTES;
      return { day, hour: Math.floor(rest / 60), minute: rest % 60 };
    }),
  );
}

export interface NightlyLeague {
  slug: string;
  name: string;
  countryCode: string;
  teams: TeamSeed[];
  /** Hours from UTC of the league's local time. */
  utcOffset: number;
  /** Local kick-off times of one night; the league has four teams per time. */
  localTimes: readonly string[];
  rules: Record<string, unknown>;
  officials: readonly string[];
}

/** The league's season: two-day rounds, started one round before the anchor, 9+ weeks to go. */
export function nightlyLeagueSpec(ctx: GenContext, league: NightlyLeague): LeagueSpec {
  const { teams, localTimes } = league;
  if (teams.length !== 4 * localTimes.length) {
    throw new Error(`${league.slug}: ${teams.length} teams for ${localTimes.length} times a night`);
  }
  const daysPerCycle = (teams.length - 1) * DAYS_PER_ROUND;
  return {
    slug: league.slug,
    name: league.name,
    countryCode: league.countryCode,
    tier: 1,
    teams,
    cycles: Math.ceil((HISTORY_DAYS + FUTURE_DAYS) / daysPerCycle),
    firstRoundDate: addDays(ctx.anchor, -HISTORY_DAYS),
    daysBetweenRounds: DAYS_PER_ROUND,
    slots: everyNight(league.utcOffset, localTimes),
    rules: league.rules,
    officials: league.officials,
    // A postponement would leave a night's slot empty (ADR-0044).
    postponedShare: 0,
  };
}

/** The pool without the cities of the sport's teams already made (one team per city). */
export function freeCities(ctx: GenContext, sport: string, pool: CountryPool): CountryPool {
  const taken = new Set(
    ctx.dataset.teams
      .filter((t) => t.sport === sport && t.country_code === pool.code)
      .map((t) => t.city),
  );
  return { ...pool, cities: pool.cities.filter((city) => !taken.has(city)) };
}
