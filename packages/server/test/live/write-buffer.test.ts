/**
 * The write buffer and the batch's rollback, once per dialect, inside a real transaction: changes
 * to one fixture merge (later columns win) and reach the row with their types; a rejected
 * message's buffered writes and remembered states are taken back; writes already flushed cannot
 * be, and saying so fails the transaction rather than committing half a message.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { MemoryEventBus } from "../../src/adapters/bus/memory-bus.js";
import { Batch } from "../../src/live/batch.js";
import { FeedIngestor } from "../../src/live/feed-ingestor.js";
import { saveFixtureState } from "../../src/live/fixture-writes.js";
import { checksFor } from "../../src/store/change-clock.js";
import type { Store } from "../../src/store/database.js";
import { TEST_NOW, testClock } from "../helpers/clock.js";
import { leagueMessages, msg, statusMsg } from "../helpers/feed-messages.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";

const F = "football";
const SETTINGS = { oddsMoveThreshold: 0.05 };

/** Runs `body` with a batch over a transaction that is always rolled back afterwards. */
async function inBatch(store: Store, body: (batch: Batch) => Promise<void>): Promise<void> {
  const undo = new Error("undo");
  await assert.rejects(
    store.db.transaction().execute(async (trx) => {
      await body(new Batch(trx, store.dialect, TEST_NOW, SETTINGS));
      throw undo;
    }),
    (error) => error === undo,
  );
}

function matchEvent(id: string, sequence: number) {
  return {
    id,
    sport: F,
    fixture_id: "fx-1",
    sequence,
    type: "var_review",
    period: "1st_half",
    minute: 5,
    team_id: null,
    player_id: null,
    related_player_id: null,
    detail: "{}",
    score: null,
    state: "active",
    created_at: "2026-11-21T10:00:00Z",
    updated_at: "2026-11-21T10:00:00Z",
  };
}

for (const dialect of DIALECTS) {
  describe(`write buffer on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestStore;
    before(async () => {
      t = await createTestStore(dialect);
      const ingestor = new FeedIngestor({
        store: t.store,
        bus: new MemoryEventBus(),
        clock: testClock,
      });
      const report = await ingestor.ingestMessages([
        ...leagueMessages(F, "fx-1"),
        msg("fixture", F, {
          id: "fx-2",
          competition_id: `${F}-league`,
          kickoff: "2026-11-22T15:00:00Z",
          home_team_id: `${F}-south`,
          away_team_id: `${F}-north`,
        }),
        statusMsg(F, "fx-1", "live"),
      ]);
      assert.equal(report.rejected, 0);
    });
    after(() => t.dispose());

    test("changes to a fixture merge, later columns over earlier, and keep their types", async () => {
      await inBatch(t.store, async (batch) => {
        batch.writes.updateFixture("fx-1", { minute: 10, period: "1st_half", last_event: "{}" });
        batch.writes.updateFixture("fx-2", { sequence: 42 });
        batch.writes.updateFixture("fx-1", { minute: 11, last_event: null, home_score: 3 });
        const trx = await batch.flushed();
        const rows = await trx
          .selectFrom("fixtures")
          .select(["id", "minute", "period", "last_event", "home_score", "sequence", "status"])
          .orderBy("id")
          .execute();
        assert.deepEqual(
          rows.map((r) => ({ ...r, sequence: Number(r.sequence) })),
          [
            {
              id: "fx-1",
              minute: 11,
              period: "1st_half",
              last_event: null,
              home_score: 3,
              sequence: 2,
              status: "live",
            },
            {
              id: "fx-2",
              minute: null,
              period: null,
              last_event: null,
              home_score: null,
              sequence: 42,
              status: "scheduled",
            },
          ],
        );
      });
    });

    // PostgreSQL only: SQLite hears of changes from its log, after commits.
    if (dialect === "postgres") {
      test("a flush marks what it writes changed before the commit (PostgreSQL's own writes)", async () => {
        // Listening, the clock can tell (until then every answer counts as changed).
        await t.store.watchChanges();
        await inBatch(t.store, async (batch) => {
          const { changes } = t.store;
          const changedSince = (mark: number, scope: string) =>
            changes.changedSince(mark, checksFor(scope));
          await batch.trx
            .insertInto("bookmakers")
            .values({ slug: "bet-one", name: "Bet One", native_format: "decimal" })
            .execute();
          const line = ["fx-1", "bet-one", "1x2||", "home"] as const;
          batch.odds.open({
            sport: F,
            fixture_id: line[0],
            bookmaker: line[1],
            market: "1x2",
            market_key: line[2],
            subject: "",
            line: null,
            selection: line[3],
            price: 2,
            opening_price: 2,
            opened_at: batch.stamp,
            updated_at: batch.stamp,
            is_live: 1,
            reference_price: null,
          });
          await batch.flushed();
          // No notification is sent before the commit: only the statements can have said so.
          const mark = changes.now();
          batch.writes.updateFixture("fx-1", { minute: 12 });
          await batch.flushed();
          assert.ok(changedSince(mark, "fixtures/football/fx-1"), "the fixture's update");
          assert.ok(!changedSince(mark, "odds/football/fx-1"), "the odds are not the fixture");
          const before = { price: 2, opening_price: 2, reference_price: null };
          batch.odds.change(line, { price: 2.2, updated_at: batch.stamp }, before);
          await batch.flushed();
          assert.ok(changedSince(mark, "odds/football/fx-1"), "the price's update");
        });
      });
    }

    test("a rollback takes back the buffered writes and the remembered state", async () => {
      await inBatch(t.store, async (batch) => {
        const state = await batch.fixture(F, "fx-1");
        const mark = batch.mark();
        batch.writes.insertMatchEvent(matchEvent("ev_taken_back", state.sequence + 1));
        saveFixtureState(batch, { ...state, minute: 77, sequence: state.sequence + 1 });
        assert.equal((await batch.fixture(F, "fx-1")).minute, 77);
        assert.equal(await batch.matchEventExists("ev_taken_back"), true);
        batch.rollback(mark);
        assert.equal(await batch.fixture(F, "fx-1"), state);
        assert.equal(await batch.matchEventExists("ev_taken_back"), false);
        assert.equal(batch.writes.pending, false);
        const trx = await batch.flushed();
        const fixture = await trx
          .selectFrom("fixtures")
          .select("minute")
          .where("id", "=", "fx-1")
          .executeTakeFirstOrThrow();
        assert.equal(fixture.minute, 0);
        const events = await trx.selectFrom("match_events").select("id").execute();
        assert.deepEqual(events, []);
      });
    });

    test("writes already flushed cannot be taken back: the rollback throws", async () => {
      await inBatch(t.store, async (batch) => {
        const state = await batch.fixture(F, "fx-1");
        batch.writes.insertMatchEvent(matchEvent("ev_kept", state.sequence + 1));
        const mark = batch.mark();
        batch.writes.insertMatchEvent(matchEvent("ev_flushed", state.sequence + 2));
        await batch.flushed();
        assert.throws(() => batch.rollback(mark), /already flushed/);
      });
    });
  });
}
