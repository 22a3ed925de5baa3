/**
 * One T20 innings ball by ball, for the sample generator and the live simulator alike: the plan's
 * runs, wickets and legal balls laid out as deliveries (wides and no-balls bowled again, byes and
 * leg byes), the strike changing on odd runs and at the end of each over. Runs off the bat are
 * drawn ball by ball (a better batter in form scores faster), then nudged so the innings adds up
 * to the plan exactly; the batters' figures and milestones are what the balls made them.
 */
import type { Side } from "../../sports/types.js";
import type { Rng } from "../rng.js";
import type { SquadPlayer } from "../team-sport-profile.js";
import { Crease, type Delivery, type ExtraKind } from "./cricket-crease.js";
import { type TimedEvent, timed } from "./match-clock.js";

export interface InningsPlan {
  side: Side;
  runs: number;
  wickets: number;
  /** Legal balls bowled: 120 unless the side was bowled out or the chase was won. */
  balls: number;
  /** A winning chase: the runs off its last ball, the hit that passes the target. */
  lastHit?: number;
}

/** Who bats, who bowls and who fields in one innings. */
export interface InningsSides {
  order: readonly SquadPlayer[];
  bowlers: readonly SquadPlayer[];
  bowlerWeights: readonly number[];
  fielders: readonly SquadPlayer[];
}

export interface BattingLine {
  player_id: string;
  runs: number;
  balls: number;
  out: boolean;
}

export interface PlayedInnings {
  /** Every delivery, wicket and milestone in order, on the match clock. */
  events: TimedEvent[];
  batting: BattingLine[];
  extras: number;
}

/** Runs off the bat a ball can bring, and how often in an average T20 innings. */
const SHOT_RUNS = [0, 1, 2, 3, 4, 6];
const SHOT_WEIGHTS = [0.38, 0.35, 0.08, 0.01, 0.12, 0.06];
const EXTRA_KINDS: readonly ExtraKind[] = ["wides", "legbyes", "noballs", "byes"];
const EXTRA_WEIGHTS = [0.5, 0.3, 0.12, 0.08];
const DISMISSALS = ["caught", "bowled", "lbw", "run_out", "stumped"];
const DISMISSAL_WEIGHTS = [0.58, 0.17, 0.12, 0.09, 0.04];
const BATTING_SKILL: Record<string, number> = { batter: 1.3, wicket_keeper: 1.2, all_rounder: 1 };
/** Overs one bowler may bowl in a T20 innings. */
const OVERS_PER_BOWLER = 4;

const batting = (p: SquadPlayer) => (BATTING_SKILL[p.position] ?? 0.55) * (0.7 + 0.6 * p.quality);

/** Tilted shot weights by rate in hundredths of a run (the bisection is the costly part). */
const tilted = new Map<number, number[]>();

/** The shot weights tilted (p ∝ base · e^(θ·runs)) so a ball brings `mean` runs on average. */
function shotWeights(mean: number): number[] {
  const key = Math.round(Math.min(5.5, Math.max(0.05, mean)) * 100);
  const known = tilted.get(key);
  if (known !== undefined) return known;
  let [low, high] = [-8, 4];
  let weights = SHOT_WEIGHTS;
  for (let i = 0; i < 30; i++) {
    const theta = (low + high) / 2;
    weights = SHOT_WEIGHTS.map((w, k) => w * Math.exp(theta * (SHOT_RUNS[k] ?? 0)));
    const total = weights.reduce((sum, w) => sum + w, 0);
    const average = weights.reduce((sum, w, k) => sum + w * (SHOT_RUNS[k] ?? 0), 0) / total;
    if (average < key / 100) low = theta;
    else high = theta;
  }
  tilted.set(key, weights);
  return weights;
}

/** The deliveries before any run off the bat is drawn: legal balls, wickets, extras. */
function layOut(rng: Rng, plan: InningsPlan, extras: number): Delivery[] {
  const fallBalls = rng.sample(
    Array.from({ length: plan.balls - 1 }, (_, i) => i + 1),
    plan.wickets,
  );
  // Bowled out: the tenth wicket is the innings' last ball.
  if (plan.wickets === 10) fallBalls[fallBalls.indexOf(Math.max(...fallBalls))] = plan.balls;
  const falls = new Set(fallBalls);
  const legal = Array.from(
    { length: plan.balls },
    (_, i): Delivery => ({
      ball: i + 1,
      legal: true,
      bat: 0,
      extras: 0,
      kind: null,
      wicket: false,
    }),
  );
  for (const d of legal) d.wicket = falls.has(d.ball);
  const last = legal.at(-1);
  if (plan.lastHit !== undefined && last !== undefined) last.bat = plan.lastHit;
  const before: Delivery[][] = legal.map(() => []);
  for (let n = 0; n < extras; n++) {
    const kind = rng.weighted(EXTRA_KINDS, EXTRA_WEIGHTS);
    // Byes and leg byes come off a legal ball nobody hit (nor the chase's winning hit).
    const quiet = legal.filter((d) => !d.wicket && d !== last && (d.kind ?? kind) === kind);
    if ((kind === "byes" || kind === "legbyes") && quiet.length > 0) {
      const d = rng.pick(quiet);
      d.kind = kind;
      d.extras += 1;
      continue;
    }
    const at = rng.int(0, plan.balls - 1);
    const wide = kind === "noballs" ? "noballs" : "wides";
    before[at]?.push({ ball: at, legal: false, bat: 0, extras: 1, kind: wide, wicket: false });
  }
  return legal.flatMap((d, i) => [...(before[i] ?? []), d]);
}

