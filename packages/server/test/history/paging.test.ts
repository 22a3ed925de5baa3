/** GET /v1/{sport}/history/matches: cursor paging, filters and parameter errors, per dialect. */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { App } from "../../src/http/app-type.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import {
  type ExpectedMatch,
  type HistoryWorld,
  inHistoryOrder,
  writeHistory,
} from "./synthetic-history.js";

const COUNT = 1_234;
const BASE = "/v1/football/history/matches";

for (const dialect of DIALECTS) {
  describe(`history paging on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    let world: HistoryWorld;
    before(async () => {
      t = await createTestApp(dialect);
      world = await writeHistory(t.store, COUNT);
    });
    after(async () => {
      await t?.dispose();
    });

    test("following next_cursor visits every finished match once, in order", async () => {
      const pages = await walk(t.app, `${BASE}?per_page=100`);
      const expected = inHistoryOrder(world.finished);
      assert.equal(expected.length, COUNT);
      assert.deepEqual(
        pages.flatMap((p) => p.ids),
        expected.map((m) => m.id),
      );
      assert.equal(pages.length, 13);
      pages.forEach((p, i) => {
        assert.equal(p.body.pagination.page, i + 1);
        assert.equal(p.body.meta.pagination.page, i + 1);
        assert.equal(p.body.pagination.total, COUNT);
        assert.equal(p.body.pagination.total_results, COUNT);
        assert.equal(p.body.pagination.total_pages, 13);
        assert.equal(p.body.meta.pagination.next_cursor, p.body.pagination.next_cursor);
      });
      assert.equal(pages.at(-1)?.body.pagination.next_cursor, null);
      assert.equal(pages.at(-1)?.ids.length, 34);
    });

    test("a page carries result fields and the default page size is 25", async () => {
      const { status, body } = await getJson(t.app, BASE);
      assert.equal(status, 200);
      assert.equal(body.data.length, 25);
      assert.equal(body.meta.count, 25);
      assert.equal(body.meta.sport, "football");
      assert.equal(typeof body.pagination.next_cursor, "string");
      const first = body.data[0];
      assert.equal(first.fixture_id, inHistoryOrder(world.finished)[0]?.id);
      for (const field of ["final_score", "score_text", "result", "competition_id", "season"]) {
        assert.ok(field in first, `missing ${field}`);
      }
      assert.ok(["finished", "awarded", "walkover"].includes(first.status));
    });

    test("league (and its alias competition_id) and the season range narrow the selection", async () => {
      const league = world.competitions[1];
      assert.ok(league);
      const want = inHistoryOrder(
        world.finished.filter(
          (m) => m.competitionId === league.id && m.season >= "2024" && m.season < "2025",
        ),
      ).map((m) => m.id);
      assert.ok(want.length > 0);
      const bySlug = await allIds(
        t.app,
        `${BASE}?league=${league.slug}&season_from=2024-2025&season_to=2024&per_page=37`,
      );
      assert.deepEqual(bySlug, want);
      const byId = await allIds(
        t.app,
        `${BASE}?competition_id=${league.id}&season_from=2024&season_to=2024-2025&per_page=100`,
      );
      assert.deepEqual(byId, want);
    });

    test("season_from alone, season_to alone, and team (alias team_id) filter", async () => {
      const from = await allIds(t.app, `${BASE}?season_from=2025&per_page=100`);
      assert.deepEqual(
        from,
        idsWhere(world, (m) => m.season.startsWith("2025")),
      );
      const to = await allIds(t.app, `${BASE}?season_to=2023-2024&per_page=100`);
      assert.deepEqual(
        to,
        idsWhere(world, (m) => m.season.startsWith("2023")),
      );
      const team = world.teamIds[2] ?? "";
      const byTeam = await allIds(t.app, `${BASE}?team_id=${team}&per_page=100`);
      assert.deepEqual(
        byTeam,
        idsWhere(world, (m) => m.homeTeamId === team || m.awayTeamId === team),
      );
    });

    test("date range and updated_since filter", async () => {
      const dated = await allIds(
        t.app,
        `${BASE}?date_from=2024-08-01&date_to=2024-09-30&per_page=100`,
      );
      assert.deepEqual(
        dated,
        idsWhere(world, (m) => m.kickoff >= "2024-08-01" && m.kickoff < "2024-10-01"),
      );
      const { body } = await getJson(t.app, `${BASE}?updated_since=2026-11-10T00:00:00Z`);
      assert.ok(body.pagination.total > 0 && body.pagination.total < COUNT);
    });

    test("an empty selection is one page with next_cursor null", async () => {
      const { status, body } = await getJson(t.app, `${BASE}?season_from=2030`);
      assert.equal(status, 200);
      assert.deepEqual(body.data, []);
      assert.equal(body.pagination.next_cursor, null);
      assert.equal(body.pagination.total, 0);
    });

    test("bad parameters are 400s naming the field; an unknown sport is a 404", async () => {
      const first = await getJson(t.app, `${BASE}?per_page=10`);
      const cursor = first.body.pagination.next_cursor as string;
      const cases: Array<[string, string]> = [
        [`${BASE}?cursor=not-a-cursor`, "cursor"],
        [`${BASE}?cursor=${Buffer.from('{"v":1}').toString("base64url")}`, "cursor"],
        [`${BASE}?cursor=${cursor}&season_from=2024`, "cursor"],
        [`${BASE}?cursor=${cursor}&per_page=11`, "cursor"],
        [`${BASE}?season_from=2025&season_to=2024-2025`, "season_from"],
        [`${BASE}?season_from=24`, "season_from"],
        [`${BASE}?per_page=0`, "per_page"],
        [`${BASE}?per_page=101`, "per_page"],
        [`${BASE}?page=2`, "page"],
        [`${BASE}?format=xml`, "format"],
        [`${BASE}?status=scheduled`, "status"],
        [`${BASE}?league=no-such-league`, "league"],
      ];
      for (const [url, field] of cases) {
        const { status, body } = await getJson(t.app, url);
        assert.equal(status, 400, url);
        assert.equal(body.error.code, "invalid_parameter", url);
        assert.equal(body.error.field, field, url);
      }
      const unknown = await getJson(t.app, "/v1/curling/history/matches");
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.error.code, "not_found");
    });

    test("a plan without history gets 403, for pages and exports alike", async () => {
      const free = await createTestApp(dialect, { plan: "free" });
      try {
        for (const url of [BASE, `${BASE}?format=csv`]) {
          const { status, body } = await getJson(free.app, url);
          assert.equal(status, 403, url);
          assert.equal(body.error.code, "plan_forbidden", url);
        }
      } finally {
        await free.dispose();
      }
    });

    test("a cursor stays valid for the same filters however they are spelled", async () => {
      const league = world.competitions[0];
      assert.ok(league);
      const first = await getJson(t.app, `${BASE}?league=${league.slug}&per_page=5`);
      const cursor = first.body.pagination.next_cursor as string;
      const second = await getJson(
        t.app,
        `${BASE}?competition_id=${league.id}&per_page=5&cursor=${cursor}`,
      );
      assert.equal(second.status, 200);
      assert.equal(second.body.pagination.page, 2);
    });
  });
}

interface Visited {
  ids: string[];
  body: {
    pagination: Record<string, unknown> & { next_cursor: string | null; total: number };
    meta: { pagination: Record<string, unknown> };
  };
}

async function walk(app: App, url: string): Promise<Visited[]> {
  const pages: Visited[] = [];
  let next: string | null = url;
  while (next !== null) {
    const { status, body } = await getJson(app, next);
    assert.equal(status, 200, JSON.stringify(body));
    pages.push({ ids: body.data.map((r: { fixture_id: string }) => r.fixture_id), body });
    const cursor: string | null = body.pagination.next_cursor;
    next = cursor === null ? null : `${url}&cursor=${encodeURIComponent(cursor)}`;
    assert.ok(pages.length < 1_000, "cursor paging does not end");
  }
  return pages;
}

async function allIds(app: App, url: string): Promise<string[]> {
  return (await walk(app, url)).flatMap((p) => p.ids);
}

function idsWhere(world: HistoryWorld, keep: (m: ExpectedMatch) => boolean): string[] {
  return inHistoryOrder(world.finished.filter(keep)).map((m) => m.id);
}
