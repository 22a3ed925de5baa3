/**
 * Season statistics derived from the finished matches themselves, so stats, results and events
 * always agree: team records (overall, home, away) and player appearances plus whatever each
 * event credits (goals, assists, cards, points…).
 */
import type { Score } from "../sports/types.js";
import type { GenContext } from "./context.js";
import type { FinishedMatch, TeamSeed, TeamSportProfile } from "./team-sport-profile.js";

interface Record_ {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  scored: number;
  conceded: number;
}

const emptyRecord = (): Record_ => ({
  played: 0,
  won: 0,
  drawn: 0,
  lost: 0,
  scored: 0,
  conceded: 0,
});

export function addSeasonStats(
  ctx: GenContext,
  profile: TeamSportProfile,
  competitionId: string,
  seasonId: string,
  teams: readonly TeamSeed[],
  matches: readonly FinishedMatch[],
): void {
  const records = new Map(
    teams.map((t) => [
      t.id,
      { all: emptyRecord(), home: emptyRecord(), away: emptyRecord(), cleanSheets: 0 },
    ]),
  );
  const players = new Map<string, Record<string, number>>();
  const credit = (playerId: string, stat: string, amount: number) => {
    const stats = players.get(playerId) ?? {};
    stats[stat] = (stats[stat] ?? 0) + amount;
    players.set(playerId, stats);
  };

  for (const match of matches) {
    tally(records.get(match.home.id), "home", match.score, match.outcome, "home");
    tally(records.get(match.away.id), "away", match.score, match.outcome, "away");
    match.lineups.forEach((lineup) => {
      for (const p of lineup.starters) {
        credit(p.id, "appearances", 1);
        credit(p.id, "starts", 1);
      }
    });
    for (const [playerId, stat, amount] of match.credits) credit(playerId, stat, amount);
  }

  for (const team of teams) {
    const record = records.get(team.id);
    if (record === undefined) continue;
    const { all } = record;
    const stats: Record<string, unknown> = {
      ...all,
      difference: all.scored - all.conceded,
      scored_per_game: all.played === 0 ? 0 : round2(all.scored / all.played),
      conceded_per_game: all.played === 0 ? 0 : round2(all.conceded / all.played),
      win_pct: all.played === 0 ? 0 : round3(all.won / all.played),
      home: record.home,
      away: record.away,
    };
    if (profile.cleanSheets) stats.clean_sheets = record.cleanSheets;
    ctx.dataset.team_season_stats.push({
      sport: profile.sport,
      team_id: team.id,
      competition_id: competitionId,
      season_id: seasonId,
      stats,
      updated_at: ctx.stamp,
    });
    for (const player of team.squad) {
      const stats = players.get(player.id) ?? {};
      ctx.dataset.player_season_stats.push({
        sport: profile.sport,
        player_id: player.id,
        team_id: team.id,
        competition_id: competitionId,
        season_id: seasonId,
        stats: { appearances: 0, starts: 0, ...stats },
        updated_at: ctx.stamp,
      });
    }
  }

  function tally(
    entry: { all: Record_; home: Record_; away: Record_; cleanSheets: number } | undefined,
    venue: "home" | "away",
    score: Score,
    outcome: string | null,
    side: "home" | "away",
  ): void {
    if (entry === undefined) return;
    const scored = side === "home" ? score.home : score.away;
    const conceded = side === "home" ? score.away : score.home;
    for (const r of [entry.all, entry[venue]]) {
      r.played++;
      r.scored += scored;
      r.conceded += conceded;
      if (outcome === side) r.won++;
      else if (outcome === "draw" || outcome === "no_result") r.drawn++;
      else r.lost++;
    }
    if (conceded === 0) entry.cleanSheets++;
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const round3 = (n: number) => Math.round(n * 1000) / 1000;
