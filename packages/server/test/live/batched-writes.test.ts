/**
 * The ingestor buffers a chunk's per-message writes and writes them together (write-buffer.ts).
 * These tests pin what that must not change, once per dialect: a body applies exactly as the
 * same messages sent one by one (a later message sees an earlier one's writes); a rejected
 * message leaves nothing; repeated message ids and producer event ids apply once, within a body
 * and across bodies; log positions follow message order across chunks; the outbox's deliveries
 * are written with their events; a failure while flushing leaves nothing half-written; and a
 * body costs a fixed number of statements, not a few per message.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { KyselyPlugin } from "kysely";
import { MemoryEventBus } from "../../src/adapters/bus/memory-bus.js";
import type { DomainEvent } from "../../src/events/domain-event.js";
import { type EventSink, FeedIngestor } from "../../src/live/feed-ingestor.js";
import type { Store } from "../../src/store/database.js";
import { webhookOutbox } from "../../src/webhooks/outbox.js";
import { testClock } from "../helpers/clock.js";
import { eventMsg, leagueMessages, msg, oddsMsg, statusMsg } from "../helpers/feed-messages.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";
import { assertBusMatchesLog, assertEventBasics, eventLog, tableSnapshot } from "./feed-helpers.js";

const F = "football";

/** A store with the small league (fx-1) plus fx-2 between the same teams, both live. */
async function liveStore(dialect: (typeof DIALECTS)[number]) {
  const t = await createTestStore(dialect);
  const setup = await ingestorFor(t.store).ingestor.ingestMessages([
    ...leagueMessages(F, "fx-1"),
    msg("fixture", F, {
      id: "fx-2",
      competition_id: `${F}-league`,
      kickoff: "2026-11-21T15:00:00Z",
      home_team_id: `${F}-south`,
      away_team_id: `${F}-north`,
    }),
    statusMsg(F, "fx-1", "live"),
    statusMsg(F, "fx-2", "live"),
  ]);
  assert.equal(setup.rejected, 0, JSON.stringify(setup.results));
  return t;
}

function ingestorFor(store: Store, sinks: EventSink[] = []) {
  const bus = new MemoryEventBus();
  const published: DomainEvent[] = [];
  bus.subscribe((event) => published.push(event));
  return { ingestor: new FeedIngestor({ store, bus, clock: testClock, sinks }), published };
}

const fx3 = (home: string, away: string, extra: Record<string, unknown> = {}) =>
  msg("fixture", F, {
    id: "fx-3",
    competition_id: `${F}-league`,
    kickoff: "2026-11-21T17:30:00Z",
    home_team_id: home,
    away_team_id: away,
    ...extra,
  });

let eventIds = 0;
/** A match event with a fresh producer event id (`data` wins). */
const event = (fixtureId: string, data: Record<string, unknown>) => {
  eventIds++;
  return eventMsg(F, fixtureId, { event_id: `bw-${eventIds}`, ...data });
};

/** An odds message's bookmaker: named (added when new), or by its slug alone. */
const bookmaker = (slug: string, name?: string) =>
  name === undefined
    ? { bookmaker: slug, bookmaker_name: undefined }
    : { bookmaker: slug, bookmaker_name: name };

/** The log's rows in the shape the shared sequence check takes. */
const asEvents = (log: Awaited<ReturnType<typeof eventLog>>) =>
  log.map((e) => ({ ...e, fixtureId: e.fixture_id })) as unknown as DomainEvent[];

/** What the tables hold, without the random ids of domain events and the set-up's message ids. */
async function comparable(store: Store, body: ReadonlyArray<{ id: string }>) {
  const ids = new Set(body.map((m) => m.id));
  const { domain_events, feed_messages, ...rest } = await tableSnapshot(store);
  const events = domain_events.map((row) => {
    const { event_id: _id, ...payload } = JSON.parse(row.payload) as Record<string, unknown>;
    return { type: row.type, fixture_id: row.fixture_id, sequence: row.sequence, payload };
  });
  return {
    ...rest,
    domain_events: events,
    feed_messages: feed_messages.filter((m) => ids.has(m.id)),
  };
}

