/**
 * Shirt numbers that fit a player's position and sport: a football goalkeeper wears 1 or a
 * usual keeper's number, an NFL quarterback 1–19, a lineman 50–79. Numbers are unique within a
 * squad; the most constrained positions choose first so nobody runs out.
 */
import type { Sport } from "../sports/types.js";
import type { Rng } from "./rng.js";

/** Inclusive ranges, e.g. `[[1, 49], [80, 89]]`. */
type Ranges = ReadonlyArray<readonly [number, number]>;

interface NumberRule {
  /** Numbers tried first, in this order (a team's first keeper wears 1). */
  first?: readonly number[];
  /** Tried next, in random order: the numbers the position usually wears. */
  usual?: Ranges;
  /** Every number the position may wear. */
  allowed: Ranges;
}

const range = (from: number, to: number): readonly [number, number] => [from, to];

/** Football: keepers wear 1 then the usual back-up numbers; outfield players 2–99, mostly low. */
const KEEPER_NUMBERS = [1, 13, 12, 16, 23, 25, 30, 31, 33, 40, 41, 99];
const OUTFIELD = [range(2, 99)];
const FOOTBALL: Record<string, NumberRule> = {
  goalkeeper: { first: [1], allowed: KEEPER_NUMBERS.map((n) => range(n, n)) },
  defender: { first: [2, 3, 4, 5], usual: [range(2, 35)], allowed: OUTFIELD },
  midfielder: { first: [8, 6, 10], usual: [range(6, 35)], allowed: OUTFIELD },
  forward: { first: [9, 11, 7], usual: [range(7, 35)], allowed: OUTFIELD },
};

/** NFL numbering (2021 rules as the league states them, without 0). */
const NFL_BACKS = [range(1, 49)];
const NFL_RECEIVERS = [range(1, 49), range(80, 89)];
const NFL_LINEBACKERS = [range(1, 59), range(90, 99)];
const NFL_DEFENSIVE_LINE = [range(50, 79), range(90, 99)];
const AMERICAN_FOOTBALL: Record<string, NumberRule> = {
  quarterback: { allowed: [range(1, 19)] },
  kicker: { allowed: [range(1, 19)] },
  punter: { allowed: [range(1, 19)] },
  running_back: { usual: [range(20, 49)], allowed: NFL_BACKS },
  cornerback: { usual: [range(20, 49)], allowed: NFL_BACKS },
  safety: { usual: [range(20, 49)], allowed: NFL_BACKS },
  wide_receiver: { usual: [range(10, 19), range(80, 89)], allowed: NFL_RECEIVERS },
  tight_end: { usual: [range(80, 89)], allowed: NFL_RECEIVERS },
  linebacker: { usual: [range(40, 59)], allowed: NFL_LINEBACKERS },
  offensive_lineman: { allowed: [range(50, 79)] },
  defensive_lineman: { usual: [range(90, 99)], allowed: NFL_DEFENSIVE_LINE },
};

/** Basketball allows 0–99; most players wear 0–35. */
const BASKETBALL: NumberRule = { usual: [range(0, 35)], allowed: [range(0, 99)] };
/** Everywhere else a number from 1 to 99. */
const ANY: NumberRule = { allowed: [range(1, 99)] };

/** The numbering rule of one position in one sport. */
function shirtNumberRule(sport: Sport, position: string): NumberRule {
  if (sport === "football") return FOOTBALL[position] ?? { allowed: OUTFIELD };
  if (sport === "american-football") return AMERICAN_FOOTBALL[position] ?? ANY;
  if (sport === "basketball") return BASKETBALL;
  return ANY;
}

function numbersIn(ranges: Ranges): number[] {
  return ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

/**
 * A shirt number for each position in `positions` (same order), unique within the list. Fails
 * loudly when a squad template asks for more players than a position has numbers.
 */
export function assignShirtNumbers(rng: Rng, sport: Sport, positions: readonly string[]): number[] {
  const allowedCount = (position: string) =>
    numbersIn(shirtNumberRule(sport, position).allowed).length;
  const order = positions
    .map((position, index) => ({ position, index, room: allowedCount(position) }))
    .sort((a, b) => a.room - b.room || a.index - b.index);
  const taken = new Set<number>();
  const numbers = new Array<number>(positions.length);
  for (const { position, index } of order) {
    const rule = shirtNumberRule(sport, position);
    const allowed = new Set(numbersIn(rule.allowed));
    const free = (n: number) => allowed.has(n) && !taken.has(n);
    const choice =
      (rule.first ?? []).find(free) ??
      rng.shuffle(numbersIn(rule.usual ?? [])).find(free) ??
      rng.shuffle([...allowed]).find(free);
    if (choice === undefined) throw new Error(`${sport}: no shirt number left for a ${position}`);
    taken.add(choice);
    numbers[index] = choice;
  }
  return numbers;
}
