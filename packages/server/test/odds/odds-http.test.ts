import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { App } from "../../src/http/app-type.js";
import { decimalToAmerican, decimalToFractional } from "../../src/odds/formats.js";
import type { Store } from "../../src/store/database.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

interface Entry {
  market: string;
  bookmaker: string;
  line: number | null;
  subject: string | null;
  selections: Record<string, number | string>;
  selection_names?: Record<string, string>;
  opening: Record<string, number | string>;
  margin: number;
  implied_probability: Record<string, number>;
  [field: string]: unknown;
}

async function oddsFixture(store: Store, sport: string): Promise<string> {
  const row = await store.db
    .selectFrom("odds")
    .select("fixture_id")
    .where("sport", "=", sport)
    .orderBy("fixture_id")
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.fixture_id;
}

interface OddsBody {
  data: Entry[];
  meta: { count: number; odds_format: string; fixture_id: string; updated_at: string };
}

async function odds(
  app: App,
  url: string,
): Promise<{ status: number; data: Entry[]; body: OddsBody }> {
  const { status, body } = await getJson(app, url);
  return { status, data: (body as OddsBody).data, body: body as OddsBody };
}

const lineKey = (e: Entry) => `${e.market}|${e.subject ?? ""}|${e.line ?? ""}`;
const sum = (values: Record<string, number>) => Object.values(values).reduce((s, p) => s + p, 0);

function assertSane(entry: Entry): void {
  // Outright books (a race's win market, a golf winner) carry 15–40 %, as real ones do.
  const [low, high] = entry.market === "outright" ? [0.15, 0.45] : [0.02, 0.12];
  assert.ok(
    entry.margin > low && entry.margin < high,
    `margin ${entry.margin} of ${lineKey(entry)}`,
  );
  // Each probability is rounded (4 decimals): a 156-runner field's roundings add up.
  const tolerance = 0.001 + 0.00005 * Object.keys(entry.selections).length;
  assert.ok(
    Math.abs(sum(entry.implied_probability) - 1) <= tolerance,
    `probabilities sum to 1 (${sum(entry.implied_probability)})`,
  );
  assert.deepEqual(Object.keys(entry.implied_probability), Object.keys(entry.selections));
  assert.deepEqual(Object.keys(entry.opening), Object.keys(entry.selections));
}

