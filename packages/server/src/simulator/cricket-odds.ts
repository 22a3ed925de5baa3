/**
 * Cricket in play, as the run margin (home − away) to expect at the end, for `liveChances`. A
 * side's runs so far say little on their own — 60 after six overs is a good start, 60 all out a
 * disaster — so each side counts what it has plus what its innings is still worth:
 *
 * - an innings not started is worth PAR (a T20 first innings: about 165, sd 25);
 * - an innings in progress, its runs plus what its balls left and wickets in hand should add
 *   (RUN_RATE a ball, less as wickets fall: a wicket lengthens the batting side's price);
 * - a completed innings, its runs.
 *
 * With a score folded from completed innings only, an innings in progress reads as not
 * started: the margin is then par against par until the first innings is done.
 */
import { oversToDecimal } from "../sports/cricket.js";
import type { Score, Side } from "../sports/types.js";

/** A T20 innings' expected total (src/sample/sports/cricket.ts: about 165). */
const CRICKET_PAR = 165;
/** Balls in a T20 innings. */
const BALLS = 120;
/** Expected runs a ball with all ten wickets in hand. */
const RUN_RATE = CRICKET_PAR / BALLS;

interface Innings {
  team: Side;
  runs: number;
  wickets: number;
  balls: number;
  inProgress: boolean;
}

/** The regular (not super over) innings of a cricket score, as far as they can be read. */
function inningsOf(score: Score): Innings[] {
  const list = Array.isArray(score.innings) ? (score.innings as unknown[]) : [];
  const innings: Innings[] = [];
  for (const value of list) {
    if (typeof value !== "object" || value === null) continue;
    const entry = value as Record<string, unknown>;
    if (entry.team !== "home" && entry.team !== "away") continue;
    if (entry.super_over === true || typeof entry.runs !== "number") continue;
    let balls = BALLS;
    try {
      balls = Math.round(oversToDecimal(String(entry.overs ?? "20")) * 6);
    } catch {
      // Unreadable overs: count the innings as full.
    }
    innings.push({
      team: entry.team,
      runs: entry.runs,
      wickets: typeof entry.wickets === "number" ? entry.wickets : 0,
      balls,
      inProgress: entry.in_progress === true,
    });
  }
  return innings;
}

/** What an innings in progress should still add: its balls left, fewer as wickets fall. */
function stillToCome(innings: Innings): number {
  const ballsLeft = Math.max(0, BALLS - innings.balls);
  const inHand = Math.max(0, 1 - innings.wickets / 10);
  return RUN_RATE * ballsLeft * Math.sqrt(inHand);
}

/** The expected final margin, home minus away, in runs. */
export function cricketMargin(score: Score): number {
  const innings = inningsOf(score);
  const expected = (side: Side) => {
    const own = innings.filter((entry) => entry.team === side);
    if (own.length === 0) return CRICKET_PAR;
    return own.reduce(
      (sum, entry) => sum + entry.runs + (entry.inProgress ? stillToCome(entry) : 0),
      0,
    );
  };
  return expected("home") - expected("away");
}
