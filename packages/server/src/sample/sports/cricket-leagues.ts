/**
 * The regional T20 leagues that keep cricket live around the clock in real time (issue 18). With
 * the Grand T20 League (India, 14:00 UTC every day) their kick-offs make a grid of one match every
 * 75 to 90 minutes through the UTC day:
 *
 *   00:45 US · 02:00 NZ · 03:15 US · 04:45 AU · 06:00 NZ · 07:15 BD · 08:45 AU · 10:00 PK ·
 *   11:15 ZA · 12:45 BD · [14:00 IN] · 15:15 PK · 16:45 ZA · 18:00 ENG · 19:15 ENG · 20:45 TT ·
 *   22:00 US · 23:15 TT
 *
 * A T20 lasts 2¼ to 3¼ hours, so two or three matches are usually live, and a postponed match
 * (1 % of fixtures) still leaves its neighbours live across its slot. Every league plays every
 * day (the sample world is denser than any real week): twelve franchises, a round robin of 66
 * days (two or three meetings per pair), begun a day or two before the anchor so that little
 * history is seeded. Kick-offs are fixed UTC hours, from local times at a November anchor's
 * offsets (summer time in Australia and New Zealand, standard time in the US and England); in a
 * northern summer the US and English games start an hour later local time, the Australian and
 * New Zealand ones an hour earlier.
 */
import { addDays, startOfUtcDay } from "../../lib/time.js";
import type { GenContext } from "../context.js";
import type { KickoffSlot } from "../home-slots.js";
import { CRICKET_FRANCHISE_NICKNAMES } from "../pools/index.js";
import { countryPool } from "../squads.js";
import { buildTeamLeague } from "../team-league.js";
import type { TeamSportProfile } from "../team-sport-profile.js";
import { slotsAt } from "./match-clock.js";
import { officialNames } from "./officials-and-dates.js";
import { franchiseNames, leagueTeams } from "./team-names.js";

/** The rules every T20 competition of the sample world plays by. */
export const T20_RULES = { format: "T20", overs: 20, super_over: true };

const TEAMS = 12;
/**
 * Franchise leagues draft their squads under a salary cap: their teams' strengths spread less
 * than clubs' do (a T20 mismatch is about 85/15, not 99/1).
 */
const PARITY = 0.6;
/** A season lasts at least this many days (whole round robins), so none ends soon after seeding. */
const SEASON_DAYS = 64;

interface RegionalLeague {
  slug: string;
  name: string;
  /** Country pool of the franchises. */
  country: string;
  /**
   * Kick-offs (UTC "hh:mm") of every match day in local order, a time earlier than the one before
   * it falling after midnight UTC; their number divides the six matches of a round.
   */
  daily: readonly string[];
  /** Days of the season played before the anchor day. */
  played: number;
  capacity: [number, number];
}

