/**
 * Sandbox odds move on every call (ADR-0019): before `/v1/{sport}/odds` reads a fixture's
 * prices, each bookmaker's line takes one step of a small random walk — the fair chances behind
 * its prices wobble by about 2 % — fed through the sandbox's ingestor like any other odds, so the
 * stream and webhooks see them too. The walk is anchored: each line remembers its margin and fair
 * chances from the first time it was walked, is always priced with that margin, and is pulled a
 * little back toward those chances at every step, so however long a client polls, margins stay
 * put and prices wander around where they started instead of drifting away.
 */

import type { FeedIngestor } from "../live/feed-ingestor.js";
import { priceForChance } from "../odds/pricing.js";
import type { Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";

const STEP = 0.02;
/** Share of the way back to the anchor each step (a mean-reverting walk). */
const PULL = 0.08;

interface Anchor {
  overround: number;
  fair: Map<string, number>;
}

export interface OddsWalkDeps {
  store: Store;
  ingestor: FeedIngestor;
  random?: () => number;
}

/** A standard normal draw (Box–Muller). */
function normal(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** `step(sport, fixtureId)`: every line of the fixture takes one step, through the ingestor. */
export type OddsWalk = (sport: Sport, fixtureId: string) => Promise<void>;

export function oddsWalk(deps: OddsWalkDeps): OddsWalk {
  const random = deps.random ?? Math.random;
  const anchors = new Map<string, Anchor>();
  return async (sport, fixtureId) => {
    const rows = await deps.store.db
      .selectFrom("odds")
      .select(["bookmaker", "market", "line", "subject", "selection", "price"])
      .where("sport", "=", sport)
      .where("fixture_id", "=", fixtureId)
      .execute();
    const lines = new Map<string, typeof rows>();
    for (const row of rows) {
      const key = `${row.bookmaker}|${row.market}|${row.subject}|${row.line ?? ""}`;
      lines.set(key, [...(lines.get(key) ?? []), row]);
    }
    const messages = [...lines.entries()].map(([key, line]) => {
      const first = line[0] as (typeof rows)[number];
      const implied = line.map((r) => 1 / r.price);
      const total = implied.reduce((a, b) => a + b, 0);
      const anchorKey = `${sport}|${fixtureId}|${key}`;
      let anchor = anchors.get(anchorKey);
      if (anchor === undefined) {
        anchor = {
          overround: Math.min(1.25, Math.max(1.02, total)),
          fair: new Map(line.map((r, i) => [r.selection, (implied[i] ?? 0) / total])),
        };
        anchors.set(anchorKey, anchor);
      }
      const { fair: home, overround } = anchor;
      // log-space: current chances, pulled toward the anchor, plus a random step.
      const moved = line.map((r, i) => {
        const now = Math.log((implied[i] ?? 0) / total);
        const ref = Math.log(home.get(r.selection) ?? (implied[i] ?? 0) / total);
        return Math.exp(now + PULL * (ref - now) + STEP * normal(random));
      });
      const sum = moved.reduce((a, b) => a + b, 0);
      const prices = Object.fromEntries(
        line.map((r, i) => {
          const fair = (moved[i] ?? 0) / sum;
          return [r.selection, priceForChance(fair, overround)];
        }),
      );
      return {
        type: "odds",
        sport,
        data: {
          fixture_id: fixtureId,
          bookmaker: first.bookmaker,
          market: first.market,
          ...(first.line !== null ? { line: first.line } : {}),
          ...(first.subject !== "" ? { subject: first.subject } : {}),
          prices,
        },
      };
    });
    if (messages.length > 0) await deps.ingestor.ingestMessages(messages);
  };
}
