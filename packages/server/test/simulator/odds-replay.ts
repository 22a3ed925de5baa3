/**
 * Replays a simulated match through the in-play pricing the way the simulator drives it, at its
 * most eager: after every step of the flow and at every whole match minute in between. A small
 * model of the odds handler (src/live/handlers/odds.ts) keeps each price's `odds.moved`
 * reference, so a replay counts the `odds.changed` and `odds.moved` a match would publish.
 */
import { priceMarket, quote } from "../../src/sample/odds-pricing.js";
import { BOOKMAKERS } from "../../src/sample/pools/index.js";
import { Rng } from "../../src/sample/rng.js";
import type { FlowFixture, FlowSide } from "../../src/simulator/flow.js";
import { buildFlow } from "../../src/simulator/flows/index.js";
import {
  liveLinesFrom,
  liveOddsMessages,
  type StoredPrice,
} from "../../src/simulator/match-odds.js";
import { SPORT_MODULES } from "../../src/sports/registry.js";
import type { Score, Sport } from "../../src/sports/types.js";

/** The head-to-head sports with match-winner prices; football's is a 1X2. */
export const PRICED_SPORTS = [
  "football",
  "basketball",
  "american-football",
  "cricket",
  "baseball",
  "esports",
  "tennis",
  "combat-sports",
] as const satisfies readonly Sport[];

const RULES: Partial<Record<Sport, Record<string, unknown>>> = {
  basketball: { quarter_minutes: 12, overtime_minutes: 5 },
  tennis: { best_of: 3, draw_size: 32 },
  "combat-sports": { rounds: 3, main_event_rounds: 5, round_minutes: 5 },
};

function side(key: "home" | "away", strength: number): FlowSide {
  const name = key === "home" ? "Home Side" : "Away Side";
  return { teamId: `tm-${key}`, name, strength, players: [] };
}

function fixtureFor(sport: Sport, strength: number): FlowFixture {
  return {
    id: `fx-${sport}`,
    sport,
    home: side("home", strength / 2),
    away: side("away", -strength / 2),
    participants: null,
    rules: RULES[sport] ?? {},
    round: null,
  };
}

/** Every book's pre-match match-winner prices for a home strength edge (sample pricing). */
export function prematchRows(sport: Sport, strength: number, rng: Rng): StoredPrice[] {
  const home = 1 / (1 + Math.exp(-0.9 * strength));
  const market = sport === "football" ? "1x2" : "moneyline";
  const draw = 0.26;
  const selections: Record<string, number> =
    market === "1x2"
      ? { home: home * (1 - draw), draw, away: (1 - home) * (1 - draw) }
      : { home, away: 1 - home };
  return BOOKMAKERS.flatMap((book) =>
    priceMarket(rng, book, quote(market, null, selections)).map((p) => ({
      bookmaker: book.slug,
      market,
      selection: p.selection,
      price: p.price,
    })),
  );
}

/** One call of the pricing and what it published. */
interface PricingCall {
  minute: number;
  /** What prompted the call: kick-off, a step of the flow (an event or not), or the clock. */
  trigger: "kickoff" | "step" | "clock";
  /** The score at the call, and whether it changed since the previous call. */
  score: Score;
  scoreChanged: boolean;
  /** The share of the match left. */
  left: number;
  messages: Array<{ bookmaker: string; prices: Record<string, number> }>;
  /** Bookmakers whose line fired `odds.moved` at this call (THRESHOLD from its reference). */
  moved: string[];
  /** Every book's prices after the call (what the store holds). */
  held: Map<string, Record<string, number>>;
}

export interface Replay {
  sport: Sport;
  calls: PricingCall[];
  /** `odds.moved` per bookmaker line over the match. */
  movesPerLine: Map<string, number>;
}

/** The stream's and a webhook subscription's default `odds.moved` threshold. */
const THRESHOLD = 0.05;

/** The handler's view of one book's line: each price and its `odds.moved` reference. */
type HeldLine = Map<string, { price: number; reference: number }>;

export function replayMatch(sport: Sport, seed: string, strength: number): Replay {
  const rng = new Rng(`${seed}:${sport}`);
  const flow = buildFlow(rng.fork("flow"), fixtureFor(sport, strength));
  const rows = prematchRows(sport, strength, rng.fork("prices"));
  const lines = liveLinesFrom(sport, rows);
  const held = new Map<string, HeldLine>();
  for (const row of rows) {
    const line = held.get(row.bookmaker) ?? new Map();
    line.set(row.selection, { price: row.price, reference: row.price });
    held.set(row.bookmaker, line);
  }
  const module = SPORT_MODULES[sport];
  const duration = flow.steps.at(-1)?.minute ?? 0;
  let score = module.emptyScore() as Score;
  let previous = JSON.stringify(score);
  const calls: PricingCall[] = [];
  const movesPerLine = new Map<string, number>();
  const call = (minute: number, trigger: PricingCall["trigger"]) => {
    const left = duration === 0 ? 0 : 1 - minute / duration;
    const lead = score.home - score.away;
    const messages = liveOddsMessages(
      sport,
      lines,
      lead,
      left,
      rng,
      score,
    ) as PricingCall["messages"];
    const moved = messages
      .filter((message) => publish(held.get(message.bookmaker), message.prices))
      .map((message) => message.bookmaker);
    for (const book of moved) movesPerLine.set(book, (movesPerLine.get(book) ?? 0) + 1);
    const now = JSON.stringify(score);
    calls.push({
      minute,
      trigger,
      score,
      scoreChanged: now !== previous,
      left,
      messages,
      moved,
      held: snapshot(held),
    });
    previous = now;
  };
  call(0, "kickoff");
  let clock = 0;
  // The last step finishes the match: the simulator prices nothing after it.
  for (const step of flow.steps.slice(0, -1)) {
    for (; clock + 1 < step.minute; clock++) call(clock + 1, "clock");
    clock = Math.max(clock, Math.floor(step.minute));
    if (step.event !== undefined) {
      score = module.applyEvent(score, {
        type: step.event.type,
        team: step.event.side,
        period: step.period,
        minute: Math.floor(step.minute),
        detail: step.event.detail ?? {},
      });
    }
    call(step.minute, "step");
  }
  return { sport, calls, movesPerLine };
}

/** Applies a requote as the odds handler does; true when it fires `odds.moved`. */
function publish(line: HeldLine | undefined, prices: Record<string, number>): boolean {
  let fired = false;
  for (const [selection, price] of Object.entries(prices)) {
    const held = line?.get(selection);
    if (held === undefined || held.price === price) continue;
    held.price = price;
    if (Math.abs(price / held.reference - 1) >= THRESHOLD - 1e-12) {
      held.reference = price;
      fired = true;
    }
  }
  return fired;
}

function snapshot(held: Map<string, HeldLine>): Map<string, Record<string, number>> {
  return new Map(
    [...held].map(([book, line]) => [
      book,
      Object.fromEntries([...line].map(([selection, { price }]) => [selection, price])),
    ]),
  );
}
