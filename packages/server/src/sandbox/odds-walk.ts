/**
 * Sandbox odds move on every call (decisions §7): before `/v1/{sport}/odds` reads a fixture's
 * prices, each bookmaker's line takes one step of a small random walk — the fair chances
 * behind its prices wobble by about 2 % and are priced again with the book's own margin — fed
 * through the sandbox's ingestor like any other odds, so the stream and webhooks see them too.
 */
import type { FastifyRequest } from "fastify";
import type { FeedIngestor } from "../live/ingestor.js";
import { isSport } from "../sports/registry.js";
import type { Store } from "../store/database.js";

const STEP = 0.02;

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

export function oddsWalkHook(deps: OddsWalkDeps) {
  const random = deps.random ?? Math.random;
  return async (request: FastifyRequest): Promise<void> => {
    const sport = (request.params as { sport?: string }).sport;
    const query = request.query as { match_id?: unknown; fixture_id?: unknown };
    const fixtureId = query.match_id ?? query.fixture_id;
    if (typeof sport !== "string" || !isSport(sport) || typeof fixtureId !== "string") return;
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
    const messages = [...lines.values()].map((line) => {
      const first = line[0] as (typeof rows)[number];
      const implied = line.map((r) => 1 / r.price);
      const overround = implied.reduce((a, b) => a + b, 0);
      const moved = implied.map((p) => (p / overround) * Math.exp(STEP * normal(random)));
      const total = moved.reduce((a, b) => a + b, 0);
      const prices = Object.fromEntries(
        line.map((r, i) => {
          const fair = (moved[i] ?? 0) / total;
          return [r.selection, Math.max(1.01, Math.round((1 / (fair * overround)) * 100) / 100)];
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
