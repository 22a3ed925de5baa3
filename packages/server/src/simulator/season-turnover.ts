/**
 * When a league's next season starts (ADR-0044, "Season turnover"). A league on its sport's real
 * calendar (`rules.annual_season`) comes back a year on. Every other league rolls straight on: the
 * next season's first round falls on the league's next regular match day after the last kick-off,
 * so the slots it fills in its sport's day are never left empty for a week. The shift is whole
 * days, so local times stay; it is the smallest one that also puts every kick-off on a weekday and
 * time the league already plays at (any day for a league playing daily, a whole number of weeks
 * for one with a weekly rhythm).
 */

import type { Store } from "../store/database.js";
import { competitionsWithLastKickoff } from "./calendar-queries.js";

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** A league on its sport's real calendar (`rules.annual_season`) comes back 52 weeks on. */
const WEEKS_A_YEAR = 52;

/** A fixture of the season just played: its kick-off and the teams that play it. */
export interface SeasonFixture {
  kickoff: number;
  teams: readonly string[];
}

/**
 * How far (real milliseconds) a season of `fixtures` (in kick-off order) moves for the next one,
 * given the schedule's last kick-off `last`. `real` turns world milliseconds into real ones (the
 * sandbox's compressed calendar). No team gets less rest between its last game of one season and
 * its first of the next than the season gave any team between two games.
 */
export function seasonShift(
  fixtures: readonly SeasonFixture[],
  last: number,
  annual: boolean,
  real: (worldMs: number) => number,
): number {
  const day = real(DAY_MS);
  const week = real(WEEK_MS);
  const kickoffs = fixtures.map((f) => f.kickoff);
  const first = kickoffs[0] ?? last;
  if (annual) return WEEKS_A_YEAR * week;
  const slots = new Set(kickoffs.map((k) => slotOf(k, week)));
  const teams = teamSpans(fixtures);
  const rest = shortestRest(fixtures);
  const rested = (shift: number) =>
    [...teams.values()].every(({ from, to }) => from + shift - to >= rest);
  const fromDays = Math.max(1, Math.floor((last - first) / day) + 1);
  // A whole number of weeks keeps every weekday and time, and a longer shift only adds rest: the
  // search ends at the first whole week that also rests every team.
  for (let days = fromDays; ; days++) {
    const shift = days * day;
    const weekly = days % 7 === 0;
    if ((weekly || kickoffs.every((k) => slots.has(slotOf(k + shift, week)))) && rested(shift)) {
      return shift;
    }
  }
}

/** Each team's first and last kick-off of the season. */
function teamSpans(fixtures: readonly SeasonFixture[]): Map<string, { from: number; to: number }> {
  const spans = new Map<string, { from: number; to: number }>();
  for (const { kickoff, teams } of fixtures) {
    for (const team of teams) {
      const span = spans.get(team);
      if (span === undefined) spans.set(team, { from: kickoff, to: kickoff });
      else span.to = Math.max(span.to, kickoff);
    }
  }
  return spans;
}

/** The least time the season left any team between two of its games (0 with none). */
function shortestRest(fixtures: readonly SeasonFixture[]): number {
  const previous = new Map<string, number>();
  let rest = Number.POSITIVE_INFINITY;
  for (const { kickoff, teams } of fixtures) {
    for (const team of teams) {
      const before = previous.get(team);
      if (before !== undefined) rest = Math.min(rest, kickoff - before);
      previous.set(team, kickoff);
    }
  }
  return Number.isFinite(rest) ? rest : 0;
}

/** A kick-off's place in the week, to the second (the sandbox's week is not whole milliseconds). */
function slotOf(kickoffMs: number, weekMs: number): number {
  const seconds = Math.round((((kickoffMs % weekMs) + weekMs) % weekMs) / 1000);
  return seconds % Math.round(weekMs / 1000);
}

/**
 * Each sample competition's last kick-off: one index probe per competition (migration 012), not a
 * scan of every fixture, as the calendar asks on every tick.
 */
export async function lastKickoffs(
  store: Store,
  sports: readonly string[],
): Promise<Map<string, number>> {
  if (sports.length === 0) return new Map();
  const rows = await competitionsWithLastKickoff(store)
    .where("c.sport", "in", [...sports])
    .where("c.source", "=", "sample")
    .execute();
  const lasts = new Map<string, number>();
  for (const row of rows) if (row.last) lasts.set(row.competition_id, Date.parse(row.last));
  return lasts;
}
