/**
 * What the Retrosheet files do not say about Major League Baseball and this importer needs: each
 * franchise's league and division (2020 alignment) and usual abbreviation, and each ballpark's
 * name and IANA time zone by Retrosheet site code. Taken from MLB's published records; a site
 * code missing here keeps the code as the venue and the home team's time zone.
 */

export interface FranchiseFacts {
  league: "American League" | "National League";
  division: string;
  abbreviation: string;
  /** The time zone of the franchise's home park. */
  timeZone: string;
}

const EAST = "America/New_York";
const CENTRAL = "America/Chicago";
const MOUNTAIN = "America/Denver";
const ARIZONA = "America/Phoenix";
const PACIFIC = "America/Los_Angeles";
const DETROIT = "America/Detroit";

const AL = "American League";
const NL = "National League";

/** By Retrosheet team code; divisions as of the 2020 season. */
export const FRANCHISES: Readonly<Record<string, FranchiseFacts>> = {
  BAL: { league: AL, division: "AL East", abbreviation: "BAL", timeZone: EAST },
  BOS: { league: AL, division: "AL East", abbreviation: "BOS", timeZone: EAST },
  NYA: { league: AL, division: "AL East", abbreviation: "NYY", timeZone: EAST },
  TBA: { league: AL, division: "AL East", abbreviation: "TB", timeZone: EAST },
  TOR: { league: AL, division: "AL East", abbreviation: "TOR", timeZone: "America/Toronto" },
  CHA: { league: AL, division: "AL Central", abbreviation: "CWS", timeZone: CENTRAL },
  CLE: { league: AL, division: "AL Central", abbreviation: "CLE", timeZone: EAST },
  DET: { league: AL, division: "AL Central", abbreviation: "DET", timeZone: DETROIT },
  KCA: { league: AL, division: "AL Central", abbreviation: "KC", timeZone: CENTRAL },
  MIN: { league: AL, division: "AL Central", abbreviation: "MIN", timeZone: CENTRAL },
  ANA: { league: AL, division: "AL West", abbreviation: "LAA", timeZone: PACIFIC },
  HOU: { league: AL, division: "AL West", abbreviation: "HOU", timeZone: CENTRAL },
  OAK: { league: AL, division: "AL West", abbreviation: "OAK", timeZone: PACIFIC },
  SEA: { league: AL, division: "AL West", abbreviation: "SEA", timeZone: PACIFIC },
  TEX: { league: AL, division: "AL West", abbreviation: "TEX", timeZone: CENTRAL },
  ATL: { league: NL, division: "NL East", abbreviation: "ATL", timeZone: EAST },
  MIA: { league: NL, division: "NL East", abbreviation: "MIA", timeZone: EAST },
  NYN: { league: NL, division: "NL East", abbreviation: "NYM", timeZone: EAST },
  PHI: { league: NL, division: "NL East", abbreviation: "PHI", timeZone: EAST },
  WAS: { league: NL, division: "NL East", abbreviation: "WSH", timeZone: EAST },
  CHN: { league: NL, division: "NL Central", abbreviation: "CHC", timeZone: CENTRAL },
  CIN: { league: NL, division: "NL Central", abbreviation: "CIN", timeZone: EAST },
  MIL: { league: NL, division: "NL Central", abbreviation: "MIL", timeZone: CENTRAL },
  PIT: { league: NL, division: "NL Central", abbreviation: "PIT", timeZone: EAST },
  SLN: { league: NL, division: "NL Central", abbreviation: "STL", timeZone: CENTRAL },
  ARI: { league: NL, division: "NL West", abbreviation: "ARI", timeZone: ARIZONA },
  COL: { league: NL, division: "NL West", abbreviation: "COL", timeZone: MOUNTAIN },
  LAN: { league: NL, division: "NL West", abbreviation: "LAD", timeZone: PACIFIC },
  SDN: { league: NL, division: "NL West", abbreviation: "SD", timeZone: PACIFIC },
  SFN: { league: NL, division: "NL West", abbreviation: "SF", timeZone: PACIFIC },
};

