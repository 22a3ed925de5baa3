/**
 * The read cache never serves data older than a write: its own writes, another process's
 * commit to the same SQLite file, another node's commit to the same PostgreSQL schema.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { createKey } from "../../src/accounts/accounts-service.js";
import { loadConfig } from "../../src/config/index.js";
import { DEFAULT_PLANS } from "../../src/config/plans.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { createLogger } from "../../src/logger.js";
import { openStore, type Store } from "../../src/store/database.js";
import { migrate } from "../../src/store/migrate.js";
import { insertMiniLeague, type MiniLeague } from "../helpers/factories.js";
import { DIALECTS, freshUrl, unavailable } from "../helpers/stores.js";

for (const dialect of DIALECTS) {
  describe(`read cache on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let url: string;
    let cleanup: () => Promise<void>;
    let node: Store;
    let other: Store;
    let app: App;
    let league: MiniLeague;
    let second: MiniLeague;
    let basketball: MiniLeague;
    let authed: (url: string) => Promise<LightMyRequestResponse>;
    let bearer = "";
    before(async () => {
      ({ url, cleanup } = freshUrl(dialect));
      node = openStore(url);
      await migrate(node);
      other = openStore(url);
      league = await insertMiniLeague(node);
      second = await insertMiniLeague(node);
      basketball = await insertMiniLeague(node, "basketball");
      app = await buildApiHost({
        config: loadConfig({}),
        store: node,
        logger: createLogger("silent"),
      });
      const { key } = await createKey(
        { store: node, clock: () => new Date(), plans: DEFAULT_PLANS },
        { kind: "live", plan: "enterprise" },
      );
      const inject = app.inject.bind(app);
      bearer = `Bearer ${key}`;
      authed = (url: string) => inject({ url, headers: { authorization: bearer } });
    });
    after(async () => {
      await app?.close();
      await node?.close();
      await other?.close();
      await cleanup?.();
    });

    const teamsUrl = () => `/v1/football/teams?league=${league.competitionId}`;

    /**
     * Waits until this node has heard every change committed so far: PostgreSQL delivers
     * notifications after the commit, in commit order, so once a marker written now is heard
     * the earlier ones are too. (A late notification would otherwise empty what a test keeps.)
     */
    async function heardEverything(): Promise<void> {
      const mark = node.changes.now();
      // now() first: it reads what SQLite's change log gained.
      const heard = () => node.changes.now() >= 0 && node.changes.changedSince(mark, ["countries"]);
      await other.db
        .updateTable("countries")
        .set({ updated_at: new Date().toISOString() })
        .where("code", "=", league.dataset.countries[0]?.code ?? "")
        .execute();
      for (let i = 0; i < 500 && !heard(); i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      assert.ok(heard(), "the marker was never heard");
    }

    test("a repeated request is a hit with its own request id and time", async () => {
      const first = await authed(teamsUrl());
      const second = await authed(teamsUrl());
      assert.equal(first.headers["x-cache"], "miss");
      assert.equal(second.headers["x-cache"], "hit");
      assert.deepEqual(second.json().data, first.json().data);
      assert.equal(second.json().meta.request_id, second.headers["x-request-id"]);
      assert.notEqual(second.json().meta.request_id, first.json().meta.request_id);
      assert.match(second.json().meta.generated_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      assert.equal(second.headers["content-type"], "application/json; charset=utf-8");
    });

    test("a conditional request that matches a kept answer is a 304 from the cache", async () => {
      const first = await authed(teamsUrl());
      const etag = String(first.headers.etag);
      const notModified = await app.inject({
        url: teamsUrl(),
        headers: { authorization: bearer, "if-none-match": etag },
      });
      assert.equal(notModified.statusCode, 304);
      assert.equal(notModified.headers["x-cache"], "hit", "no query, no serialisation");
      assert.equal(notModified.headers.etag, etag);
      assert.equal(notModified.body, "");
    });

    test("a key given as ?api_key= shares the entry of the same URL sent with a header", async () => {
      await authed(teamsUrl());
      const [, key] = /Bearer (\S+)/.exec(bearer) ?? [];
      const viaQuery = await app.inject(`${teamsUrl()}&api_key=${key}`);
      assert.equal(viaQuery.statusCode, 200);
      assert.equal(viaQuery.headers["x-cache"], "hit");
    });

    test("a write through this node is seen at once", async () => {
      await authed(teamsUrl());
      await node.db
        .updateTable("teams")
        .set({ name: "Renamed Here" })
        .where("id", "=", league.teamIds[0])
        .execute();
      const after = await authed(teamsUrl());
      assert.equal(after.headers["x-cache"], "miss");
      assert.ok(after.json().data.some((t: { name: string }) => t.name === "Renamed Here"));
    });

    test("writes to the event log and webhook bookkeeping keep the cache", async () => {
      await heardEverything();
      await authed(teamsUrl());
      await node.db
        .insertInto("feed_messages")
        .values({
          id: `m-${Math.random()}`,
          type: "event",
          sport: "football",
          applied_at: "2026-11-21T10:00:00Z",
        })
        .execute();
      await node.db
        .updateTable("webhook_deliveries")
        .set({ state: "failed" })
        .where("id", "=", "none")
        .execute();
      await node.db.deleteFrom("webhook_attempts").where("delivery_id", "=", "none").execute();
      const kept = await authed(teamsUrl());
      // On PostgreSQL no trigger fires for these tables either (migration 002 lists data tables).
      assert.equal(kept.headers["x-cache"], "hit");
      await node.db
        .updateTable("teams as t")
        .set({ city: "Elsewhere" })
        .where("t.id", "=", league.teamIds[0])
        .execute();
      assert.equal(
        (await authed(teamsUrl())).headers["x-cache"],
        "miss",
        "a data write still empties it",
      );
    });

    test("a commit by another connection (another process or node) is seen", async () => {
      await authed(teamsUrl());
      await other.db
        .updateTable("teams")
        .set({ name: "Renamed Elsewhere" })
        .where("id", "=", league.teamIds[1])
        .execute();
      // PostgreSQL delivers the notification asynchronously after the commit.
      let seen = false;
      for (let i = 0; i < 50 && !seen; i++) {
        const response = await authed(teamsUrl());
        seen = response.json().data.some((t: { name: string }) => t.name === "Renamed Elsewhere");
        if (!seen) await new Promise((r) => setTimeout(r, 20));
      }
      assert.ok(seen, "the other connection's commit was never seen");
    });

    test("another sport's write keeps this sport's answers", async () => {
      await heardEverything();
      const basketballTeams = `/v1/basketball/teams?league=${basketball.competitionId}`;
      await authed(teamsUrl());
      await authed(basketballTeams);
      await other.db
        .updateTable("teams")
        .set({ name: "Hoops Renamed" })
        .where("id", "=", basketball.teamIds[0])
        .execute();
      await heardEverything();
      assert.equal((await authed(teamsUrl())).headers["x-cache"], "hit");
      const renamed = await authed(basketballTeams);
      assert.equal(renamed.headers["x-cache"], "miss");
      assert.ok(renamed.json().data.some((t: { name: string }) => t.name === "Hoops Renamed"));
    });

    test("a change to one fixture keeps another fixture's answers; results outlive live play", async () => {
      await heardEverything();
      const events = `/v1/football/events/${league.fixtureId}`;
      const fixture = `/v1/football/fixtures/${second.fixtureId}`;
      const results = `/v1/football/results?league=${league.competitionId}`;
      const setSecond = (values: { status: string; minute: number }) =>
        other.db.updateTable("fixtures").set(values).where("id", "=", second.fixtureId).execute();
      // Finished → live changes results (the fixture leaves them).
      await setSecond({ status: "live", minute: 10 });
      await heardEverything();
      for (const url of [events, fixture, results]) await authed(url);
      // Live → live does not.
      await setSecond({ status: "live", minute: 11 });
      await heardEverything();
      assert.equal((await authed(events)).headers["x-cache"], "hit", "another fixture's events");
      assert.equal((await authed(results)).headers["x-cache"], "hit", "results");
      const changed = await authed(fixture);
      assert.equal(changed.headers["x-cache"], "miss");
      assert.equal(changed.json().data.minute, 11);
      // Live → finished does.
      await setSecond({ status: "finished", minute: 90 });
      await heardEverything();
      assert.equal((await authed(results)).headers["x-cache"], "miss");
    });

    test("live endpoints are never stale; errors are never cached", async () => {
      await authed("/v1/football/matches/live");
      const quiet = await authed("/v1/football/matches/live");
      assert.equal(quiet.headers["x-cache"], "hit");
      assert.equal(quiet.headers["cache-control"], "private, no-cache");
      await node.db
        .updateTable("fixtures")
        .set({ status: "live", minute: 12, updated_at: "2026-11-21T10:00:12Z" })
        .where("id", "=", league.fixtureId)
        .execute();
      const live = await authed("/v1/football/matches/live");
      assert.equal(live.headers["x-cache"], "miss");
      assert.equal(live.json().data[0].minute, 12);
      await authed("/v1/football/teams?per_page=0");
      const bad = await authed("/v1/football/teams?per_page=0");
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.headers["x-cache"], undefined);
    });
  });
}
