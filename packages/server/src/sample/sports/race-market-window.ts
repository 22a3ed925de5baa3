/**
 * Racing's win markets and race-card weights, shared by the generator (which prices the races of
 * its first day) and the rolling calendar (which opens each later race's market as it comes
 * within the lead, `simulator/race-markets.ts`).
 */
import { addMinutes } from "../../lib/time.js";
import type { GenContext } from "../context.js";

/**
 * Racing's win markets open a day before the off (early prices come out the evening before),
 * not a fortnight like the other sports': the seed prices the races of its first day, and the
 * rolling calendar opens each later race's market a day ahead (`race-markets.ts`).
 */
export const RACE_MARKET_LEAD_HOURS = 24;

/** Whether a race's win market is open at the anchor: it goes off within a day. */
export function withinRaceMarketWindow(ctx: GenContext, kickoff: Date): boolean {
  const until = addMinutes(ctx.anchor, RACE_MARKET_LEAD_HOURS * 60);
  return kickoff >= ctx.anchor && kickoff < until;
}

/** The handicap weight a horse of `rating` carries: the race card states its rating in kilograms. */
export function handicapWeight(rating: number): number {
  return Math.round((55 + Math.max(-4, Math.min(5, rating * 2.5))) * 2) / 2;
}

/** The rating a handicap weight stands for (within the weights' range), for pricing a race card. */
export function ratingOfWeight(weightKg: number): number {
  return (weightKg - 55) / 2.5;
}
