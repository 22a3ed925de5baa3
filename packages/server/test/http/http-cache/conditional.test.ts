/**
 * HTTP caching for clients (ADR-0023) on both dialects, with the read cache on and off: strong
 * entity tags that ignore the per-request values, 304 for a matching If-None-Match (one tag, a
 * list, a weak tag, `*`) that is still a counted and limited call with the limit headers,
 * Cache-Control per resource class (docs/api.md), and no tag on errors.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { createAccount, createKey } from "../../../src/accounts/accounts-service.js";
import { DEFAULT_PLANS } from "../../../src/config/plans.js";
import { createTestApp, type TestApp } from "../../helpers/app.js";
import { testClock } from "../../helpers/clock.js";
import { insertMiniLeague, type MiniLeague } from "../../helpers/factories.js";
import { DIALECTS, unavailable } from "../../helpers/stores.js";
import { waitFor } from "../../helpers/wait.js";

/** The documented Cache-Control of each resource class, for an answer to a key. */
const CLASSES = {
  live: "private, no-cache",
  match: "private, max-age=10, must-revalidate",
  table: "private, max-age=60, stale-while-revalidate=60",
  archive: "private, max-age=3600, stale-while-revalidate=600",
};

/** The test key is enterprise: no monthly quota, so no X-Quota-* (docs/api.md). */
const LIMIT_HEADERS = ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"];

