/**
 * Feed test helpers: an app with the admin API and a memory bus whose events are collected, a
 * `feed()` that POSTs messages as NDJSON, and message builders for a small league.
 */
import { MemoryEventBus } from "../../src/adapters/bus/memory-bus.js";
import type { DomainEvent } from "../../src/events/domain-event.js";
import type { Clock } from "../../src/lib/time.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import type { TestDialect } from "../helpers/stores.js";

export const ADMIN_TOKEN = "test-admin-token-0123456789";

export interface LiveTestApp extends TestApp {
  bus: MemoryEventBus;
  /** Every event published on the bus so far, in order. */
  published: DomainEvent[];
  feed(messages: unknown[] | string, contentType?: string): Promise<FeedAnswer>;
}

export interface FeedAnswer {
  status: number;
  body: {
    data: {
      received: number;
      applied: number;
      duplicates: number;
      rejected: number;
      events: number;
      results: Array<{
        index: number;
        id: string | null;
        status: string;
        events?: number;
        error?: { code: string; field: string; message: string };
      }>;
    };
    errors: Array<{ code: string; field?: string; message: string }>;
  };
}

export async function createLiveApp(
  dialect: TestDialect,
  options: { clock?: Clock } = {},
): Promise<LiveTestApp> {
  const bus = new MemoryEventBus();
  const published: DomainEvent[] = [];
  bus.subscribe((event) => published.push(event));
  const t = await createTestApp(dialect, {
    env: { SCORELINE_ADMIN_TOKEN: ADMIN_TOKEN },
    bus,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const feed = async (messages: unknown[] | string, contentType = "application/x-ndjson") => {
    const payload =
      typeof messages === "string" ? messages : messages.map((m) => JSON.stringify(m)).join("\n");
    const response = await t.rawInject({
      method: "POST",
      url: "/admin/v1/feed",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": contentType },
      payload,
    });
    return { status: response.statusCode, body: response.json() } as FeedAnswer;
  };
  return { ...t, bus, published, feed };
}

let counter = 0;
/** A feed message with a fresh id. */
export function msg(type: string, sport: string, data: Record<string, unknown>, id?: string) {
  counter++;
  return { id: id ?? `m-${counter}-${type}`, type, sport, data };
}

/** A competition with a season, two teams with two players each, and one fixture between them. */
export function leagueMessages(sport: string, fixtureId = "fx-1") {
  const season = {
    id: `${sport}-s-2026`,
    name: "2026",
    start_date: "2026-01-01",
    end_date: "2026-12-31",
  };
  return [
    msg("competition", sport, {
      id: `${sport}-league`,
      name: `Test ${sport} League`,
      country_code: "ZZ",
      country_name: "Testland",
      season,
    }),
    msg("team", sport, {
      id: `${sport}-north`,
      name: "Northbridge Rovers",
      competition_id: `${sport}-league`,
    }),
    msg("team", sport, {
      id: `${sport}-south`,
      name: "Southmere Athletic",
      competition_id: `${sport}-league`,
    }),
    msg("player", sport, {
      id: `${sport}-n9`,
      name: "Ada Striker",
      team_id: `${sport}-north`,
      position: "FW",
    }),
    msg("player", sport, {
      id: `${sport}-s9`,
      name: "Bo Finisher",
      team_id: `${sport}-south`,
      position: "FW",
    }),
    msg("fixture", sport, {
      id: fixtureId,
      competition_id: `${sport}-league`,
      kickoff: "2026-11-21T15:00:00Z",
      home_team_id: `${sport}-north`,
      away_team_id: `${sport}-south`,
      venue: "Northbridge Park",
    }),
  ];
}
