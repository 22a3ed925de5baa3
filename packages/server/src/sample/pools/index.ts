/**
 * Name pools for the sample-data generator. The lists live as JSON in `lists/` (what each holds:
 * lists/README.md); this module reads and checks them once, at load. Order matters: the generator
 * draws by index, so reordering a list changes the dataset (test/sample/dataset-hash.test.ts).
 */
import {
  type BookmakerPool,
  Bookmakers,
  Country,
  type CountryPool,
  GroupedNames,
  HorseNameParts,
  KeyedNames,
  NameList,
  TaggedNames,
} from "./pool-schemas.js";
import { readPoolFile } from "./read-pool-file.js";

export type { BookmakerPool, CountryPool };

type Keyed = Readonly<Record<string, readonly string[]>>;

/** Country pools in draw order (files under lists/countries/). */
const COUNTRY_FILES = [
  "gb-eng",
  "gb-sct",
  "es",
  "de",
  "it",
  "fr",
  "nl",
  "pt",
  "br",
  "ar",
  "us",
  "au",
  "in",
  "jp",
  "se",
  "ng",
  "rs",
  "tr",
  "za",
  "ie",
  "nz",
  "cn",
  "mx",
  "do",
  "tw",
  "kr",
  "pk",
  "bd",
  "tt",
] as const;

export const COUNTRY_POOLS: readonly CountryPool[] = COUNTRY_FILES.map((code) =>
  readPoolFile(`countries/${code}.json`, Country),
);

export const BOOKMAKERS: readonly BookmakerPool[] = readPoolFile("bookmakers.json", Bookmakers);

export const CLUB_PATTERNS: Keyed = readPoolFile("club-patterns.json", KeyedNames);
export const FRANCHISE_NICKNAMES: readonly string[] = readPoolFile(
  "franchise-nicknames.json",
  NameList,
);
export const CRICKET_FRANCHISE_NICKNAMES: readonly string[] = readPoolFile(
  "cricket-franchise-nicknames.json",
  NameList,
);
/** Invented esports organisations, each with its team tag, in draw order. */
export const ESPORTS_TEAM_TAGS: Readonly<Record<string, string>> = readPoolFile(
  "esports-team-names.json",
  TaggedNames,
);
export const ESPORTS_TEAM_NAMES: readonly string[] = Object.keys(ESPORTS_TEAM_TAGS);

/** Real team names generated combinations could spell; the generator skips them. */
export const RESERVED_TEAM_NAMES: readonly string[] = Object.values(
  readPoolFile("reserved-team-names.json", GroupedNames),
).flat();

export const ESPORTS_MAPS: Keyed = readPoolFile("esports-maps.json", KeyedNames);
export const TENNIS_TOURNAMENT_CITIES: readonly string[] = readPoolFile(
  "tennis-tournament-cities.json",
  NameList,
);
export const GOLF_COURSE_NAMES: readonly string[] = readPoolFile(
  "golf-course-names.json",
  NameList,
);
export const FIGHT_PROMOTION_NAMES: readonly string[] = readPoolFile(
  "fight-promotion-names.json",
  NameList,
);
export const WEIGHT_CLASSES: readonly string[] = readPoolFile("weight-classes.json", NameList);

export const HORSE_NAME_PARTS: {
  readonly first: readonly string[];
  readonly second: readonly string[];
} = readPoolFile("horse-name-parts.json", HorseNameParts);

export const OFFICIAL_ROLES: Keyed = readPoolFile("official-roles.json", KeyedNames);
export const BROADCASTERS: Keyed = readPoolFile("broadcasters.json", KeyedNames);
export const SPORT_VENUE_PATTERNS: Keyed = readPoolFile("venue-patterns.json", KeyedNames);
