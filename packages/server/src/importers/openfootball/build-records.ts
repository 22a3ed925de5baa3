/**
 * Turns a parsed file into store rows, with ids derived from the source's natural keys so the
 * same file always gives the same rows. Matches of a `stage` other than the regular season
 * (play-offs, an Austrian championship round) go to a companion competition of type `cup`, so
 * they never count in the league's table. The league's known point deductions of the season
 * (`known-deductions.ts`) come with it, for the clubs the file has. Pure.
 */
import { derivedId } from "../../lib/ids.js";
import { searchable, slugify } from "../../lib/text.js";
import { isoSeconds } from "../../lib/time.js";
import type { RecordOf } from "../../store/dataset.js";
import type { Country } from "./countries.js";
import { kickoffOf, kickoffZone } from "./kickoff-zones.js";
import { knownDeductions } from "./known-deductions.js";
import { matchOutcome } from "./match-outcome.js";
import type { ParsedFile } from "./parse-file.js";
import type { SourceMatch } from "./source-shape.js";
import { type ClubIdentity, clubIdentity, preferredName } from "./teams.js";

const SOURCE = "openfootball";
const SPORT = "football";

export interface TeamRecord extends ClubIdentity {
  /** The club's country: a domestic competition's, else its name's suffix. */
  country_code: string | null;
  /** Whether `country_code` comes from a domestic competition (it then wins over a suffix). */
  domestic: boolean;
}

export interface SectionRecords {
  competition: RecordOf<"competitions">;
  season: RecordOf<"seasons">;
  teams: TeamRecord[];
  fixtures: Array<RecordOf<"fixtures">>;
  /** The season's known point deductions (none for a companion competition). */
  adjustments: Array<RecordOf<"standings_adjustments">>;
}

export interface FileRecords {
  countries: Country[];
  sections: SectionRecords[];
  matches: number;
}

const REGIONS = new Set(["EU", "SAM", "INT"]);

export function buildRecords(file: ParsedFile, now: Date): FileRecords {
  const stamp = isoSeconds(now);
  const countries = new Map<string, Country>([[file.league.country.code, file.league.country]]);
  const stages = new Map<string | null, SourceMatch[]>();
  for (const match of file.document.matches) {
    const stage =
      match.stage === null || /^regular( season)?$/i.test(match.stage) ? null : match.stage;
    stages.set(stage, [...(stages.get(stage) ?? []), match]);
  }
  const sections: SectionRecords[] = [];
  for (const [stage, matches] of stages) {
    const section = buildSection(file, stage, matches, now, stamp);
    for (const team of section.teams) {
      if (team.country !== null) countries.set(team.country.code, team.country);
    }
    sections.push(section);
  }
  return { countries: [...countries.values()], sections, matches: file.document.matches.length };
}

function buildSection(
  file: ParsedFile,
  stage: string | null,
  matches: readonly SourceMatch[],
  now: Date,
  stamp: string,
): SectionRecords {
  const { league } = file;
  const stageKey = stage === null ? [] : [slugify(stage)];
  const competitionId = derivedId("co", SOURCE, SPORT, file.code, ...stageKey);
  const seasonId = derivedId("se", SOURCE, SPORT, file.code, ...stageKey, file.season);
  const name = stage === null ? league.name : `${league.name} ${stage}`;
  const domestic = REGIONS.has(league.country.code) ? null : league.country.code;
  const zone = kickoffZone(file.code, file.season);
  const teams = new Map<string, TeamRecord>();
  const sourceNames = new Set(matches.flatMap((m) => [m.team1, m.team2]));
  for (const sourceName of sourceNames) {
    const identity = clubIdentity(sourceName);
    const known = teams.get(identity.id);
    const country_code = domestic ?? identity.country?.code ?? known?.country_code ?? null;
    const spelling =
      known === undefined || preferredName(known.name, identity.name) === identity.name
        ? identity
        : known;
    const team: TeamRecord = { ...spelling, country_code, domestic: domestic !== null };
    teams.set(team.id, team);
  }
  const club = (sourceName: string) => teams.get(clubIdentity(sourceName).id) as TeamRecord;
  const occurrences = new Map<string, number>();
  const fixtures = matches.map((match): RecordOf<"fixtures"> => {
    const [home, away] = [club(match.team1), club(match.team2)];
    // The same pairing can meet more than once (split seasons, cup legs): number them in order.
    const pairing = `${home.id}|${away.id}`;
    const occurrence = (occurrences.get(pairing) ?? 0) + 1;
    occurrences.set(pairing, occurrence);
    const kickoff = kickoffOf(match.date, match.time, zone);
    const sides = { homeId: home.id, awayId: away.id, homeName: home.name, awayName: away.name };
    return {
      id: derivedId("fx", SOURCE, SPORT, file.code, ...stageKey, file.season, pairing, occurrence),
      sport: SPORT,
      competition_id: competitionId,
      season_id: seasonId,
      round: match.round ?? stage,
      kickoff,
      ...matchOutcome(match, sides, kickoff, now),
      period: null,
      minute: null,
      home_team_id: home.id,
      away_team_id: away.id,
      venue: null,
      officials: [],
      broadcast: [],
      participants: null,
      last_event: null,
      sequence: 0,
      source: SOURCE,
      created_at: stamp,
      updated_at: stamp,
    };
  });
  const adjustments =
    stage === null
      ? knownDeductions(file.code, file.season).flatMap((deduction) => {
          const team = teams.get(clubIdentity(deduction.team).id);
          if (team === undefined) return [];
          const { points, reason, key } = deduction;
          return [
            {
              // The id `scoreline standings deduct` gives this deduction recorded with `key`.
              id: derivedId("adj", SPORT, competitionId, seasonId, team.id, points, key),
              sport: SPORT,
              competition_id: competitionId,
              season_id: seasonId,
              team_id: team.id,
              points,
              reason,
              created_at: stamp,
            },
          ];
        })
      : [];
  const dates = matches.map((m) => m.date).sort();
  const firstDay = `${file.season.slice(0, 4)}-01-01`;
  return {
    competition: {
      id: competitionId,
      sport: SPORT,
      slug: slugify(name),
      name,
      country_code: league.country.code,
      tier: league.tier,
      type: stage === null ? league.type : "cup",
      gender: "men",
      current_season_id: seasonId,
      rules: stage === null ? league.rules : {},
      source: SOURCE,
      search_name: searchable(name),
      updated_at: stamp,
    },
    season: {
      id: seasonId,
      sport: SPORT,
      competition_id: competitionId,
      name: file.season,
      start_date: dates[0] ?? firstDay,
      end_date: dates.at(-1) ?? firstDay,
      updated_at: stamp,
    },
    teams: [...teams.values()],
    fixtures,
    adjustments,
  };
}
