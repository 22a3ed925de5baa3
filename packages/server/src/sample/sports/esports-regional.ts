/**
 * Esports around the clock (issue 18): regional leagues in six time zones whose afternoon and
 * evening series follow one another, so that in real time a series is live at every moment of
 * every day. Each plays every day of a two-day round (`nightly-league.ts`), denser than any
 * real league; the organisations are city franchises ("Osaka Comets"), as in franchised leagues.
 *
 * A best-of-three series lasts 70 minutes at the least (two quick maps), usually 1½–2½ hours,
 * so series start every 60–75 minutes, in UTC: North America 23:00, 00:15, 01:30, 02:45 →
 * Oceania 04:00, 05:00, 06:15 → Japan 07:30, 08:30, 09:45 → India 11:00, 12:00, 13:15, 14:30 →
 * Europe 15:30, 16:45, 18:00, 19:15 → Brazil 20:30, 21:45 → North America again. The Nova Pro
 * Circuit (weekends) adds to it.
 */
import { slugify } from "../../lib/text.js";
import type { GenContext } from "../context.js";
import { ESPORTS_TEAM_TAGS, FRANCHISE_NICKNAMES } from "../pools/index.js";
import type { Rng } from "../rng.js";
import { countryPool } from "../squads.js";
import { buildTeamLeague } from "../team-league.js";
import type { TeamSeed, TeamSportProfile } from "../team-sport-profile.js";
import { type NightlyLeague, nightlyLeagueSpec } from "./nightly-league.js";
import { officialNames } from "./officials-and-dates.js";
import { franchiseNames, leagueTeams } from "./team-names.js";

interface Region {
  slug: string;
  name: string;
  /** The league's country, INT for one across several. */
  countryCode: string;
  /** Where the teams are based: a pool and how many teams from it. */
  countries: ReadonlyArray<[code: string, teams: number]>;
  utcOffset: number;
  localTimes: readonly string[];
}

const REGIONS: readonly Region[] = [
  // LCS style: United States, 15:00–18:45 Pacific time (UTC-8).
  {
    slug: "north-american-pro-league",
    name: "North American Pro League",
    countryCode: "US",
    countries: [["US", 16]],
    utcOffset: -8,
    localTimes: ["15:00", "16:15", "17:30", "18:45"],
  },
  // Australia (UTC+11, summer time) and New Zealand, 15:00–17:15 Australian Eastern time.
  {
    slug: "oceanic-pro-league",
    name: "Oceanic Pro League",
    countryCode: "AU",
    countries: [
      ["AU", 9],
      ["NZ", 3],
    ],
    utcOffset: 11,
    localTimes: ["15:00", "16:00", "17:15"],
  },
  // LJL style: Japan (UTC+9), 16:30–18:45 local.
  {
    slug: "japan-pro-series",
    name: "Japan Pro Series",
    countryCode: "JP",
    countries: [["JP", 12]],
    utcOffset: 9,
    localTimes: ["16:30", "17:30", "18:45"],
  },
  // India (UTC+5:30), 16:30–20:00 local.
  {
    slug: "india-pro-series",
    name: "India Pro Series",
    countryCode: "IN",
    countries: [["IN", 16]],
    utcOffset: 5.5,
    localTimes: ["16:30", "17:30", "18:45", "20:00"],
  },
  // LEC style: Sweden, Germany, France and England teams, 16:30–20:15 Central European time
  // (UTC+1; England's series are an hour earlier by the clock).
  {
    slug: "european-pro-league",
    name: "European Pro League",
    countryCode: "INT",
    countries: [
      ["SE", 4],
      ["DE", 4],
      ["FR", 4],
      ["GB-ENG", 4],
    ],
    utcOffset: 1,
    localTimes: ["16:30", "17:45", "19:00", "20:15"],
  },
  // CBLOL style: Brazil (UTC-3), 17:30 and 18:45 local.
  {
    slug: "brazil-pro-league",
    name: "Brazil Pro League",
    countryCode: "BR",
    countries: [["BR", 8]],
    utcOffset: -3,
    localTimes: ["17:30", "18:45"],
  },
];

/** Esports organisations are young: the first professional ones date from about 2000. */
const FIRST_FOUNDED = 2000;
const LAST_FOUNDED = 2022;

/** The year an esports organisation was founded: 2000–2022, and before the anchor's year. */
export function foundingYear(rng: Rng, anchor: Date): number {
  return rng.int(FIRST_FOUNDED, Math.min(LAST_FOUNDED, anchor.getUTCFullYear() - 1));
}

/** The regional leagues of `profile` (`esports.ts`), with its `rules` (game, format, map pool). */
export function generateRegionalEsports(
  ctx: GenContext,
  profile: TeamSportProfile,
  rules: Record<string, unknown>,
): void {
  const rng = ctx.rng("esports:regional");
  const tags = new Set(Object.values(ESPORTS_TEAM_TAGS));
  for (const region of REGIONS) {
    const teams = region.countries.flatMap(([code, count]) => {
      const pool = countryPool(code);
      return leagueTeams(
        ctx,
        rng,
        profile,
        pool,
        franchiseNames(rng, pool, FRANCHISE_NICKNAMES, count),
        [1_000, 8_000],
        0.7,
      ).map((team): TeamSeed => {
        const founded = foundingYear(rng, ctx.anchor);
        return { ...team, abbreviation: organisationTag(team, tags), founded };
      });
    });
    const home = countryPool(region.countries[0]?.[0] ?? "US");
    const league: NightlyLeague = {
      slug: region.slug,
      name: region.name,
      countryCode: region.countryCode,
      teams,
      utcOffset: region.utcOffset,
      localTimes: region.localTimes,
      rules,
      officials: officialNames(rng, home, 6, ctx.anchor),
    };
    if (region.countryCode === "INT") ctx.addCountry("INT", "International");
    buildTeamLeague(ctx, profile, nightlyLeagueSpec(ctx, league));
  }
}

/**
 * A short tag no other organisation has: the city's first three letters ("OSA"), else the
 * initials of city and nickname with the nickname's next letter ("OSC"), else a number added.
 */
function organisationTag(team: TeamSeed, taken: Set<string>): string {
  const letters = (text: string) =>
    slugify(text)
      .replace(/[^a-z0-9]/g, "")
      .toUpperCase();
  const city = letters(team.city);
  const nickname = letters(team.name.slice(team.city.length));
  const initials = team.city
    .split(/[\s-]+/)
    .map((word) => letters(word).slice(0, 1))
    .join("");
  const candidates = [
    city.slice(0, 3),
    `${city.slice(0, 2)}${nickname.slice(0, 1)}`,
    `${initials}${nickname.slice(0, 2)}`.slice(0, 4),
    ...Array.from({ length: 9 }, (_, i) => `${city.slice(0, 3)}${i + 1}`),
  ];
  const tag = candidates.find((c) => c.length >= 2 && !taken.has(c)) ?? slugify(team.name);
  taken.add(tag);
  return tag;
}
