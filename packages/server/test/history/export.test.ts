/** Bulk export of history (NDJSON, CSV) through the route, per dialect. */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { CSV_COLUMNS } from "../../src/services/history/csv.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import {
  AWKWARD_TEAM,
  type HistoryWorld,
  inHistoryOrder,
  writeHistory,
} from "./synthetic-history.js";

const COUNT = 1_234;
const BASE = "/v1/football/history/matches";

for (const dialect of DIALECTS) {
  describe(`history export on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    let world: HistoryWorld;
    before(async () => {
      t = await createTestApp(dialect);
      world = await writeHistory(t.store, COUNT);
    });
    after(async () => {
      await t?.dispose();
    });

    test("format=ndjson streams every match of the selection, one JSON object a line", async () => {
      const response = await t.app.inject({ method: "GET", url: `${BASE}?format=ndjson` });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers["content-type"], "application/x-ndjson");
      assert.equal(
        response.headers["content-disposition"],
        'attachment; filename="football-history.ndjson"',
      );
      assert.ok(response.body.endsWith("\n"));
      const lines = response.body.trimEnd().split("\n");
      const items = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      assert.equal(items.length, COUNT);
      assert.deepEqual(
        items.map((i) => i.fixture_id),
        inHistoryOrder(world.finished).map((m) => m.id),
      );
      const page = await getJson(t.app, `${BASE}?per_page=3`);
      assert.deepEqual(items.slice(0, 3), page.body.data);
    });

    test("the export honours filters and equals the paged selection", async () => {
      const league = world.competitions[0];
      assert.ok(league);
      const filter = `league=${league.slug}&season_from=2024`;
      const response = await t.app.inject({
        method: "GET",
        url: `${BASE}?${filter}&format=ndjson`,
      });
      const ids = response.body
        .trimEnd()
        .split("\n")
        .map((line) => (JSON.parse(line) as { fixture_id: string }).fixture_id);
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const suffix: string = cursor === null ? "" : `&cursor=${cursor}`;
        const { body } = await getJson(t.app, `${BASE}?${filter}&per_page=100${suffix}`);
        paged.push(...body.data.map((r: { fixture_id: string }) => r.fixture_id));
        cursor = body.pagination.next_cursor;
      } while (cursor !== null);
      assert.ok(ids.length > 0);
      assert.deepEqual(ids, paged);
    });

    test("Accept: application/x-ndjson gives the same export as format=ndjson", async () => {
      const byAccept = await t.app.inject({
        method: "GET",
        url: `${BASE}?season_to=2023`,
        headers: { accept: "application/x-ndjson" },
      });
      const byFormat = await t.app.inject({
        method: "GET",
        url: `${BASE}?season_to=2023&format=ndjson`,
      });
      assert.equal(byAccept.statusCode, 200);
      assert.equal(byAccept.headers["content-type"], "application/x-ndjson");
      assert.equal(byAccept.headers.vary, "Accept, Accept-Encoding, Authorization");
      assert.equal(byAccept.body, byFormat.body);
      const json = await t.app.inject({
        method: "GET",
        url: `${BASE}?format=json`,
        headers: { accept: "application/x-ndjson" },
      });
      assert.equal(json.json().pagination.per_page, 25, "format=json wins over Accept");
    });

    test("format=csv has a header row and one quoted-where-needed row per match", async () => {
      const response = await t.app.inject({ method: "GET", url: `${BASE}?format=csv` });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers["content-type"], "text/csv; charset=utf-8");
      assert.equal(
        response.headers["content-disposition"],
        'attachment; filename="football-history.csv"',
      );
      const [header, ...rows] = parseCsv(response.body);
      assert.deepEqual(header, [...CSV_COLUMNS]);
      assert.equal(rows.length, COUNT);
      const column = (name: string) => CSV_COLUMNS.indexOf(name as (typeof CSV_COLUMNS)[number]);
      assert.deepEqual(
        rows.map((r) => r[column("fixture_id")]),
        inHistoryOrder(world.finished).map((m) => m.id),
      );
      const awkward = rows.find((r) => r[column("home_team")] === AWKWARD_TEAM);
      assert.ok(awkward, "the team named with a comma and a quote survives the round trip");
      assert.match(response.body, /,"Athletic ""Reds"", Leeds",/);
      const first = rows[0] ?? [];
      assert.equal(first.length, CSV_COLUMNS.length);
      assert.equal(
        first[column("score_text")],
        `${first[column("home_score")]}-${first[column("away_score")]}`,
      );
      assert.ok(["home", "away", "draw"].includes(first[column("outcome")] ?? ""));
    });

    test("an empty selection exports an empty NDJSON body and a header-only CSV", async () => {
      const ndjson = await t.app.inject({
        method: "GET",
        url: `${BASE}?season_from=2030&format=ndjson`,
      });
      assert.equal(ndjson.statusCode, 200);
      assert.equal(ndjson.body, "");
      const csv = await t.app.inject({ method: "GET", url: `${BASE}?season_from=2030&format=csv` });
      assert.equal(csv.body, `${CSV_COLUMNS.join(",")}\r\n`);
    });

    test("export parameter mistakes are 400s before anything is streamed", async () => {
      for (const [query, field] of [
        ["format=xml", "format"],
        ["format=csv&season_from=2025&season_to=2024", "season_from"],
        ["format=ndjson&team=nobody", "team"],
      ] as const) {
        const { status, headers, body } = await getJson(t.app, `${BASE}?${query}`);
        assert.equal(status, 400, query);
        assert.equal(body.error.field, field, query);
        assert.match(String(headers["content-type"]), /application\/json/);
        assert.equal(headers["content-disposition"], undefined);
      }
    });
  });
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  return rows;
}
