/**
 * The tennis point model the match script plays and the odds price: the server wins a point
 * with a chance set by the two players' ratings and the court (serve counts for more on grass and
 * indoors, for less on clay); a point the server wins is now and then an ace, one he loses now
 * and then a double fault.
 */
import type { Side } from "../../sports/types.js";
import type { Surface } from "./tennis-tournaments.js";

export interface Court {
  surface: Surface;
  indoor: boolean;
}

export interface ServeModel {
  /** Chance that the server wins a point, by who serves. */
  point: Record<Side, number>;
  /** Chance that a point the server wins is an ace. */
  ace: number;
  /** Chance that a point the server loses is a double fault. */
  doubleFault: number;
}

/** Points won on serve between equal players (tour averages by surface). */
const SERVE_POINTS: Readonly<Record<Surface, number>> = { hard: 0.64, clay: 0.615, grass: 0.665 };
const INDOOR_BONUS = 0.01;
const ACE_SHARE: Readonly<Record<Surface, number>> = { hard: 0.12, clay: 0.08, grass: 0.16 };
const DOUBLE_FAULT_SHARE = 0.085;
/**
 * Log-odds of a point on serve per rating point of difference. Small on purpose: a point edge
 * compounds over games and sets (one rating point ≈ 64 % of sets, as the old set model had).
 */
const RATING_WEIGHT = 0.095;

const logit = (p: number) => Math.log(p / (1 - p));
const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/** The serve model of a match between players rated `home` and `away` on `court`. */
export function serveModel(home: number, away: number, court: Court): ServeModel {
  const base = logit(SERVE_POINTS[court.surface] + (court.indoor ? INDOOR_BONUS : 0));
  const edge = RATING_WEIGHT * (home - away);
  return {
    point: { home: logistic(base + edge), away: logistic(base - edge) },
    ace: ACE_SHARE[court.surface] + (court.indoor ? 0.02 : 0),
    doubleFault: DOUBLE_FAULT_SHARE,
  };
}

/** Chance that a server who wins each point with `p` holds the game (deuce and advantage). */
export function holdChance(p: number): number {
  const q = 1 - p;
  const toDeuce = 20 * p ** 3 * q ** 3;
  return p ** 4 * (1 + 4 * q + 10 * q * q) + (toDeuce * p * p) / (1 - 2 * p * q);
}

/** Who serves point `n` (from 0) of a tie-break that `first` opens: then two points each. */
export function tiebreakServer(first: Side, n: number): Side {
  return Math.floor((n + 1) / 2) % 2 === 0 ? first : first === "home" ? "away" : "home";
}

/**
 * Chance that `home` wins a tie-break to `target` (won by two) that `first` opens, where each
 * wins a point on his own serve with `point[side]`.
 */
export function tiebreakChance(point: Record<Side, number>, first: Side, target: number): number {
  // From an even score at an even point count, each serves one of the next two points.
  const pairWin = point.home * (1 - point.away);
  const pairLose = (1 - point.home) * point.away;
  const fromLevel = pairWin / (pairWin + pairLose);
  const memo = new Map<string, number>();
  const from = (h: number, a: number): number => {
    if (h >= target && h - a >= 2) return 1;
    if (a >= target && a - h >= 2) return 0;
    if (h === a && h >= target - 1) return fromLevel;
    const key = `${h}|${a}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const server = tiebreakServer(first, h + a);
    const homeWins = server === "home" ? point.home : 1 - point.away;
    const value = homeWins * from(h + 1, a) + (1 - homeWins) * from(h, a + 1);
    memo.set(key, value);
    return value;
  };
  return from(0, 0);
}
