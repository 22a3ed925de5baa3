/**
 * Chaos: receivers that fail. PostgreSQL and a Redis of the test's own, one
 * `scoreline serve --roles api` and two `--roles worker`, the retry schedule shortened to
 * `0,1,2,3,4` s (SCORELINE_WEBHOOK_RETRY_SCHEDULE, ±20 % jitter) and the attempt timeout to 1 s
 * (SCORELINE_WEBHOOK_TIMEOUT_MS), so the schedule is measurable and no test waits minutes.
 *
 * - A receiver that answers 500 to the first two attempts of every event, then 200: exactly
 *   three attempts per event, counted by the receiver and by the delivery log alike.
 * - A receiver slower than the timeout for the first two attempts, then fast: each slow attempt
 *   is a timeout failure in the delivery log and in a worker's log, retried on the schedule, and
 *   the third is delivered.
 * In both, each retry is due `schedule[n]` ±20 % after the previous attempt ended and is made no
 * sooner than due.
 */
import assert from "node:assert/strict";
import { after, before, describe, type TestContext, test } from "node:test";
import { openStore, type Store } from "../../src/store/database.js";
import { attemptRows, waitForStates } from "../helpers/delivery-rows.js";
import { goalMsg, leagueMessages, statusMsg } from "../helpers/feed-messages.js";
import { type PrivateRedis, startPrivateRedis } from "../helpers/private-redis.js";
import { Cluster } from "../helpers/scoreline-cluster.js";
import { freshUrl, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { type ReceivedRequest, type Receiver, startReceiver } from "../helpers/webhook-receiver.js";

const SCHEDULE = [0, 1, 2, 3, 4];
const TIMEOUT_MS = 1_000;
const EVENTS = 100;
/** How late a due retry may be made on a loaded machine (the worker looks every 250 ms). */
const LATE_BOUND_MS = 5_000;
/** Timestamps of two processes on one machine, rounded to the millisecond. */
const CLOCK_SLACK_MS = 5;

type AttemptRow = Awaited<ReturnType<typeof attemptRows>>[number];

/** Groups rows by a key, keeping their order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * Each attempt after the first: due `SCHEDULE[n]` ±20 % after the previous attempt ended
 * (attempted_at + duration_ms), made no sooner than due and at most LATE_BOUND_MS later; the
 * receiver saw the requests at least the scheduled minimum apart. Returns the largest lateness.
 */
function assertOnSchedule(
  attempts: readonly AttemptRow[],
  requests: readonly ReceivedRequest[],
): number {
  let latest = 0;
  for (let n = 1; n < attempts.length; n++) {
    const previous = attempts[n - 1] as AttemptRow;
    const current = attempts[n] as AttemptRow;
    const ended = Date.parse(previous.attempted_at) + previous.duration_ms;
    const due = Date.parse(previous.next_attempt_at ?? "");
    const seconds = SCHEDULE[n] as number;
    const delay = due - ended;
    assert.ok(
      delay >= seconds * 800 - CLOCK_SLACK_MS && delay <= seconds * 1200 + CLOCK_SLACK_MS,
      `attempt ${n + 1} of ${current.event_id} due ${delay} ms after attempt ${n} ended (schedule ${seconds} s ±20 %)`,
    );
    const late = Date.parse(current.attempted_at) - due;
    assert.ok(late >= -CLOCK_SLACK_MS, `attempt ${n + 1} made ${-late} ms before it was due`);
    assert.ok(late < LATE_BOUND_MS, `attempt ${n + 1} made ${late} ms after it was due`);
    latest = Math.max(latest, late);
    const gap =
      (requests[n] as ReceivedRequest).receivedAt - (requests[n - 1] as ReceivedRequest).receivedAt;
    assert.ok(
      gap >= seconds * 800 - CLOCK_SLACK_MS,
      `requests ${n} and ${n + 1} only ${gap} ms apart`,
    );
  }
  return latest;
}

describe("receivers that fail, with two workers", { skip: unavailable("postgres") }, () => {
  let url: string;
  let cleanup: () => Promise<void>;
  let redis: PrivateRedis;
  let cluster: Cluster;
  let store: Store;
  const receivers: Receiver[] = [];

  before(async () => {
    ({ url, cleanup } = freshUrl("postgres"));
    redis = await startPrivateRedis();
    cluster = new Cluster({
      databaseUrl: url,
      redisUrl: redis.url,
      retrySchedule: SCHEDULE.join(","),
      env: { SCORELINE_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
    await cluster.startApi();
    await cluster.startWorkers(2);
    store = openStore(url, { poolSize: 2 });
  });
  after(async () => {
    await cluster?.stop();
    for (const receiver of receivers) await receiver.stop();
    await store?.close();
    await redis?.stop();
    await cleanup?.();
  });

  /** A live fixture of its own, a subscription to `receiver`, and EVENTS goals fed. */
  async function goals(receiver: Receiver, fixture: string): Promise<string> {
    receivers.push(receiver);
    const subscription = await cluster.subscribe(receiver.url(), ["match.goal"]);
    await cluster.feed([
      ...leagueMessages("football", fixture),
      statusMsg("football", fixture, "live"),
    ]);
    await cluster.feed(Array.from({ length: EVENTS }, () => goalMsg("football", fixture)));
    return subscription;
  }

  test("500 to the first two attempts: exactly three attempts per event", async (t: TestContext) => {
    const receiver = await startReceiver((r) =>
      r.nth <= 2 ? { status: 500, body: "not yet" } : { status: 200, body: "ok" },
    );
    const started = performance.now();
    const subscription = await goals(receiver, "chaos-failing");
    await waitForStates(store, subscription, { succeeded: EVENTS });
    const deliveredMs = performance.now() - started;

    const byId = groupBy(receiver.requests, (r) => r.webhookId ?? "");
    assert.equal(byId.size, EVENTS);
    assert.equal(receiver.requests.length, EVENTS * 3, "three requests per event, no more");
    const logged = groupBy(await attemptRows(store, subscription), (a) => a.event_id);
    assert.equal(logged.size, EVENTS);
    let latest = 0;
    for (const [id, attempts] of logged) {
      const requests = byId.get(id) ?? [];
      assert.equal(requests.length, 3, `${id}: received three times`);
      assert.deepEqual(
        attempts.map((a) => [a.attempt, a.status, a.error]),
        [
          [1, 500, "HTTP 500"],
          [2, 500, "HTTP 500"],
          [3, 200, null],
        ],
        `${id}: the log agrees with the receiver`,
      );
      assert.equal(attempts[2]?.next_attempt_at, null);
      latest = Math.max(latest, assertOnSchedule(attempts, requests));
    }
    t.diagnostic(
      `${EVENTS} events × 3 attempts delivered ${Math.round(deliveredMs)} ms after the feed; retries at most ${latest} ms after due`,
    );
  });

  test("slower than the timeout: logged timeouts, retried on schedule, then delivered", async (t: TestContext) => {
    const receiver = await startReceiver((r) =>
      r.nth <= 2
        ? { status: 200, body: "too late", delayMs: TIMEOUT_MS * 3 }
        : { status: 200, body: "ok" },
    );
    const started = performance.now();
    const subscription = await goals(receiver, "chaos-slow");
    await waitForStates(store, subscription, { succeeded: EVENTS });
    const deliveredMs = performance.now() - started;

    const byId = groupBy(receiver.requests, (r) => r.webhookId ?? "");
    assert.equal(byId.size, EVENTS);
    assert.equal(receiver.requests.length, EVENTS * 3);
    const logged = groupBy(await attemptRows(store, subscription), (a) => a.event_id);
    let latest = 0;
    for (const [id, attempts] of logged) {
      assert.deepEqual(
        attempts.map((a) => [a.attempt, a.status, a.error]),
        [
          [1, 0, `timed out after ${TIMEOUT_MS} ms`],
          [2, 0, `timed out after ${TIMEOUT_MS} ms`],
          [3, 200, null],
        ],
        `${id}: two timeouts, then delivered`,
      );
      for (const timedOut of attempts.slice(0, 2)) {
        assert.ok(timedOut.duration_ms >= TIMEOUT_MS - 10, `${timedOut.duration_ms} ms`);
        assert.ok(timedOut.duration_ms < TIMEOUT_MS * 3, `${timedOut.duration_ms} ms`);
      }
      latest = Math.max(latest, assertOnSchedule(attempts, byId.get(id) ?? []));
    }

    // The workers' logs have each timeout, with the event and when it is retried.
    const ids = new Set(logged.keys());
    const warnings = () =>
      cluster.workers
        .flatMap((w) => w.process.lines)
        .filter(
          (l) =>
            l.msg === "webhook attempt failed; retry scheduled" &&
            l.subscription_id === subscription,
        );
    await waitFor(() => warnings().length === EVENTS * 2, {
      what: () => `${EVENTS * 2} timeout lines in the workers' logs; got ${warnings().length}`,
    });
    for (const line of warnings()) {
      assert.ok(ids.has(String(line.event_id)));
      assert.equal(line.error, `timed out after ${TIMEOUT_MS} ms`);
      assert.equal(line.status, 0);
      assert.ok([1, 2].includes(Number(line.attempt)));
      assert.equal(line.level, 40, "logged as a warning");
      assert.match(String(line.next_attempt_at), /^\d{4}-\d\d-\d\dT/);
    }
    t.diagnostic(
      `${EVENTS} events, two 1 s timeouts each, delivered ${Math.round(deliveredMs)} ms after the feed; retries at most ${latest} ms after due`,
    );
  });
});
