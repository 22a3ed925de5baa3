/**
 * Baseball around the world and around the year (issue 18), so that some game is live at any
 * moment in real time: summer leagues in East Asia, Mexico and Europe alongside the MLB-style
 * league (April–September), winter leagues in the Caribbean, Mexico, Australia, Taiwan and South
 * Africa (October/November–January/March), and a spring-training league (late February–March)
 * between them. Each plays on its real calendar, by the anchor's date; every one is in the
 * sample, in season or with its next season scheduled. Small leagues playing every day at several
 * local times: denser than any real week, the accepted trade-off. UTC offsets are those of the
 * season's time of year (fixed: daylight saving when the season is in summer there).
 */
import type { GenContext } from "../context.js";
import type { TeamSportProfile } from "../team-sport-profile.js";
import { buildRegionalLeague, localSlots, type RegionalLeague } from "./regional-league.js";
import {
  addPreviousSeason,
  daysBetween,
  generatedStart,
  type SeasonWindow,
  seasonAround,
} from "./season-window.js";

/** Every baseball league plays on the real calendar: the next season a year on (`calendar.ts`). */
export const BASEBALL_RULES = {
  innings: 9,
  extra_innings_runner: true,
  designated_hitter: true,
  annual_season: true,
};
/** Days of a season in progress the sample holds at most (the rest of a long season is not played). */
const MAX_HISTORY_DAYS = 10;

interface BaseballLeague extends RegionalLeague {
  season: SeasonWindow;
}

/** A league of two teams per daily kick-off time, a round every day. */
type Row = [
  slug: string,
  name: string,
  country: string,
  window: SeasonWindow,
  utc: number,
  local: string[],
];

/** One row a league: slug, name, country, season, UTC offset in season, daily local times. */
// biome-ignore format: a table, one league a row
const ROWS: readonly Row[] = [
  // Summer. NPB style: Japan (UTC+9), late March to early October, two games at 13:00 and one at
  // 18:00 local (six teams, as in each real league).
  ["japan-pro-baseball", "Japan Pro Baseball", "JP", { opens: [3, 27], closes: [10, 4] }, 9, ["13:00", "13:00", "18:00"]],
  // KBO style: South Korea (UTC+9), late March to September, 15:00 and 17:00 local.
  ["korea-baseball-league", "Korea Baseball League", "KR", { opens: [3, 22], closes: [9, 30] }, 9, ["15:00", "17:00"]],
  // CPBL style: Taiwan (UTC+8), late March to early October, 17:05 and 18:35 local.
  ["taiwan-pro-baseball", "Taiwan Pro Baseball", "TW", { opens: [3, 28], closes: [10, 4] }, 8, ["17:05", "18:35"]],
  // Hoofdklasse style: Netherlands (UTC+2 in summer), April to mid-September, 14:00 and 16:00.
  ["honkbal-hoofdklasse", "Honkbal Hoofdklasse", "NL", { opens: [4, 10], closes: [9, 13] }, 2, ["14:00", "16:00"]],
  // Serie A style: Italy (UTC+2 in summer), April to August, 18:00 and 21:00 local.
  ["italian-baseball-league", "Italian Baseball League", "IT", { opens: [4, 3], closes: [8, 30] }, 2, ["18:00", "21:00"]],
  // LMB style: Mexico's summer league (UTC-6), mid-April to early August, 19:00 and 20:00 local.
  ["mexican-summer-league", "Mexican Summer League", "MX", { opens: [4, 17], closes: [8, 9] }, -6, ["19:00", "20:00"]],
  // Winter. LIDOM style: Dominican Republic (UTC-4), mid-October to late January, 14:00–20:00.
  ["caribbean-winter-league", "Caribbean Winter League", "DO", { opens: [10, 16], closes: [1, 24] }, -4, ["14:00", "16:00", "18:00", "20:00"]],
  // LMP style: Mexico's Pacific coast (UTC-7), October to late January, 18:00 and 19:30 local.
  ["mexican-pacific-league", "Mexican Pacific League", "MX", { opens: [10, 9], closes: [1, 24] }, -7, ["18:00", "19:30"]],
  // ABL style: Australia (UTC+11 in summer), mid-November to early February, 15:00–19:00 local.
  ["australian-baseball-league", "Australian Baseball League", "AU", { opens: [11, 13], closes: [2, 8] }, 11, ["15:00", "17:00", "19:00"]],
  // Asia winter league style: Taiwan (UTC+8), mid-November to mid-January, 18:00 and 20:00 local.
  ["asia-winter-league", "Asia Winter League", "TW", { opens: [11, 15], closes: [1, 15] }, 8, ["18:00", "20:00"]],
  // Club baseball in the South African summer (UTC+2), October to mid-March, 16:00 and 18:00.
  ["south-african-baseball-league", "South African Baseball League", "ZA", { opens: [10, 3], closes: [3, 14] }, 2, ["16:00", "18:00"]],
  // Spring. Cactus League style: Arizona (UTC-7, no daylight saving), late February to late
  // March, day games at 13:05 and 13:10 and a night game at 19:05: it bridges the winter
  // leagues' end and the summer leagues' opening days.
  ["spring-training-league", "Spring Training League", "US", { opens: [2, 21], closes: [3, 25] }, -7, ["13:05", "13:10", "19:05"]],
];

const BASEBALL_LEAGUES: readonly BaseballLeague[] = ROWS.map(
  ([slug, name, country, season, utcOffset, times]) => ({
    slug,
    name,
    country,
    season,
    teams: 2 * times.length,
    daysBetweenRounds: 1,
    slots: localSlots(utcOffset, 0, ...times),
    capacity: [6_000, 30_000],
    rules: BASEBALL_RULES,
  }),
);

/**
 * Each league's season around the anchor: in progress (joined at most ten days before the
 * anchor, to keep the seeded history small) or, in the off-season, the next one, scheduled —
 * months ahead if need be: the calendar brings a league back a year after its season (ADR-0044),
 * so a league left out of the seed would never play in a long-running world.
 */
export function generateBaseballLeagues(ctx: GenContext, profile: TeamSportProfile): void {
  for (const league of BASEBALL_LEAGUES) {
    const season = seasonAround(ctx.anchor, league.season);
    const firstRoundDate = season.inSeason
      ? generatedStart(ctx.anchor, season, MAX_HISTORY_DAYS)
      : season.opens;
    const days = daysBetween(firstRoundDate, season.closes);
    // The season keeps its real opening day (the calendar's next season opens a year on from
    // it, `annual-season.ts`), though the sample's games start at most ten days back.
    buildRegionalLeague(ctx, profile, league, {
      firstRoundDate,
      days,
      fit: "floor",
      opens: season.opens,
    });
    if (!season.inSeason) addPreviousSeason(ctx, profile.sport, league.slug, season);
  }
}
