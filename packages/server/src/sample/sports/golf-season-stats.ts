/**
 * Golfers' season statistics on the tour, counted from the finished tournaments' leaderboards
 * (so they always agree with the results): events, cuts made and missed, withdrawals, wins,
 * top-10 and top-25 finishes, rounds, strokes and the scoring average, and the birdies and
 * eagles of each round's holes. `appearances` repeats the events: it is the count every sport's
 * rows carry, which rate qualifiers read. Every tour member gets a row for each season the tour
 * played in, with zeros when he played no event.
 */
import type { GenContext } from "../context.js";
import type { Individual, YearCompetition } from "./individual-sports.js";

/** A finished tournament as the statistics need it. */
export interface PlayedTournament {
  start: Date;
  entries: ReadonlyArray<{
    player_id: string;
    position: number | null;
    rounds: readonly number[];
    status: string;
  }>;
  /** The course's hole pars. */
  pars: readonly number[];
  /** Strokes per hole of each round, for each entry (same order as `entries`). */
  holes: ReadonlyArray<ReadonlyArray<readonly number[]>>;
}

interface GolferTally {
  events: number;
  cuts_made: number;
  missed_cuts: number;
  withdrawals: number;
  wins: number;
  top_10s: number;
  top_25s: number;
  rounds: number;
  strokes: number;
  birdies: number;
  eagles: number;
}

const emptyTally = (): GolferTally => ({
  events: 0,
  cuts_made: 0,
  missed_cuts: 0,
  withdrawals: 0,
  wins: 0,
  top_10s: 0,
  top_25s: 0,
  rounds: 0,
  strokes: 0,
  birdies: 0,
  eagles: 0,
});

export function addGolfSeasonStats(
  ctx: GenContext,
  tour: YearCompetition,
  golfers: readonly Individual[],
  tournaments: readonly PlayedTournament[],
): void {
  const seasons = new Map<string, Map<string, GolferTally>>();
  for (const tournament of tournaments) {
    const seasonId = tour.season(tournament.start);
    const tallies = seasons.get(seasonId) ?? new Map<string, GolferTally>();
    seasons.set(seasonId, tallies);
    tournament.entries.forEach((entry, i) => {
      const tally = tallies.get(entry.player_id) ?? emptyTally();
      tallies.set(entry.player_id, tally);
      count(tally, entry, tournament.pars, tournament.holes[i] ?? []);
    });
  }
  for (const [seasonId, tallies] of seasons) {
    for (const golfer of golfers) {
      const tally = tallies.get(golfer.playerId) ?? emptyTally();
      const average =
        tally.rounds === 0 ? null : Math.round((100 * tally.strokes) / tally.rounds) / 100;
      ctx.dataset.player_season_stats.push({
        sport: "golf",
        player_id: golfer.playerId,
        team_id: null,
        competition_id: tour.id,
        season_id: seasonId,
        stats: { appearances: tally.events, ...tally, scoring_average: average },
        updated_at: ctx.stamp,
      });
    }
  }
}

function count(
  tally: GolferTally,
  entry: PlayedTournament["entries"][number],
  pars: readonly number[],
  holes: ReadonlyArray<readonly number[]>,
): void {
  tally.events++;
  if (entry.status === "active") tally.cuts_made++;
  if (entry.status === "cut") tally.missed_cuts++;
  if (entry.status === "withdrawn") tally.withdrawals++;
  const position = entry.position;
  if (position === 1) tally.wins++;
  if (position !== null && position <= 10) tally.top_10s++;
  if (position !== null && position <= 25) tally.top_25s++;
  tally.rounds += entry.rounds.length;
  tally.strokes += entry.rounds.reduce((sum, r) => sum + r, 0);
  for (const round of holes) {
    round.forEach((strokes, hole) => {
      const par = pars[hole] ?? 4;
      if (strokes === par - 1) tally.birdies++;
      if (strokes <= par - 2) tally.eagles++;
    });
  }
}
