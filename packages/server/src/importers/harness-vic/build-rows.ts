/**
 * Turns a file's meetings into store rows, following the sample's horse racing: each track is a
 * competition of type `meeting` with one season per calendar year, and each race a finished
 * fixture at the track (the venue) with its runners in `participants`. Ids derive from the
 * source's keys (track id, date, race, saddlecloth), so the same file always gives the same rows.
 * No teams or players: the source names no horses, drivers or trainers. Pure.
 */
import { derivedId } from "../../lib/ids.js";
import { searchable, slugify } from "../../lib/text.js";
import { isoSeconds } from "../../lib/time.js";
import type { RecordOf } from "../../store/dataset.js";
import type { ImportDataset } from "../shared/write-import.js";
import type { Meeting } from "./group-races.js";
import { raceKickoff } from "./race-times.js";
import { participants, raceResult, SOURCE, SPORT } from "./runners.js";

const COUNTRY = { code: "AU", name: "Australia" };

function competitionId(trackId: string): string {
  return derivedId("co", SOURCE, SPORT, trackId);
}

function seasonId(trackId: string, year: string): string {
  return derivedId("se", SOURCE, SPORT, trackId, year);
}

export function fixtureId(trackId: string, date: string, race: number): string {
  return derivedId("fx", SOURCE, SPORT, trackId, date, race);
}

export function buildRows(meetings: readonly Meeting[], now: Date): ImportDataset {
  const stamp = isoSeconds(now);
  const competitions = new Map<string, RecordOf<"competitions">>();
  const seasons = new Map<string, RecordOf<"seasons">>();
  const fixtures: Array<RecordOf<"fixtures">> = [];
  const latestYear = new Map<string, string>();
  for (const meeting of meetings) {
    const year = meeting.date.slice(0, 4);
    const competition = competitionId(meeting.trackId);
    const season = seasonId(meeting.trackId, year);
    const name = `${meeting.track} Harness`;
    const latest = latestYear.get(competition);
    if (latest === undefined || year > latest) latestYear.set(competition, year);
    competitions.set(competition, {
      id: competition,
      sport: SPORT,
      slug: slugify(name),
      name,
      country_code: COUNTRY.code,
      tier: 1,
      type: "meeting",
      gender: "mixed",
      current_season_id: seasonId(meeting.trackId, latestYear.get(competition) ?? year),
      rules: {},
      source: SOURCE,
      search_name: searchable(name),
      updated_at: stamp,
    });
    seasons.set(season, {
      id: season,
      sport: SPORT,
      competition_id: competition,
      name: year,
      start_date: `${year}-01-01`,
      end_date: `${year}-12-31`,
      updated_at: stamp,
    });
    for (const race of meeting.races) {
      fixtures.push({
        id: fixtureId(meeting.trackId, meeting.date, race.number),
        sport: SPORT,
        competition_id: competition,
        season_id: season,
        round: `Race ${race.number} — ${race.distanceM} m`,
        kickoff: raceKickoff(meeting.date, race.number),
        status: "finished",
        period: null,
        minute: null,
        home_team_id: null,
        away_team_id: null,
        venue: meeting.track,
        officials: [],
        broadcast: [],
        score: null,
        home_score: null,
        away_score: null,
        result: raceResult(race),
        participants: participants(race),
        last_event: null,
        sequence: 0,
        source: SOURCE,
        created_at: stamp,
        updated_at: stamp,
      });
    }
  }
  return {
    countries: [{ ...COUNTRY, updated_at: stamp }],
    competitions: [...competitions.values()],
    seasons: [...seasons.values()],
    fixtures,
  };
}
