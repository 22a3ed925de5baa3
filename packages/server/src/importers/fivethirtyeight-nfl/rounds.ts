/**
 * Round names from game dates. The source has no week numbers: NFL weeks run Thursday to
 * Wednesday, so a regular-season game is in "Week N" counted from the Thursday on or before the
 * league's first game of the season (a Monday or a moved Tuesday/Wednesday game stays in its
 * week; weeks lost to a strike leave a gap, as the calendar did). Play-off games are grouped by
 * the same weeks and named from the last one back (Super Bowl, Conference Championship,
 * Divisional, Wild Card since 1970). Pure.
 */
import type { LeagueKey } from "./alignment.js";

const DAY_MS = 86_400_000;
/** 1970-01-01 was a Thursday: day numbers since then, divided by 7, count Thursday weeks. */
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const weekNumber = (date: string) => Math.floor(dayNumber(date) / 7);

/**
 * "Week N" of each date, counted from the week of the day after the earliest date: a season
 * opened on a Wednesday (2012) has that game in Week 1 with the Thursday to Monday after it.
 */
export function regularWeeks(dates: readonly string[]): Map<string, string> {
  const first = Math.min(...dates.map((date) => Math.floor((dayNumber(date) + 1) / 7)));
  return new Map(dates.map((date) => [date, `Week ${Math.max(1, weekNumber(date) - first + 1)}`]));
}

/** Play-off round names, the final's first. */
function roundNames(league: LeagueKey, season: number): readonly string[] {
  if (league === "afl")
    return season === 1969 ? ["AFL Championship", "Divisional"] : ["AFL Championship"];
  if (league === "aafc") return ["AAFC Championship"];
  if (season >= 1970) return ["Super Bowl", "Conference Championship", "Divisional", "Wild Card"];
  if (season >= 1967) return ["Super Bowl", "NFL Championship", "Conference Championship"];
  if (season === 1966) return ["Super Bowl", "NFL Championship"];
  return ["NFL Championship"];
}

/**
 * The round of each play-off date: its week's place counted back from the last play-off week.
 * Weeks before the named rounds (tie-breaking play-offs of the early decades) are "Playoff".
 */
export function playoffRounds(
  league: LeagueKey,
  season: number,
  dates: readonly string[],
): Map<string, string> {
  const names = roundNames(league, season);
  const weeks = [...new Set(dates.map(weekNumber))].sort((a, b) => b - a);
  return new Map(dates.map((date) => [date, names[weeks.indexOf(weekNumber(date))] ?? "Playoff"]));
}
