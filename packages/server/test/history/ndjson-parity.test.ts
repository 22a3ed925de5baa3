/**
 * The NDJSON export, whichever side writes its lines (the database for most sports, JS for
 * cricket), parses to exactly the items the paged JSON returns, for every sport, on each
 * dialect: same records, same order, same fields and values.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { SPORTS } from "../../src/sports/types.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

for (const dialect of DIALECTS) {
  describe(`history NDJSON parity on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect, { seed: true });
    });
    after(async () => {
      await t?.dispose();
    });

    test("every sport: export lines equal the paged items", async () => {
      for (const sport of SPORTS) {
        const paged: unknown[] = [];
        let cursor: string | null = null;
        do {
          const url: string = `/v1/${sport}/history/matches?per_page=100${cursor ? `&cursor=${cursor}` : ""}`;
          const page = await t.app.inject(url);
          assert.equal(page.statusCode, 200, `${url}: ${page.body.slice(0, 200)}`);
          const body = page.json();
          paged.push(...body.data);
          cursor = body.pagination.next_cursor;
        } while (cursor !== null);
        const exported = await t.app.inject(`/v1/${sport}/history/matches?format=ndjson`);
        assert.equal(exported.statusCode, 200);
        const lines = exported.body.split("\n").filter((line) => line !== "");
        assert.ok(lines.length > 0, `${sport}: nothing exported`);
        assert.equal(
          lines.length,
          paged.length,
          `${sport}: ${lines.length} lines, ${paged.length} items`,
        );
        lines.forEach((line, i) => {
          assert.deepEqual(JSON.parse(line), paged[i], `${sport}: line ${i + 1} differs`);
        });
      }
    });
  });
}
