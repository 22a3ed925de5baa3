/**
 * Two `scoreline serve` processes on one PostgreSQL schema and one Redis, as a deployment runs
 * them: `api,worker` with the simulator on (the events are simulated ones), and `stream` alone.
 * The stream node is stopped (clients get 1001) while the simulator keeps writing the log, then
 * started again on the same port: the client reconnects by itself, resumes with `since`, and each
 * channel holds exactly the log's rows of that channel — checked against `domain_events` — with
 * no gap and no duplicate. Needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { needsPostgres, needsRedis } from "../../../server/test/helpers/requirements.js";
import { waitFor } from "../../../server/test/helpers/wait.js";
import { connectStream } from "../../src/stream/index.js";
import { postgresTarget, ScorelineServer } from "../helpers/scoreline-server.js";
import { type Recorded, record, seen } from "./recorder.js";

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const skip = needsPostgres() ?? needsRedis();

/** A quiet sport, a busy one and a third; each `{sport}.live` is checked on its own. */
const SPORTS = ["football", "basketball", "tennis"] as const;
/** Events of each channel the log must gain while the stream node is down. */
const MISSED = 3;
/** Generous bounds: failure reports on a loaded machine, not schedules. */
const LONG = { timeoutMs: 120_000, intervalMs: 100 };

/** The `{sport}.live` events of docs/stream.md; `fixture.updated` only with a live-state change. */
const LIVE_TYPES = [
  "match.started",
  "match.live.event",
  "match.goal",
  "match.finished",
  "fixture.finished",
];
const LIVE_CHANGES = ["status", "period", "score", "participants"];

type LogRow = [position: number, eventId: string];

describe("the stream role stopped and restarted beside a simulating api,worker node", {
  skip,
}, () => {
  let producer: ScorelineServer;
  let streamNode: ScorelineServer;
  let db: pg.Client;
  let schema: string;

  before(async () => {
    const bus = { REDIS_URL: redisUrl ?? "" };
    producer = await ScorelineServer.start({
      database: databaseUrl,
      roles: "api,worker",
      env: { ...bus, SCORELINE_SIMULATOR: "on", SCORELINE_SIM_SPEED: "60" },
    });
    streamNode = await ScorelineServer.attach(producer.databaseUrl, { roles: "stream", env: bus });
    const target = postgresTarget(producer.databaseUrl);
    schema = target.schema;
    db = new pg.Client({ connectionString: target.connectionString });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await streamNode?.dispose();
    await producer?.dispose();
  });

  /** The log's last position (any channel). */
  async function logHead(): Promise<number> {
    const { rows } = await db.query(`SELECT max(position) AS head FROM "${schema}".domain_events`);
    return Number(rows[0]?.head ?? 0);
  }

  /** The log's `{sport}.live` rows from `from` to `to` (inclusive), in order. */
  async function liveRows(sport: string, from: number, to: number): Promise<LogRow[]> {
    const { rows } = await db.query(
      `SELECT position, id FROM "${schema}".domain_events
        WHERE sport = $1 AND position BETWEEN $2 AND $3
          AND (type = ANY($4::text[])
               OR (type = 'fixture.updated' AND payload::jsonb -> 'changes' ?| $5::text[]))
        ORDER BY position`,
      [sport, from, to, LIVE_TYPES, LIVE_CHANGES],
    );
    return rows.map((row) => [Number(row.position), String(row.id)]);
  }

  const received = (log: Recorded, sport: string) =>
    log.event.filter((e) => e.channel === `${sport}.live`);
  const counts = (log: Recorded) =>
    SPORTS.map((sport) => `${sport} ${received(log, sport).length}`).join(", ");

  /** Waits for the server's log line whose `msg` starts with `prefix`; returns it. */
  async function logLine(server: ScorelineServer, prefix: string) {
    const find = () => server.lines.find((l) => String(l.msg).startsWith(prefix));
    await waitFor(() => find() !== undefined, { ...LONG, what: `"${prefix}…" in the log` });
    return find();
  }

  /** The stream node's log says it serves the stream alone: no demo data, no simulator. */
  async function assertStreamOnly(): Promise<void> {
    const serving = await logLine(streamNode, "scoreline is serving");
    assert.deepEqual(serving?.roles, ["stream"]);
    const extra = streamNode.lines.filter((l) => /demo|simulator/.test(String(l.msg)));
    assert.deepEqual(extra, [], "the stream node neither seeds nor simulates");
  }

  test("the client resumes with exactly the log's events of each channel, once", async (t) => {
    await logLine(producer, "simulator: elected");
    await assertStreamOnly();
    const key = await producer.createKey({ plan: "growth" });
    const stream = connectStream({
      url: `${streamNode.streamUrl}/v1`,
      apiKey: key,
      reconnect: { initialDelayMs: 50, maxDelayMs: 500 },
    });
    const log = record(stream);
    const progress = () => `${counts(log)}; close ${JSON.stringify(log.close)}`;
    try {
      await stream.subscribe(SPORTS.map((sport) => `${sport}.live`));
      await waitFor(() => SPORTS.every((sport) => received(log, sport).length >= MISSED), {
        ...LONG,
        what: () => `simulated events on every channel (${progress()})`,
      });

      await streamNode.stop();
      const [dropped] = await seen(log, "reconnecting");
      assert.equal(dropped?.code, 1001, "the stream node's graceful shutdown");
      const headAtStop = await logHead();
      /** Per sport: its `{sport}.live` rows made while the node was down. */
      const missed = new Map<string, LogRow[]>();
      await waitFor(
        async () => {
          for (const sport of SPORTS) {
            missed.set(sport, await liveRows(sport, headAtStop + 1, Number.MAX_SAFE_INTEGER));
          }
          return SPORTS.every((sport) => (missed.get(sport)?.length ?? 0) >= MISSED);
        },
        { ...LONG, intervalMs: 250, what: () => `${MISSED} log rows per channel after the stop` },
      );

      await streamNode.restart();
      await assertStreamOnly();
      await waitFor(() => log.open.some((o) => o.reconnected), {
        ...LONG,
        what: () => `a reconnection (${JSON.stringify(log.reconnecting.slice(-3))})`,
      });
      // Resolves once the server has answered the resumed channels, i.e. after their replay.
      await stream.subscribe(SPORTS.map((sport) => `${sport}.live`));
      const headAfterReplay = await logHead();
      await waitFor(
        () => SPORTS.every((s) => (received(log, s).at(-1)?.offset ?? 0) > headAfterReplay),
        { ...LONG, what: () => `live events after the replay (${progress()})` },
      );

      assert.deepEqual(log.gap, []);
      assert.deepEqual(log.close, []);
      assert.equal(new Set(log.event.map((e) => e.epoch)).size, 1, "one epoch");
      for (const sport of SPORTS) {
        const events = received(log, sport);
        const first = events[0]?.offset ?? 0;
        const last = events.at(-1)?.offset ?? 0;
        assert.ok(events.every((e) => e.data.sport === sport));
        assert.deepEqual(
          events.map((e) => [e.offset, e.data.event_id]),
          await liveRows(sport, first, last),
          `${sport}.live: exactly the log's rows from ${first} to ${last}, in order`,
        );
        const whileDown = missed.get(sport) ?? [];
        const offsets = new Set(events.map((e) => e.offset));
        const lost = whileDown.filter(([position]) => !offsets.has(position));
        assert.deepEqual(lost, [], `${sport}.live: the events made while it was down arrived`);
        t.diagnostic(`${sport}.live: ${events.length} events, ${whileDown.length} made while down`);
      }
    } finally {
      await stream.close();
    }
  });
});
