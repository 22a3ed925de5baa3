/**
 * Season statistics derived from the games themselves: each club's record (won, lost, runs
 * scored and allowed, overall, home and away — the sample's shape) and each player's batting and
 * pitching numbers summed over the plays (at-bats, hits by type, RBI, walks, strikeouts; outs
 * pitched, hits, runs, earned runs from `data,er`, walks, strikeouts) plus wins, losses and
 * saves from each game's `wp`/`lp`/`save`.
 */
import type { RecordOf } from "../../store/dataset.js";
import { type FinishedGame, playerId } from "./game-keys.js";

interface TeamRecord {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  scored: number;
  conceded: number;
}

const emptyRecord = (): TeamRecord => ({
  played: 0,
  won: 0,
  drawn: 0,
  lost: 0,
  scored: 0,
  conceded: 0,
});

export interface StatContext {
  competitionId: string;
  seasonId: string;
  stamp: string;
  teamIds: readonly string[];
  /** The player's club for the stats row (the last club he played for). */
  playerTeam: (retroId: string) => string | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function seasonStatRows(
  games: readonly FinishedGame[],
  ctx: StatContext,
): {
  teams: Array<RecordOf<"team_season_stats">>;
  players: Array<RecordOf<"player_season_stats">>;
} {
  const records = new Map(
    ctx.teamIds.map((id) => [id, { all: emptyRecord(), home: emptyRecord(), away: emptyRecord() }]),
  );
  const players = new Map<string, Map<string, number>>();
  const add = (player: string, stat: string, amount = 1) => {
    const stats = players.get(player) ?? new Map<string, number>();
    stats.set(stat, (stats.get(stat) ?? 0) + amount);
    players.set(player, stats);
  };
  for (const { fixture, played, game } of games) {
    const home = fixture.home_score ?? 0;
    const away = fixture.away_score ?? 0;
    for (const [side, teamId, scored, conceded] of [
      ["home", fixture.home_team_id, home, away],
      ["away", fixture.away_team_id, away, home],
    ] as const) {
      const entry = teamId === null ? undefined : records.get(teamId);
      if (entry === undefined) continue;
      for (const r of [entry.all, entry[side]]) {
        r.played++;
        r.scored += scored;
        r.conceded += conceded;
        if (scored > conceded) r.won++;
        else if (scored < conceded) r.lost++;
        else r.drawn++;
      }
    }
    for (const side of ["home", "away"] as const) {
      for (const player of played.appeared[side]) add(player, "appearances");
      for (const player of played.starters[side]) add(player, "starts");
    }
    for (const [player, stats] of played.credits)
      for (const [stat, amount] of stats) add(player, stat, amount);
    for (const [key, stat] of [
      ["wp", "wins"],
      ["lp", "losses"],
      ["save", "saves"],
    ] as const) {
      const pitcher = game.info.get(key) ?? "";
      if (pitcher !== "") add(pitcher, stat);
    }
  }
  const teams = [...records].map(
    ([teamId, { all, home, away }]): RecordOf<"team_season_stats"> => ({
      sport: "baseball",
      team_id: teamId,
      competition_id: ctx.competitionId,
      season_id: ctx.seasonId,
      stats: {
        ...all,
        difference: all.scored - all.conceded,
        scored_per_game: all.played === 0 ? 0 : round2(all.scored / all.played),
        conceded_per_game: all.played === 0 ? 0 : round2(all.conceded / all.played),
        win_pct: all.played === 0 ? 0 : round3(all.won / all.played),
        home,
        away,
      },
      updated_at: ctx.stamp,
    }),
  );
  const rows = [...players].map(([retroId, stats]): RecordOf<"player_season_stats"> => {
    const out: Record<string, number> = { appearances: 0, starts: 0 };
    for (const [stat, amount] of [...stats].sort((a, b) => a[0].localeCompare(b[0])))
      out[stat] = amount;
    return {
      sport: "baseball",
      player_id: playerId(retroId),
      team_id: ctx.playerTeam(retroId),
      competition_id: ctx.competitionId,
      season_id: ctx.seasonId,
      stats: out,
      updated_at: ctx.stamp,
    };
  });
  return { teams, players: rows };
}
