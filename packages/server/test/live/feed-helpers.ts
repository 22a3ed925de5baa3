/**
 * Feed test helpers: an app with the admin API and a memory bus whose events are collected, a
 * `feed()` that POSTs messages as NDJSON, and the checks the live suites share (the event log,
 * sequences, table snapshots). The messages themselves come from helpers/feed-messages.ts.
 */
import assert from "node:assert/strict";
import type { EventBus } from "../../src/adapters/bus/event-bus.js";
import { MemoryEventBus } from "../../src/adapters/bus/memory-bus.js";
import type { DomainEvent } from "../../src/events/domain-event.js";
import type { Clock } from "../../src/lib/time.js";
import type { Store } from "../../src/store/database.js";
import { parseJson } from "../../src/store/json-columns.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import type { TestDialect } from "../helpers/stores.js";

export const ADMIN_TOKEN = "test-admin-token-0123456789";

export interface LiveTestApp extends TestApp {
  bus: EventBus;
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

/**
 * `options.bus`: the bus the feed publishes on (a memory bus by default; with a Redis bus the
 * events reach `published` asynchronously, after the feed's answer). The caller closes it.
 */
export async function createLiveApp(
  dialect: TestDialect,
  options: { clock?: Clock; bus?: EventBus; env?: Record<string, string> } = {},
): Promise<LiveTestApp> {
  const bus = options.bus ?? new MemoryEventBus();
  const published: DomainEvent[] = [];
  bus.subscribe((event) => published.push(event));
  const t = await createTestApp(dialect, {
    env: { SCORELINE_ADMIN_TOKEN: ADMIN_TOKEN, ...options.env },
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

/** Asserts that every message of a feed answer was applied (and says which were not). */
export function assertAllApplied(answer: FeedAnswer): FeedAnswer["body"]["data"] {
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const refused = answer.body.data.results.filter((r) => r.status !== "applied");
  assert.deepEqual(refused, [], "every message should apply");
  return answer.body.data;
}

/** POSTs messages and returns the bus events they produced (asserting every message applied). */
export async function feedApplied(t: LiveTestApp, messages: unknown[]): Promise<DomainEvent[]> {
  const before = t.published.length;
  assertAllApplied(await t.feed(messages));
  return t.published.slice(before);
}

/** A domain_events row as the tests compare it. */
export interface LoggedEvent {
  position: number;
  id: string;
  type: string;
  sport: string;
  fixture_id: string | null;
  sequence: number;
  payload: Record<string, unknown>;
}

/** The durable event log (`domain_events`), in log order. */
export async function eventLog(store: Store): Promise<LoggedEvent[]> {
  const rows = await store.db.selectFrom("domain_events").selectAll().orderBy("position").execute();
  return rows.map((row) => ({
    position: Number(row.position),
    id: row.id,
    type: row.type,
    sport: row.sport,
    fixture_id: row.fixture_id,
    sequence: Number(row.sequence),
    payload: parseJson<Record<string, unknown>>(row.payload) ?? {},
  }));
}

/** The bus carried exactly the log's events: same ids, order, positions and payloads. */
export function assertBusMatchesLog(
  published: readonly DomainEvent[],
  log: readonly LoggedEvent[],
) {
  assert.deepEqual(
    published.map((e) => e.id),
    log.map((e) => e.id),
  );
  for (const [i, event] of published.entries()) {
    const row = log[i];
    assert.ok(row);
    assert.equal(event.position, row.position, `position of ${event.type}`);
    assert.equal(event.type, row.type);
    assert.equal(event.sequence, row.sequence);
    assert.equal(event.fixtureId, row.fixture_id);
    assert.deepEqual(event.payload, row.payload);
  }
  const positions = log.map((e) => e.position);
  for (let i = 1; i < positions.length; i++) {
    assert.ok((positions[i] ?? 0) > (positions[i - 1] ?? 0), "positions increase");
  }
}

const ISO_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/**
 * Per fixture, sequences go up by exactly one from `first`, and every payload carries the
 * common fields: `event` (= type), `event_id` (= the log id), `sequence`, `timestamp`, `sport`.
 */
export function assertEventBasics(events: readonly DomainEvent[], first = 1) {
  const last = new Map<string, number>();
  for (const event of events) {
    const p = event.payload;
    assert.equal(p.event, event.type);
    assert.equal(p.event_id, event.id);
    assert.equal(p.sequence, event.sequence);
    assert.equal(p.sport, event.sport);
    assert.match(p.timestamp, ISO_SECONDS);
    const fixture = event.fixtureId ?? "";
    const expected = (last.get(fixture) ?? first - 1) + 1;
    assert.equal(event.sequence, expected, `sequence of ${event.type} for ${fixture}`);
    last.set(fixture, event.sequence);
  }
}

/** Every table the feed writes, in a stable order: equal snapshots mean nothing changed. */
export async function tableSnapshot(store: Store) {
  const db = store.db;
  return {
    countries: await db.selectFrom("countries").selectAll().orderBy("code").execute(),
    competitions: await db.selectFrom("competitions").selectAll().orderBy("id").execute(),
    seasons: await db.selectFrom("seasons").selectAll().orderBy("id").execute(),
    team_competitions: await db
      .selectFrom("team_competitions")
      .selectAll()
      .orderBy("team_id")
      .orderBy("competition_id")
      .orderBy("season_id")
      .execute(),
    teams: await db.selectFrom("teams").selectAll().orderBy("id").execute(),
    players: await db.selectFrom("players").selectAll().orderBy("id").execute(),
    fixtures: await db.selectFrom("fixtures").selectAll().orderBy("id").execute(),
    match_events: await db.selectFrom("match_events").selectAll().orderBy("id").execute(),
    lineups: await db
      .selectFrom("lineups")
      .selectAll()
      .orderBy("fixture_id")
      .orderBy("team_id")
      .execute(),
    bookmakers: await db.selectFrom("bookmakers").selectAll().orderBy("slug").execute(),
    odds: await db
      .selectFrom("odds")
      .selectAll()
      .orderBy("fixture_id")
      .orderBy("bookmaker")
      .orderBy("market_key")
      .orderBy("selection")
      .execute(),
    team_season_stats: await db
      .selectFrom("team_season_stats")
      .selectAll()
      .orderBy("team_id")
      .orderBy("competition_id")
      .execute(),
    player_season_stats: await db
      .selectFrom("player_season_stats")
      .selectAll()
      .orderBy("player_id")
      .orderBy("competition_id")
      .execute(),
    domain_events: await db.selectFrom("domain_events").selectAll().orderBy("position").execute(),
    feed_messages: await db.selectFrom("feed_messages").selectAll().orderBy("id").execute(),
  };
}

/** GET through the app (with the test key) and parse the body. */
export async function getBody(t: TestApp, url: string) {
  const response = await t.app.inject({ method: "GET", url });
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return response.json();
}