const REGIONAL_T20_LEAGUES: readonly RegionalLeague[] = [
  {
    // US franchise style, every day: Eastern twilight games at 17:00 EST (UTC-5), Central
    // evenings at 18:45 CST (UTC-6), Pacific evenings at 19:15 PST (UTC-8): 22:00, 00:45 and
    // 03:15 UTC.
    slug: "us-t20-championship",
    name: "US T20 Championship",
    country: "US",
    daily: ["22:00", "00:45", "03:15"],
    played: 2,
    capacity: [4_000, 15_000],
  },
  {
    // New Zealand (NZDT, UTC+13): afternoon and evening games, 15:00 and 19:00 local, every day.
    slug: "aotearoa-t20-cup",
    name: "Aotearoa T20 Cup",
    country: "NZ",
    daily: ["02:00", "06:00"],
    played: 2,
    capacity: [5_000, 20_000],
  },
  {
    // Big Bash style: Australia (AEDT, UTC+11), 15:45 and 19:45 local every day.
    slug: "southern-cross-t20",
    name: "Southern Cross T20",
    country: "AU",
    daily: ["04:45", "08:45"],
    played: 1,
    capacity: [15_000, 60_000],
  },
  {
    // BPL style: Bangladesh (BST, UTC+6), double-headers at 13:15 and 18:45 local every day.
    slug: "padma-t20-league",
    name: "Padma T20 League",
    country: "BD",
    daily: ["07:15", "12:45"],
    played: 2,
    capacity: [10_000, 25_000],
  },
  {
    // PSL style: Pakistan (PKT, UTC+5), double-headers at 15:00 and 20:15 local every day.
    slug: "indus-t20-league",
    name: "Indus T20 League",
    country: "PK",
    daily: ["10:00", "15:15"],
    played: 1,
    capacity: [15_000, 35_000],
  },
  {
    // SA20 style: South Africa (SAST, UTC+2), double-headers at 13:15 and 18:45 local every day.
    slug: "rainbow-t20-league",
    name: "Rainbow T20 League",
    country: "ZA",
    daily: ["11:15", "16:45"],
    played: 2,
    capacity: [10_000, 30_000],
  },
  {
    // Blast style: England, evening games at 18:00 and 19:15 GMT (UTC+0; an hour later in
    // summer time), every day.
    slug: "english-t20-trophy",
    name: "English T20 Trophy",
    country: "GB-ENG",
    daily: ["18:00", "19:15"],
    played: 1,
    capacity: [5_000, 25_000],
  },
  {
    // CPL style: Trinidad and Tobago (AST, UTC-4), double-headers at 16:45 and 19:15 local.
    slug: "caribbean-t20-series",
    name: "Caribbean T20 Series",
    country: "TT",
    daily: ["20:45", "23:15"],
    played: 2,
    capacity: [5_000, 20_000],
  },
];

/**
 * The kick-off slots of one match day, `day` days into a round. A match day runs in local order
 * (a US evening ends after midnight UTC), so that a team's last match of a round and its first
 * of the next are most of a day apart.
 */
function matchDay(day: number, daily: readonly string[]): KickoffSlot[] {
  let next = day;
  return daily.flatMap((time, i) => {
    if (i > 0 && time < (daily[i - 1] ?? time)) next += 1;
    return slotsAt(next, time);
  });
}

/** Builds the regional leagues; franchise cities are not shared with existing cricket teams. */
export function generateRegionalT20(ctx: GenContext, profile: TeamSportProfile): void {
  for (const league of REGIONAL_T20_LEAGUES) {
    const rng = ctx.rng(`cricket:${league.slug}`);
    const taken = new Set(
      ctx.dataset.teams.filter((t) => t.sport === "cricket").map((t) => t.city),
    );
    const pool = countryPool(league.country);
    const cities = { ...pool, cities: pool.cities.filter((city) => !taken.has(city)) };
    const names = franchiseNames(rng, cities, CRICKET_FRANCHISE_NICKNAMES, TEAMS);
    // A round (every team once) takes `days` days; a round robin takes TEAMS - 1 rounds.
    const days = TEAMS / 2 / league.daily.length;
    if (names.length < TEAMS || !Number.isInteger(days)) {
      throw new Error(`cricket: ${league.slug} cannot be scheduled`);
    }
    buildTeamLeague(ctx, profile, {
      slug: league.slug,
      name: league.name,
      countryCode: pool.code,
      tier: 1,
      teams: leagueTeams(ctx, rng, profile, pool, names, league.capacity, 0.7).map((team) => ({
        ...team,
        strength: team.strength * PARITY,
      })),
      cycles: Math.ceil(SEASON_DAYS / ((TEAMS - 1) * days)),
      firstRoundDate: startOfUtcDay(addDays(ctx.anchor, -league.played)),
      daysBetweenRounds: days,
      slots: Array.from({ length: days }, (_, day) => matchDay(day, league.daily)).flat(),
      rules: T20_RULES,
      officials: officialNames(rng, pool, 20, ctx.anchor),
      // A postponement would leave a slot of the day empty (ADR-0044).
      postponedShare: 0,
    });
  }
}
