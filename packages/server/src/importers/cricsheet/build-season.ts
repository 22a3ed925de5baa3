/**
 * One season of one competition (all its match files) → store rows: the league and its play-offs
 * companion (type `cup`), their seasons, the franchises (one id across renames; the season's own
 * name in `team_competitions.team_name`), players seen in the deliveries, fixtures with
 * ball-by-ball events, and team and player season statistics. Pure.
 */
import { searchable, slugify } from "../../lib/text.js";
import { isoSeconds } from "../../lib/time.js";
import type { RecordOf } from "../../store/dataset.js";
import type { ImportDataset } from "../shared/write-import.js";
import { type CompetitionInfo, franchiseOf } from "./competitions.js";
import { fixtureRows } from "./fixture-rows.js";
import { competitionKey, playerKey, SOURCE, SPORT, seasonKey, teamKey } from "./keys.js";
import type { ScheduledMatch } from "./schedule.js";
import { scorecard } from "./scorecard.js";
import { type MatchFacts, playerSeasonStats, teamSeasonStats } from "./season-stats.js";

type Stage = "league" | "playoffs";

export function buildSeason(
  info: CompetitionInfo,
  season: string,
  scheduled: readonly ScheduledMatch[],
  now: Date,
): ImportDataset {
  const stamp = isoSeconds(now);
  const teamIdOf = (sourceName: string) => teamKey(info.code, franchiseOf(info, sourceName).name);
  const dataset: Required<
    Pick<
      ImportDataset,
      | "countries"
      | "competitions"
      | "seasons"
      | "teams"
      | "team_competitions"
      | "players"
      | "fixtures"
      | "match_events"
      | "team_season_stats"
      | "player_season_stats"
    >
  > = {
    countries: [{ code: info.countryCode, name: info.countryName, updated_at: stamp }],
    competitions: [],
    seasons: [],
    teams: [],
    team_competitions: [],
    players: [],
    fixtures: [],
    match_events: [],
    team_season_stats: [],
    player_season_stats: [],
  };
  const teams = new Map<string, RecordOf<"teams">>();
  const players = new Map<string, RecordOf<"players">>();
  for (const stage of ["league", "playoffs"] as Stage[]) {
    const matches = scheduled.filter((s) => s.stage === stage);
    if (matches.length === 0) continue;
    const name = stage === "league" ? info.name : info.playoffsName;
    const competitionId = competitionKey(info.code, stage);
    const seasonId = seasonKey(info.code, stage, season);
    dataset.competitions.push({
      id: competitionId,
      sport: SPORT,
      slug: slugify(name),
      name,
      country_code: info.countryCode,
      tier: 1,
      type: stage === "league" ? "league" : "cup",
      gender: "men",
      current_season_id: seasonId,
      rules:
        stage === "league"
          ? info.rules
          : { format: info.rules.format, overs: info.rules.overs, super_over: true },
      source: SOURCE,
      search_name: searchable(name),
      updated_at: stamp,
    });
    const dates = matches.flatMap((s) => s.match.dates).sort();
    dataset.seasons.push({
      id: seasonId,
      sport: SPORT,
      competition_id: competitionId,
      name: season,
      start_date: dates[0] ?? `${season}-01-01`,
      end_date: dates.at(-1) ?? `${season}-01-01`,
      updated_at: stamp,
    });
    const seasonNames = new Map<string, string>();
    const facts: MatchFacts[] = [];
    for (const s of matches) {
      const [home, away] = s.match.teams;
      for (const team of s.match.teams) seasonNames.set(teamIdOf(team), team);
      const sides = {
        home,
        away,
        homeId: teamIdOf(home),
        awayId: teamIdOf(away),
        playerId: playerKey,
      };
      const rows = fixtureRows(s, { competitionId, seasonId, sides, names: { home, away } });
      dataset.fixtures.push({
        ...rows.fixture,
        competition_id: competitionId,
        season_id: seasonId,
      });
      dataset.match_events.push(...rows.events);
      const card = [...scorecard(s.match)];
      const figures = new Map(
        card.map(([player, f]) => [playerKey(player), { ...f, teamId: teamIdOf(f.team) }]),
      );
      for (const [player] of card) players.set(playerKey(player), playerRow(player, stamp));
      facts.push({
        homeId: sides.homeId,
        awayId: sides.awayId,
        outcome: String((rows.fixture.result as { outcome: string }).outcome),
        score: rows.played.score,
        players: figures,
      });
    }
    for (const [teamId, sourceName] of seasonNames) {
      const franchise = franchiseOf(info, sourceName);
      teams.set(teamId, {
        id: teamId,
        sport: SPORT,
        slug: slugify(franchise.name),
        name: franchise.name,
        short_name: franchise.shortName,
        abbreviation: franchise.abbreviation,
        kind: "team",
        country_code: info.countryCode,
        city: franchise.city === "" ? null : franchise.city,
        founded: null,
        venue: null,
        player_id: null,
        search_name: searchable(franchise.name),
        updated_at: stamp,
      });
      dataset.team_competitions.push({
        team_id: teamId,
        competition_id: competitionId,
        season_id: seasonId,
        team_name: sourceName === franchise.name ? null : sourceName,
      });
    }
    const key = { competitionId, seasonId, stamp };
    dataset.team_season_stats.push(...teamSeasonStats(key, [...seasonNames.keys()], facts));
    dataset.player_season_stats.push(...playerSeasonStats(key, facts));
  }
  dataset.teams.push(...teams.values());
  dataset.players.push(...players.values());
  return dataset;
}

/** Cricsheet names are initials and surname ("RG Sharma"): the last word is the surname. */
function playerRow(name: string, stamp: string): RecordOf<"players"> {
  const words = name.split(/\s+/);
  return {
    id: playerKey(name),
    sport: SPORT,
    team_id: null,
    slug: slugify(name),
    name,
    first_name: words.length > 1 ? words.slice(0, -1).join(" ") : "",
    last_name: words.at(-1) ?? name,
    position: null,
    nationality: null,
    date_of_birth: null,
    shirt_number: null,
    height_cm: null,
    detail: {},
    search_name: searchable(name),
    updated_at: stamp,
  };
}
