/**
 * The event bus, memory and Redis (when TEST_REDIS_URL is set; each test on a prefix of its
 * own): every subscriber gets every event in publishing order, unsubscribing stops delivery, a
 * throwing listener does not stop the others, close() is clean. With Redis, two bus instances
 * ("nodes") on one prefix both hear what either publishes, in order, and a feed applied through
 * one node reaches the other with exactly the events of the durable log.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { afterEach, describe, test } from "node:test";
import type { EventBus } from "../../src/adapters/bus/event-bus.js";
import { MemoryEventBus } from "../../src/adapters/bus/memory-bus.js";
import { RedisEventBus } from "../../src/adapters/bus/redis-bus.js";
import type { DomainEvent, EventType } from "../../src/events/domain-event.js";
import { eventMsg, leagueMessages, statusMsg } from "../helpers/feed-messages.js";
import { needsRedis } from "../helpers/requirements.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { assertBusMatchesLog, createLiveApp, eventLog } from "./feed-helpers.js";

const redisUrl = process.env.TEST_REDIS_URL;
const BACKENDS = ["memory", "redis"] as const;
type Backend = (typeof BACKENDS)[number];
const skipReason = (backend: Backend) => (backend === "redis" ? needsRedis() : undefined);

let position = 0;
/** `count` events of one fixture, with log positions and sequences that go on increasing. */
function events(count: number, fixtureId = "fx-bus"): DomainEvent[] {
  return Array.from({ length: count }, (_, i) => {
    position++;
    const type: EventType = i % 2 === 0 ? "match.live.event" : "fixture.updated";
    const id = `dev_${position}_${randomBytes(3).toString("hex")}`;
    return {
      position,
      id,
      type,
      sport: "football",
      fixtureId,
      competitionId: "co-1",
      sequence: position,
      payload: {
        event: type,
        event_id: id,
        sport: "football",
        fixture_id: fixtureId,
        sequence: position,
        timestamp: "2026-11-21T15:00:00Z",
        score: { home: i, away: 0 },
      },
      createdAt: "2026-11-21T15:00:00Z",
    };
  });
}

/** A listener that records what it hears. */
function recorder() {
  const heard: DomainEvent[] = [];
  return { heard, listener: (event: DomainEvent) => heard.push(event) };
}

