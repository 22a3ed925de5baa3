/**
 * In-play prices for a simulated head-to-head match: the pre-match prices say how strong each
 * side is; the score and the time left say how much can still change. The final margin is
 * modelled as normal, centred on the lead plus the pre-match edge still to play, with a spread
 * that shrinks as the match runs out; a draw band gives 1X2 its draw. Each bookmaker keeps its
 * own margin (overround) from its opening prices.
 */
import { priceForChance } from "../odds/pricing.js";
import type { Sport } from "../sports/types.js";

/** Standard deviation of a whole match's final margin, in the sport's headline units. */
const MARGIN_SPREAD: Record<Sport, number> = {
  football: 1.6,
  basketball: 12,
  "american-football": 13.5,
  baseball: 4.2,
  cricket: 45,
  tennis: 1.3,
  esports: 1.2,
  "combat-sports": 1,
  golf: 1,
  "horse-racing": 1,
};

export interface WinChances {
  home: number;
  draw: number;
  away: number;
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26, error < 1.5e-7). */
function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/** Inverse of normalCdf by bisection (plenty for prices quoted to two decimals). */
export function normalQuantile(p: number): number {
  const target = Math.min(0.999, Math.max(0.001, p));
  let lo = -6;
  let hi = 6;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The pre-match edge of the home side, in margin units, from its fair chances. */
export function edgeFrom(sport: Sport, chances: WinChances, draws: boolean): number {
  const spread = MARGIN_SPREAD[sport];
  const home = draws
    ? chances.home + chances.draw / 2
    : chances.home / (chances.home + chances.away);
  return spread * normalQuantile(home);
}

/** Chances now: `lead` = home minus away in headline units, `left` = share of the match to play (0..1). */
export function liveChances(
  sport: Sport,
  edge: number,
  lead: number,
  left: number,
  draws: boolean,
): WinChances {
  const share = Math.min(1, Math.max(0, left));
  const spread = MARGIN_SPREAD[sport] * Math.sqrt(Math.max(share, 0.002));
  const mean = lead + edge * share;
  if (!draws) {
    const home = normalCdf(mean / spread);
    return { home, draw: 0, away: 1 - home };
  }
  // A draw is a final margin within half a unit of zero.
  const away = normalCdf((-0.5 - mean) / spread);
  const home = 1 - normalCdf((0.5 - mean) / spread);
  return { home, draw: Math.max(0, 1 - home - away), away };
}

/** Fair chances → a bookmaker's prices with its overround, two decimals, never below 1.01. */
export function pricesFor(
  chances: Record<string, number>,
  overround: number,
): Record<string, number> {
  const floor = 0.004;
  const entries = Object.entries(chances).map(([k, p]) => [k, Math.max(floor, p)] as const);
  const total = entries.reduce((sum, [, p]) => sum + p, 0);
  return Object.fromEntries(entries.map(([k, p]) => [k, priceForChance(p / total, overround)]));
}
