/**
 * The sandbox's live side end to end (ADR-0019), over one seeded sandbox whose simulator the
 * tests tick with an injected clock:
 *
 * - Sandbox subscriptions: `POST /v1/webhooks` needs a personal sandbox key; the subscription
 *   receives the simulator's events, signed, through the DeliveryWorker over the sandbox store.
 * - The sandbox stream: a keyless WebSocket client on `{sandbox}/v1/stream` receives the same
 *   events with the same payloads (offsets increasing), odds included.
 * - Odds step on every `/v1/{sport}/odds` call: some price differs between two consecutive calls,
 *   each bookmaker line keeps a sane margin, and the steps go through the sandbox's ingestor
 *   (`odds.changed` on its bus).
 * - `/v1/{sport}/matches/live` stays populated: over a real hour at the default speed (60) of
 *   the sandbox's compressed calendar (ADR-0043), ticked every 10–30 seconds, football is never
 *   empty at any tick and at every sampled moment (every five minutes) each sport the calendar
 *   squeezes has a live match, or its next kick-off is due within the squeeze's bound (a match
 *   shorter than most — a tennis retirement — leaves a moment between two; ADR-0055). Horse
 *   racing (a race is live for its two minutes, two seconds here) and combat sports (a bout
 *   stopped in the first round is over before the next one is due) must instead keep kicking
 *   off. Matches kick off at their (compressed) kick-off, never earlier. The world is anchored
 *   at the real time, so each run samples other moments of it: the bound holds at every one.
 *
 * The clock starts a minute before the real time, and the webhook and stream tests run first and
 * move it by at most four minutes: Standard Webhooks receivers reject a `webhook-timestamp` more
 * than five minutes from their own clock. SQLite only: loading the sample dataset and the
 * simulated hour (~180 ticks of a few dozen transactions each) dominate, and are several times
 * slower on PostgreSQL (test/simulator and test/webhooks cover those paths there).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type DomainEvent, EVENT_TYPES } from "../../src/events/domain-event.js";
import { maxGapWorldMs } from "../../src/sample/compress-calendar.js";
import { SPORTS, type Sport } from "../../src/sports/types.js";
import { samplePayload } from "../../src/webhooks/sample-payloads.js";
import { waitFor } from "../helpers/wait.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";
import { type ServerMessage, TestClient } from "../helpers/ws-client.js";
import { assertIncreasing } from "../stream/stream-helpers.js";
import { ALLOW_PRIVATE, assertSignedWith, json } from "../webhooks/helpers.js";
import { type CreatedKey, createSandbox, dataOf, type Sandbox } from "./sandbox-helpers.js";

/** Simulated seconds between ticks (10 match minutes at the default speed 60). */
const STEP_MS = 10_000;
/** At most this much simulated time: a football match (~100 match minutes) ends and a new one starts. */
const MAX_TICKS = 24;
const SUBSCRIBED = ["match.goal", "match.started"];
/**
 * Sports whose kick-offs the compressed calendar squeezes to keep one live (ADR-0043, ADR-0055):
 * at any moment a match is live, or — after one that ended sooner than most (a retirement, a
 * quick straight-sets win) — the next kicks off within the squeeze's bound.
 */
const SQUEEZED = SPORTS.filter((s) => s !== "horse-racing" && s !== "combat-sports");
/** What `{sport}.live` carries (docs/stream.md). */
function isLiveEvent(event: DomainEvent): boolean {
  if (event.type === "fixture.updated") {
    const changes = (event.payload.changes ?? []) as string[];
    return changes.some((c) => ["status", "period", "score", "participants"].includes(c));
  }
  return [
    "match.started",
    "match.live.event",
    "match.goal",
    "match.finished",
    "fixture.finished",
  ].includes(event.type);
}

interface OddsLine {
  market: string;
  bookmaker: string;
  line: number | null;
  subject: string | null;
  selections: Record<string, number>;
  opening: Record<string, number>;
  margin: number;
}

