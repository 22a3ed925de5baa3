/**
 * The franchises behind FiveThirtyEight's team codes, with the name each carried season by
 * season (Pro-Football-Reference's naming). A code is one franchise across moves and renames
 * (`OAK` is the Raiders in Oakland, Los Angeles and Las Vegas; `TEN` the Houston Oilers and
 * the Titans), so it keeps one team id; the team row shows the franchise's latest name.
 * Codes of 1920 opponents whose names no reliable record gives are named by their code. Pure.
 */

export interface Franchise {
  code: string;
  /** `[first season, name]`, oldest first: the name holds from that season on. */
  names: ReadonlyArray<readonly [number, string]>;
  /** The nickname, for `short_name` ("Raiders"); null when only the code is known. */
  nickname: string | null;
  /** The latest home city. */
  city: string | null;
}

type Names = ReadonlyArray<readonly [number, string]>;

const f = (code: string, names: Names, nickname: string | null, city: string | null) => ({
  code,
  names,
  nickname,
  city,
});

const FRANCHISES: readonly Franchise[] = [
  // The 32 franchises of 2020.
  f(
    "ARI",
    [
      [1920, "Chicago Cardinals"],
      [1960, "St. Louis Cardinals"],
      [1988, "Phoenix Cardinals"],
      [1994, "Arizona Cardinals"],
    ],
    "Cardinals",
    "Glendale",
  ),
  f("ATL", [[1966, "Atlanta Falcons"]], "Falcons", "Atlanta"),
  f("BAL", [[1996, "Baltimore Ravens"]], "Ravens", "Baltimore"),
  f("BUF", [[1960, "Buffalo Bills"]], "Bills", "Buffalo"),
  f("CAR", [[1995, "Carolina Panthers"]], "Panthers", "Charlotte"),
  f(
    "CHI",
    [
      [1920, "Decatur Staleys"],
      [1921, "Chicago Staleys"],
      [1922, "Chicago Bears"],
    ],
    "Bears",
    "Chicago",
  ),
  f("CIN", [[1968, "Cincinnati Bengals"]], "Bengals", "Cincinnati"),
  f("CLE", [[1946, "Cleveland Browns"]], "Browns", "Cleveland"),
  f("DAL", [[1960, "Dallas Cowboys"]], "Cowboys", "Arlington"),
  f("DEN", [[1960, "Denver Broncos"]], "Broncos", "Denver"),
  f(
    "DET",
    [
      [1930, "Portsmouth Spartans"],
      [1934, "Detroit Lions"],
    ],
    "Lions",
    "Detroit",
  ),
  f("GB", [[1921, "Green Bay Packers"]], "Packers", "Green Bay"),
  f("HOU", [[2002, "Houston Texans"]], "Texans", "Houston"),
  f(
    "IND",
    [
      [1953, "Baltimore Colts"],
      [1984, "Indianapolis Colts"],
    ],
    "Colts",
    "Indianapolis",
  ),
  f("JAX", [[1995, "Jacksonville Jaguars"]], "Jaguars", "Jacksonville"),
  f(
    "KC",
    [
      [1960, "Dallas Texans"],
      [1963, "Kansas City Chiefs"],
    ],
    "Chiefs",
    "Kansas City",
  ),
  f(
    "LAC",
    [
      [1960, "Los Angeles Chargers"],
      [1961, "San Diego Chargers"],
      [2017, "Los Angeles Chargers"],
    ],
    "Chargers",
    "Inglewood",
  ),
  f(
    "LAR",
    [
      [1937, "Cleveland Rams"],
      [1946, "Los Angeles Rams"],
      [1995, "St. Louis Rams"],
      [2016, "Los Angeles Rams"],
    ],
    "Rams",
    "Inglewood",
  ),
  f("MIA", [[1966, "Miami Dolphins"]], "Dolphins", "Miami Gardens"),
  f("MIN", [[1961, "Minnesota Vikings"]], "Vikings", "Minneapolis"),
  f(
    "NE",
    [
      [1960, "Boston Patriots"],
      [1971, "New England Patriots"],
    ],
    "Patriots",
    "Foxborough",
  ),
  f("NO", [[1967, "New Orleans Saints"]], "Saints", "New Orleans"),
  f("NYG", [[1925, "New York Giants"]], "Giants", "East Rutherford"),
  f(
    "NYJ",
    [
      [1960, "New York Titans"],
      [1963, "New York Jets"],
    ],
    "Jets",
    "East Rutherford",
  ),
  f(
    "OAK",
    [
      [1960, "Oakland Raiders"],
      [1982, "Los Angeles Raiders"],
      [1995, "Oakland Raiders"],
      [2020, "Las Vegas Raiders"],
    ],
    "Raiders",
    "Las Vegas",
  ),
  f("PHI", [[1933, "Philadelphia Eagles"]], "Eagles", "Philadelphia"),
  f(
    "PIT",
    [
      [1933, "Pittsburgh Pirates"],
      [1940, "Pittsburgh Steelers"],
    ],
    "Steelers",
    "Pittsburgh",
  ),
  f("SEA", [[1976, "Seattle Seahawks"]], "Seahawks", "Seattle"),
  f("SF", [[1946, "San Francisco 49ers"]], "49ers", "Santa Clara"),
  f("TB", [[1976, "Tampa Bay Buccaneers"]], "Buccaneers", "Tampa"),
  f(
    "TEN",
    [
      [1960, "Houston Oilers"],
      [1997, "Tennessee Oilers"],
      [1999, "Tennessee Titans"],
    ],
    "Titans",
    "Nashville",
  ),
  f(
    "WSH",
    [
      [1932, "Boston Braves"],
      [1933, "Boston Redskins"],
      [1937, "Washington Redskins"],
      [2020, "Washington Football Team"],
    ],
    "Washington",
    "Landover",
  ),
  // Defunct NFL teams.
  f(
    "AKR",
    [
      [1920, "Akron Pros"],
      [1926, "Akron Indians"],
    ],
    "Pros",
    "Akron",
  ),
  f(
    "BFF",
    [
      [1920, "Buffalo All-Americans"],
      [1924, "Buffalo Bisons"],
      [1926, "Buffalo Rangers"],
      [1927, "Buffalo Bisons"],
    ],
    "Bisons",
    "Buffalo",
  ),
  f(
    "BKN",
    [
      [1930, "Brooklyn Dodgers"],
      [1944, "Brooklyn Tigers"],
    ],
    "Tigers",
    "Brooklyn",
  ),
  f("BRL", [[1926, "Brooklyn Lions"]], "Lions", "Brooklyn"),
  f("BYK", [[1944, "Boston Yanks"]], "Yanks", "Boston"),
  f("CBD", [[1920, "Canton Bulldogs"]], "Bulldogs", "Canton"),
  f("CCL", [[1921, "Cincinnati Celts"]], "Celts", "Cincinnati"),
  f("CHT", [[1920, "Chicago Tigers"]], "Tigers", "Chicago"),
  f(
    "CIB",
    [
      [1923, "Cleveland Indians"],
      [1924, "Cleveland Bulldogs"],
    ],
    "Bulldogs",
    "Cleveland",
  ),
  f("CLI", [[1931, "Cleveland Indians"]], "Indians", "Cleveland"),
  f(
    "COL",
    [
      [1920, "Columbus Panhandles"],
      [1923, "Columbus Tigers"],
    ],
    "Tigers",
    "Columbus",
  ),
  f("CRP", [[1944, "Card-Pitt"]], "Card-Pitt", "Chicago"),
  f(
    "CTI",
    [
      [1920, "Cleveland Tigers"],
      [1921, "Cleveland Indians"],
    ],
    "Indians",
    "Cleveland",
  ),
  f("DAY", [[1920, "Dayton Triangles"]], "Triangles", "Dayton"),
  f("DHR", [[1920, "Detroit Heralds"]], "Heralds", "Detroit"),
  f("DPN", [[1925, "Detroit Panthers"]], "Panthers", "Detroit"),
  f("DTI", [[1921, "Detroit Tigers"]], "Tigers", "Detroit"),
  f("DTX", [[1952, "Dallas Texans"]], "Texans", "Dallas"),
  f(
    "DUL",
    [
      [1923, "Duluth Kelleys"],
      [1926, "Duluth Eskimos"],
    ],
    "Eskimos",
    "Duluth",
  ),
  f("DWL", [[1928, "Detroit Wolverines"]], "Wolverines", "Detroit"),
  f("ECG", [[1921, "Evansville Crimson Giants"]], "Crimson Giants", "Evansville"),
  f("FYJ", [[1924, "Frankford Yellow Jackets"]], "Yellow Jackets", "Philadelphia"),
  f("GUN", [[1934, "St. Louis Gunners"]], "Gunners", "St. Louis"),
  f("HAM", [[1920, "Hammond Pros"]], "Pros", "Hammond"),
  f("HRT", [[1926, "Hartford Blues"]], "Blues", "Hartford"),
  f(
    "KCB",
    [
      [1924, "Kansas City Blues"],
      [1925, "Kansas City Cowboys"],
    ],
    "Cowboys",
    "Kansas City",
  ),
  f("KEN", [[1924, "Kenosha Maroons"]], "Maroons", "Kenosha"),
  f("LAB", [[1926, "Los Angeles Buccaneers"]], "Buccaneers", "Los Angeles"),
  f(
    "LOU",
    [
      [1921, "Louisville Brecks"],
      [1926, "Louisville Colonels"],
    ],
    "Colonels",
    "Louisville",
  ),
  f("MIL", [[1922, "Milwaukee Badgers"]], "Badgers", "Milwaukee"),
  f(
    "MNN",
    [
      [1921, "Minneapolis Marines"],
      [1929, "Minneapolis Red Jackets"],
    ],
    "Red Jackets",
    "Minneapolis",
  ),
  f("MUN", [[1920, "Muncie Flyers"]], "Flyers", "Muncie"),
  f("NG1", [[1921, "New York Brickley Giants"]], "Brickley Giants", "New York"),
  f("NYA", [[1927, "New York Yankees"]], "Yankees", "New York"),
  f(
    "NYY",
    [
      [1949, "New York Bulldogs"],
      [1950, "New York Yanks"],
    ],
    "Yanks",
    "New York",
  ),
  f("OOR", [[1922, "Oorang Indians"]], "Indians", "LaRue"),
  f("PRV", [[1925, "Providence Steam Roller"]], "Steam Roller", "Providence"),
  f(
    "PTB",
    [
      [1925, "Pottsville Maroons"],
      [1929, "Boston Bulldogs"],
    ],
    "Bulldogs",
    "Boston",
  ),
  f(
    "RAC",
    [
      [1922, "Racine Legion"],
      [1926, "Racine Tornadoes"],
    ],
    "Tornadoes",
    "Racine",
  ),
  f("RCH", [[1920, "Rochester Jeffersons"]], "Jeffersons", "Rochester"),
  f("RED", [[1933, "Cincinnati Reds"]], "Reds", "Cincinnati"),
  f("RII", [[1920, "Rock Island Independents"]], "Independents", "Rock Island"),
  f("SEN", [[1921, "Washington Senators"]], "Senators", "Washington"),
  f("SIS", [[1929, "Staten Island Stapletons"]], "Stapletons", "Staten Island"),
  f("SLA", [[1923, "St. Louis All-Stars"]], "All-Stars", "St. Louis"),
  f("STG", [[1943, "Phil-Pitt Steagles"]], "Steagles", "Philadelphia"),
  f("TOL", [[1922, "Toledo Maroons"]], "Maroons", "Toledo"),
  f("TON", [[1921, "Tonawanda Kardex"]], "Kardex", "Tonawanda"),
  f(
    "TOR",
    [
      [1929, "Orange Tornadoes"],
      [1930, "Newark Tornadoes"],
    ],
    "Tornadoes",
    "Newark",
  ),
  // All-America Football Conference, 1946–1949 (the 49ers and Browns above played in it too).
  f(
    "BBA",
    [
      [1946, "Buffalo Bisons"],
      [1947, "Buffalo Bills"],
    ],
    "Bills",
    "Buffalo",
  ),
  f("BCL", [[1947, "Baltimore Colts"]], "Colts", "Baltimore"),
  f("BDA", [[1946, "Brooklyn Dodgers"]], "Dodgers", "Brooklyn"),
  f(
    "CRA",
    [
      [1946, "Chicago Rockets"],
      [1949, "Chicago Hornets"],
    ],
    "Hornets",
    "Chicago",
  ),
  f("LDA", [[1946, "Los Angeles Dons"]], "Dons", "Los Angeles"),
  f("MSA", [[1946, "Miami Seahawks"]], "Seahawks", "Miami"),
  f("NAA", [[1946, "New York Yankees"]], "Yankees", "New York"),
];

