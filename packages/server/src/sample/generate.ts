/**
 * The sample dataset for all ten sports, generated deterministically: the same seed and the same
 * anchor day give the same bytes. The anchor is the dataset's "now" (midnight UTC of a day):
 * fixtures before it are finished with results, events, lineups and statistics; later ones are
 * upcoming, the next two weeks with odds.
 */
import { startOfUtcDay } from "../lib/time.js";
import type { Dataset } from "../store/dataset.js";
import { GenContext } from "./context.js";
import { BOOKMAKERS } from "./pools/index.js";
import { generateAmericanFootball } from "./sports/american-football.js";
import { generateBaseball } from "./sports/baseball.js";
import { generateBasketball } from "./sports/basketball.js";
import { generateCombatSports } from "./sports/combat-sports.js";
import { generateCricket } from "./sports/cricket.js";
import { generateEsports } from "./sports/esports.js";
import { generateFootball } from "./sports/football.js";
import { generateGolf } from "./sports/golf.js";
import { generateHorseRacing } from "./sports/horse-racing.js";
import { generateTennis } from "./sports/tennis.js";

export interface SampleOptions {
  seed: number;
  /** Any moment of the anchor day; the dataset is built around that day's midnight UTC. */
  anchor: Date;
  /** `core`: without the regional competitions that keep every sport live around the clock. */
  world?: SampleWorld;
}

/** The sample world's size (ADR-0044): `full` by default. */
export type SampleWorld = "full" | "core";

const GENERATORS = [
  generateFootball,
  generateBasketball,
  generateAmericanFootball,
  generateCricket,
  generateTennis,
  generateHorseRacing,
  generateBaseball,
  generateEsports,
  generateGolf,
  generateCombatSports,
] as const;

export function generateSampleData(options: SampleOptions): Dataset {
  const ctx = new GenContext(
    options.seed,
    startOfUtcDay(options.anchor),
    (options.world ?? "full") === "full",
  );
  for (const book of BOOKMAKERS) {
    ctx.dataset.bookmakers.push({
      slug: book.slug,
      name: book.name,
      native_format: book.oddsFormat,
    });
  }
  for (const generate of GENERATORS) generate(ctx);
  return ctx.dataset;
}
