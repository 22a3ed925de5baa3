/**
 * Sandbox odds change on every call (the interface's promise, ADR-0019) without turning into
 * noise the match does not explain. Before `/v1/{sport}/odds` reads a fixture's prices, each
 * bookmaker line flickers by one tick: it alternates between its quote — what the sample data,
 * or the sandbox's simulator while the match is live, last set — and that quote shaded one cent
 * lower on every selection (a price at 1.01 stays). Hence:
 *
 * - a price is never more than 0.01 from its quote and never drifts, however long a client
 *   polls; when the simulator requotes, the flicker follows the new quote;
 * - a flicker is under 1 % of any price, far below the default `odds.moved` threshold (5 %):
 *   the prices that move far are the ones the match moved;
 * - shading only lowers prices, so margins only grow and the best prices across books still
 *   never add up to an arbitrage (src/odds/no-arbitrage.ts).
 *
 * The flicker is an ordinary odds update through the sandbox's ingestor, so the stream and
 * webhooks see it (`odds.changed`) like any other change.
 */

import { roundPrice } from "../odds/pricing.js";
import type { Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";
import type { SampleWorldFeed } from "./sample-world.js";

/** One cent: the smallest step a decimal price is quoted in. */
const TICK = 0.01;

interface Flicker {
  /** The line's quote: the prices someone other than the walk last set. */
  quote: Record<string, number>;
  /** What the walk itself last wrote (the quote or its shaded version). */
  written: Record<string, number>;
}

export interface OddsWalkDeps {
  store: Store;
  ingestor: SampleWorldFeed;
}

/** `step(sport, fixtureId)`: every line of the fixture flickers once, through the ingestor. */
export type OddsWalk = (sport: Sport, fixtureId: string) => Promise<void>;

/** Every selection one tick lower, never below 1.01. */
export function shaded(prices: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(prices).map(([k, price]) => [k, roundPrice(price - TICK)]),
  );
}

function same(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** The prices a line shows next, given what the store holds now and what the walk remembers. */
export function nextFlicker(
  stored: Readonly<Record<string, number>>,
  memory: Flicker | undefined,
): Flicker {
  if (memory === undefined || !same(stored, memory.written)) {
    // New to the walk, or requoted since (the simulator, a feed): that is the quote now.
    return { quote: { ...stored }, written: shaded(stored) };
  }
  const atQuote = same(memory.written, memory.quote);
  return { quote: memory.quote, written: atQuote ? shaded(memory.quote) : { ...memory.quote } };
}

export function oddsWalk(deps: OddsWalkDeps): OddsWalk {
  const memory = new Map<string, Flicker>();
  return async (sport, fixtureId) => {
    const rows = await deps.store.db
      .selectFrom("odds")
      .select(["bookmaker", "market", "line", "subject", "selection", "price"])
      .where("sport", "=", sport)
      .where("fixture_id", "=", fixtureId)
      .execute();
    const lines = new Map<string, typeof rows>();
    for (const row of rows) {
      const key = `${sport}|${fixtureId}|${row.bookmaker}|${row.market}|${row.subject}|${row.line ?? ""}`;
      lines.set(key, [...(lines.get(key) ?? []), row]);
    }
    const messages = [...lines.entries()].map(([key, line]) => {
      const first = line[0] as (typeof rows)[number];
      const stored = Object.fromEntries(line.map((r) => [r.selection, r.price]));
      const next = nextFlicker(stored, memory.get(key));
      memory.set(key, next);
      return {
        type: "odds",
        sport,
        data: {
          fixture_id: fixtureId,
          bookmaker: first.bookmaker,
          market: first.market,
          ...(first.line !== null ? { line: first.line } : {}),
          ...(first.subject !== "" ? { subject: first.subject } : {}),
          prices: next.written,
        },
      };
    });
    if (messages.length > 0) await deps.ingestor.ingestMessages(messages);
  };
}
