/**
 * Season statistics of the head-to-head individual sports (tennis, combat sports), summed from
 * the finished matches themselves: one `player_season_stats` row per competitor, competition and
 * season, with every statistic of the sport present (0 when none), in the shape the team sports'
 * player rows have. Competitors have no team rows of statistics: their sports rank players only.
 */
import type { Sport } from "../../sports/types.js";
import type { GenContext } from "../context.js";
import type { Individual } from "./individual-sports.js";

interface Row {
  player: Individual;
  competitionId: string;
  seasonId: string;
  stats: Record<string, number>;
}

export class SeasonTotals {
  private readonly rows = new Map<string, Row>();

  /** `keys`: the sport's statistics, in the order a row lists them. */
  constructor(
    private readonly sport: Sport,
    private readonly keys: readonly string[],
  ) {}

  /** Adds a match's numbers to the competitor's row for that competition and season. */
  add(
    player: Individual,
    scope: { competitionId: string; seasonId: string },
    numbers: Readonly<Record<string, number>>,
  ): void {
    const key = `${player.playerId}|${scope.competitionId}|${scope.seasonId}`;
    const row = this.rows.get(key) ?? {
      player,
      ...scope,
      stats: Object.fromEntries(this.keys.map((k) => [k, 0])),
    };
    this.rows.set(key, row);
    for (const [stat, amount] of Object.entries(numbers)) {
      if (!this.keys.includes(stat)) throw new Error(`${this.sport}: no statistic ${stat}`);
      row.stats[stat] = (row.stats[stat] ?? 0) + amount;
    }
  }

  /** Writes the rows, in the order their competitors first played. */
  write(ctx: GenContext): void {
    for (const row of this.rows.values()) {
      ctx.dataset.player_season_stats.push({
        sport: this.sport,
        player_id: row.player.playerId,
        team_id: row.player.teamId === "" ? null : row.player.teamId,
        competition_id: row.competitionId,
        season_id: row.seasonId,
        stats: row.stats,
        updated_at: ctx.stamp,
      });
    }
  }
}
