/**
 * A scripted bout of the combat sports model, shared by the generator and the simulator: the
 * winner from the fighters' ratings, how and when it ends (about a third by KO/TKO, a sixth by
 * submission, half on the judges' cards; draws and no contests are rare), knockdowns, the three
 * named judges' 10-point-must cards for a decision, and what each fighter landed.
 */
import type { FinishMethod } from "../../sports/combat-sports.js";
import { otherSide } from "../../sports/module-parts.js";
import type { Side } from "../../sports/types.js";
import { winProbability } from "../odds-pricing.js";
import type { Rng } from "../rng.js";
import type { ScriptedEvent } from "../team-sport-profile.js";

/** How fights end (before the rating gap makes stoppages likelier). */
// biome-ignore format: a table
const METHODS: Readonly<Record<FinishMethod, number>> = {
  ko: 0.12, tko: 0.2, submission: 0.18, decision: 0.475, draw: 0.012, no_contest: 0.008,
  disqualification: 0.005,
};
export const FINISHES = Object.keys(METHODS) as FinishMethod[];
const STOPPAGES: readonly FinishMethod[] = ["ko", "tko", "submission", "disqualification"];
/** Chance that a stoppage comes in round 1, 2, … */
export const STOPPAGE_ROUND = [0.42, 0.3, 0.18, 0.06, 0.04];
/** Significant strikes and takedowns landed per minute by the two fighters together. */
const STRIKES_PER_MINUTE = 7.5;
const TAKEDOWNS_PER_MINUTE = 0.18;

/** The three judges who score a bout, by name. */
export type Judges = readonly [string, string, string];

/** A scripted bout: knockdowns, round ends and the finish, with its winner and result text. */
export interface Bout {
  events: ScriptedEvent[];
  winner: Side | null;
  method: FinishMethod;
  text: string;
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
/** Match-clock minute of `seconds` into a round: five-minute rounds, a minute's rest between. */
const elapsed = (round: number, seconds: number) => (round - 1) * 6 + Math.floor(seconds / 60);

/** Method weights; a wider rating gap makes stoppages likelier. */
export function methodWeights(diff: number): number[] {
  const boost = 1 + 0.25 * Math.min(2, Math.abs(diff));
  return FINISHES.map((m) => METHODS[m] * (STOPPAGES.includes(m) ? boost : 1));
}

/** Scripts a bout of `rounds` rounds from the fighters' ratings, scored by `judges`. */
export function fight(
  rng: Rng,
  home: { rating: number },
  away: { rating: number },
  rounds: number,
  judges: Judges,
): Bout {
  const diff = home.rating - away.rating;
  const side: Side = rng.chance(winProbability(diff, 0.8)) ? "home" : "away";
  const method = rng.weighted(FINISHES, methodWeights(diff));
  const stopped = STOPPAGES.includes(method) || method === "no_contest";
  const byRound = STOPPAGE_ROUND.slice(0, rounds);
  const round = stopped ? 1 + rng.weighted([...byRound.keys()], byRound) : rounds;
  const seconds = stopped ? rng.int(8, 299) : 300;
  const events: ScriptedEvent[] = [];
  for (let n = 1; n <= round; n++) {
    const period = `round_${n}`;
    const last = n === round;
    const finisher = last && (method === "ko" || method === "tko") && rng.chance(0.55);
    if (finisher || rng.chance(0.07)) {
      const by: Side = finisher || rng.chance(0.7) ? side : otherSide(side);
      const minute = elapsed(n, rng.int(0, last ? seconds : 299));
      events.push({ type: "knockdown", period, minute, side: by, detail: { round: n } });
    }
    if (!last || !stopped) {
      const minute = elapsed(n, 300);
      events.push({ type: "round_end", period, minute, side: null, detail: { round: n } });
    }
  }
  const winner: Side | null = method === "draw" || method === "no_contest" ? null : side;
  const minutes = (round - 1) * 5 + seconds / 60;
  const detail: Record<string, unknown> = { method, round, time: clock(seconds) };
  const label =
    method === "ko" || method === "tko" ? method.toUpperCase() : method.replace("_", " ");
  let text = `${label} (round ${round}, ${clock(seconds)})`;
  if (!stopped) {
    const { cards, kind } = scorecards(rng, rounds, judges, winner);
    Object.assign(detail, { scorecards: cards, decision: kind });
    const totals = cards.map((c) =>
      side === "home" ? `${c.home}-${c.away}` : `${c.away}-${c.home}`,
    );
    text = `${kind} ${method === "draw" ? "draw" : "decision"} (${totals.join(", ")})`;
  }
  detail.fight_stats = fightStats(rng, diff, winner, minutes);
  const minute = elapsed(round, seconds);
  events.push({ type: "finish", period: `round_${round}`, minute, side: winner, detail });
  return { events, winner, method, text };
}

/** Significant strikes and takedowns each fighter landed; the better and the winner land more. */
function fightStats(rng: Rng, diff: number, winner: Side | null, minutes: number) {
  const lean = winner === "home" ? 0.45 : winner === "away" ? -0.45 : 0;
  const share = 1 / (1 + Math.exp(-(0.35 * diff + lean)));
  const landed = (shareOf: number) => ({
    significant_strikes: rng.poisson(minutes * STRIKES_PER_MINUTE * shareOf),
    takedowns: rng.poisson(minutes * TAKEDOWNS_PER_MINUTE * shareOf),
  });
  return { home: landed(share), away: landed(1 - share) };
}

type Card = { judge: string; home: number; away: number };

/** The three judges' 10-point-must totals; `winner` null for a draw. */
function scorecards(
  rng: Rng,
  rounds: number,
  judges: Judges,
  winner: Side | null,
): { cards: Card[]; kind: string } {
  const full = rounds * 10;
  const most = Math.ceil(rounds / 2);
  // `side` took `won` rounds 10-9; null = an even card (one 10-8 round each way).
  const card = (judge: string, side: Side | null, won: number): Card => {
    if (side === null) return { judge, home: full - 2, away: full - 2 };
    const [w, l] = [full - (rounds - won), full - won];
    return side === "home" ? { judge, home: w, away: l } : { judge, home: l, away: w };
  };
  const [a, b, c] = judges;
  const weights = winner === null ? [0.3, 0.4, 0.3] : [0.75, 0.18, 0.07];
  const kind = rng.weighted(["unanimous", "split", "majority"], weights);
  if (winner === null) {
    if (kind === "unanimous")
      return { cards: [card(a, null, 0), card(b, null, 0), card(c, null, 0)], kind };
    const second = kind === "split" ? card(b, "away", most) : card(b, null, 0);
    return { cards: [card(a, "home", most), second, card(c, null, 0)], kind };
  }
  const loser = otherSide(winner);
  const clear = (judge: string) => card(judge, winner, rng.int(most, rounds));
  const third =
    kind === "split" ? card(c, loser, most) : kind === "majority" ? card(c, null, 0) : clear(c);
  return { cards: [clear(a), clear(b), third], kind };
}