/** 1920 opponents (mostly independent clubs) the source names by a code only. */
const CODE_ONLY = [
  "ABU",
  "ATN",
  "CHB",
  "CHL",
  "CLP",
  "CNC",
  "CST",
  "CWP",
  "DTM",
  "ELY",
  "FTP",
  "FTW",
  "GAR",
  "KEW",
  "LAN",
  "LOG",
  "MCK",
  "MNM",
  "MUT",
  "PTQ",
  "PUL",
  "RCK",
  "RIC",
  "ROS",
  "STP",
  "SYR",
  "THO",
  "TLM",
  "UAP",
  "UTI",
  "WBU",
  "WGC",
  "WHE",
  "WJA",
  "ZAN",
];

const BY_CODE = new Map<string, Franchise>([
  ...FRANCHISES.map((franchise) => [franchise.code, franchise] as const),
  ...CODE_ONLY.map((code) => [code, f(code, [[1920, code]], null, null)] as const),
]);

/** The franchise of a source code, or undefined for a code this table does not know. */
export function franchise(code: string): Franchise | undefined {
  return BY_CODE.get(code);
}

/** The franchise's name in a season (its first name before its first listed season). */
export function nameIn(franchise: Franchise, season: number): string {
  let name = franchise.names[0]?.[1] ?? franchise.code;
  for (const [from, next] of franchise.names) if (from <= season) name = next;
  return name;
}

/** The franchise's latest name: the team row's name. */
export function currentName(franchise: Franchise): string {
  return franchise.names.at(-1)?.[1] ?? franchise.code;
}
