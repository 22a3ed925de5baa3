/**
 * Every committed write to a data table announces the scopes of its rows (migration 009):
 * SQLite appends them to `data_changes`, PostgreSQL sends them with `NOTIFY scoreline_data`.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import pg from "pg";
import { FINISHED_STATUSES } from "../../src/sports/statuses.js";
import { SCOPED_TABLES } from "../../src/store/change-scopes.js";
import { openStore } from "../../src/store/database.js";
import { CHANGE_SCOPES } from "../../src/store/migrations/009-change-scopes.js";
import { insertMiniLeague, type MiniLeague } from "../helpers/factories.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";

/** Tables no cached answer is read from: their writes announce nothing. */
const UNANNOUNCED = new Set([
  "domain_events",
  "feed_messages",
  "webhook_subscriptions",
  "webhook_deliveries",
  "webhook_attempts",
  "webhook_odds_references",
  "accounts",
  "api_keys",
  "usage_hours",
  "dashboard_sessions",
  "account_tokens",
  "store_meta",
  "data_changes",
  "kysely_migration",
  "kysely_migration_lock",
]);

test("the migration announces exactly the tables the runtime knows, finished statuses as the domain's", async () => {
  assert.deepEqual(Object.keys(CHANGE_SCOPES).sort(), Object.keys(SCOPED_TABLES).sort());
  const finished = /in \(([^)]*)\)/.exec(CHANGE_SCOPES.fixtures?.[1] ?? "")?.[1];
  assert.equal(finished, FINISHED_STATUSES.map((s) => `'${s}'`).join(", "));
  const t = await createTestStore("sqlite");
  try {
    const tables = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
      t.store.db,
    );
    const unannounced = tables.rows.map((r) => r.name).filter((n) => !(n in SCOPED_TABLES));
    assert.deepEqual(
      unannounced.filter((n) => !UNANNOUNCED.has(n)),
      [],
      "a new data table needs its scopes announced (a migration like 009) or a place in UNANNOUNCED",
    );
  } finally {
    await t.dispose();
  }
});

for (const dialect of DIALECTS) {
  describe(`change announcements on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestStore;
    let listener: pg.Client | undefined;
    let heard: string[] = [];
    let seen = 0;
    before(async () => {
      t = await createTestStore(dialect);
      if (dialect === "postgres") {
        // NOTIFY reaches the sessions of the store's own database (each test store has one).
        const url = new URL(t.url);
        url.searchParams.delete("schema");
        listener = new pg.Client({ connectionString: url.toString() });
        await listener.connect();
        listener.on("notification", (n) => {
          const [schema, ...scopes] = (n.payload ?? "").split(" ");
          if (schema === t.store.schema) heard.push(...scopes);
        });
        await listener.query("listen scoreline_data");
      }
    });
    after(async () => {
      await listener?.end();
      await t?.dispose();
    });

    /** The scopes announced since the last call, deduplicated and sorted. */
    async function announced(): Promise<string[]> {
      if (dialect === "sqlite") {
        const rows = await sql<{ seq: number; scope: string }>`
          select seq, scope from data_changes where seq > ${seen} order by seq`.execute(t.store.db);
        seen = rows.rows.at(-1)?.seq ?? seen;
        return [...new Set(rows.rows.map((r) => r.scope))].sort();
      }
      // A marker that announces itself last: notifications arrive in commit order.
      await sql`select pg_notify('scoreline_data', ${`${t.store.schema} marker`})`.execute(
        t.store.db,
      );
      for (let i = 0; i < 500 && !heard.includes("marker"); i++) {
        await new Promise((r) => setTimeout(r, 5));
      }
      const scopes = [...new Set(heard.filter((s) => s !== "marker"))].sort();
      heard = [];
      return scopes;
    }

    let league: MiniLeague;
    test("inserts announce each row's scope", async () => {
      await announced();
      league = await insertMiniLeague(t.store);
      const fx = league.fixtureId;
      const scopes = await announced();
      for (const scope of [
        "countries",
        "competitions/football",
        "seasons/football",
        "teams/football",
        "team_competitions",
        `fixtures/football/${fx}`,
        "fixtures:finished/football",
        `match_events/football/${fx}`,
        `odds/football/${fx}`,
      ]) {
        assert.ok(scopes.includes(scope), `${scope} in ${scopes.join(" ")}`);
      }
    });

    test("an update announces the old and the new row; finished only when either is", async () => {
      const fx = league.fixtureId;
      const setFixture = (values: { status: string; minute: number }) =>
        t.store.db.updateTable("fixtures").set(values).where("id", "=", fx).execute();
      await setFixture({ status: "live", minute: 10 });
      assert.deepEqual(await announced(), [
        `fixtures/football/${fx}`,
        "fixtures:finished/football",
      ]);
      await setFixture({ status: "live", minute: 11 });
      assert.deepEqual(await announced(), [`fixtures/football/${fx}`]);
      await setFixture({ status: "finished", minute: 90 });
      assert.deepEqual(await announced(), [
        `fixtures/football/${fx}`,
        "fixtures:finished/football",
      ]);
    });

    test("a delete announces the rows it removed; a statement that changes no row, nothing", async () => {
      await t.store.db.deleteFrom("odds").where("fixture_id", "=", league.fixtureId).execute();
      assert.deepEqual(await announced(), [`odds/football/${league.fixtureId}`]);
      await t.store.db.deleteFrom("odds").where("fixture_id", "=", "none").execute();
      assert.deepEqual(await announced(), []);
    });
  });
}

test("SQLite: a reader that falls behind the pruned log treats everything as changed", async () => {
  const t = await createTestStore("sqlite");
  const reader = openStore(t.url);
  try {
    const league = await insertMiniLeague(t.store);
    const mark = reader.changes.now();
    assert.ok(mark >= 0);
    const touch = () =>
      t.store.db
        .updateTable("teams")
        .set({ city: `c${Math.random()}` })
        .where("id", "=", league.teamIds[0])
        .execute();
    await touch();
    // As pruning would: the reader never saw these rows.
    await sql`delete from data_changes`.execute(t.store.db);
    await touch();
    const after = reader.changes.now();
    assert.ok(
      reader.changes.changedSince(mark, ["countries"]),
      "an unrelated scope counts as changed",
    );
    assert.ok(!reader.changes.changedSince(after, ["countries"]));
  } finally {
    await reader.close();
    await t.dispose();
  }
});
