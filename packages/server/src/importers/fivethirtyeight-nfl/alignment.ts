/**
 * Which league a game belongs to and each team's conference and division in a season. The
 * source mixes the NFL with the AFL (1960–1969) and the All-America Football Conference
 * (1946–1949): a regular-season game between two of those leagues' members is theirs, and so is
 * a play-off game; the Super Bowls between the AFL and NFL champions (1966–1969) are the NFL's.
 * Groups are given where the alignment is on record without doubt: the NFL from 1967 (the
 * 1967–1969 conferences and divisions, the 1970–2001 three-division conferences, the 2002
 * realignment) and the AFL's two divisions; earlier seasons have none. Pure.
 */
import type { TeamGroup } from "../../sports/standings.js";

export type LeagueKey = "nfl" | "afl" | "aafc";

const AFL_TEAMS = new Set(["BUF", "TEN", "NE", "NYJ", "MIA", "DEN", "KC", "LAC", "OAK", "CIN"]);
const AFL_EAST = new Set(["BUF", "TEN", "NE", "NYJ", "MIA"]);
const AAFC_TEAMS = new Set(["CLE", "SF", "BBA", "BCL", "BDA", "CRA", "LDA", "MSA", "NAA"]);

/** The league whose game this is. */
export function leagueOf(season: number, team1: string, team2: string): LeagueKey {
  if (season >= 1960 && season <= 1969 && AFL_TEAMS.has(team1) && AFL_TEAMS.has(team2))
    return "afl";
  if (season >= 1946 && season <= 1949 && AAFC_TEAMS.has(team1) && AAFC_TEAMS.has(team2))
    return "aafc";
  return "nfl";
}

/** [conference, division, teams] of the 2002 realignment, in force through 2020. */
const ALIGNMENT_2002: ReadonlyArray<readonly [string, string, readonly string[]]> = [
  ["AFC", "AFC East", ["BUF", "MIA", "NE", "NYJ"]],
  ["AFC", "AFC North", ["BAL", "CIN", "CLE", "PIT"]],
  ["AFC", "AFC South", ["HOU", "IND", "JAX", "TEN"]],
  ["AFC", "AFC West", ["DEN", "KC", "LAC", "OAK"]],
  ["NFC", "NFC East", ["DAL", "NYG", "PHI", "WSH"]],
  ["NFC", "NFC North", ["CHI", "DET", "GB", "MIN"]],
  ["NFC", "NFC South", ["ATL", "CAR", "NO", "TB"]],
  ["NFC", "NFC West", ["ARI", "LAR", "SEA", "SF"]],
];

/** 1970–2001, before the expansion teams and the 1976–1977 Seattle/Tampa Bay swap. */
const ALIGNMENT_1970: ReadonlyArray<readonly [string, string, readonly string[]]> = [
  ["AFC", "AFC East", ["BUF", "IND", "MIA", "NE", "NYJ"]],
  ["AFC", "AFC Central", ["CIN", "CLE", "PIT", "TEN", "JAX", "BAL"]],
  ["AFC", "AFC West", ["DEN", "KC", "LAC", "OAK", "SEA"]],
  ["NFC", "NFC East", ["ARI", "DAL", "NYG", "PHI", "WSH"]],
  ["NFC", "NFC Central", ["CHI", "DET", "GB", "MIN", "TB"]],
  ["NFC", "NFC West", ["ATL", "LAR", "NO", "SF", "CAR"]],
];

const groups = (conference: string, division: string): TeamGroup[] => [
  { kind: "conference", name: conference },
  { kind: "division", name: division },
];

function fromTable(
  table: ReadonlyArray<readonly [string, string, readonly string[]]>,
  code: string,
): TeamGroup[] | null {
  const row = table.find(([, , teams]) => teams.includes(code));
  return row === undefined ? null : groups(row[0], row[1]);
}

/** The NFL's 1967–1969 conferences; the Giants and Saints swapped divisions in 1968. */
function nfl1967(season: number, code: string): TeamGroup[] | null {
  const swapped = season === 1968;
  if (["DAL", "PHI", "WSH"].includes(code) || code === (swapped ? "NYG" : "NO"))
    return groups("Eastern", "Capitol");
  if (["CLE", "PIT", "ARI"].includes(code) || code === (swapped ? "NO" : "NYG"))
    return groups("Eastern", "Century");
  if (["ATL", "IND", "LAR", "SF"].includes(code)) return groups("Western", "Coastal");
  if (["CHI", "DET", "GB", "MIN"].includes(code)) return groups("Western", "Central");
  return null;
}

/** Seattle played its first season (1976) in the NFC West, Tampa Bay in the AFC West. */
function nfl1970(season: number, code: string): TeamGroup[] | null {
  if (season === 1976 && code === "SEA") return groups("NFC", "NFC West");
  if (season === 1976 && code === "TB") return groups("AFC", "AFC West");
  return fromTable(ALIGNMENT_1970, code);
}

/** The team's groups in a league season, broadest first; null where not on record here. */
export function groupsOf(league: LeagueKey, season: number, code: string): TeamGroup[] | null {
  if (league === "afl")
    return [{ kind: "division", name: AFL_EAST.has(code) ? "Eastern" : "Western" }];
  if (league === "aafc" || season < 1967) return null;
  if (season >= 2002) return fromTable(ALIGNMENT_2002, code);
  if (season >= 1970) return nfl1970(season, code);
  return nfl1967(season, code);
}
