import { americanFootball } from "./american-football.js";
import { baseball } from "./baseball.js";
import { basketball } from "./basketball.js";
import { combatSports } from "./combat-sports.js";
import { cricket } from "./cricket.js";
import { esports } from "./esports.js";
import { football } from "./football.js";
import { golf } from "./golf.js";
import { horseRacing } from "./horse-racing.js";
import { tennis } from "./tennis.js";
import { SPORTS, type Sport, type SportModule } from "./types.js";

/** Every sport's module, keyed by its slug. */
export const SPORT_MODULES: Record<Sport, SportModule> = {
  football,
  basketball,
  "american-football": americanFootball,
  cricket,
  tennis,
  "horse-racing": horseRacing,
  baseball,
  esports,
  golf,
  "combat-sports": combatSports,
};

export function isSport(x: string): x is Sport {
  return (SPORTS as readonly string[]).includes(x);
}

/** The module for a sport slug, or undefined for an unknown slug. */
export function getSport(slug: string): SportModule | undefined {
  return isSport(slug) ? SPORT_MODULES[slug] : undefined;
}
