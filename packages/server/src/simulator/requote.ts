/**
 * When an in-play line requotes. A score change requotes at once when it swings the home side's
 * log-odds by SCORE_MOVE or more (a goal, a late basket, a run of points; not one early basket);
 * the clock requotes once a twelfth of the match, when some chance has moved by MIN_MOVE since
 * the last quote (time running down, small score changes adding up). Each slot allows one of
 * each, so a line requotes — and fires `odds.moved` — at most MAX_REQUOTES times a match.
 */

/** Relative move of some selection's chance (≈ of its price) worth a requote on the clock. */
const MIN_MOVE = 0.02;
/** Move of the home side's log-odds worth a requote as soon as the score changes. */
const SCORE_MOVE = 0.3;
/**
 * The requote grid: the match in twelve slots (the simulator reprices on the clock every twelfth
 * of the match). A line requotes at most once per slot for the clock and once for the score.
 */
const SLOTS = 12;
/** The most requotes (so `odds.moved` events) of a line in a match: its opening, two a slot. */
export const MAX_REQUOTES = 1 + 2 * SLOTS;

/** A line's last in-play quote: what it priced, and when. */
export interface LiveQuote {
  /** The chances the quote priced (the capped fair chances, src/odds/no-arbitrage.ts). */
  chances: Record<string, number>;
  prices: Record<string, number>;
  /** The margin (the lead, cricket's expected margin) and the clock slot it was quoted at. */
  margin: number;
  slot: number;
  /** Whether a score change already requoted the line in this slot. */
  scoreUsed: boolean;
}

/**
 * Why a line requotes now, or null: the market opens; the score moved the home side's log-odds
 * by SCORE_MOVE or more (once per slot); or a new slot of the clock with some chance moved by
 * MIN_MOVE or more since the last quote.
 */
export function requoteReason(
  quoted: LiveQuote | null,
  fair: Record<string, number>,
  margin: number,
  slot: number,
): "open" | "score" | "clock" | null {
  if (quoted === null) return "open";
  const logit = (p: number) => Math.log(p / (1 - p));
  const swing = Math.abs(logit(fair.home ?? 0.5) - logit(quoted.chances.home ?? 0.5));
  const scoreFree = !(quoted.slot === slot && quoted.scoreUsed);
  if (margin !== quoted.margin && swing >= SCORE_MOVE && scoreFree) return "score";
  if (slot > quoted.slot && movedEnough(quoted.chances, fair)) return "clock";
  return null;
}

/** Whether some selection's chance moved by MIN_MOVE or more (relative) since `before`. */
function movedEnough(before: Record<string, number>, now: Record<string, number>): boolean {
  return Object.entries(now).some(([k, p]) => {
    const was = before[k];
    return was === undefined || Math.abs(Math.log(p / was)) >= MIN_MOVE;
  });
}

/** The clock slot of a moment, from the share of the match left. */
export function slotOf(left: number): number {
  return Math.min(SLOTS - 1, Math.floor((1 - Math.min(1, Math.max(0, left))) * SLOTS));
}
