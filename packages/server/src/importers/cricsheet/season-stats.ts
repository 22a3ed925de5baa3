/**
 * Team and player statistics of one competition season, derived from its matches' deliveries:
 * team records (played, won, lost, tied, no result, points-table figures and net run rate the
 * same way the standings compute it) and player batting, bowling and fielding totals.
 */
import { oversFaced } from "../../sports/standings-overrides.js";
import type { Side } from "../../sports/types.js";
import type { RecordOf } from "../../store/dataset.js";
import type { CricketScore } from "./match-play.js";
import { oversText } from "./match-play.js";
import type { PlayerFigures } from "./scorecard.js";

export interface MatchFacts {
  homeId: string;
  awayId: string;
  outcome: string;
  score: CricketScore;
  /** Player figures by player id. */
  players: Map<string, PlayerFigures & { teamId: string }>;
}

interface TeamTotals {
  played: number;
  won: number;
  lost: number;
  tied: number;
  no_result: number;
  scored: number;
  conceded: number;
  runsFor: number;
  oversFor: number;
  runsAgainst: number;
  oversAgainst: number;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places + 0;
/** Decimal overs (19 + 4/6) → cricket notation "19.4". */
const notation = (overs: number) => oversText(Math.round(overs * 6));

export interface StatsKey {
  competitionId: string;
  seasonId: string;
  stamp: string;
}

export function teamSeasonStats(
  key: StatsKey,
  teamIds: readonly string[],
  matches: readonly MatchFacts[],
): Array<RecordOf<"team_season_stats">> {
  const totals = new Map<string, TeamTotals>();
  const of = (id: string) => {
    let t = totals.get(id);
    if (t === undefined) {
      t = {
        played: 0,
        won: 0,
        lost: 0,
        tied: 0,
        no_result: 0,
        scored: 0,
        conceded: 0,
        runsFor: 0,
        oversFor: 0,
        runsAgainst: 0,
        oversAgainst: 0,
      };
      totals.set(id, t);
    }
    return t;
  };
  for (const m of matches) {
    const rate = oversFaced("cricket", m.score);
    for (const side of ["home", "away"] as Side[]) {
      const other: Side = side === "home" ? "away" : "home";
      const t = of(side === "home" ? m.homeId : m.awayId);
      t.played += 1;
      t.scored += m.score[side];
      t.conceded += m.score[other];
      if (m.outcome === "no_result") {
        t.no_result += 1;
        continue;
      }
      if (m.outcome === side) t.won += 1;
      else if (m.outcome === other) t.lost += 1;
      else t.tied += 1;
      const mine =
        side === "home" ? [rate.homeRateRuns, rate.homeOvers] : [rate.awayRateRuns, rate.awayOvers];
      const theirs =
        side === "home" ? [rate.awayRateRuns, rate.awayOvers] : [rate.homeRateRuns, rate.homeOvers];
      t.runsFor += mine[0] ?? 0;
      t.oversFor += mine[1] ?? 0;
      t.runsAgainst += theirs[0] ?? 0;
      t.oversAgainst += theirs[1] ?? 0;
    }
  }
  return teamIds.map((teamId) => {
    const t = of(teamId);
    const decided = t.won + t.lost + t.tied;
    const perOver = (runs: number, overs: number) => (overs > 0 ? runs / overs : 0);
    return {
      sport: "cricket",
      team_id: teamId,
      competition_id: key.competitionId,
      season_id: key.seasonId,
      stats: {
        played: t.played,
        won: t.won,
        drawn: t.tied,
        lost: t.lost,
        no_result: t.no_result,
        points: t.won * 2 + t.tied + t.no_result,
        scored: t.scored,
        conceded: t.conceded,
        difference: t.scored - t.conceded,
        scored_per_game: t.played === 0 ? 0 : round(t.scored / t.played, 2),
        conceded_per_game: t.played === 0 ? 0 : round(t.conceded / t.played, 2),
        win_pct: decided === 0 ? 0 : round((t.won + t.tied / 2) / decided, 3),
        net_run_rate: {
          runs_for: t.runsFor,
          overs_faced: notation(t.oversFor),
          runs_against: t.runsAgainst,
          overs_bowled: notation(t.oversAgainst),
          value: round(perOver(t.runsFor, t.oversFor) - perOver(t.runsAgainst, t.oversAgainst), 3),
        },
      },
      updated_at: key.stamp,
    };
  });
}

interface PlayerTotals extends Omit<PlayerFigures, "team" | "batted" | "dismissed" | "bowled"> {
  teamId: string;
  appearances: number;
  innings: number;
  not_outs: number;
  outs: number;
  highest_score: number;
  fifties: number;
  hundreds: number;
  bowling_innings: number;
}

export function playerSeasonStats(
  key: StatsKey,
  matches: readonly MatchFacts[],
): Array<RecordOf<"player_season_stats">> {
  const totals = new Map<string, PlayerTotals>();
  for (const m of matches) {
    for (const [playerId, f] of m.players) {
      const t: PlayerTotals = totals.get(playerId) ?? {
        teamId: f.teamId,
        appearances: 0,
        innings: 0,
        not_outs: 0,
        outs: 0,
        highest_score: 0,
        fifties: 0,
        hundreds: 0,
        bowling_innings: 0,
        runs: 0,
        balls_faced: 0,
        fours: 0,
        sixes: 0,
        balls_bowled: 0,
        runs_conceded: 0,
        wickets: 0,
        dot_balls: 0,
        maidens: 0,
        catches: 0,
        stumpings: 0,
        run_outs: 0,
      };
      t.teamId = f.teamId;
      t.appearances += 1;
      if (f.batted) {
        t.innings += 1;
        if (f.dismissed) t.outs += 1;
        else t.not_outs += 1;
        t.highest_score = Math.max(t.highest_score, f.runs);
        if (f.runs >= 100) t.hundreds += 1;
        else if (f.runs >= 50) t.fifties += 1;
      }
      if (f.bowled) t.bowling_innings += 1;
      for (const stat of [
        "runs",
        "balls_faced",
        "fours",
        "sixes",
        "balls_bowled",
        "runs_conceded",
        "wickets",
        "dot_balls",
        "maidens",
        "catches",
        "stumpings",
        "run_outs",
      ] as const) {
        t[stat] += f[stat];
      }
      totals.set(playerId, t);
    }
  }
  return [...totals.entries()].map(([playerId, t]) => {
    const { teamId, outs, ...counts } = t;
    return {
      sport: "cricket",
      player_id: playerId,
      team_id: teamId,
      competition_id: key.competitionId,
      season_id: key.seasonId,
      stats: {
        ...counts,
        strike_rate: t.balls_faced === 0 ? null : round((100 * t.runs) / t.balls_faced, 2),
        batting_average: outs === 0 ? null : round(t.runs / outs, 2),
        overs_bowled: oversText(t.balls_bowled),
        economy: t.balls_bowled === 0 ? null : round((6 * t.runs_conceded) / t.balls_bowled, 2),
        bowling_average: t.wickets === 0 ? null : round(t.runs_conceded / t.wickets, 2),
      },
      updated_at: key.stamp,
    };
  });
}
