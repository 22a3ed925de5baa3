/**
 * Compression negotiated by Accept-Encoding (ADR-0023) on both dialects, with the read cache on
 * and off: br or gzip for answers from 1 KiB (q-values honoured, br on a tie), none below or when
 * refused; every compressed answer decompresses to the same JSON as the uncompressed one, on a
 * miss and on a hit; the NDJSON and CSV exports stream compressed and complete.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { createTestApp, type TestApp } from "../../helpers/app.js";
import { insertMiniLeague, type MiniLeague } from "../../helpers/factories.js";
import { DIALECTS, unavailable } from "../../helpers/stores.js";

/** The body as text, decompressed as its Content-Encoding says. */
function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  const coding = response.headers["content-encoding"];
  if (coding === undefined) return raw.toString("utf8");
  if (coding === "br") return brotliDecompressSync(raw).toString("utf8");
  if (coding === "gzip") return gunzipSync(raw).toString("utf8");
  throw new Error(`unexpected Content-Encoding ${coding}`);
}

/** The JSON without its per-request values. */
function stable(text: string): unknown {
  const body = JSON.parse(text);
  delete body.meta.request_id;
  delete body.meta.generated_at;
  return body;
}

for (const dialect of DIALECTS) {
  for (const readCache of ["on", "off"] as const) {
    describe(`compression on ${dialect}, read cache ${readCache}`, {
      skip: unavailable(dialect),
    }, () => {
      let t: TestApp;
      let leagues: MiniLeague[];
      before(async () => {
        t = await createTestApp(dialect, { env: { SCORELINE_READ_CACHE: readCache } });
        leagues = [];
        for (let i = 0; i < 3; i++) leagues.push(await insertMiniLeague(t.store));
      });
      after(async () => {
        await t?.dispose();
      });

      const get = (url: string, acceptEncoding?: string) =>
        t.app.inject({
          url,
          headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
        });
      /** Over 1 KiB: the ten sports with their vocabularies. */
      const LARGE = "/v1/sports";

      test("Accept-Encoding picks the coding: q-values honoured, br on a tie, q=0 refuses", async () => {
        const cases: Array<[string | undefined, string | undefined]> = [
          [undefined, undefined],
          ["", undefined],
          ["br", "br"],
          ["gzip", "gzip"],
          ["x-gzip", "gzip"],
          ["gzip, deflate, br, zstd", "br"],
          ["gzip;q=1.0, br;q=0.5", "gzip"],
          ["br;q=0.8, gzip;q=0.8", "br"],
          ["br;q=0, gzip", "gzip"],
          ["br;q=0, gzip;q=0", undefined],
          ["identity", undefined],
          ["deflate, compress", undefined],
          ["*", "br"],
          ["*;q=0.5, br;q=0", "gzip"],
          ["identity;q=1, gzip;q=0.5", undefined],
          ["GZIP; Q=0.9", "gzip"],
        ];
        const plain = await get(LARGE);
        assert.ok(plain.rawPayload.length >= 1024, "the answer is over 1 KiB");
        for (const [header, coding] of cases) {
          const response = await get(LARGE, header);
          assert.equal(response.statusCode, 200);
          assert.equal(response.headers["content-encoding"], coding, `Accept-Encoding: ${header}`);
          assert.equal(response.headers.vary, "Accept-Encoding, Authorization");
          assert.deepEqual(stable(decoded(response)), stable(plain.body), `${header}`);
          if (coding !== undefined) {
            assert.ok(response.rawPayload.length < plain.rawPayload.length / 2, `${header}`);
            assert.equal(Number(response.headers["content-length"]), response.rawPayload.length);
          }
        }
      });

      test("each coding is its own representation: its own tag, its own 304", async () => {
        const plain = await get(LARGE);
        const br = await get(LARGE, "br");
        const gzip = await get(LARGE, "gzip");
        const tag = String(plain.headers.etag);
        assert.equal(br.headers.etag, `${tag.slice(0, -1)}-br"`);
        assert.equal(gzip.headers.etag, `${tag.slice(0, -1)}-gzip"`);
        const again = await get(LARGE, "br");
        assert.equal(again.headers.etag, br.headers.etag, "stable across requests");
        const conditional = (coding: string, etag: unknown) =>
          t.app.inject({
            url: LARGE,
            headers: { "accept-encoding": coding, "if-none-match": String(etag) },
          });
        assert.equal((await conditional("br", br.headers.etag)).statusCode, 304);
        assert.equal((await conditional("gzip", gzip.headers.etag)).statusCode, 304);
        assert.equal((await conditional("identity", plain.headers.etag)).statusCode, 304);
        const other = await conditional("gzip", br.headers.etag);
        assert.equal(other.statusCode, 200, "a br tag does not validate a gzip answer");
        assert.equal(other.headers["content-encoding"], "gzip");
      });

      test("answers under 1 KiB are not compressed", async () => {
        const small = await get("/v1/football/countries", "br, gzip");
        assert.equal(small.statusCode, 200);
        assert.ok(small.rawPayload.length < 1024);
        assert.equal(small.headers["content-encoding"], undefined);
        assert.equal(small.headers.vary, "Accept-Encoding, Authorization");
        assert.ok(small.json().data.length >= 3);
      });

      test("repeated compressed answers (hits, when the read cache is on) carry their own ids", async () => {
        const url = "/v1/football/fixtures?date_from=2000-01-01&date_to=2100-01-01";
        const answers = [];
        for (const coding of ["br", "gzip", "br", "gzip"]) {
          const response = await get(url, coding);
          assert.equal(response.headers["content-encoding"], coding);
          answers.push({ response, body: JSON.parse(decoded(response)) });
        }
        for (const { response, body } of answers) {
          assert.equal(body.meta.request_id, response.headers["x-request-id"]);
          assert.match(body.meta.generated_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
          assert.equal(body.data.length, 3);
        }
        if (readCache === "on") {
          assert.equal(answers[2]?.response.headers["x-cache"], "hit");
          assert.equal(answers[3]?.response.headers["x-cache"], "hit");
        }
      });

      test("NDJSON and CSV exports stream compressed and complete", async () => {
        for (const format of ["ndjson", "csv"]) {
          const url = `/v1/football/history/matches?format=${format}`;
          const plain = await get(url);
          assert.equal(plain.statusCode, 200);
          assert.equal(plain.headers["content-encoding"], undefined);
          const lines = plain.body.trim().split("\n");
          assert.equal(lines.length, format === "csv" ? 4 : 3, `${format}: every match`);
          for (const coding of ["br", "gzip"]) {
            const coded = await get(url, coding);
            assert.equal(coded.statusCode, 200);
            assert.equal(coded.headers["content-encoding"], coding);
            assert.equal(coded.headers["cache-control"], "no-store");
            assert.equal(coded.headers.etag, undefined);
            assert.equal(coded.headers.vary, "Accept, Accept-Encoding, Authorization");
            assert.equal(decoded(coded), plain.body, `${format} ${coding}`);
          }
        }
      });
    });
  }
}
