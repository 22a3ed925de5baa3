/**
 * One file's records as rows for the shared writer (`writeImport`), with openfootball's rules for
 * meeting the rows already stored — the club-name merging that makes import order never matter:
 *
 * - a club takes the preferred spelling of its name (`preferredName`) of the stored one and the
 *   file's, and a country: a domestic competition's always, a name suffix's only when it has
 *   none; what the files never give (city, venue, …) stays as stored;
 * - a competition takes the file's name only when the file holds its current season, so an
 *   older file changes neither;
 * - a country is stored once and never changed.
 *
 * A club met in several sections of one file (a league and its play-offs) is merged by the same
 * rule first. Pure.
 */
import type { RecordOf } from "../../store/dataset.js";
import type { ImportDataset, StoredMerges } from "../shared/write-import.js";
import type { FileRecords, SectionRecords, TeamRecord } from "./build-records.js";
import { clubIdentity, preferredName } from "./teams.js";

interface FileDataset {
  dataset: ImportDataset;
  merges: StoredMerges;
}

export function fileDataset(records: FileRecords, stamp: string): FileDataset {
  const { sections } = records;
  const domestic = new Set<string>();
  const teams = new Map<string, Record<string, unknown>>();
  for (const team of sections.flatMap((section) => section.teams)) {
    if (team.domestic) domestic.add(team.id);
    const row = teamRow(team, stamp);
    const earlier = teams.get(team.id);
    teams.set(team.id, earlier === undefined ? row : mergeTeam(earlier, row, team.domestic));
  }
  const seasonOf = new Map(sections.map((s) => [s.competition.id, s.season.id]));
  return {
    dataset: {
      countries: records.countries.map(({ code, name }) => ({ code, name, updated_at: stamp })),
      competitions: sections.map((s) => s.competition),
      seasons: sections.map((s) => s.season),
      teams: [...teams.values()] as unknown as Array<RecordOf<"teams">>,
      team_competitions: sections.flatMap(memberships),
      fixtures: sections.flatMap((s) => s.fixtures),
      standings_adjustments: sections.flatMap((s) => s.adjustments),
    },
    merges: {
      countries: (stored) => ({ ...stored }),
      competitions: (stored, row) =>
        row.current_season_id === seasonOf.get(String(row.id))
          ? row
          : { ...row, name: stored.name, search_name: stored.search_name },
      teams: (stored, row) => mergeTeam(stored, row, domestic.has(String(row.id))),
    },
  };
}

/** Each club of a section, a member of its competition's season. */
function memberships(section: SectionRecords): Array<RecordOf<"team_competitions">> {
  return section.teams.map((team) => ({
    team_id: team.id,
    competition_id: section.competition.id,
    season_id: section.season.id,
  }));
}

function teamRow(team: TeamRecord, stamp: string): Record<string, unknown> {
  return {
    id: team.id,
    sport: "football",
    slug: team.slug,
    name: team.name,
    short_name: team.short_name,
    abbreviation: team.abbreviation,
    kind: "team",
    country_code: team.country_code,
    city: null,
    founded: null,
    venue: null,
    player_id: null,
    search_name: team.search_name,
    updated_at: stamp,
  } satisfies RecordOf<"teams">;
}

/** The club as stored after meeting `row`: its preferred spelling and its country. */
function mergeTeam(
  stored: Record<string, unknown>,
  row: Record<string, unknown>,
  domestic: boolean,
): Record<string, unknown> {
  const name = preferredName(String(stored.name), String(row.name));
  const spelling = name === row.name ? row : clubIdentity(String(stored.name));
  return {
    ...stored,
    name: spelling.name,
    short_name: spelling.short_name,
    abbreviation: spelling.abbreviation,
    search_name: spelling.search_name,
    country_code: domestic || stored.country_code === null ? row.country_code : stored.country_code,
    updated_at: row.updated_at,
  };
}