/** A ball whose runs off the bat are drawn: legal, no wicket, no byes, not the winning hit. */
const isOpen = (d: Delivery, last: Delivery | undefined, plan: InningsPlan) =>
  d.legal && !d.wicket && d.kind === null && !(d === last && plan.lastHit !== undefined);

/**
 * Runs off the bat ball by ball, each ball's rate the runs still to make over the balls left,
 * the better of the two batters in the middle scoring the faster (by the square root of their
 * batting, as strike rates spread); then ±2 (which keeps who is on strike) or ±1 steps on random
 * balls make them add up to `runs` exactly.
 */
function drawRuns(rng: Rng, plan: InningsPlan, balls: Delivery[], runs: number, form: number[]) {
  const last = balls.at(-1);
  const open = balls.filter((d) => isOpen(d, last, plan));
  const crease = new Crease(form.length);
  let left = runs - (plan.lastHit ?? 0);
  let openLeft = open.length;
  for (const d of balls) {
    if (isOpen(d, last, plan)) {
      const striker = form[crease.striker] ?? 1;
      const pair = (striker + (form[crease.other] ?? striker)) / 2;
      const rate = (left / openLeft) * Math.sqrt(striker / pair);
      d.bat = rng.weighted(SHOT_RUNS, shotWeights(rate));
      left -= d.bat;
      openLeft -= 1;
    }
    crease.play(d);
  }
  while (left !== 0) {
    const step = Math.sign(left) * Math.min(2, Math.abs(left));
    const can = open.filter((d) => SHOT_RUNS.includes(d.bat + step));
    if (can.length === 0) throw new RangeError(`cricket: cannot make ${runs} off these balls`);
    rng.pick(can).bat += step;
    left -= step;
  }
}

/** The bowler of each over: weighted picks, four overs at most, never two overs running. */
function overBowlers(rng: Rng, sides: InningsSides, overs: number): SquadPlayer[] {
  const bowled = new Map<SquadPlayer, number>();
  const out: SquadPlayer[] = [];
  for (let over = 0; over < overs; over++) {
    const fresh = sides.bowlers.filter(
      (p) => p !== out.at(-1) && (bowled.get(p) ?? 0) < OVERS_PER_BOWLER,
    );
    const pool = fresh.length > 0 ? fresh : sides.bowlers;
    const weights = pool.map((p) => sides.bowlerWeights[sides.bowlers.indexOf(p)] ?? 1);
    const bowler = rng.weighted(pool, weights);
    bowled.set(bowler, (bowled.get(bowler) ?? 0) + 1);
    out.push(bowler);
  }
  return out;
}

/**
 * Plays one innings ball by ball. `number` is the innings (1 or 2); `clock(balls)` is the match
 * clock after that many legal balls.
 */
export function playBalls(
  rng: Rng,
  plan: InningsPlan,
  sides: InningsSides,
  number: number,
  clock: (balls: number) => number,
): PlayedInnings {
  const extras = Math.min(plan.runs - (plan.lastHit ?? 0), Math.round(rng.normal(8, 3)));
  const balls = layOut(rng, plan, Math.max(0, Math.min(20, extras)));
  const extraRuns = balls.reduce((sum, d) => sum + d.extras, 0);
  const form = sides.order.map((p) => batting(p) * Math.exp(rng.normal(0, 0.45)));
  drawRuns(rng, plan, balls, plan.runs - extraRuns, form);
  const bowlers = overBowlers(rng, sides, Math.ceil(plan.balls / 6));
  const crease = new Crease(sides.order.length);
  const events: TimedEvent[] = [];
  let wickets = 0;
  for (const d of balls) {
    const before = d.legal ? d.ball - 1 : d.ball;
    const at = clock(d.legal ? d.ball : before + 0.5);
    const striker = sides.order[crease.striker];
    const bowler = bowlers[Math.floor(before / 6)];
    const milestones = crease.play(d);
    const detail: Record<string, unknown> = {
      innings: number,
      over: `${Math.floor(before / 6)}.${(before % 6) + 1}`,
      runs: { batter: d.bat, extras: d.extras, total: d.bat + d.extras },
      legal: d.legal,
      ...(d.kind === null ? {} : { extras: { [d.kind]: d.extras } }),
    };
    if (d.wicket) {
      wickets += 1;
      const kind = rng.weighted(DISMISSALS, DISMISSAL_WEIGHTS);
      const fielder =
        kind === "run_out" || bowler === undefined ? rng.pick(sides.fielders) : bowler;
      const more = { relatedPlayerId: fielder.id, detail: { ...detail, kind, wicket: wickets } };
      events.push(timed(at, "wicket", plan.side, striker?.id ?? null, more));
    } else {
      const type = d.bat === 6 ? "six" : d.bat === 4 ? "four" : "delivery";
      const more = { relatedPlayerId: bowler?.id ?? null, detail };
      events.push(timed(at, type, plan.side, striker?.id ?? null, more));
    }
    for (const { mark, balls: faced } of milestones) {
      const type = mark === 50 ? "fifty" : "hundred";
      events.push(timed(at, type, plan.side, striker?.id ?? null, { detail: { balls: faced } }));
    }
  }
  const lines = crease.cards.flatMap((card, i): BattingLine[] => {
    const player = sides.order[i];
    return player === undefined ? [] : [{ player_id: player.id, ...card }];
  });
  return { events, batting: lines, extras: extraRuns };
}
