/**
 * The thirty NBA franchises as they were aligned in 2022-23: full name, nickname, the NBA's own
 * abbreviation, city, country, conference, division and the IANA time zone of their home arena.
 * The FiveThirtyEight files spell a few codes the Basketball-Reference way (`BRK`, `CHO`, `PHO`)
 * and the RAPTOR files write Charlotte `CHA`: `franchiseByCode` accepts every spelling.
 */

type Conference = "Eastern" | "Western";

export interface Franchise {
  /** The NBA's abbreviation (`BKN`, `CHA`, `PHX`): also the natural key of the team's id. */
  abbreviation: string;
  name: string;
  nickname: string;
  city: string;
  country_code: "US" | "CA";
  conference: Conference;
  division: string;
  timeZone: string;
}

type Row = [string, string, string, string, Conference, string, string];

const EAST = "America/New_York";
const CENTRAL = "America/Chicago";
const PACIFIC = "America/Los_Angeles";

/** [abbreviation, name, nickname, city, conference, division, time zone] */
const ROWS: readonly Row[] = [
  ["BOS", "Boston Celtics", "Celtics", "Boston", "Eastern", "Atlantic", EAST],
  ["BKN", "Brooklyn Nets", "Nets", "Brooklyn", "Eastern", "Atlantic", EAST],
  ["NYK", "New York Knicks", "Knicks", "New York", "Eastern", "Atlantic", EAST],
  ["PHI", "Philadelphia 76ers", "76ers", "Philadelphia", "Eastern", "Atlantic", EAST],
  ["TOR", "Toronto Raptors", "Raptors", "Toronto", "Eastern", "Atlantic", "America/Toronto"],
  ["CHI", "Chicago Bulls", "Bulls", "Chicago", "Eastern", "Central", CENTRAL],
  ["CLE", "Cleveland Cavaliers", "Cavaliers", "Cleveland", "Eastern", "Central", EAST],
  ["DET", "Detroit Pistons", "Pistons", "Detroit", "Eastern", "Central", "America/Detroit"],
  [
    "IND",
    "Indiana Pacers",
    "Pacers",
    "Indianapolis",
    "Eastern",
    "Central",
    "America/Indiana/Indianapolis",
  ],
  ["MIL", "Milwaukee Bucks", "Bucks", "Milwaukee", "Eastern", "Central", CENTRAL],
  ["ATL", "Atlanta Hawks", "Hawks", "Atlanta", "Eastern", "Southeast", EAST],
  ["CHA", "Charlotte Hornets", "Hornets", "Charlotte", "Eastern", "Southeast", EAST],
  ["MIA", "Miami Heat", "Heat", "Miami", "Eastern", "Southeast", EAST],
  ["ORL", "Orlando Magic", "Magic", "Orlando", "Eastern", "Southeast", EAST],
  ["WAS", "Washington Wizards", "Wizards", "Washington", "Eastern", "Southeast", EAST],
  ["DEN", "Denver Nuggets", "Nuggets", "Denver", "Western", "Northwest", "America/Denver"],
  ["MIN", "Minnesota Timberwolves", "Timberwolves", "Minneapolis", "Western", "Northwest", CENTRAL],
  ["OKC", "Oklahoma City Thunder", "Thunder", "Oklahoma City", "Western", "Northwest", CENTRAL],
  ["POR", "Portland Trail Blazers", "Trail Blazers", "Portland", "Western", "Northwest", PACIFIC],
  ["UTA", "Utah Jazz", "Jazz", "Salt Lake City", "Western", "Northwest", "America/Denver"],
  ["GSW", "Golden State Warriors", "Warriors", "San Francisco", "Western", "Pacific", PACIFIC],
  ["LAC", "LA Clippers", "Clippers", "Los Angeles", "Western", "Pacific", PACIFIC],
  ["LAL", "Los Angeles Lakers", "Lakers", "Los Angeles", "Western", "Pacific", PACIFIC],
  ["PHX", "Phoenix Suns", "Suns", "Phoenix", "Western", "Pacific", "America/Phoenix"],
  ["SAC", "Sacramento Kings", "Kings", "Sacramento", "Western", "Pacific", PACIFIC],
  ["DAL", "Dallas Mavericks", "Mavericks", "Dallas", "Western", "Southwest", CENTRAL],
  ["HOU", "Houston Rockets", "Rockets", "Houston", "Western", "Southwest", CENTRAL],
  ["MEM", "Memphis Grizzlies", "Grizzlies", "Memphis", "Western", "Southwest", CENTRAL],
  ["NOP", "New Orleans Pelicans", "Pelicans", "New Orleans", "Western", "Southwest", CENTRAL],
  ["SAS", "San Antonio Spurs", "Spurs", "San Antonio", "Western", "Southwest", CENTRAL],
];

const FRANCHISES: readonly Franchise[] = ROWS.map(
  ([abbreviation, name, nickname, city, conference, division, timeZone]) => ({
    abbreviation,
    name,
    nickname,
    city,
    country_code: abbreviation === "TOR" ? "CA" : "US",
    conference,
    division,
    timeZone,
  }),
);

/** Basketball-Reference spellings the files use for the NBA's abbreviations. */
const ALIASES: Readonly<Record<string, string>> = { BRK: "BKN", CHO: "CHA", PHO: "PHX" };

const BY_CODE = new Map(FRANCHISES.map((f) => [f.abbreviation, f]));

/** The franchise a file's team code names, or undefined for a code of no current franchise. */
export function franchiseByCode(code: string): Franchise | undefined {
  return BY_CODE.get(ALIASES[code] ?? code);
}

export const COUNTRIES = [
  { code: "US", name: "United States" },
  { code: "CA", name: "Canada" },
] as const;
