/**
 * One season's games → store rows: its competitions and seasons, the teams (one id per
 * franchise, its name that season in `team_competitions.team_name` when it differs from the
 * current one) with their conference and division, and the fixtures with final scores. Ids are
 * derived from the source's natural keys, so the same rows come out every time. Pure.
 */
import { derivedId } from "../../lib/ids.js";
import { searchable, slugify } from "../../lib/text.js";
import type { RecordOf } from "../../store/dataset.js";
import type { ImportDataset } from "../shared/write-import.js";
import { groupsOf, type LeagueKey, leagueOf } from "./alignment.js";
import {
  type CompetitionKey,
  competitionId,
  competitionRecord,
  SOURCE,
  SPORT,
  seasonId,
} from "./competitions.js";
import { currentName, type Franchise, franchise, nameIn } from "./franchises.js";
import { kickoffUtc } from "./kickoff.js";
import type { Game } from "./parse-games.js";
import { playoffRounds, regularWeeks } from "./rounds.js";

/** What a neutral-site game shows as its venue (the source names no stadiums). */
const NEUTRAL_VENUE = "Neutral site";

export function buildSeason(season: number, games: readonly Game[], stamp: string): ImportDataset {
  const sections = new Map<string, { key: CompetitionKey; games: Game[] }>();
  for (const game of games) {
    const key = { league: leagueOf(season, game.team1, game.team2), playoffs: game.playoff };
    const id = competitionId(key);
    const section = sections.get(id) ?? { key, games: [] };
    section.games.push(game);
    sections.set(id, section);
  }
  const dataset: Required<
    Pick<
      ImportDataset,
      "countries" | "competitions" | "seasons" | "teams" | "team_competitions" | "fixtures"
    >
  > = {
    countries: [{ code: "US", name: "United States", updated_at: stamp }],
    competitions: [],
    seasons: [],
    teams: [],
    team_competitions: [],
    fixtures: [],
  };
  const teams = new Map<string, RecordOf<"teams">>();
  for (const { key, games: sectionGames } of sections.values()) {
    const season_id = seasonId(key, season);
    const competition_id = competitionId(key);
    dataset.competitions.push(competitionRecord(key, season_id, stamp));
    const dates = sectionGames.map((g) => g.date).sort();
    dataset.seasons.push({
      id: season_id,
      sport: SPORT,
      competition_id,
      name: String(season),
      start_date: dates[0] ?? `${season}-09-01`,
      end_date: dates.at(-1) ?? `${season}-09-01`,
      updated_at: stamp,
    });
    const codes = [...new Set(sectionGames.flatMap((g) => [g.team1, g.team2]))].sort();
    for (const code of codes) {
      const team = franchiseOf(code);
      teams.set(code, teamRecord(team, stamp));
      const name = nameIn(team, season);
      dataset.team_competitions.push({
        team_id: teamId(code),
        competition_id,
        season_id,
        groups: groupsOf(key.league, season, code),
        team_name: name === currentName(team) ? null : name,
      });
    }
    const rounds = roundsOf(key.league, key.playoffs, season, sectionGames);
    for (const game of sectionGames) {
      dataset.fixtures.push(
        fixtureRecord(
          game,
          { competition_id, season_id, round: rounds.get(game.date) ?? null },
          stamp,
        ),
      );
    }
  }
  dataset.teams = [...teams.values()];
  return dataset;
}

function roundsOf(
  league: LeagueKey,
  playoffs: boolean,
  season: number,
  games: readonly Game[],
): Map<string, string> {
  const dates = games.map((g) => g.date);
  return playoffs ? playoffRounds(league, season, dates) : regularWeeks(dates);
}

function franchiseOf(code: string): Franchise {
  const team = franchise(code);
  // The parser has refused unknown codes already.
  if (team === undefined) throw new Error(`unknown team code ${code}`);
  return team;
}

function teamId(code: string): string {
  return derivedId("tm", SOURCE, SPORT, code);
}

function teamRecord(team: Franchise, stamp: string): RecordOf<"teams"> {
  const name = currentName(team);
  return {
    id: teamId(team.code),
    sport: SPORT,
    slug: slugify(name),
    name,
    short_name: team.nickname ?? name,
    abbreviation: team.code === "OAK" ? "LV" : team.code,
    kind: "team",
    country_code: "US",
    city: team.city,
    founded: null,
    venue: null,
    player_id: null,
    search_name: searchable(name),
    updated_at: stamp,
  };
}

interface Placement {
  competition_id: string;
  season_id: string;
  round: string | null;
}

function fixtureRecord(game: Game, placement: Placement, stamp: string): RecordOf<"fixtures"> {
  const [home, away] = [franchiseOf(game.team1), franchiseOf(game.team2)];
  const [homeName, awayName] = [nameIn(home, game.season), nameIn(away, game.season)];
  const outcome = game.score1 > game.score2 ? "home" : game.score1 < game.score2 ? "away" : "draw";
  const winner = outcome === "home" ? game.team1 : outcome === "away" ? game.team2 : null;
  const neutral = game.neutral ? " (neutral site)" : "";
  return {
    id: derivedId("fx", SOURCE, SPORT, game.season, game.date, game.team1, game.team2),
    sport: SPORT,
    ...placement,
    kickoff: kickoffUtc(game.date),
    status: "finished",
    period: null,
    minute: null,
    home_team_id: teamId(game.team1),
    away_team_id: teamId(game.team2),
    venue: game.neutral ? NEUTRAL_VENUE : null,
    officials: [],
    broadcast: [],
    score: { home: game.score1, away: game.score2 },
    home_score: game.score1,
    away_score: game.score2,
    result: {
      outcome,
      winner_team_id: winner === null ? null : teamId(winner),
      decided_by: null,
      text: `${homeName} ${game.score1}-${game.score2} ${awayName}${outcome === "draw" ? " (tie)" : ""}${neutral}`,
    },
    participants: null,
    last_event: null,
    sequence: 0,
    source: SOURCE,
    created_at: stamp,
    updated_at: stamp,
  };
}
