/**
 * The read cache never answers differently from a fresh computation: random feed writes
 * (goals, status changes, odds, renamed teams, new players, lineups) interleaved with reads of
 * every cached resource, each cached answer compared with the same request to an app with the
 * read cache off. Two caches are checked: the writing node's own (which hears its writes as it
 * makes them) and another node's on a connection of its own (which hears them only as the
 * database announces them: SQLite's change log, PostgreSQL's notifications). On SQLite and
 * PostgreSQL.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { loadConfig } from "../../src/config/index.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { createLogger } from "../../src/logger.js";
import { openStore, type Store } from "../../src/store/database.js";
import { testClock } from "../helpers/clock.js";
import { eventMsg, leagueMessages, msg, oddsMsg, statusMsg } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { assertAllApplied, createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";

const SPORTS = ["football", "basketball"] as const;
type TestSport = (typeof SPORTS)[number];
/** Two fixtures per sport, so a write to one can be seen to leave the other alone. */
const FIXTURES = SPORTS.flatMap((sport) => [`${sport}-fx-a`, `${sport}-fx-b`]);
const sportOf = (fixture: string) => fixture.split("-fx-")[0] as TestSport;
const STATUSES = ["live", "halftime", "live", "finished", "postponed", "scheduled"];

let unique = 0;

const write = fc.oneof(
  fc.record({
    kind: fc.constant("goal"),
    fixture: fc.constantFrom(...FIXTURES),
    home: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("status"),
    fixture: fc.constantFrom(...FIXTURES),
    status: fc.constantFrom(...STATUSES),
  }),
  fc.record({
    kind: fc.constant("odds"),
    fixture: fc.constantFrom(...FIXTURES),
    home: fc.integer({ min: 110, max: 900 }),
  }),
  fc.record({ kind: fc.constant("rename"), sport: fc.constantFrom(...SPORTS), name: fc.string() }),
  fc.record({ kind: fc.constant("player"), sport: fc.constantFrom(...SPORTS) }),
  fc.record({ kind: fc.constant("lineup"), fixture: fc.constantFrom(...FIXTURES) }),
);

function messageFor(w: fc.Arbitrary<unknown> extends never ? never : Record<string, unknown>) {
  const sport = (w.sport as TestSport | undefined) ?? sportOf(String(w.fixture));
  const fixture = String(w.fixture);
  unique++;
  switch (w.kind) {
    case "goal":
      return eventMsg(sport, fixture, {
        event_id: `p-${unique}`,
        type: sport === "basketball" ? "two_pointer" : "goal",
        team: w.home ? "home" : "away",
      });
    case "status":
      return statusMsg(sport, fixture, String(w.status));
    case "odds":
      return oddsMsg(sport, fixture, {
        home: (w.home as number) / 100,
        draw: 3.4,
        away: 2.9,
      });
    case "rename":
      return msg("team", sport, {
        id: `${sport}-north`,
        name: `Northbridge ${String(w.name).replace(/[^A-Za-z ]/g, "") || "Rovers"}`,
        competition_id: `${sport}-league`,
      });
    case "player":
      return msg("player", sport, {
        id: `${sport}-p${unique}`,
        name: `Player ${unique}`,
        team_id: `${sport}-south`,
        position: "FW",
      });
    default:
      return msg("lineup", sport, {
        fixture_id: fixture,
        team_id: `${sport}-north`,
        formation: "4-4-2",
        starters: [{ player_id: `${sport}-n9`, position: "FW", shirt_number: 9 }],
        substitutes: [],
      });
  }
}

function readUrls(sport: TestSport): string[] {
  const league = `${sport}-league`;
  return [
    `/v1/${sport}/fixtures?league=${league}&season=2026`,
    `/v1/${sport}/fixtures/${sport}-fx-a`,
    `/v1/${sport}/fixtures/${sport}-fx-b`,
    `/v1/${sport}/matches/live`,
    `/v1/${sport}/results?league=${league}&season=2026`,
    `/v1/${sport}/events/${sport}-fx-a`,
    `/v1/${sport}/events/${sport}-fx-b`,
    `/v1/${sport}/lineups/${sport}-fx-a`,
    `/v1/${sport}/odds?match_id=${sport}-fx-a`,
    `/v1/${sport}/odds?match_id=${sport}-fx-b`,
    `/v1/${sport}/standings?league=${league}`,
    `/v1/${sport}/teams?league=${league}`,
    `/v1/${sport}/teams/${sport}-north`,
    `/v1/${sport}/players?team=${sport}-south`,
    `/v1/${sport}/statistics?league=${league}`,
    `/v1/${sport}/competitions`,
  ];
}
const URLS = SPORTS.flatMap(readUrls);

