/**
 * Fixture rows → the API's fixture, result and live shapes (ADR-0006 field names). Both
 * vocabularies' names are present (`competition` and `league`, `home`/`home_team`).
 */
import { SPORT_MODULES } from "../../sports/registry.js";
import type { Score, Sport } from "../../sports/types.js";
import { parseJson } from "../../store/json-columns.js";
import type { FixtureRow } from "../../store/queries/fixture-rows.js";
import { sourceObject } from "../data-sources.js";

export function presentFixture(row: FixtureRow) {
  const score = parseJson<Score>(row.score);
  return {
    fixture_id: row.id,
    sport: row.sport,
    competition: row.competition_name,
    league: row.competition_name,
    competition_id: row.competition_id,
    competition_slug: row.competition_slug,
    season: row.season_name,
    round: row.round,
    home_team: row.home_name,
    away_team: row.away_name,
    home_team_id: row.home_team_id,
    away_team_id: row.away_team_id,
    kickoff: row.kickoff,
    venue: row.venue,
    status: row.status,
    period: row.period,
    minute: row.minute,
    score: score === null ? null : { ...score, home: score.home, away: score.away },
    participants: parseJson<unknown[]>(row.participants),
    updated_at: row.updated_at,
  };
}

export interface FixtureLinks {
  lineups: boolean;
  events: boolean;
  odds: boolean;
}

export function presentFixtureDetail(row: FixtureRow, available: FixtureLinks) {
  const base = `/v1/${row.sport}/fixtures/${row.id}`;
  return {
    ...presentFixture(row),
    officials: parseJson<unknown[]>(row.officials) ?? [],
    broadcast: parseJson<unknown[]>(row.broadcast) ?? [],
    result: parseJson<Record<string, unknown>>(row.result),
    last_event: parseJson<Record<string, unknown>>(row.last_event),
    sequence: row.sequence,
    source: sourceObject(row.source),
    links: {
      self: base,
      lineups: available.lineups ? `${base}/lineups` : null,
      events: available.events ? `${base}/events` : null,
      odds: available.odds ? `/v1/${row.sport}/odds?match_id=${row.id}` : null,
    },
  };
}

/** A finished fixture with its final score (`/results`, `/history/matches`). */
export function presentResult(row: FixtureRow) {
  const fixture = presentFixture(row);
  const score = fixture.score;
  const text = SPORT_MODULES[row.sport as Sport].scoreText(
    score === null ? null : (score as Score),
  );
  return {
    ...fixture,
    final_score: score === null ? null : { home: score.home, away: score.away },
    score_text: text,
    result: parseJson<Record<string, unknown>>(row.result),
  };
}

/** A match in play (`/matches/live`, `/live-scores`). */
export function presentLive(row: FixtureRow) {
  const score = parseJson<Score>(row.score);
  const text = SPORT_MODULES[row.sport as Sport].scoreText(score);
  return {
    fixture_id: row.id,
    sport: row.sport,
    competition: row.competition_name,
    league: row.competition_name,
    competition_id: row.competition_id,
    match:
      row.home_name !== null && row.away_name !== null
        ? `${row.home_name} vs ${row.away_name}`
        : (row.round ?? row.competition_name),
    home: row.home_name,
    away: row.away_name,
    home_team: row.home_name,
    away_team: row.away_name,
    home_team_id: row.home_team_id,
    away_team_id: row.away_team_id,
    score: text,
    score_detail: score,
    minute: row.minute,
    period: row.period,
    status: row.status,
    last_event: parseJson<Record<string, unknown>>(row.last_event),
    sequence: row.sequence,
    kickoff: row.kickoff,
    participants: parseJson<unknown[]>(row.participants),
    updated_at: row.updated_at,
  };
}