for (const dialect of DIALECTS) {
  describe(`batched feed writes on ${dialect}`, { skip: unavailable(dialect) }, () => {
    const stores: TestStore[] = [];
    const fresh = async () => {
      const t = await liveStore(dialect);
      stores.push(t);
      return t.store;
    };
    before(() => {
      eventIds = 0;
    });
    after(async () => {
      for (const t of stores) await t.dispose();
    });

    test("one body applies exactly as the same messages one by one", async () => {
      const repeated = event("fx-2", { type: "yellow_card", team: "away", player_id: `${F}-s9` });
      const messages = [
        oddsMsg(F, "fx-1", { "1": 2.0, X: 3.2, "2": 3.6 }),
        msg("lineup", F, {
          fixture_id: "fx-1",
          team_id: `${F}-north`,
          starters: [{ player_id: `${F}-n9`, position: "FW" }],
        }),
        event("fx-1", { event_id: "a1", type: "goal", team: "home", player_id: `${F}-n9` }),
        repeated,
        repeated, // the same message id again: a duplicate
        event("fx-1", { event_id: "a2", type: "goal", team: "away", minute: 20 }),
        event("fx-1", { type: "touchdown", team: "home" }), // not a football event: rejected
        event("fx-1", { action: "correct", event_id: "a1", minute: 12 }), // reads a1 back
        event("fx-1", { action: "retract", event_id: "a2" }), // the score falls back to 1-0
        event("fx-1", { event_id: "a1", type: "goal", team: "home" }), // a1 exists: rejected
        oddsMsg(F, "fx-1", { "1": 1.5, X: 3.2, "2": 3.6 }), // a move from the first prices
        statusMsg(F, "fx-1", "live", { period: "halftime" }),
        statusMsg(F, "fx-1", "live", { period: "2nd_half", minute: 46 }),
        // The sides of a live fixture cannot change.
        msg("fixture", F, {
          id: "fx-1",
          competition_id: `${F}-league`,
          kickoff: "2026-11-21T15:00:00Z",
          home_team_id: `${F}-south`,
          away_team_id: `${F}-north`,
        }),
        msg("team", F, { id: `${F}-north`, name: "Northbridge United" }),
        event("fx-1", { event_id: "a3", type: "goal", team: "home", minute: 70 }), // the new name
        event("fx-2", { type: "goal", team: "home", minute: 71 }),
        statusMsg(F, "fx-1", "finished"), // the result from the buffered score, 2-0
        event("fx-1", { type: "goal", team: "away" }), // finished: rejected
        statusMsg(F, "fx-2", "finished"),
        // A fixture created, kicked off and rescheduled in the same body.
        fx3(`${F}-north`, `${F}-south`),
        statusMsg(F, "fx-3", "live"),
        fx3(`${F}-south`, `${F}-north`), // live now (seen only if the kick-off was written)
        event("fx-3", { type: "goal", team: "home" }),
        fx3(`${F}-north`, `${F}-south`, { venue: "Elsewhere" }), // after the goal's sequence
        event("fx-3", { type: "var_review", team: "away" }),
        // Price lines: a bookmaker added in the body and used again without its name; one never
        // named (rejected); a rejected price left out of the line; moves from the reference the
        // body itself set; a line market.
        oddsMsg(F, "fx-3", { "1": 2.4, X: 3.1, "2": 2.9 }, bookmaker("bet-two", "Bet Two")),
        oddsMsg(F, "fx-3", { "1": 2.5, X: 3.1, "2": 2.8 }, bookmaker("bet-two")),
        oddsMsg(F, "fx-3", { "1": 2.0 }, bookmaker("bet-three")),
        oddsMsg(F, "fx-3", { "1": 9.0, Y: 3.0 }, bookmaker("bet-two")),
        oddsMsg(F, "fx-3", { "1": 2.75 }, bookmaker("bet-two")), // 2.4 → 2.75: moved
        oddsMsg(F, "fx-3", { "1": 2.8 }, bookmaker("bet-two")), // 2.75 → 2.8: not moved
        oddsMsg(F, "fx-3", { over: 1.9, under: 1.9 }, { market: "Total Goals", line: 2.5 }),
        oddsMsg(F, "fx-3", { over: 2.1, under: 1.75 }, { market: "Total Goals", line: 2.5 }),
      ];
      const batched = await fresh();
      const oneByOne = await fresh();
      const body = await ingestorFor(batched).ingestor.ingestMessages(messages);
      const single = ingestorFor(oneByOne).ingestor;
      const singles = [];
      for (const m of messages) singles.push(...(await single.ingestMessages([m])).results);

      const outcome = (r: (typeof body.results)[number]) =>
        r.status === "rejected" ? `rejected ${r.error.code} ${r.error.field}` : r.status;
      assert.deepEqual(body.results.map(outcome), singles.map(outcome));
      assert.deepEqual(
        body.results.map((r) => `${r.index} ${outcome(r)}`).filter((r) => !r.endsWith("applied")),
        [
          "4 duplicate",
          "6 rejected invalid_message data.type",
          "9 rejected invalid_message data.event_id",
          "13 rejected invalid_message data.home_team_id",
          "18 rejected invalid_transition data.fixture_id",
          "22 rejected invalid_message data.home_team_id",
          "28 rejected invalid_message data.bookmaker",
          "29 rejected invalid_message data.prices.Y",
        ],
      );
      assert.deepEqual(await comparable(batched, messages), await comparable(oneByOne, messages));

      const fixture = await batched.db
        .selectFrom("fixtures")
        .selectAll()
        .where("id", "=", "fx-1")
        .executeTakeFirstOrThrow();
      assert.equal(fixture.status, "finished");
      assert.deepEqual([fixture.home_score, fixture.away_score], [2, 0]);
      assert.equal(JSON.parse(fixture.result ?? "{}").outcome, "home");
      const log = await eventLog(batched);
      const last = log.findLast((e) => e.type === "match.goal" && e.fixture_id === "fx-1");
      assert.equal(last?.payload.team, "Northbridge United");
      const line = await batched.db
        .selectFrom("odds")
        .select(["selection", "price", "opening_price", "reference_price"])
        .where("fixture_id", "=", "fx-3")
        .where("bookmaker", "=", "bet-two")
        .orderBy("selection")
        .execute();
      assert.deepEqual(
        line.map((r) => [r.selection, r.price, r.opening_price, r.reference_price]),
        [
          ["away", 2.8, 2.9, null],
          ["draw", 3.1, 3.1, null],
          ["home", 2.8, 2.4, 2.75],
        ],
      );
      const moves = log.filter((e) => e.type === "odds.moved" && e.fixture_id === "fx-3");
      assert.deepEqual(
        moves.map((e) => `${e.payload.bookmaker} ${e.payload.market} ${e.payload.change}`),
        ["bet-two 1x2 0.1458", "bet-one totals 0.1053"],
      );
      assertEventBasics(asEvents(log));
    });

    test("a rejected message in the middle leaves nothing; the others apply", async () => {
      const store = await fresh();
      const { ingestor } = ingestorFor(store);
      const bad = event("fx-1", { type: "goal", team: "home", player_id: "nobody" });
      const good = [
        event("fx-1", { type: "goal", team: "home" }),
        event("fx-2", { type: "var_review", team: "away" }),
        event("fx-1", { type: "yellow_card", team: "away" }),
      ];
      const report = await ingestor.ingestMessages([good[0], good[1], bad, good[2]]);
      assert.deepEqual(
        report.results.map((r) => r.status),
        ["applied", "applied", "rejected", "applied"],
      );
      const rejected = report.results[2];
      assert.equal(rejected?.status === "rejected" && rejected.error.field, "data.player_id");
      const rows = await store.db.selectFrom("match_events").select("id").execute();
      assert.equal(rows.length, 3);
      const messages = await store.db.selectFrom("feed_messages").select("id").execute();
      assert.ok(!messages.some((m) => m.id === bad.id), "a rejected message's id is not spent");
      assertEventBasics(asEvents(await eventLog(store)));
      // The producer fixes it and sends it again with the same id: it applies.
      const fixed = { ...bad, data: { ...bad.data, player_id: `${F}-n9` } };
      assert.equal((await ingestor.ingestMessages([fixed])).applied, 1);
    });

    test("repeated ids apply once, within a body and across bodies", async () => {
      const store = await fresh();
      const { ingestor } = ingestorFor(store);
      const a = event("fx-1", { type: "goal", team: "home" });
      const b = event("fx-2", { type: "goal", team: "away" });
      // Another message id for the same producer event id: rejected, in the body and after it.
      const sameEvent = { ...event("fx-1", { type: "var_review", team: "home" }), id: "other-id" };
      const first = await ingestor.ingestMessages([a, a, b, sameEvent, { ...sameEvent, id: "x" }]);
      assert.deepEqual(
        first.results.map((r) => r.status),
        ["applied", "duplicate", "applied", "applied", "rejected"],
      );
      const second = await ingestor.ingestMessages([b, a, { ...sameEvent, id: "y" }]);
      assert.deepEqual(
        second.results.map((r) => r.status),
        ["duplicate", "duplicate", "rejected"],
      );
      const rows = await store.db.selectFrom("match_events").select("id").execute();
      assert.equal(rows.length, 3);
    });

    test("log positions increase in message order across a body of several chunks", async () => {
      const store = await fresh();
      const { ingestor, published } = ingestorFor(store);
      const types = ["goal", "yellow_card", "var_review", "substitution"];
      const messages = Array.from({ length: 600 }, (_, n) =>
        event(n % 3 === 0 ? "fx-1" : "fx-2", {
          type: types[n % types.length],
          team: n % 2 ? "home" : "away",
          minute: 1 + (n % 90),
          detail: { n },
        }),
      );
      const report = await ingestor.ingestMessages(messages);
      assert.equal(report.applied, 600);
      const log = await eventLog(store);
      const order = log
        .filter((e) => e.type === "match.live.event")
        .map((e) => (e.payload.detail as { n: number }).n);
      assert.deepEqual(
        order,
        messages.map((_, n) => n),
      );
      const setup = log.filter((e) => (e.payload.detail as { n?: number })?.n === undefined);
      assertBusMatchesLog(published, log.slice(setup.length));
      assertEventBasics(asEvents(log));
    });

    test("the outbox writes a delivery for every matching event of a batched body", async () => {
      const store = await fresh();
      await store.db
        .insertInto("accounts")
        .values({
          id: "acc_bw",
          email: "bw@example.test",
          plan: "growth",
          limits: "{}",
          created_at: "2026-11-21T10:00:00Z",
          updated_at: "2026-11-21T10:00:00Z",
          password_hash: null,
          email_verified_at: null,
        })
        .execute();
      await store.db
        .insertInto("webhook_subscriptions")
        .values({
          id: "whs_bw",
          account_id: "acc_bw",
          url: "https://receiver.example.test/hook",
          events: JSON.stringify(["match.goal", "match.live.event"]),
          sport: null,
          leagues: "[]",
          matches: "[]",
          odds_threshold: 0.05,
          description: null,
          secret: "whsec_test",
          previous_secret: null,
          previous_secret_expires_at: null,
          enabled: 1,
          disabled_reason: null,
          disabled_at: null,
          failing_since: null,
          created_at: "2026-11-21T10:00:00Z",
          updated_at: "2026-11-21T10:00:00Z",
        })
        .execute();
      const { ingestor } = ingestorFor(store, [webhookOutbox(testClock)]);
      const messages = Array.from({ length: 300 }, (_, n) =>
        event(n % 2 ? "fx-1" : "fx-2", { type: n % 4 ? "var_review" : "goal", team: "home" }),
      );
      assert.equal((await ingestor.ingestMessages(messages)).applied, 300);
      const deliveries = await store.db
        .selectFrom("webhook_deliveries")
        .select(["event_id", "event_type"])
        .execute();
      const wanted = (await eventLog(store)).filter(
        (e) => e.type === "match.goal" || e.type === "match.live.event",
      );
      assert.equal(wanted.length, 300 + 75);
      assert.deepEqual(deliveries.map((d) => d.event_id).sort(), wanted.map((e) => e.id).sort());
    });

    test("a failure while flushing leaves nothing half-written", async () => {
      const store = await fresh();
      const bus = ingestorFor(store);
      const fixture = await store.db
        .selectFrom("fixtures")
        .select("sequence")
        .where("id", "=", "fx-1")
        .executeTakeFirstOrThrow();
      // Another writer took the sequence the body's second fx-1 event will get (a goal takes two).
      await store.db
        .insertInto("match_events")
        .values({
          id: "ev_planted",
          sport: F,
          fixture_id: "fx-1",
          sequence: Number(fixture.sequence) + 3,
          type: "var_review",
          period: "1st_half",
          minute: 1,
          team_id: null,
          player_id: null,
          related_player_id: null,
          detail: "{}",
          score: null,
          state: "active",
          created_at: "2026-11-21T10:00:00Z",
          updated_at: "2026-11-21T10:00:00Z",
        })
        .execute();
      const snapshot = await tableSnapshot(store);
      const body = [
        statusMsg(F, "fx-2", "live", { minute: 10 }),
        event("fx-1", { type: "goal", team: "home" }),
        oddsMsg(F, "fx-2", { "1": 2.0, X: 3.2, "2": 3.6 }),
        event("fx-1", { type: "var_review", team: "away" }),
        event("fx-2", { type: "goal", team: "away" }),
      ];
      await assert.rejects(bus.ingestor.ingestMessages(body));
      assert.deepEqual(await tableSnapshot(store), snapshot);
      assert.deepEqual(bus.published, []);

      // A sink failing after every buffered write reached the database: the same.
      const failing = ingestorFor(store, [
        async () => {
          throw new Error("the outbox is down");
        },
      ]);
      await store.db.deleteFrom("match_events").where("id", "=", "ev_planted").execute();
      const cleared = await tableSnapshot(store);
      await assert.rejects(failing.ingestor.ingestMessages(body), /the outbox is down/);
      assert.deepEqual(await tableSnapshot(store), cleared);

      // Nothing was spent: the same body applies once the cause is gone.
      assert.equal((await bus.ingestor.ingestMessages(body)).applied, body.length);
    });

    /** What ingesting a body costs in statements, `length` messages made by `message`. */
    async function costOf(message: (n: number) => { id: string }) {
      const store = await fresh();
      let statements = 0;
      const counter: KyselyPlugin = {
        transformQuery: (args) => {
          statements++;
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const counted: Store = { ...store, db: store.db.withPlugin(counter) };
      const { ingestor } = ingestorFor(counted);
      return async (length: number) => {
        statements = 0;
        const body = Array.from({ length }, (_, n) => message(n));
        assert.equal((await ingestor.ingestMessages(body)).applied, length);
        return statements;
      };
    }

    test("a body costs a fixed number of statements, whatever its length", async () => {
      const cost = await costOf((n) =>
        event(n % 2 ? "fx-1" : "fx-2", {
          type: n % 3 ? "var_review" : "goal",
          team: "home",
          player_id: `${F}-n9`,
        }),
      );
      const small = await cost(10);
      const large = await cost(240);
      assert.equal(large, small, `10 messages: ${small} statements; 240: ${large}`);
      assert.ok(large <= 12, `${large} statements for a body`);
    });

    test("so does a body of prices, new lines and moving ones", async () => {
      // Six lines (two fixtures, three bookmakers); each message moves its line's home price.
      // Numbered across bodies, so a line's next price differs from its last one in any body.
      let sent = 0;
      const cost = await costOf(() => {
        const k = sent++;
        const home = Math.floor(k / 6) % 2 ? 2.0 : 1.5;
        return oddsMsg(
          F,
          k % 2 ? "fx-1" : "fx-2",
          { "1": home, X: 3.2, "2": 4.5 },
          {
            bookmaker: `book-${k % 3}`,
            bookmaker_name: `Book ${k % 3}`,
          },
        );
      });
      const opening = await cost(12);
      const small = await cost(12);
      const large = await cost(240);
      assert.equal(large, small, `12 price messages: ${small} statements; 240: ${large}`);
      // Opening them costs one insert of the new lines and one of each new bookmaker (three).
      assert.ok(
        opening <= large + 1 + 3 && large <= 10,
        `${opening} to open the lines, ${large} to move them`,
      );
    });
  });
}
