/**
 * Basketball around the clock (issue 18): regional leagues in six time zones whose evening games
 * follow one another, so that in real time a game is live at every moment of every day. Each
 * plays every night of a two-day round (`nightly-league.ts`), denser than any real league.
 *
 * The chain of one night in UTC (a 10-minute-quarter game lasts about 1 h 52 min of wall time,
 * a 12-minute one about 2 h 15 min): Europe 17:00, 18:40, 20:00 → Argentina 21:30, 23:00, 00:30
 * → North America 01:30, 03:30 → Australia/New Zealand 05:30, 07:00, 08:30 → China 10:00, 12:00
 * → Turkey 14:00, 15:30 → Europe again. The Pro Basketball League (alternate nights, 00:00–03:30)
 * and the Liga Ibérica (weekends) add to it.
 */
import type { GenContext } from "../context.js";
import { FRANCHISE_NICKNAMES } from "../pools/index.js";
import { clubNames, countryPool, type TeamNaming, teamSlugs } from "../squads.js";
import { buildTeamLeague } from "../team-league.js";
import type { TeamSeed, TeamSportProfile } from "../team-sport-profile.js";
import { freeCities, type NightlyLeague, nightlyLeagueSpec } from "./nightly-league.js";
import { officialNames } from "./officials-and-dates.js";
import { franchiseNames, leagueTeams } from "./team-names.js";

const OVERTIME_MINUTES = 5;
const FIBA = { quarter_minutes: 10, overtime_minutes: OVERTIME_MINUTES };
const TWELVE_MINUTE_QUARTERS = { quarter_minutes: 12, overtime_minutes: OVERTIME_MINUTES };

/** Club names of the European league's countries, in their own style. */
const EURO_CLUB_PATTERNS: Readonly<Record<string, readonly string[]>> = {
  DE: ["{city} Baskets", "BG {city}", "Basketball {city}"],
  IT: ["Pallacanestro {city}", "Basket {city}"],
  FR: ["{city} Basket", "BC {city}", "{city} Basket Club"],
};
/** Argentine basketball is played by the multi-sport clubs. */
const ARGENTINE_CLUB_PATTERNS = [
  "Club Atlético {city}",
  "Sportivo {city}",
  "Club Social y Deportivo {city}",
  "Unión {city}",
  "Juventud {city}",
];
/** Turkish basketball clubs: the city's club or a sports club of it. */
const TURKISH_CLUB_PATTERNS = ["{city} Basketbol", "{city} Basketbol SK", "{city} Gençlik Basket"];

/** `profileFor` gives the profile of a league by its quarter length (`basketball.ts`). */
export function generateRegionalBasketball(
  ctx: GenContext,
  profileFor: (quarterMinutes: number) => TeamSportProfile,
): void {
  const rng = ctx.rng("basketball:regional");
  const profile = (rules: typeof FIBA) => profileFor(rules.quarter_minutes);
  const league = (spec: NightlyLeague & { rules: typeof FIBA }) =>
    buildTeamLeague(ctx, profile(spec.rules), nightlyLeagueSpec(ctx, spec));
  const teams = (code: string, names: readonly TeamNaming[], rules: typeof FIBA) =>
    leagueTeams(ctx, rng, profile(rules), countryPool(code), names, [3_000, 12_000]);

  const de = countryPool("DE");
  const it = countryPool("IT");
  const fr = countryPool("FR");
  const euro: TeamSeed[] = [de, it, fr].flatMap((pool) =>
    teams(
      pool.code,
      clubNames(rng, pool, EURO_CLUB_PATTERNS[pool.code] ?? [], 4, teamSlugs(ctx, "basketball")),
      FIBA,
    ),
  );
  ctx.addCountry("INT", "International");
  // EuroLeague style, every night rather than Tuesday to Friday: Germany, Italy and France
  // (UTC+1), 18:00, 19:40 and 21:00 local.
  league({
    slug: "continental-basketball-league",
    name: "Continental Basketball League",
    countryCode: "INT",
    teams: euro,
    utcOffset: 1,
    localTimes: ["18:00", "19:40", "21:00"],
    rules: FIBA,
    officials: officialNames(rng, it, 18, ctx.anchor),
  });

  const ar = countryPool("AR");
  // Liga Nacional style: Argentina (UTC-3), 18:30, 20:00 and 21:30 local.
  league({
    slug: "liga-austral-basquet",
    name: "Liga Austral de Básquet",
    countryCode: ar.code,
    teams: teams(
      ar.code,
      clubNames(rng, ar, ARGENTINE_CLUB_PATTERNS, 12, teamSlugs(ctx, "basketball")),
      FIBA,
    ),
    utcOffset: -3,
    localTimes: ["18:30", "20:00", "21:30"],
    rules: FIBA,
    officials: officialNames(rng, ar, 18, ctx.anchor),
  });

  const us = freeCities(ctx, "basketball", countryPool("US"));
  // G League style, 12-minute quarters: United States, 17:30 PT (20:30 ET, the eastern games)
  // and 19:30 PT (UTC-8).
  league({
    slug: "development-basketball-league",
    name: "Development Basketball League",
    countryCode: us.code,
    teams: teams(us.code, franchiseNames(rng, us, FRANCHISE_NICKNAMES, 8), TWELVE_MINUTE_QUARTERS),
    utcOffset: -8,
    localTimes: ["17:30", "19:30"],
    rules: TWELVE_MINUTE_QUARTERS,
    officials: officialNames(rng, us, 12, ctx.anchor),
  });

  const au = countryPool("AU");
  const nz = countryPool("NZ");
  const oceania = [
    ...teams(au.code, franchiseNames(rng, au, FRANCHISE_NICKNAMES, 9), FIBA),
    ...teams(nz.code, franchiseNames(rng, nz, FRANCHISE_NICKNAMES, 3), FIBA),
  ];
  // NBL style: Australia (UTC+11, summer time) and New Zealand (UTC+13), 16:30, 18:00 and 19:30
  // Australian Eastern time (the first game is 18:30 in New Zealand).
  league({
    slug: "southern-cross-basketball-league",
    name: "Southern Cross Basketball League",
    countryCode: au.code,
    teams: oceania,
    utcOffset: 11,
    localTimes: ["16:30", "18:00", "19:30"],
    rules: FIBA,
    officials: officialNames(rng, au, 18, ctx.anchor),
  });

  const cn = countryPool("CN");
  // CBA style, 12-minute quarters: China (UTC+8), 18:00 and 20:00 local.
  league({
    slug: "china-basketball-super-league",
    name: "China Basketball Super League",
    countryCode: cn.code,
    teams: teams(cn.code, franchiseNames(rng, cn, FRANCHISE_NICKNAMES, 8), TWELVE_MINUTE_QUARTERS),
    utcOffset: 8,
    localTimes: ["18:00", "20:00"],
    rules: TWELVE_MINUTE_QUARTERS,
    officials: officialNames(rng, cn, 12, ctx.anchor),
  });

  const tr = countryPool("TR");
  // Basketbol Süper Ligi style: Turkey (UTC+3), 17:00 and 18:30 local.
  league({
    slug: "anadolu-basketbol-ligi",
    name: "Anadolu Basketbol Ligi",
    countryCode: tr.code,
    teams: teams(
      tr.code,
      clubNames(rng, tr, TURKISH_CLUB_PATTERNS, 8, teamSlugs(ctx, "basketball")),
      FIBA,
    ),
    utcOffset: 3,
    localTimes: ["17:00", "18:30"],
    rules: FIBA,
    officials: officialNames(rng, tr, 12, ctx.anchor),
  });
}