const step = fc.oneof(
  { weight: 1, arbitrary: write.map((w) => ({ write: w as Record<string, unknown> })) },
  { weight: 4, arbitrary: fc.constantFrom(...URLS).map((url) => ({ read: url })) },
);

/** The answer without what differs per request. */
function comparable(body: string): unknown {
  const parsed = JSON.parse(body) as { meta?: Record<string, unknown> };
  if (parsed.meta !== undefined) {
    delete parsed.meta.request_id;
    delete parsed.meta.generated_at;
  }
  return parsed;
}

for (const dialect of DIALECTS) {
  describe(`read cache against fresh reads on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let live: LiveTestApp;
    let fresh: App;
    let otherStore: Store;
    let other: App;
    before(async () => {
      live = await createLiveApp(dialect);
      const host = (store: Store, env: Record<string, string> = {}) =>
        buildApiHost({
          config: loadConfig(env),
          store,
          logger: createLogger("silent"),
          clock: testClock,
        });
      fresh = await host(live.store, { SCORELINE_READ_CACHE: "false" });
      otherStore = openStore(live.url, { poolSize: 2 });
      other = await host(otherStore);
      const setup = SPORTS.flatMap((sport) => [
        ...leagueMessages(sport, `${sport}-fx-a`),
        msg("fixture", sport, {
          id: `${sport}-fx-b`,
          competition_id: `${sport}-league`,
          kickoff: "2026-11-21T17:30:00Z",
          home_team_id: `${sport}-south`,
          away_team_id: `${sport}-north`,
        }),
      ]);
      assertAllApplied(await live.feed(setup));
    });
    after(async () => {
      await other?.close();
      await otherStore?.close();
      await fresh?.close();
      await live?.dispose();
    });

    /**
     * Waits until the other node has heard every change committed so far: notifications come
     * in commit order, so once a marker written now is heard, the earlier ones are too.
     */
    async function otherHeardEverything(): Promise<void> {
      const mark = otherStore.changes.now();
      // now() first: it reads what SQLite's change log gained.
      const heard = () =>
        otherStore.changes.now() >= 0 && otherStore.changes.changedSince(mark, ["countries"]);
      await live.store.db
        .updateTable("countries")
        .set({ updated_at: new Date().toISOString() })
        .where("code", "=", "ZZ")
        .execute();
      for (let i = 0; i < 1000 && !heard(); i++) {
        await new Promise((r) => setTimeout(r, 5));
      }
      assert.ok(heard(), "the marker was never heard");
    }

    test("every cached answer equals a fresh computation", async () => {
      let hits = 0;
      let otherHits = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
          for (const s of steps) {
            if ("write" in s) {
              const answer = await live.feed([messageFor(s.write)]);
              assert.equal(answer.status, 200, JSON.stringify(answer.body));
              if (dialect === "postgres") await otherHeardEverything();
              continue;
            }
            const cached = await live.app.inject(s.read);
            const computed = await fresh.inject({
              url: s.read,
              headers: { authorization: `Bearer ${live.key}` },
            });
            assert.equal(cached.statusCode, computed.statusCode, s.read);
            if (cached.headers["x-cache"] === "hit") hits++;
            assert.deepEqual(comparable(cached.body), comparable(computed.body), s.read);
            const elsewhere = await other.inject({
              url: s.read,
              headers: { authorization: `Bearer ${live.key}` },
            });
            if (elsewhere.headers["x-cache"] === "hit") otherHits++;
            assert.deepEqual(
              comparable(elsewhere.body),
              comparable(computed.body),
              `other: ${s.read}`,
            );
          }
        }),
        { numRuns: 150 },
      );
      // The property says something only if answers were kept and reused along the way.
      assert.ok(hits >= 50, `only ${hits} hits`);
      assert.ok(otherHits >= 50, `only ${otherHits} hits on the other node`);
    });
  });
}
