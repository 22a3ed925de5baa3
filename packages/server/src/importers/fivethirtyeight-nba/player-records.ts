/**
 * Players and their season statistics from the RAPTOR files. A player's regular-season figures
 * go to the league's season and his play-off figures to the play-off competition's. A player
 * traded during the season has one row per team: minutes, possessions and WAR add up, and each
 * rating is the possession-weighted mean of his rows (how FiveThirtyEight combines them; its own
 * whole-season row is that mean of the regular-season and play-off rows). Pure.
 */
import { derivedId } from "../../lib/ids.js";
import { searchable, slugify } from "../../lib/text.js";
import type { RecordOf } from "../../store/dataset.js";
import type { Franchise } from "./franchises.js";
import { RATING_COLUMNS, type RaptorRow, type TeamRaptorRow } from "./parse-raptor.js";
import { type SeasonKeys, SOURCE, SPORT, teamId } from "./season-keys.js";

export interface PlayerRecords {
  players: Array<RecordOf<"players">>;
  stats: Array<RecordOf<"player_season_stats">>;
}

function playerId(bbrefId: string): string {
  return derivedId("pl", SOURCE, SPORT, bbrefId);
}

export function buildPlayers(
  byPlayer: readonly RaptorRow[],
  byTeam: readonly TeamRaptorRow[],
  keys: ReadonlyMap<string, SeasonKeys>,
  stamp: string,
): PlayerRecords {
  const names = new Map<string, string>();
  for (const row of [...byPlayer, ...byTeam]) names.set(row.playerId, row.name);
  const groups = new Map<string, TeamRaptorRow[]>();
  for (const row of byTeam) {
    const key = `${row.playerId}|${row.season}|${row.seasonType}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const stats: Array<RecordOf<"player_season_stats">> = [];
  /** A player's team: his play-off team, else the one he played most regular-season minutes for. */
  const teamOf = new Map<string, { team: Franchise; rank: number }>();
  for (const rows of groups.values()) {
    const [first] = rows;
    const season = first === undefined ? undefined : keys.get(first.season);
    if (first === undefined || season === undefined) continue;
    const main = [...rows].sort((a, b) => b.minutes - a.minutes)[0] ?? first;
    const playoffs = first.seasonType === "PO";
    const rank = (playoffs ? 1e9 : 0) + main.minutes;
    const held = teamOf.get(first.playerId);
    if (held === undefined || rank > held.rank)
      teamOf.set(first.playerId, { team: main.team, rank });
    stats.push({
      sport: SPORT,
      player_id: playerId(first.playerId),
      team_id: teamId(main.team),
      competition_id: playoffs ? season.cupId : season.leagueId,
      season_id: playoffs ? season.cupSeasonId : season.leagueSeasonId,
      stats: combined(rows),
      updated_at: stamp,
    });
  }
  const players = [...names].map(([bbrefId, name]): RecordOf<"players"> => {
    const [firstName, ...rest] = name.split(" ");
    const team = teamOf.get(bbrefId)?.team;
    return {
      id: playerId(bbrefId),
      sport: SPORT,
      team_id: team === undefined ? null : teamId(team),
      slug: slugify(name),
      name,
      first_name: rest.length === 0 ? "" : (firstName ?? ""),
      last_name: rest.length === 0 ? name : rest.join(" "),
      position: null,
      nationality: null,
      date_of_birth: null,
      shirt_number: null,
      height_cm: null,
      detail: {},
      search_name: searchable(name),
      updated_at: stamp,
    };
  });
  return { players, stats };
}

function combined(rows: readonly TeamRaptorRow[]): Record<string, unknown> {
  const possessions = rows.reduce((sum, r) => sum + r.possessions, 0);
  const minutes = rows.reduce((sum, r) => sum + r.minutes, 0);
  const weight = (r: TeamRaptorRow) =>
    possessions > 0 ? r.possessions / possessions : 1 / rows.length;
  const stats: Record<string, unknown> = { minutes, possessions };
  for (const column of RATING_COLUMNS)
    stats[column] = round3(rows.reduce((sum, r) => sum + r.ratings[column] * weight(r), 0));
  stats.war = round3(rows.reduce((sum, r) => sum + r.war, 0));
  if (rows.length > 1)
    stats.teams = [...rows]
      .sort((a, b) => b.minutes - a.minutes)
      .map((r) => ({
        team: r.team.abbreviation,
        minutes: r.minutes,
        possessions: r.possessions,
        raptor_total: round3(r.ratings.raptor_total),
        war: round3(r.war),
      }));
  return stats;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000 + 0;
