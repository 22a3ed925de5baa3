/**
 * One calendar year of bouts → store rows: the UFC competition and the year's season, its
 * fighters (players + individual teams, profiles read across the whole file) entered in the
 * season, one fixture per bout, a `finish` match event where the method is known, the
 * bookmaker and the bout's odds.
 *
 * A card is the bouts of one date and location; its fixtures' `round` is
 * `"2023-03-04 Las Vegas, Nevada, USA"` (the file has no event names) and its `venue` the
 * location. The file has dates but no times: `kickoff` is the card's local date at 12:00:00Z, a
 * placeholder that keeps the date the same in every zone from UTC−11 to UTC+11, not a start time.
 * Red corner = home, blue = away. Pure.
 */
import { derivedId } from "../../lib/ids.js";
import type { ImportDataset } from "../shared/write-import.js";
import { BOOKMAKER, boutOdds } from "./bout-odds.js";
import { boutResult } from "./bout-result.js";
import { type FighterRows, fighterKey, fighterRows, fighterTeamId } from "./fighters.js";
import type { Bout } from "./read-bout.js";
import {
  COMPETITION_ID,
  competitionRow,
  countryRow,
  SOURCE,
  SPORT,
  seasonId,
  seasonRow,
} from "./ufc-competition.js";

const kickoffOf = (date: string) => `${date}T12:00:00Z`;
const cardName = (bout: Pick<Bout, "date" | "location">) => `${bout.date} ${bout.location}`;
const boutId = (bout: Pick<Bout, "date" | "red" | "blue">) =>
  derivedId("fx", SOURCE, SPORT, bout.date, fighterKey(bout.red.name), fighterKey(bout.blue.name));

export const yearOf = (bout: Pick<Bout, "date">) => Number(bout.date.slice(0, 4));

/** `bouts` is the whole file (fighters' profiles come from it); `year` picks the unit's bouts. */
export function buildYear(bouts: readonly Bout[], year: number, now: string): ImportDataset {
  const fighters = fighterRows(bouts, now);
  const season = seasonId(year);
  const dataset: Required<Pick<ImportDataset, "fixtures" | "match_events" | "odds">> = {
    fixtures: [],
    match_events: [],
    odds: [],
  };
  const entered = new Map<string, FighterRows>();
  const positions = new Map<string, number>();
  for (const bout of bouts) {
    if (yearOf(bout) !== year) continue;
    const card = cardName(bout);
    const position = (positions.get(card) ?? 0) + 1;
    positions.set(card, position);
    for (const night of [bout.red, bout.blue]) {
      const key = fighterKey(night.name);
      const rows = fighters.get(key);
      if (rows !== undefined) entered.set(key, rows);
    }
    addBout(dataset, bout, season, position);
  }
  const competitors = [...entered.values()];
  return {
    countries: [countryRow(now)],
    competitions: [competitionRow(year, now)],
    seasons: [seasonRow(year, now)],
    teams: competitors.map((f) => f.team),
    players: competitors.map((f) => f.player),
    team_competitions: competitors.map((f) => ({
      team_id: f.team.id,
      competition_id: COMPETITION_ID,
      season_id: season,
    })),
    bookmakers: [BOOKMAKER],
    ...dataset,
  };
}

function addBout(
  dataset: Required<Pick<ImportDataset, "fixtures" | "match_events" | "odds">>,
  bout: Bout,
  season: string,
  position: number,
): void {
  const id = boutId(bout);
  const kickoff = kickoffOf(bout.date);
  const result = boutResult(bout);
  const home = fighterTeamId(bout.red.name);
  const away = fighterTeamId(bout.blue.name);
  const winnerId = result.winner === "home" ? home : result.winner === "away" ? away : null;
  const winnerName =
    result.winner === "home" ? bout.red.name : result.winner === "away" ? bout.blue.name : null;
  const period = bout.finishRound === null ? null : `round_${bout.finishRound}`;
  if (result.finishDetail !== null) {
    dataset.match_events.push({
      id: derivedId("ev", SOURCE, SPORT, id, 1),
      sport: SPORT,
      fixture_id: id,
      sequence: 1,
      type: "finish",
      period,
      minute: null,
      team_id: winnerId,
      player_id: null,
      related_player_id: null,
      detail: result.finishDetail,
      score: result.score,
      state: "active",
      created_at: kickoff,
      updated_at: kickoff,
    });
  }
  const events = result.finishDetail === null ? 0 : 1;
  dataset.fixtures.push({
    id,
    sport: SPORT,
    competition_id: COMPETITION_ID,
    season_id: season,
    round: cardName(bout),
    kickoff,
    status: "finished",
    period: null, // a finished fixture has no in-play period (ADR-0043)
    minute: null,
    home_team_id: home,
    away_team_id: away,
    venue: bout.location,
    officials: [],
    broadcast: [],
    score: result.score,
    home_score: result.score.home,
    away_score: result.score.away,
    result: {
      outcome: result.outcome,
      winner_team_id: winnerId,
      decided_by: result.decidedBy,
      text: result.text,
      ...result.extra,
      bout: {
        weight_class: bout.weightClass,
        gender: bout.gender,
        title_bout: bout.titleBout,
        scheduled_rounds: bout.scheduledRounds,
        /** 1 = the card's first listed bout (the source lists the main event first). */
        card_position: position,
      },
    },
    participants: null,
    last_event: events === 0 ? null : { type: "finish", team: winnerName, minute: null },
    sequence: events,
    source: SOURCE,
    created_at: kickoff,
    updated_at: kickoff,
  });
  dataset.odds.push(...boutOdds(bout, id, kickoff));
}
