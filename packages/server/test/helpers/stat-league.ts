/**
 * A league of its own with players and season statistics (built on `miniLeague`): for tests of
 * statistics leaders and of sorting the player and team lists by a statistic.
 */
import { newId } from "../../src/lib/ids.js";
import type { Store } from "../../src/store/database.js";
import { writeDataset } from "../../src/store/write-dataset.js";
import { type MiniLeague, miniLeague } from "./factories.js";

const STAMP = "2026-11-21T10:00:00Z";

export interface StatPlayer {
  name: string;
  /** Which of the league's two teams (0 or 1). */
  team: 0 | 1;
  stats: Record<string, number>;
  shirt_number?: number | null;
  height_cm?: number | null;
  date_of_birth?: string | null;
}

export interface StatLeague extends MiniLeague {
  /** The players' ids, in the order given. */
  playerIds: string[];
}

export async function insertStatLeague(
  store: Store,
  sport: string,
  players: readonly StatPlayer[],
  teamStats: [Record<string, unknown>, Record<string, unknown>] | null = null,
): Promise<StatLeague> {
  const league = miniLeague(sport);
  const d = league.dataset;
  const playerIds = players.map((p) => {
    const id = newId("pl");
    const [first = p.name, ...rest] = p.name.split(" ");
    const teamId = league.teamIds[p.team];
    d.players.push({
      id,
      sport,
      team_id: teamId,
      slug: `player-${id}`,
      name: p.name,
      first_name: first,
      last_name: rest.join(" ") || first,
      position: null,
      nationality: null,
      date_of_birth: p.date_of_birth ?? null,
      shirt_number: p.shirt_number ?? null,
      height_cm: p.height_cm ?? null,
      detail: {},
      search_name: p.name.toLowerCase(),
      updated_at: STAMP,
    });
    d.player_season_stats.push({
      sport,
      player_id: id,
      team_id: teamId,
      competition_id: league.competitionId,
      season_id: league.seasonId,
      stats: p.stats,
      updated_at: STAMP,
    });
    return id;
  });
  teamStats?.forEach((stats, i) => {
    d.team_season_stats.push({
      sport,
      team_id: league.teamIds[i] as string,
      competition_id: league.competitionId,
      season_id: league.seasonId,
      stats,
      updated_at: STAMP,
    });
  });
  await writeDataset(store, d);
  return { ...league, playerIds };
}

/**
 * The competition of `sport` with the most player statistics in its current season (a league
 * between seasons, like baseball's MLB-style one in November, has none there).
 */
export async function busiestLeague(store: Store, sport: string): Promise<string> {
  const row = await store.db
    .selectFrom("player_season_stats as s")
    .innerJoin("competitions as c", (join) =>
      join.onRef("c.id", "=", "s.competition_id").onRef("c.current_season_id", "=", "s.season_id"),
    )
    .select("s.competition_id")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("s.sport", "=", sport)
    .groupBy("s.competition_id")
    .orderBy("n", "desc")
    .orderBy("s.competition_id")
    .executeTakeFirstOrThrow();
  return row.competition_id;
}