export interface Park {
  name: string;
  city: string;
  timeZone: string;
}

/** By Retrosheet site code, with the park's name in 2020. */
export const PARKS: Readonly<Record<string, Park>> = {
  ANA01: { name: "Angel Stadium", city: "Anaheim", timeZone: PACIFIC },
  ARL03: { name: "Globe Life Field", city: "Arlington", timeZone: CENTRAL },
  ATL03: { name: "Truist Park", city: "Atlanta", timeZone: EAST },
  BAL12: { name: "Oriole Park at Camden Yards", city: "Baltimore", timeZone: EAST },
  BOS07: { name: "Fenway Park", city: "Boston", timeZone: EAST },
  BUF05: { name: "Sahlen Field", city: "Buffalo", timeZone: EAST },
  CHI11: { name: "Wrigley Field", city: "Chicago", timeZone: CENTRAL },
  CHI12: { name: "Guaranteed Rate Field", city: "Chicago", timeZone: CENTRAL },
  CIN09: { name: "Great American Ball Park", city: "Cincinnati", timeZone: EAST },
  CLE08: { name: "Progressive Field", city: "Cleveland", timeZone: EAST },
  DEN02: { name: "Coors Field", city: "Denver", timeZone: MOUNTAIN },
  DET05: { name: "Comerica Park", city: "Detroit", timeZone: DETROIT },
  HOU03: { name: "Minute Maid Park", city: "Houston", timeZone: CENTRAL },
  KAN06: { name: "Kauffman Stadium", city: "Kansas City", timeZone: CENTRAL },
  LOS03: { name: "Dodger Stadium", city: "Los Angeles", timeZone: PACIFIC },
  MIA02: { name: "Marlins Park", city: "Miami", timeZone: EAST },
  MIL06: { name: "Miller Park", city: "Milwaukee", timeZone: CENTRAL },
  MIN04: { name: "Target Field", city: "Minneapolis", timeZone: CENTRAL },
  NYC20: { name: "Citi Field", city: "New York", timeZone: EAST },
  NYC21: { name: "Yankee Stadium", city: "New York", timeZone: EAST },
  OAK01: { name: "Oakland Coliseum", city: "Oakland", timeZone: PACIFIC },
  PHI13: { name: "Citizens Bank Park", city: "Philadelphia", timeZone: EAST },
  PHO01: { name: "Chase Field", city: "Phoenix", timeZone: ARIZONA },
  PIT08: { name: "PNC Park", city: "Pittsburgh", timeZone: EAST },
  SAN02: { name: "Petco Park", city: "San Diego", timeZone: PACIFIC },
  SEA03: { name: "T-Mobile Park", city: "Seattle", timeZone: PACIFIC },
  SFO03: { name: "Oracle Park", city: "San Francisco", timeZone: PACIFIC },
  STL10: { name: "Busch Stadium", city: "St. Louis", timeZone: CENTRAL },
  STP01: { name: "Tropicana Field", city: "St. Petersburg", timeZone: EAST },
  WAS11: { name: "Nationals Park", city: "Washington", timeZone: EAST },
};

/** Retrosheet fielding position numbers → the usual abbreviations (10 DH, 11 PH, 12 PR). */
export const FIELDING_POSITIONS: readonly string[] = [
  "",
  "P",
  "C",
  "1B",
  "2B",
  "3B",
  "SS",
  "LF",
  "CF",
  "RF",
  "DH",
  "PH",
  "PR",
];

/** Roster position codes → the squad vocabulary the API uses elsewhere. */
export function squadPosition(code: string): string {
  if (code === "P") return "pitcher";
  if (code === "C") return "catcher";
  if (code === "OF") return "outfielder";
  return "infielder";
}
