/**
 * Small factories: each test builds exactly the rows it needs, with fresh random ids, through
 * the same dataset writer the product uses.
 */
import { newId } from "../../src/lib/ids.js";
import type { Store } from "../../src/store/database.js";
import { type Dataset, emptyDataset } from "../../src/store/dataset.js";
import { writeDataset } from "../../src/store/write-dataset.js";

const STAMP = "2026-11-21T10:00:00Z";

export interface MiniLeague {
  competitionId: string;
  seasonId: string;
  teamIds: [string, string];
  fixtureId: string;
  dataset: Dataset;
}

/** One competition, one season, two teams, one finished fixture with a goal event and odds. */
export function miniLeague(sport = "football"): MiniLeague {
  const d = emptyDataset();
  const competitionId = newId("co");
  const seasonId = newId("se");
  const teamIds: [string, string] = [newId("tm"), newId("tm")];
  const fixtureId = newId("fx");
  const countryCode = `T-${fixtureId.slice(-6).toUpperCase()}`;
  d.countries.push({ code: countryCode, name: "Testland", updated_at: STAMP });
  d.competitions.push({
    id: competitionId,
    sport,
    slug: `league-${competitionId}`,
    name: "Test League",
    country_code: countryCode,
    tier: 1,
    type: "league",
    gender: "men",
    current_season_id: seasonId,
    rules: { tie_breakers: ["goal_difference"] },
    source: "test",
    search_name: "test league",
    updated_at: STAMP,
  });
  d.seasons.push({
    id: seasonId,
    sport,
    competition_id: competitionId,
    name: "2026-2027",
    start_date: "2026-08-01",
    end_date: "2027-05-30",
    updated_at: STAMP,
  });
  teamIds.forEach((id, i) => {
    d.teams.push({
      id,
      sport,
      slug: `team-${id}`,
      name: i === 0 ? "Müller Athletic" : "Atlético Norte",
      short_name: i === 0 ? "Müller" : "Norte",
      abbreviation: i === 0 ? "MUL" : "NOR",
      kind: "team",
      country_code: countryCode,
      city: "Leeds",
      founded: 1901,
      venue: { name: "Test Park", city: "Leeds", capacity: 20_000 },
      player_id: null,
      search_name: i === 0 ? "muller athletic" : "atletico norte",
      updated_at: STAMP,
    });
    d.team_competitions.push({ team_id: id, competition_id: competitionId, season_id: seasonId });
  });
  d.fixtures.push({
    id: fixtureId,
    sport,
    competition_id: competitionId,
    season_id: seasonId,
    round: "Round 1",
    kickoff: "2026-11-14T15:00:00Z",
    status: "finished",
    period: "2nd_half",
    minute: 90,
    home_team_id: teamIds[0],
    away_team_id: teamIds[1],
    venue: "Test Park",
    officials: [{ role: "referee", name: "A. Referee" }],
    broadcast: [],
    score: { home: 1, away: 0 },
    home_score: 1,
    away_score: 0,
    result: { outcome: "home", winner_team_id: teamIds[0], decided_by: "regulation", text: "1-0" },
    participants: null,
    last_event: { type: "goal", team: "Müller Athletic", minute: 55 },
    sequence: 1,
    source: "test",
    created_at: STAMP,
    updated_at: STAMP,
  });
  d.match_events.push({
    id: newId("ev"),
    sport,
    fixture_id: fixtureId,
    sequence: 1,
    type: "goal",
    period: "2nd_half",
    minute: 55,
    team_id: teamIds[0],
    player_id: null,
    related_player_id: null,
    detail: { note: "header" },
    score: { home: 1, away: 0 },
    state: "active",
    created_at: STAMP,
    updated_at: STAMP,
  });
  d.bookmakers.push({ slug: `book-${fixtureId}`, name: "Test Book", native_format: "decimal" });
  d.odds.push({
    sport,
    fixture_id: fixtureId,
    bookmaker: `book-${fixtureId}`,
    market: "1x2",
    market_key: "1x2||",
    subject: "",
    line: null,
    selection: "home",
    price: 1.95,
    opening_price: 2.05,
    opened_at: STAMP,
    updated_at: STAMP,
    is_live: 0,
  });
  return { competitionId, seasonId, teamIds, fixtureId, dataset: d };
}

export async function insertMiniLeague(store: Store, sport = "football"): Promise<MiniLeague> {
  const league = miniLeague(sport);
  await writeDataset(store, league.dataset);
  return league;
}
