/**
 * Ids and rows of the two competitions a FiveThirtyEight NBA season fills: the league ("NBA",
 * regular season, with the table) and its play-off companion ("NBA Playoffs", type `cup`, with
 * the play-in and the four play-off rounds), so play-off games never count in the table. Ids
 * are derived from natural keys, so the same files always give the same rows.
 */
import { derivedId } from "../../lib/ids.js";
import { searchable, slugify } from "../../lib/text.js";
import type { RecordOf } from "../../store/dataset.js";
import type { Franchise } from "./franchises.js";

export const SOURCE = "fivethirtyeight-nba";
export const SPORT = "basketball";

/**
 * The NBA's published tie-break order (two teams) as far as results can decide it: ties are
 * broken within a conference; then head-to-head winning percentage, division leader, division
 * record (same division only), conference record and point differential. The records against
 * play-off teams of either conference are not applied (see the importer's docs).
 */
export const NBA_TIE_BREAKERS = [
  "conference",
  "head_to_head_points",
  "division_leader",
  "division_win_pct",
  "conference_win_pct",
  "goal_difference",
] as const;

export interface SeasonKeys {
  name: string;
  leagueId: string;
  leagueSeasonId: string;
  cupId: string;
  cupSeasonId: string;
}

const LEAGUE = "nba";
const CUP = "nba-playoffs";

export function seasonKeys(name: string): SeasonKeys {
  return {
    name,
    leagueId: derivedId("co", SOURCE, SPORT, LEAGUE),
    leagueSeasonId: derivedId("se", SOURCE, SPORT, LEAGUE, name),
    cupId: derivedId("co", SOURCE, SPORT, CUP),
    cupSeasonId: derivedId("se", SOURCE, SPORT, CUP, name),
  };
}

export function teamId(franchise: Franchise): string {
  return derivedId("tm", SOURCE, SPORT, franchise.abbreviation);
}

export function competitionRows(keys: SeasonKeys, stamp: string): Array<RecordOf<"competitions">> {
  const row = (id: string, name: string, type: string, rules: unknown) => ({
    id,
    sport: SPORT,
    slug: slugify(name),
    name,
    country_code: "US",
    tier: 1,
    type,
    gender: "men",
    current_season_id: null,
    rules,
    source: SOURCE,
    search_name: searchable(name),
    updated_at: stamp,
  });
  return [
    row(keys.leagueId, "NBA", "league", { tie_breakers: [...NBA_TIE_BREAKERS] }),
    row(keys.cupId, "NBA Playoffs", "cup", {}),
  ];
}

export function teamRow(franchise: Franchise, stamp: string): RecordOf<"teams"> {
  return {
    id: teamId(franchise),
    sport: SPORT,
    slug: slugify(franchise.name),
    name: franchise.name,
    short_name: franchise.nickname,
    abbreviation: franchise.abbreviation,
    kind: "team",
    country_code: franchise.country_code,
    city: franchise.city,
    founded: null,
    venue: null,
    player_id: null,
    search_name: searchable(franchise.name),
    updated_at: stamp,
  };
}