for (const dialect of DIALECTS) {
  describe(`GET /v1/{sport}/odds on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    let football: string;
    let base: string;
    before(async () => {
      t = await createTestApp(dialect, { seed: true });
      football = await oddsFixture(t.store, "football");
      base = `/v1/football/odds?match_id=${football}`;
    });
    after(async () => {
      await t?.dispose();
    });

    test("every bookmaker's entry per market line, then that line's consensus", async () => {
      const { status, data, body } = await odds(t.app, base);
      assert.equal(status, 200);
      const books = await t.store.db
        .selectFrom("odds")
        .select("bookmaker")
        .distinct()
        .where("fixture_id", "=", football)
        .execute();
      const lines = await t.store.db
        .selectFrom("odds")
        .select("market_key")
        .distinct()
        .where("fixture_id", "=", football)
        .execute();
      assert.equal(data.length, lines.length * (books.length + 1));
      assert.equal(body.meta.count, data.length);
      assert.equal(body.meta.odds_format, "decimal");
      assert.equal(body.meta.fixture_id, football);
      assert.match(body.meta.updated_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      for (let i = 0; i < data.length; i += books.length + 1) {
        const group = data.slice(i, i + books.length + 1);
        assert.equal(new Set(group.map(lineKey)).size, 1, "one market line per group");
        const slugs = group.map((e) => e.bookmaker);
        assert.deepEqual(slugs.slice(0, -1), books.map((b) => b.bookmaker).sort());
        assert.equal(slugs.at(-1), "consensus");
      }
      const markets = [...new Set(data.map((e) => e.market))];
      assert.deepEqual(markets, ["1X2", "handicap", "totals", "btts", "player_props"]);
      for (const entry of data) {
        assertSane(entry);
        for (const [selection, price] of Object.entries(entry.selections)) {
          assert.equal(typeof price, "number");
          assert.equal(entry[selection], price, `${selection} field of ${lineKey(entry)}`);
        }
      }
      const match = data.find((e) => e.market === "1X2");
      assert.ok(match !== undefined);
      assert.deepEqual(Object.keys(match.selections), ["home", "draw", "away"]);
      assert.equal(match.line, null);
      assert.equal(match.subject, null);
      const prop = data.find((e) => e.market === "player_props");
      assert.ok(prop?.subject && prop.yes !== undefined && prop.no !== undefined);
    });

    test("market filter, in any case", async () => {
      const totals = await odds(t.app, `${base}&market=totals`);
      assert.equal(totals.status, 200);
      assert.ok(totals.data.length > 0);
      for (const entry of totals.data) {
        assert.equal(entry.market, "totals");
        assert.equal(entry.line, 2.5);
        assert.equal(typeof entry.over, "number");
        assert.equal(typeof entry.under, "number");
      }
      const upper = await odds(t.app, `${base}&market=1X2`);
      assert.ok(upper.data.length > 0 && upper.data.every((e) => e.market === "1X2"));
    });

    test("bookmaker filter: one book, or the consensus alone", async () => {
      const one = await odds(t.app, `${base}&bookmaker=kestrel-sports`);
      assert.equal(one.status, 200);
      assert.ok(one.data.length > 0);
      assert.ok(one.data.every((e) => e.bookmaker === "kestrel-sports"));
      const byName = await odds(t.app, `${base}&bookmaker=Kestrel%20Sports`);
      assert.deepEqual(byName.data, one.data);
      const consensus = await odds(t.app, `${base}&bookmaker=consensus`);
      const all = await odds(t.app, base);
      assert.deepEqual(
        consensus.data,
        all.data.filter((e) => e.bookmaker === "consensus"),
      );
    });

    test("odds_format converts every price; margins stay those of decimal prices", async () => {
      const decimal = await odds(t.app, `${base}&odds_format=decimal`);
      const american = await odds(t.app, `${base}&odds_format=american`);
      const fractional = await odds(t.app, `${base}&odds_format=fractional`);
      assert.equal(american.body.meta.odds_format, "american");
      assert.equal(fractional.body.meta.odds_format, "fractional");
      decimal.data.forEach((entry, i) => {
        const am = american.data[i];
        const fr = fractional.data[i];
        assert.ok(am !== undefined && fr !== undefined);
        assert.equal(am.margin, entry.margin);
        assert.deepEqual(am.implied_probability, entry.implied_probability);
        assert.deepEqual(fr.implied_probability, entry.implied_probability);
        for (const [selection, price] of Object.entries(entry.selections)) {
          const opening = entry.opening[selection] as number;
          assert.equal(am.selections[selection], decimalToAmerican(price as number));
          assert.equal(am[selection], decimalToAmerican(price as number));
          assert.equal(am.opening[selection], decimalToAmerican(opening));
          assert.equal(fr.selections[selection], decimalToFractional(price as number));
          assert.equal(fr[selection], decimalToFractional(price as number));
          assert.equal(fr.opening[selection], decimalToFractional(opening));
        }
      });
    });

    test("fixture_id is an alias of match_id", async () => {
      const a = await getJson(t.app, base);
      const b = await getJson(t.app, `/v1/football/odds?fixture_id=${football}`);
      assert.equal(b.status, 200);
      const strip = (body: { meta: Record<string, unknown> }) => ({
        ...body,
        meta: { ...body.meta, request_id: undefined },
      });
      assert.deepEqual(strip(b.body), strip(a.body));
      const clash = await getJson(t.app, `${base}&fixture_id=fx_other`);
      assert.equal(clash.status, 400);
    });

    test("bad requests are 400s naming the parameter", async () => {
      const cases: [string, string][] = [
        ["/v1/football/odds", "match_id"],
        [`${base}&odds_format=decimals`, "odds_format"],
        [`${base}&market=corners`, "market"],
        [`${base}&bookmaker=nobody`, "bookmaker"],
      ];
      for (const [url, field] of cases) {
        const { status, body } = await getJson(t.app, url);
        assert.equal(status, 400, url);
        assert.equal(body.error.code, "invalid_parameter");
        assert.equal(body.error.field, field);
        assert.equal(body.errors[0].field, field);
      }
      const market = await getJson(t.app, `${base}&market=corners`);
      assert.match(market.body.error.message, /1x2, moneyline, handicap, totals/);
    });

    test("an unknown fixture, or one from another sport, is a 404", async () => {
      const unknown = await getJson(t.app, "/v1/football/odds?match_id=fx_doesnotexist0000");
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.error.code, "not_found");
      const elsewhere = await getJson(t.app, `/v1/basketball/odds?match_id=${football}`);
      assert.equal(elsewhere.status, 404);
    });

    test("player props with over/under lines (basketball)", async () => {
      const id = await oddsFixture(t.store, "basketball");
      const { status, data } = await odds(
        t.app,
        `/v1/basketball/odds?match_id=${id}&market=player_props`,
      );
      assert.equal(status, 200);
      assert.ok(data.length > 0);
      for (const entry of data) {
        assert.ok(entry.subject !== null && entry.line !== null);
        assert.deepEqual(Object.keys(entry.selections), ["over", "under"]);
        assertSane(entry);
      }
    });

    for (const sport of ["golf", "horse-racing"]) {
      test(`${sport} outright: selections are the participants`, async () => {
        const id = await oddsFixture(t.store, sport);
        const fixture = await getJson(t.app, `/v1/${sport}/fixtures/${id}`);
        const ids = (fixture.body.data.participants as Record<string, string>[]).map(
          (p) => p.runner_id ?? p.player_id,
        );
        const { status, data } = await odds(
          t.app,
          `/v1/${sport}/odds?match_id=${id}&market=outright`,
        );
        assert.equal(status, 200);
        assert.ok(data.length > 1);
        assert.equal(data.at(-1)?.bookmaker, "consensus");
        for (const entry of data) {
          assert.equal(entry.market, "outright");
          assert.equal(entry.home, undefined);
          assert.ok(Object.keys(entry.selections).every((s) => ids.includes(s)));
          assert.deepEqual(Object.keys(entry.selection_names ?? {}), Object.keys(entry.selections));
          assert.ok(Object.values(entry.selection_names ?? {}).every((n) => !n.startsWith("rn_")));
          assertSane(entry);
        }
      });
    }
  });
}
