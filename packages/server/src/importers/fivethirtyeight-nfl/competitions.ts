/**
 * The competitions the games go to: each league (the NFL, and in their years the AFL and the
 * AAFC) as a `league` with its table, and its play-offs as a companion `cup`, so play-off games
 * never count in the table. The tables rank by winning percentage (ties half a win) and break
 * ties within each division (tied teams of different divisions are ordered by division name) by
 * the NFL's published steps the stored data can support: head-to-head, division record,
 * conference record (common games, strength of victory and of schedule are not supported by
 * the table code; see the docs). Pure.
 */
import { derivedId } from "../../lib/ids.js";
import { searchable, slugify } from "../../lib/text.js";
import type { RecordOf } from "../../store/dataset.js";
import type { LeagueKey } from "./alignment.js";

export const SOURCE = "fivethirtyeight-nfl";
export const SPORT = "american-football";

/** Within a division, the NFL's tie-breaking steps the table supports, in order; then the name. */
const NFL_TIE_BREAKERS = [
  "division",
  "head_to_head_points",
  "division_win_pct",
  "conference_win_pct",
  "name",
] as const;

const LEAGUE_NAMES: Record<LeagueKey, string> = {
  nfl: "NFL",
  afl: "AFL",
  aafc: "AAFC",
};

export interface CompetitionKey {
  league: LeagueKey;
  playoffs: boolean;
}

function competitionName({ league, playoffs }: CompetitionKey): string {
  return `${LEAGUE_NAMES[league]}${playoffs ? " Playoffs" : ""}`;
}

function keyParts({ league, playoffs }: CompetitionKey): string[] {
  return playoffs ? [league, "playoffs"] : [league];
}

export function competitionId(key: CompetitionKey): string {
  return derivedId("co", SOURCE, SPORT, ...keyParts(key));
}

export function seasonId(key: CompetitionKey, season: number): string {
  return derivedId("se", SOURCE, SPORT, ...keyParts(key), season);
}

export function competitionRecord(
  key: CompetitionKey,
  currentSeasonId: string,
  stamp: string,
): RecordOf<"competitions"> {
  const name = competitionName(key);
  return {
    id: competitionId(key),
    sport: SPORT,
    slug: slugify(name),
    name,
    country_code: "US",
    tier: 1,
    type: key.playoffs ? "cup" : "league",
    gender: "men",
    current_season_id: currentSeasonId,
    rules: key.playoffs ? {} : { tie_breakers: [...NFL_TIE_BREAKERS] },
    source: SOURCE,
    search_name: searchable(name),
    updated_at: stamp,
  };
}
