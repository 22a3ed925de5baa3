/**
 * Seasons on a sport's real calendar (issue 18): a league plays between the same two dates
 * every year ("early April to the end of September"; a winter league from October to January),
 * so whether it is in season depends on the anchor's date, not on the anchor alone.
 */
import { addDays, isoDate } from "../../lib/time.js";
import type { Sport } from "../../sports/types.js";
import type { GenContext } from "../context.js";

/** Month (1–12) and day of month. */
type MonthDay = readonly [month: number, day: number];

export interface SeasonWindow {
  /** Opening day. */
  opens: MonthDay;
  /** Last day of the regular season; before `opens` for a season over the new year. */
  closes: MonthDay;
}

export interface SeasonDates {
  opens: Date;
  closes: Date;
  /** Whether the anchor falls in this season (otherwise it is the next one, in the future). */
  inSeason: boolean;
}

const DAY_MS = 86_400_000;

/** The season the anchor falls in, or — in the off-season — the next one. */
export function seasonAround(anchor: Date, window: SeasonWindow): SeasonDates {
  const overNewYear = window.closes[0] < window.opens[0];
  const year = anchor.getUTCFullYear();
  for (const y of [year - 1, year, year + 1]) {
    const opens = new Date(Date.UTC(y, window.opens[0] - 1, window.opens[1]));
    const closes = new Date(
      Date.UTC(overNewYear ? y + 1 : y, window.closes[0] - 1, window.closes[1]),
    );
    if (anchor.getTime() > closes.getTime()) continue;
    return { opens, closes, inSeason: anchor.getTime() >= opens.getTime() };
  }
  throw new Error("unreachable: a season window spans at most a year");
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / DAY_MS);
}

/**
 * Where the generated season starts: opening day, or — to keep the seeded history short — no
 * more than `maxHistoryDays` before the anchor (a league joined in mid-season).
 */
export function generatedStart(anchor: Date, season: SeasonDates, maxHistoryDays: number): Date {
  const earliest = addDays(anchor, -maxHistoryDays);
  return season.opens.getTime() < earliest.getTime() ? earliest : season.opens;
}

/**
 * In the off-season a league is between seasons: the season it last played (a year before the
 * scheduled one) is its current season until the next one's first game, and has finished. The
 * sample holds its dates and teams, not its games (a smaller seed).
 */
export function addPreviousSeason(
  ctx: GenContext,
  sport: Sport,
  slug: string,
  next: SeasonDates,
): void {
  const competitionId = ctx.id("co", sport, slug);
  const competition = ctx.dataset.competitions.find((c) => c.id === competitionId);
  if (competition === undefined) throw new Error(`${slug}: no competition`);
  const opens = yearBefore(next.opens);
  const closes = yearBefore(next.closes);
  const [a, b] = [opens.getUTCFullYear(), closes.getUTCFullYear()];
  const name = a === b ? String(a) : `${a}-${b}`;
  const seasonId = ctx.id("se", sport, slug, name);
  ctx.dataset.seasons.push({
    id: seasonId,
    sport,
    competition_id: competitionId,
    name,
    start_date: isoDate(opens),
    end_date: isoDate(closes),
    updated_at: ctx.stamp,
  });
  const teams = ctx.dataset.team_competitions.filter((tc) => tc.competition_id === competitionId);
  for (const { team_id } of teams) {
    ctx.dataset.team_competitions.push({
      team_id,
      competition_id: competitionId,
      season_id: seasonId,
    });
  }
  competition.current_season_id = seasonId;
}

function yearBefore(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear() - 1, date.getUTCMonth(), date.getUTCDate()));
}
