/** Name pools for the sample-data generator: pure data, no logic. */

export { BOOKMAKERS, type BookmakerPool } from "./bookmakers.js";
export {
  CLUB_PATTERNS,
  CRICKET_FRANCHISE_NICKNAMES,
  ESPORTS_TEAM_NAMES,
  FRANCHISE_NICKNAMES,
} from "./clubs.js";
export { COUNTRY_POOLS, type CountryPool } from "./countries.js";
export {
  ESPORTS_MAPS,
  FIGHT_PROMOTION_NAMES,
  GOLF_COURSE_NAMES,
  TENNIS_TOURNAMENT_CITIES,
  WEIGHT_CLASSES,
} from "./golf-tennis-esports.js";
export { HORSE_NAME_PARTS } from "./horses.js";
export { BROADCASTERS, OFFICIAL_ROLES } from "./officials.js";
export { RESERVED_TEAM_NAMES } from "./reserved-team-names.js";
export { SPORT_VENUE_PATTERNS, VENUE_PATTERNS } from "./venues.js";