for (const backend of BACKENDS) {
  describe(`${backend} event bus`, { skip: skipReason(backend) }, () => {
    const open: EventBus[] = [];
    /** A bus ("node") on `prefix`; every bus of one test shares its prefix unless told. */
    const node = (prefix: string, onError?: (error: unknown) => void): EventBus => {
      const bus =
        backend === "memory"
          ? new MemoryEventBus(onError)
          : new RedisEventBus(redisUrl ?? "", { prefix, ...(onError ? { onError } : {}) });
      open.push(bus);
      return bus;
    };
    const newPrefix = () => `test:${randomBytes(6).toString("hex")}:`;
    afterEach(async () => {
      await Promise.all(open.splice(0).map((bus) => bus.close()));
    });

    test("a subscriber hears every event of every batch, in publishing order", async () => {
      const bus = node(newPrefix());
      assert.equal(bus.kind, backend);
      const { heard, listener } = recorder();
      bus.subscribe(listener);
      await bus.ready();
      const batches = [events(5), events(1), events(12)];
      for (const batch of batches) await bus.publish(batch);
      await bus.publish([]);
      const all = batches.flat();
      await waitFor(() => heard.length >= all.length, { what: "every event" });
      assert.deepEqual(heard, all);
      assert.deepEqual(
        heard.map((e) => e.position),
        all.map((e) => e.position),
      );
    });

    test("two subscribers both hear everything; an unsubscribed one hears nothing more", async () => {
      const bus = node(newPrefix());
      const a = recorder();
      const b = recorder();
      const unsubscribeA = bus.subscribe(a.listener);
      bus.subscribe(b.listener);
      await bus.ready();
      const first = events(3);
      await bus.publish(first);
      await waitFor(() => a.heard.length === 3 && b.heard.length === 3, {
        what: "the first batch",
      });
      assert.deepEqual(a.heard, first);
      assert.deepEqual(b.heard, first);

      unsubscribeA();
      const second = events(4);
      await bus.publish(second);
      // b is the sentinel: once it has the second batch, a would have had it too.
      await waitFor(() => b.heard.length === 7, { what: "the second batch" });
      assert.deepEqual(b.heard, [...first, ...second]);
      assert.deepEqual(a.heard, first);
    });

    test("a throwing listener is reported and does not stop the others", async () => {
      const errors: unknown[] = [];
      const bus = node(newPrefix(), (error) => errors.push(error));
      const before = recorder();
      const after = recorder();
      bus.subscribe(before.listener);
      bus.subscribe(() => {
        throw new Error("listener failed");
      });
      bus.subscribe(after.listener);
      await bus.ready();
      const batch = events(3);
      await bus.publish(batch);
      await waitFor(() => after.heard.length === 3, {
        what: "the listener after the throwing one",
      });
      assert.deepEqual(before.heard, batch);
      assert.deepEqual(after.heard, batch);
      assert.equal(errors.length, 3);
      assert.ok(errors.every((e) => e instanceof Error && e.message === "listener failed"));
    });

    test("close() is clean: it resolves, twice, and its listeners hear nothing more", async () => {
      const prefix = newPrefix();
      const bus = node(prefix);
      const closed = recorder();
      bus.subscribe(closed.listener);
      await bus.ready();
      const before = events(2);
      await bus.publish(before);
      await waitFor(() => closed.heard.length === 2, { what: "the events before close" });
      await bus.close();
      await bus.close();
      if (backend === "memory") {
        await bus.publish(events(2));
      } else {
        // Another node goes on publishing on the prefix; its own listener is the sentinel.
        const other = node(prefix);
        const sentinel = recorder();
        other.subscribe(sentinel.listener);
        await other.ready();
        await other.publish(events(2));
        await waitFor(() => sentinel.heard.length === 2, { what: "the open node" });
      }
      assert.deepEqual(closed.heard, before);
    });

    if (backend === "redis") {
      test("two nodes on one prefix hear each other's events in order; other prefixes do not", async () => {
        const prefix = newPrefix();
        const one = node(prefix);
        const two = node(prefix);
        const stranger = node(newPrefix());
        const [heardOne, heardTwo, heardStranger] = [recorder(), recorder(), recorder()];
        one.subscribe(heardOne.listener);
        two.subscribe(heardTwo.listener);
        stranger.subscribe(heardStranger.listener);
        await Promise.all([one.ready(), two.ready(), stranger.ready()]);

        const fromOne = [events(4), events(2), events(6)];
        for (const batch of fromOne) await one.publish(batch);
        const fromTwo = events(3);
        await two.publish(fromTwo);
        const all = [...fromOne.flat(), ...fromTwo];
        await waitFor(
          () => heardOne.heard.length === all.length && heardTwo.heard.length === all.length,
          { what: "both nodes" },
        );
        assert.deepEqual(heardOne.heard, all);
        assert.deepEqual(heardTwo.heard, all);
        const own = events(1);
        await stranger.publish(own);
        await waitFor(() => heardStranger.heard.length === 1, { what: "the stranger's own event" });
        assert.deepEqual(heardStranger.heard, own);
        assert.equal(heardOne.heard.length, all.length, "the stranger's event stays on its prefix");
      });

      for (const dialect of DIALECTS) {
        test(`a feed on one node reaches another node with the logged events (${dialect})`, {
          skip: unavailable(dialect),
        }, async () => {
          const prefix = newPrefix();
          const feedBus = node(prefix);
          const otherNode = node(prefix);
          const remote = recorder();
          otherNode.subscribe(remote.listener);
          await Promise.all([feedBus.ready(), otherNode.ready()]);
          const t = await createLiveApp(dialect, { bus: feedBus });
          try {
            const answer = await t.feed([
              ...leagueMessages("football"),
              statusMsg("football", "fx-1", "live"),
              eventMsg("football", "fx-1", { type: "goal", team: "home", minute: 9 }),
              statusMsg("football", "fx-1", "finished"),
            ]);
            assert.equal(answer.body.data.rejected, 0);
            const log = await eventLog(t.store);
            assert.equal(log.length, answer.body.data.events);
            await waitFor(() => remote.heard.length === log.length, { what: "the other node" });
            await waitFor(() => t.published.length === log.length, { what: "the feeding node" });
            assertBusMatchesLog(remote.heard, log);
            assertBusMatchesLog(t.published, log);
            assert.equal(log.at(-1)?.type, "fixture.finished");
          } finally {
            await t.dispose();
          }
        });
      }
    }
  });
}
