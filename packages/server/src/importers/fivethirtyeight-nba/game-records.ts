/**
 * Store rows from the games of one season: the two competitions and their seasons, the teams
 * with their 2022-23 conference and division, a finished fixture per played game (final score
 * only: the file has no line score, so no `periods`), and each team's regular-season record
 * (overall, home, away). Regular-season games go to the league, play-in and play-off games to
 * the play-off companion with their round. Pure.
 */
import { derivedId } from "../../lib/ids.js";
import type { Dataset, RecordOf } from "../../store/dataset.js";
import type { Franchise } from "./franchises.js";
import { kickoffOf, neutralSite } from "./kickoff.js";
import type { PlayedGame } from "./parse-games.js";
import { competitionRows, type SeasonKeys, SOURCE, SPORT, teamId, teamRow } from "./season-keys.js";

export type GameRows = Pick<
  Dataset,
  "competitions" | "seasons" | "teams" | "team_competitions" | "fixtures" | "team_season_stats"
>;

export function buildGameRows(
  keys: SeasonKeys,
  games: readonly PlayedGame[],
  stamp: string,
): GameRows {
  const regular = games.filter((g) => g.round === null);
  const playoffs = games.filter((g) => g.round !== null);
  const playoffTeams = new Set(playoffs.flatMap((g) => [g.home, g.away]));
  const leagueTeams = new Set(regular.flatMap((g) => [g.home, g.away]));
  const allTeams = new Set([...leagueTeams, ...playoffTeams]);
  const season = (id: string, competitionId: string, dated: readonly PlayedGame[]) => {
    const dates = dated.map((g) => g.date).sort();
    return {
      id,
      sport: SPORT,
      competition_id: competitionId,
      name: keys.name,
      start_date: dates[0] ?? `${keys.name.slice(0, 4)}-10-01`,
      end_date: dates.at(-1) ?? `${keys.name.slice(5)}-06-30`,
      updated_at: stamp,
    };
  };
  return {
    competitions: competitionRows(keys, stamp),
    seasons: [
      season(keys.leagueSeasonId, keys.leagueId, regular),
      season(keys.cupSeasonId, keys.cupId, playoffs),
    ],
    teams: [...allTeams].map((f) => teamRow(f, stamp)),
    team_competitions: [
      ...[...leagueTeams].map((f) => membership(f, keys.leagueId, keys.leagueSeasonId, true)),
      ...[...playoffTeams].map((f) => membership(f, keys.cupId, keys.cupSeasonId, false)),
    ],
    fixtures: games.map((g) => fixture(keys, g, stamp)),
    team_season_stats: [...leagueTeams].map((f) => ({
      sport: SPORT,
      team_id: teamId(f),
      competition_id: keys.leagueId,
      season_id: keys.leagueSeasonId,
      stats: teamStats(f, regular),
      updated_at: stamp,
    })),
  };
}

function membership(
  franchise: Franchise,
  competitionId: string,
  seasonId: string,
  withDivision: boolean,
): RecordOf<"team_competitions"> {
  const conference = { kind: "conference", name: franchise.conference };
  const division = { kind: "division", name: franchise.division };
  return {
    team_id: teamId(franchise),
    competition_id: competitionId,
    season_id: seasonId,
    groups: withDivision ? [conference, division] : [conference],
    team_name: null,
  };
}

function fixture(keys: SeasonKeys, game: PlayedGame, stamp: string): RecordOf<"fixtures"> {
  const homeWon = game.homeScore > game.awayScore;
  const winner = homeWon ? game.home : game.away;
  const playoffs = game.round !== null;
  return {
    id: derivedId(
      "fx",
      SOURCE,
      SPORT,
      keys.name,
      game.date,
      game.home.abbreviation,
      game.away.abbreviation,
    ),
    sport: SPORT,
    competition_id: playoffs ? keys.cupId : keys.leagueId,
    season_id: playoffs ? keys.cupSeasonId : keys.leagueSeasonId,
    round: game.round,
    kickoff: kickoffOf(game),
    status: "finished",
    period: null,
    minute: null,
    home_team_id: teamId(game.home),
    away_team_id: teamId(game.away),
    venue: neutralSite(game)?.venue ?? null,
    officials: [],
    broadcast: [],
    score: { home: game.homeScore, away: game.awayScore },
    home_score: game.homeScore,
    away_score: game.awayScore,
    result: {
      outcome: homeWon ? "home" : "away",
      winner_team_id: teamId(winner),
      // The file does not say whether a game went to overtime.
      decided_by: null,
      text: `${game.home.name} ${game.homeScore}-${game.awayScore} ${game.away.name}`,
    },
    participants: null,
    last_event: null,
    sequence: 0,
    source: SOURCE,
    created_at: stamp,
    updated_at: stamp,
  };
}

interface Tally {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  scored: number;
  conceded: number;
}

const emptyTally = (): Tally => ({ played: 0, won: 0, drawn: 0, lost: 0, scored: 0, conceded: 0 });

/** Won/lost, points for and against, overall and at home and away (the sample's shape). */
function teamStats(franchise: Franchise, games: readonly PlayedGame[]): Record<string, unknown> {
  const all = emptyTally();
  const home = emptyTally();
  const away = emptyTally();
  for (const g of games) {
    const side = g.home === franchise ? "home" : g.away === franchise ? "away" : null;
    if (side === null) continue;
    const scored = side === "home" ? g.homeScore : g.awayScore;
    const conceded = side === "home" ? g.awayScore : g.homeScore;
    for (const t of [all, side === "home" ? home : away]) {
      t.played += 1;
      t.scored += scored;
      t.conceded += conceded;
      if (scored > conceded) t.won += 1;
      else t.lost += 1;
    }
  }
  const perGame = (n: number) => (all.played === 0 ? 0 : Math.round((n / all.played) * 100) / 100);
  return {
    ...all,
    difference: all.scored - all.conceded,
    scored_per_game: perGame(all.scored),
    conceded_per_game: perGame(all.conceded),
    win_pct: all.played === 0 ? 0 : Math.round((all.won / all.played) * 1000) / 1000,
    home,
    away,
  };
}