for (const dialect of DIALECTS) {
  for (const readCache of ["on", "off"] as const) {
    describe(`ETag and 304 on ${dialect}, read cache ${readCache}`, {
      skip: unavailable(dialect),
    }, () => {
      let t: TestApp;
      let league: MiniLeague;
      before(async () => {
        t = await createTestApp(dialect, { env: { SCORELINE_READ_CACHE: readCache } });
        league = await insertMiniLeague(t.store);
      });
      after(async () => {
        await t?.dispose();
      });

      const get = (url: string, headers: Record<string, string> = {}) =>
        t.app.inject({ url, headers });
      const teamsUrl = () => `/v1/football/teams?league=${league.competitionId}`;

      test("a 200 carries a strong tag that stays the same from one request to the next", async () => {
        const first = await get(teamsUrl());
        const second = await get(teamsUrl());
        assert.equal(first.statusCode, 200);
        const etag = String(first.headers.etag);
        assert.match(etag, /^"[A-Za-z0-9_-]{27}"$/, "strong, quoted, opaque");
        assert.equal(second.headers.etag, etag);
        assert.notEqual(second.json().meta.request_id, first.json().meta.request_id);
        if (readCache === "off") {
          assert.equal(second.headers["x-cache"], undefined);
          return;
        }
        // Replayed from the read cache: the same tag. (On PostgreSQL the notification of the
        // factory's own commit may arrive late and move the data version once more.)
        let hit = second;
        await waitFor(
          async () => {
            hit = await get(teamsUrl());
            return hit.headers["x-cache"] === "hit";
          },
          { what: "a read-cache hit" },
        );
        assert.equal(hit.headers.etag, etag);
      });

      test("the tag changes with the answer, and survives a write that does not change it", async () => {
        const before = String((await get(teamsUrl())).headers.etag);
        // Another sport's row: the data version moves (the read cache drops the entry), the
        // answer does not.
        await insertMiniLeague(t.store, "basketball");
        const unchanged = await get(teamsUrl());
        assert.equal(unchanged.headers.etag, before);
        await t.store.db
          .updateTable("teams")
          .set({ name: `Renamed ${readCache}` })
          .where("id", "=", league.teamIds[0])
          .execute();
        const changed = await get(teamsUrl());
        assert.notEqual(changed.headers.etag, before);
        assert.ok(changed.json().data.some((x: { name: string }) => x.name.startsWith("Renamed")));
        assert.equal(
          (await get(teamsUrl(), { "if-none-match": before })).statusCode,
          200,
          "the old tag no longer matches",
        );
      });

      test("If-None-Match: one tag, a list, a weak tag and * answer 304; another tag 200", async () => {
        const ok = await get(teamsUrl());
        const etag = String(ok.headers.etag);
        for (const header of [etag, `"other", ${etag}`, `W/${etag}`, `"a,b", W/${etag}`, "*"]) {
          const notModified = await get(teamsUrl(), { "if-none-match": header });
          assert.equal(notModified.statusCode, 304, `If-None-Match: ${header}`);
          assert.equal(notModified.body, "");
          assert.equal(notModified.headers.etag, etag);
          assert.equal(notModified.headers["cache-control"], CLASSES.archive);
          assert.equal(notModified.headers.vary, "Accept-Encoding, Authorization");
          assert.equal(notModified.headers["content-type"], undefined);
          assert.equal(notModified.headers["content-length"], undefined);
          assert.match(String(notModified.headers["x-request-id"]), /^req_/);
          for (const name of LIMIT_HEADERS) assert.ok(notModified.headers[name], name);
        }
        // The gzip form's tag names another representation: it does not validate this one.
        for (const header of ['"other"', `${etag.slice(0, -1)}-gzip"`, `W/"x", "y"`]) {
          const modified = await get(teamsUrl(), { "if-none-match": header });
          assert.equal(modified.statusCode, 200, `If-None-Match: ${header}`);
          assert.equal(modified.headers.etag, etag);
          assert.deepEqual(modified.json().data, ok.json().data);
        }
      });

      test("every resource class has its documented Cache-Control, on 200 and 304 alike", async () => {
        const fixture = league.fixtureId;
        const urls: Array<[string, keyof typeof CLASSES]> = [
          ["/v1/football/matches/live", "live"],
          ["/v1/football/live-scores", "live"],
          [`/v1/football/odds?match_id=${fixture}`, "live"],
          ["/v1/football/fixtures", "match"],
          [`/v1/football/fixtures/${fixture}`, "match"],
          [`/v1/football/events/${fixture}`, "match"],
          [`/v1/football/fixtures/${fixture}/lineups`, "match"],
          [`/v1/football/results?league=${league.competitionId}`, "table"],
          [`/v1/football/standings?league=${league.competitionId}`, "table"],
          [`/v1/football/statistics?league=${league.competitionId}`, "table"],
          [teamsUrl(), "archive"],
          [`/v1/football/teams/${league.teamIds[0]}`, "archive"],
          ["/v1/football/players", "archive"],
          ["/v1/football/competitions", "archive"],
          ["/v1/football/countries", "archive"],
          ["/v1/sports", "archive"],
          [`/v1/football/history/matches?league=${league.competitionId}`, "archive"],
        ];
        for (const [url, cacheClass] of urls) {
          const ok = await get(url);
          assert.equal(ok.statusCode, 200, `${url}: ${ok.body.slice(0, 200)}`);
          assert.equal(ok.headers["cache-control"], CLASSES[cacheClass], url);
          assert.ok(ok.headers.etag, `${url}: ETag`);
          const notModified = await get(url, { "if-none-match": String(ok.headers.etag) });
          assert.equal(notModified.statusCode, 304, url);
          assert.equal(notModified.headers["cache-control"], CLASSES[cacheClass], url);
        }
      });

      test("errors carry no tag, are never stored, and ignore If-None-Match", async () => {
        const cases: Array<[string, number, Record<string, string>]> = [
          ["/v1/football/teams?per_page=0", 400, {}],
          ["/v1/football/fixtures/fx_nothinghere0000", 404, {}],
          ["/v1/football/teams", 401, { authorization: "Bearer sl_live_nope" }],
        ];
        for (const [url, status, headers] of cases) {
          const error = await get(url, { ...headers, "if-none-match": "*" });
          assert.equal(error.statusCode, status, url);
          assert.equal(error.headers.etag, undefined, url);
          assert.equal(error.headers["cache-control"], "no-store", url);
          assert.equal(error.json().data, null);
        }
      });

      test("a 304 is a counted call: a key limited to 3 calls a minute gets a 429 on the 4th", async () => {
        const ctx = { store: t.store, clock: testClock, plans: DEFAULT_PLANS };
        const account = await createAccount(ctx, {
          email: `tiny-${readCache}-${Math.random().toString(36).slice(2)}@example.com`,
          plan: "growth",
          limits: { requests_per_minute: 3 },
        });
        const { key } = await createKey(ctx, { kind: "live", account: account.id });
        const etag = String((await get(teamsUrl())).headers.etag);
        const conditional = () =>
          get(teamsUrl(), { authorization: `Bearer ${key}`, "if-none-match": etag });
        const answers: LightMyRequestResponse[] = [];
        for (let i = 0; i < 4; i++) answers.push(await conditional());
        assert.deepEqual(
          answers.map((a) => a.statusCode),
          [304, 304, 304, 429],
        );
        assert.deepEqual(
          answers.map((a) => a.headers["x-ratelimit-remaining"]),
          ["2", "1", "0", "0"],
        );
        const refused = answers[3] as LightMyRequestResponse;
        assert.equal(refused.json().error.code, "rate_limit_exceeded");
        assert.equal(refused.headers.etag, undefined);
        assert.equal(refused.headers["cache-control"], "no-store");
      });
    });
  }
}
