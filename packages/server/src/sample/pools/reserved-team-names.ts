/**
 * Real team names the generated combinations can spell. Not exhaustive: it covers the patterns
 * and nicknames of clubs.ts paired with the cities of the country pools.
 */
import { RESERVED_CLUB_NAMES } from "./reserved-club-names.js";
import { RESERVED_FRANCHISE_NAMES } from "./reserved-franchise-names.js";

export const RESERVED_TEAM_NAMES: readonly string[] = [
  ...RESERVED_CLUB_NAMES,
  ...RESERVED_FRANCHISE_NAMES,
];
