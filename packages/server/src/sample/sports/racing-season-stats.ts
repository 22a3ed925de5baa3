/**
 * Jockeys' season statistics at a track, counted from its finished races (so they always agree
 * with the results): rides, winners, seconds, thirds, places (a finish in the first three) and
 * the strike rate, winners per 100 rides. `appearances` repeats the rides: it is the count every
 * sport's rows carry, which rate qualifiers read. Every jockey of the track gets a row for each
 * season the track raced in, with zeros when he had no ride.
 */
import type { GenContext } from "../context.js";
import type { Individual, YearCompetition } from "./individual-sports.js";

/** A finished race as the statistics need it: when, and who rode where. */
export interface FinishedRace {
  kickoff: Date;
  runners: ReadonlyArray<{ jockey_id: string; position: number | null; status: string }>;
}

interface JockeyTally {
  rides: number;
  wins: number;
  seconds: number;
  thirds: number;
}

export function addJockeySeasonStats(
  ctx: GenContext,
  meeting: YearCompetition,
  jockeys: readonly Individual[],
  races: readonly FinishedRace[],
): void {
  const seasons = new Map<string, Map<string, JockeyTally>>();
  for (const race of races) {
    const seasonId = meeting.season(race.kickoff);
    const tallies = seasons.get(seasonId) ?? new Map<string, JockeyTally>();
    seasons.set(seasonId, tallies);
    for (const runner of race.runners) {
      if (runner.status !== "ran") continue;
      const tally = tallies.get(runner.jockey_id) ?? { rides: 0, wins: 0, seconds: 0, thirds: 0 };
      tallies.set(runner.jockey_id, tally);
      tally.rides++;
      if (runner.position === 1) tally.wins++;
      if (runner.position === 2) tally.seconds++;
      if (runner.position === 3) tally.thirds++;
    }
  }
  for (const [seasonId, tallies] of seasons) {
    for (const jockey of jockeys) {
      const tally = tallies.get(jockey.playerId) ?? { rides: 0, wins: 0, seconds: 0, thirds: 0 };
      const places = tally.wins + tally.seconds + tally.thirds;
      const strikeRate = tally.rides === 0 ? 0 : Math.round((1000 * tally.wins) / tally.rides) / 10;
      ctx.dataset.player_season_stats.push({
        sport: "horse-racing",
        player_id: jockey.playerId,
        team_id: null,
        competition_id: meeting.id,
        season_id: seasonId,
        stats: { appearances: tally.rides, ...tally, places, strike_rate: strikeRate },
        updated_at: ctx.stamp,
      });
    }
  }
}
