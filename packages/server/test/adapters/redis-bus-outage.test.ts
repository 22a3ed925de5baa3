/**
 * The Redis event bus while Redis is away (ADR-0036), on each store: a feed committed during the
 * outage is answered at once (publishing neither hangs nor fails the request), the lost publish
 * is reported, and when Redis returns the stream's sequencer reads the missed positions from
 * `domain_events` by itself — no later event is needed to reveal the gap. The suite owns its
 * Redis server, which it kills and restarts.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { RedisEventBus } from "../../src/adapters/bus/redis-bus.js";
import type { DomainEvent } from "../../src/events/domain-event.js";
import { EventSequencer } from "../../src/stream/event-sequencer.js";
import { goalMsg, leagueMessages, statusMsg } from "../helpers/feed-messages.js";
import { type PrivateRedis, startPrivateRedis } from "../helpers/private-redis.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import {
  assertAllApplied,
  createLiveApp,
  eventLog,
  type LiveTestApp,
} from "../live/feed-helpers.js";

/** Far below the ~10 s a publish waited before, and generous for a loaded machine. */
const FAST_MS = 2000;

for (const dialect of DIALECTS) {
  describe(`the Redis bus while Redis is away (${dialect})`, { skip: unavailable(dialect) }, () => {
    let redis: PrivateRedis;
    let bus: RedisEventBus;
    let live: LiveTestApp;
    let sequencer: EventSequencer;
    const errors: unknown[] = [];
    const emitted: DomainEvent[] = [];
    const fixtureId = `fx-outage-${dialect}`;

    const logHead = async () => {
      const log = await eventLog(live.store);
      return log.at(-1)?.position ?? 0;
    };
    const emittedUpTo = async () => (emitted.at(-1)?.position ?? 0) === (await logHead());

    before(async () => {
      redis = await startPrivateRedis();
      bus = new RedisEventBus(redis.url, {
        prefix: `test:${randomBytes(6).toString("hex")}:`,
        onError: (error) => errors.push(error),
      });
      await bus.ready();
      // Load shedding is another test's subject: a busy machine must not turn feeds into 503s here.
      live = await createLiveApp(dialect, {
        bus,
        env: { SCORELINE_SHED_EVENT_LOOP_DELAY_MS: "0" },
      });
      sequencer = new EventSequencer(
        live.store,
        bus,
        (event) => emitted.push(event),
        (error) => errors.push(error),
      );
      await sequencer.start();
    });

    after(async () => {
      sequencer?.stop();
      await live?.dispose();
      await bus?.close();
      await redis?.stop();
    });

    test("with Redis up, every committed event is emitted", async () => {
      assertAllApplied(
        await live.feed([
          ...leagueMessages("football", fixtureId),
          statusMsg("football", fixtureId, "live"),
        ]),
      );
      await waitFor(emittedUpTo, { what: "the sequencer to emit the log's events" });
    });

    test("with Redis down, a feed is answered at once and the lost publish is reported", async () => {
      await redis.stop();
      const before = await logHead();
      const started = performance.now();
      const answer = await live.feed([
        goalMsg("football", fixtureId),
        goalMsg("football", fixtureId),
      ]);
      const ms = performance.now() - started;
      assertAllApplied(answer);
      assert.ok(ms < FAST_MS, `the feed took ${Math.round(ms)} ms`);
      assert.ok((await logHead()) > before, "the events are committed to the log");
      const reported = errors.some(
        (error) => error instanceof Error && /publishing positions .* failed/.test(error.message),
      );
      assert.ok(reported, "the failed publish is reported");
    });

    test("when Redis returns, the sequencer catches up from the log by itself", async () => {
      await redis.start();
      await waitFor(emittedUpTo, {
        what: () =>
          `the sequencer to emit up to the log's head (emitted up to ${emitted.at(-1)?.position})`,
      });
      const positions = emitted.map((event) => event.position);
      const log = (await eventLog(live.store)).map((event) => event.position);
      assert.deepEqual(positions, log, "every position once, in log order");
    });
  });
}