const lineKey = (l: {
  bookmaker: string;
  market: string;
  line: number | null;
  subject: string | null;
}) => `${l.bookmaker}|${l.market.toLowerCase()}|${l.line ?? ""}|${l.subject ?? ""}`;

const overround = (prices: Record<string, number>) =>
  Object.values(prices).reduce((sum, price) => sum + 1 / price, 0);

function assertSaneMargins(lines: readonly OddsLine[], what: string): void {
  for (const line of lines) {
    const o = overround(line.selections);
    assert.ok(o > 1.0 && o < 1.3, `${what} ${lineKey(line)}: overround ${o.toFixed(4)}`);
    assert.ok(Math.abs(line.margin - (o - 1)) < 0.001, `${what} ${lineKey(line)}: margin field`);
    for (const price of Object.values(line.selections)) assert.ok(price >= 1.01);
  }
}

describe("the live sandbox", () => {
  let sb: Sandbox;
  let receiver: Receiver;
  let key: CreatedKey;
  let wsBase: string;

  before(async () => {
    sb = await createSandbox({
      listen: true,
      deliveries: true,
      env: ALLOW_PRIVATE,
      now: new Date(Date.now() - 60_000),
    });
    receiver = await startReceiver();
    key = await sb.createKey("free");
    assert.ok(sb.url);
    wsBase = `${sb.url.replace(/^http/, "ws")}/v1/stream`;
    assert.equal(sb.config.sandboxSpeed, 60, "the default sandbox speed");
  });
  after(async () => {
    await sb?.dispose();
    await receiver?.stop();
  });

  describe("sandbox subscriptions and the keyless stream carry simulated events", () => {
    test("creating a sandbox subscription needs a sandbox key", async () => {
      const payload = { url: receiver.url("/nokey"), events: ["match.goal"] };
      const keyless = await sb.inject({ method: "POST", url: "/v1/webhooks", payload });
      assert.equal(keyless.statusCode, 401, keyless.body);
      assert.equal(keyless.json().error.code, "invalid_api_key");
      const listing = await sb.get("/v1/webhooks");
      assert.equal(listing.statusCode, 401);
      const live = await sb.createKey("free", "live", key.accountId);
      const withLive = await sb.inject({
        method: "POST",
        url: "/v1/webhooks",
        payload,
        key: live.key,
      });
      assert.equal(withLive.statusCode, 401, "a live key is not an account key on the sandbox");
      // The account behind a sandbox key is mirrored into the sandbox store on its first keyed
      // webhook call (below), not before.
      const mirrored = await sb.store.db
        .selectFrom("accounts")
        .select("id")
        .where("id", "=", key.accountId)
        .executeTakeFirst();
      assert.equal(mirrored, undefined, "not mirrored before a keyed webhook call");
    });

    test("simulated events reach the subscription signed, and the keyless stream carries them", async () => {
      const created = await sb.inject({
        method: "POST",
        url: "/v1/webhooks",
        key: key.key,
        payload: { url: receiver.url("/sim"), events: SUBSCRIBED, sport: "football" },
      });
      assert.equal(created.statusCode, 201, created.body);
      const subscription = created.json().data as { id: string; secret: string };
      assert.match(subscription.secret, /^whsec_/);
      const owner = await sb.store.db
        .selectFrom("webhook_subscriptions")
        .select("account_id")
        .where("id", "=", subscription.id)
        .executeTakeFirstOrThrow();
      assert.equal(
        owner.account_id,
        key.accountId,
        "the subscription belongs to the key's account",
      );
      // Another account's key does not see it (subscriptions belong to the key's account).
      const stranger = await sb.createKey("growth");
      const foreign = await sb.get(`/v1/webhooks/${subscription.id}`, stranger.key);
      assert.equal(foreign.statusCode, 404, foreign.body);

      const client = await TestClient.connect(wsBase);
      const atOnce = await TestClient.connect(`${wsBase}/football`);
      try {
        const [subscribed] = await client.subscribe("football.live", { id: "s1" });
        assert.equal(subscribed?.type, "subscribed", JSON.stringify(subscribed));
        await atOnce.waitFor((m) => m.type === "subscribed" && m.channel === "football.live");
        const mark = sb.events.length;

        const expected = () =>
          sb.events
            .slice(mark)
            .filter((e) => e.sport === "football" && SUBSCRIBED.includes(e.type))
            .map((e) => e.payload.event_id);
        const seen = (type: string) =>
          sb.events.slice(mark).some((e) => e.sport === "football" && e.type === type);
        const enough = () => seen("match.goal") && seen("match.started") && seen("match.finished");
        for (let i = 0; i < MAX_TICKS && !enough(); i++) await sb.tick(STEP_MS);
        assert.ok(seen("match.goal"), "the simulator scored a football goal");
        assert.ok(seen("match.started"), "the simulator kicked off a new football match");

        // Every subscribed event the sandbox published reaches the receiver, and nothing else does.
        const ids = [...new Set(expected())].sort();
        assert.equal(ids.length, expected().length, "no event is published twice");
        const arrived = () => [...new Set(receiver.to("/sim").map((r) => r.webhookId))].sort();
        await waitFor(() => arrived().length >= ids.length, {
          what: () => `${ids.length} events delivered, ${arrived().length} so far`,
        });
        assert.deepEqual(arrived(), ids, "every subscribed football event, and no other");
        const requests = receiver.to("/sim");
        const types = new Set<string>();
        for (const request of requests) {
          assertSignedWith(request, subscription.secret);
          const body = json(request);
          assert.ok(SUBSCRIBED.includes(String(body.event)), String(body.event));
          assert.equal(body.sport, "football");
          assert.equal(request.headers["x-service-event"], body.event);
          assert.equal(request.webhookId, body.event_id);
          types.add(String(body.event));
        }
        assert.deepEqual([...types].sort(), [...SUBSCRIBED].sort());

        // The delivery log (sandbox key) shows them delivered.
        let log: Array<{ state: string; event_id: string }> = [];
        await waitFor(
          async () => {
            log = dataOf(
              await sb.get(`/v1/webhooks/${subscription.id}/deliveries?per_page=100`, key.key),
            );
            return log.length === ids.length && log.every((d) => d.state === "succeeded");
          },
          {
            what: () => `a settled log of ${ids.length}: ${JSON.stringify(log)}`,
          },
        );

        // At least once (docs/webhooks.md): an event arrives twice only after an attempt its
        // delivery log records as failed (a stalled process's timeout); a second send without one
        // would be a double claim. Read once the log has settled (every attempt recorded).
        for (const id of ids) {
          const times = receiver.to("/sim").filter((r) => r.webhookId === id).length;
          if (times === 1) continue;
          const delivery = await sb.store.db
            .selectFrom("webhook_deliveries")
            .selectAll()
            .where("event_id", "=", id)
            .executeTakeFirstOrThrow();
          const attempts = await sb.store.db
            .selectFrom("webhook_attempts")
            .selectAll()
            .where("delivery_id", "=", delivery.id)
            .execute();
          assert.ok(
            attempts.length >= times && attempts.some((a) => a.error !== null),
            `${id} arrived ${times} times: ${JSON.stringify({ delivery, attempts })}`,
          );
        }

        // The stream: exactly the football live events the sandbox published, in order, with
        // increasing offsets (fixture.updated only when live state changed, docs/stream.md).
        const live = sb.events
          .slice(mark)
          .filter((e) => e.sport === "football" && isLiveEvent(e))
          .map((e) => e.payload.event_id);
        assert.ok(live.length > ids.length);
        for (const c of [client, atOnce]) {
          await c.waitFor((m) => m.type === "event", live.length);
          const onStream = c.events();
          assert.deepEqual(
            onStream.map((m) => m.data?.event_id),
            live,
            "every football live event, in publishing order",
          );
          assert.ok(onStream.every((m) => m.channel === "football.live"));
          assertStreamEvents(onStream);
        }
        assert.deepEqual(
          atOnce.events().map((m) => m.offset),
          client.events().map((m) => m.offset),
          "`/v1/stream/football` subscribed to football.live at once",
        );
        // The same payload as the webhook, field for field.
        const streamed = new Map(client.events().map((m) => [m.data?.event_id, m.data]));
        for (const request of requests) {
          assert.deepEqual(
            streamed.get(request.webhookId),
            json(request),
            "stream data = webhook body",
          );
        }
      } finally {
        await client.close();
        await atOnce.close();
      }
      // Deleted with the key, it receives nothing more (and the hour below delivers nothing).
      const deleted = await sb.inject({
        method: "DELETE",
        url: `/v1/webhooks/${subscription.id}`,
        key: key.key,
      });
      assert.equal(deleted.statusCode, 200, deleted.body);
    });

    test("keyless stream clients get odds too: the odds walk shows up on football.odds", async () => {
      const client = await TestClient.connect(wsBase);
      try {
        const [subscribed] = await client.subscribe(["football.odds"], { id: "odds" });
        assert.equal(subscribed?.type, "subscribed", JSON.stringify(subscribed));
        const fixture = await sb.store.db
          .selectFrom("odds")
          .innerJoin("fixtures", "fixtures.id", "odds.fixture_id")
          .select("odds.fixture_id")
          .where("odds.sport", "=", "football")
          .where("fixtures.status", "=", "scheduled")
          .orderBy("odds.fixture_id")
          .executeTakeFirstOrThrow();
        dataOf(await sb.get(`/v1/football/odds?match_id=${fixture.fixture_id}`));
        const events = await client.waitFor(
          (m) => m.type === "event" && m.data?.fixture_id === fixture.fixture_id,
        );
        assert.equal(events[0]?.channel, "football.odds");
        assert.equal(events[0]?.data?.event, "odds.changed");
        assertStreamEvents(client.events());
      } finally {
        await client.close();
      }
    });

    test("the test receiver's sample payloads have the keys of the simulated events", () => {
      for (const type of EVENT_TYPES) {
        const sample = samplePayload(type, sb.clock());
        assert.equal(sample.test, true, `${type} samples are marked as tests`);
        const expected = Object.keys(sample)
          .filter((k) => k !== "test")
          .sort()
          .join(",");
        const simulated = sb.events.filter((e) => e.type === type && e.sport === "football");
        assert.ok(simulated.length > 0, `the simulator produced ${type}`);
        const shapes = new Set(simulated.map((e) => Object.keys(e.payload).sort().join(",")));
        assert.ok(
          shapes.has(expected),
          `${type}: sample keys ${expected} vs simulated ${[...shapes].join(" | ")}`,
        );
      }
      assert.deepEqual(sb.busErrors, []);
    });
  });

  describe("odds that move on every call, and live matches that never run out", () => {
    async function fixtureWithOdds(sport: Sport, status: string): Promise<string> {
      const row = await sb.store.db
        .selectFrom("odds")
        .innerJoin("fixtures", "fixtures.id", "odds.fixture_id")
        .select("odds.fixture_id")
        .where("odds.sport", "=", sport)
        .where("fixtures.status", "=", status)
        .orderBy("odds.fixture_id")
        .executeTakeFirst();
      assert.ok(row, `a ${status} ${sport} fixture with odds`);
      return row.fixture_id;
    }

    async function odds(sport: Sport, fixtureId: string): Promise<OddsLine[]> {
      const lines = dataOf<OddsLine[]>(
        await sb.get(`/v1/${sport}/odds?match_id=${fixtureId}`),
        `${sport} odds of ${fixtureId}`,
      );
      assert.ok(lines.length > 0, `${fixtureId} has odds`);
      return lines;
    }

    /** The odds.changed events the call published, and the answer. */
    async function oddsCall(sport: Sport, fixtureId: string) {
      const mark = sb.events.length;
      const lines = await odds(sport, fixtureId);
      const events = sb.events.slice(mark);
      return { lines, events };
    }

    for (const [sport, status] of [
      ["football", "scheduled"],
      ["football", "live"],
      ["basketball", "scheduled"],
    ] as const) {
      test(`${sport} (${status}): consecutive /odds calls differ, with sane margins and odds.changed events`, async () => {
        const fixtureId = await fixtureWithOdds(sport, status);
        const first = await oddsCall(sport, fixtureId);
        const second = await oddsCall(sport, fixtureId);
        assertSaneMargins(first.lines, "first call");
        assertSaneMargins(second.lines, "second call");

        const earlier = new Map(first.lines.map((l) => [lineKey(l), l]));
        assert.deepEqual(
          second.lines.map(lineKey).sort(),
          [...earlier.keys()].sort(),
          "the same lines",
        );
        let changed = 0;
        for (const line of second.lines) {
          const was = earlier.get(lineKey(line)) as OddsLine;
          assert.deepEqual(line.opening, was.opening, "opening prices stay");
          for (const [selection, price] of Object.entries(line.selections)) {
            if (was.selections[selection] !== price) changed++;
          }
        }
        assert.ok(changed > 0, "some price moved between two consecutive calls");

        // The step went through the sandbox's ingestor: odds.changed for this fixture, whose
        // prices are what the second call answered.
        for (const call of [first, second]) {
          const ofFixture = call.events.filter(
            (e: DomainEvent) => e.type === "odds.changed" && e.fixtureId === fixtureId,
          );
          assert.ok(ofFixture.length > 0, "odds.changed was published on the sandbox bus");
          assert.ok(ofFixture.every((e) => e.sport === sport));
        }
        const answered = new Map(second.lines.map((l) => [lineKey(l), l]));
        let checked = 0;
        for (const event of second.events.filter((e) => e.type === "odds.changed")) {
          const p = event.payload as unknown as {
            bookmaker: string;
            market: string;
            line: number | null;
            subject: string | null;
            prices: Array<{ selection: string; price: number }>;
          };
          const line = answered.get(lineKey(p));
          assert.ok(line, `the event's line ${lineKey(p)} is in the answer`);
          for (const { selection, price } of p.prices) {
            assert.equal(line.selections[selection], price, `${lineKey(p)} ${selection}`);
            checked++;
          }
        }
        assert.ok(checked > 0);
      });
    }

    test("twenty-five calls in a row: prices keep moving and margins stay sane", async () => {
      const fixtureId = await fixtureWithOdds("football", "scheduled");
      let previous = await odds("football", fixtureId);
      const opening = new Map(previous.map((l) => [lineKey(l), l.opening]));
      for (let call = 0; call < 25; call++) {
        const lines = await odds("football", fixtureId);
        assertSaneMargins(lines, `call ${call}`);
        assert.notDeepEqual(
          lines.map((l) => l.selections),
          previous.map((l) => l.selections),
          `call ${call} moved something`,
        );
        for (const line of lines) {
          assert.deepEqual(line.opening, opening.get(lineKey(line)));
          for (const [selection, price] of Object.entries(line.selections)) {
            const open = line.opening[selection] as number;
            // A 2 % walk for a few dozen steps stays well within a factor of two of the opening.
            assert.ok(
              price < open * 2 && price > open / 2,
              `${lineKey(line)} ${selection} ${price}`,
            );
          }
        }
        previous = lines;
      }
    });

    test("/matches/live over an hour: football never empty, each squeezed sport live or due", async (t) => {
      assert.equal(sb.config.sandboxSpeed, 60);
      const start = sb.clock().getTime();
      const hour = 3_600_000;
      const seenFootball = new Set<string>();
      const mark = sb.events.length;
      let ticks = 0;
      let samples = 0;
      let nextSample = start;
      /** Sampled moments with no match of a sport live, its next one due within the bound. */
      const shortGaps: string[] = [];
      const nextKickoff = async (sport: Sport) => {
        const row = await sb.store.db
          .selectFrom("fixtures")
          .select("kickoff")
          .where("sport", "=", sport)
          .where("status", "=", "scheduled")
          .orderBy("kickoff")
          .executeTakeFirst();
        return row === undefined ? undefined : Date.parse(row.kickoff);
      };
      const liveIn = async (sport: Sport) => {
        const list = dataOf<Array<{ fixture_id: string; status: string }>>(
          await sb.get(`/v1/${sport}/matches/live`),
          `${sport} live`,
        );
        for (const match of list) {
          assert.ok(["live", "interrupted", "suspended"].includes(match.status), match.status);
        }
        return list;
      };
      while (sb.clock().getTime() - start < hour) {
        // 10 to 30 simulated seconds, in a fixed irregular pattern.
        await sb.tick(10_000 + ((ticks * 7919) % 21) * 1_000);
        ticks++;
        const football = await liveIn("football");
        const at = `${Math.round((sb.clock().getTime() - start) / 1000)} s`;
        assert.ok(football.length > 0, `football live at ${at}`);
        for (const match of football) seenFootball.add(match.fixture_id);
        if (sb.clock().getTime() < nextSample) continue;
        nextSample += 5 * 60_000;
        samples++;
        const gaps: string[] = [];
        for (const sport of SQUEEZED) {
          if ((await liveIn(sport)).length > 0) continue;
          const next = await nextKickoff(sport);
          const away = next === undefined ? Number.POSITIVE_INFINITY : next - sb.clock().getTime();
          if (away > maxGapWorldMs(sport) / sb.config.sandboxSpeed) {
            gaps.push(
              `${sport}: next kick-off ${Number.isFinite(away) ? `${away / 1000} s away` : "none"}`,
            );
          } else shortGaps.push(`${sport} at ${at}`);
        }
        assert.deepEqual(gaps, [], `every sport has a live match at ${at}, or its next one is due`);
      }
      t.diagnostic(`moments between two matches of a sport: ${shortGaps.join(", ") || "none"}`);
      assert.ok(ticks >= 120 && ticks <= 360, `${ticks} ticks`);
      assert.ok(samples >= 12, `${samples} samples`);
      // The live data rotates: matches finish and others kick off.
      const finished = sb.events
        .slice(mark)
        .filter((e) => e.type === "match.finished" && e.sport === "football");
      assert.ok(finished.length >= 20, `${finished.length} football matches finished in the hour`);
      assert.ok(seenFootball.size >= 20, `${seenFootball.size} football matches seen live`);
      // Golf's four rounds take ~5,000 match minutes (~83 minutes at speed 60): its tournaments
      // that kicked off at the start are still being played; every other sport rotated.
      for (const sport of SPORTS.filter((s) => s !== "golf")) {
        assert.ok(
          sb.events.slice(mark).some((e) => e.type === "match.started" && e.sport === sport),
          `${sport} kicked off a match in the hour`,
        );
      }
      assert.equal(
        sb.simulator.stats.rejected,
        0,
        "the live engine accepted every simulated message",
      );
      assert.deepEqual(sb.busErrors, []);
    });
  });
});

/** Events on one connection: increasing offsets per channel, one epoch, webhook-shaped data. */
function assertStreamEvents(messages: readonly ServerMessage[]): void {
  const epochs = new Set(messages.map((m) => m.epoch));
  assert.equal(epochs.size, 1, "one epoch");
  const channels = new Set(messages.map((m) => m.channel));
  for (const channel of channels) {
    assertIncreasing(messages.filter((m) => m.channel === channel).map((m) => m.offset ?? -1));
  }
  for (const m of messages) {
    assert.equal(m.type, "event");
    const data = m.data ?? {};
    for (const field of ["event", "event_id", "sport", "sequence", "timestamp"]) {
      assert.ok(field in data, `${field} in ${JSON.stringify(data).slice(0, 200)}`);
    }
    assert.equal(data.sport, "football");
    assert.ok(EVENT_TYPES.includes(data.event as (typeof EVENT_TYPES)[number]));
  }
}
