/**
 * HTTP caching on the sandbox host (ADR-0023, ADR-0019): the same entity tags and 304s as the
 * real host; keyless answers are `public` (the same sample data for everyone), answers to a
 * personal sandbox key `private`; a 304 still counts against the key's daily allowance.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { insertMiniLeague, type MiniLeague } from "../helpers/factories.js";
import { createSandbox, type Sandbox } from "./sandbox-helpers.js";

describe("HTTP caching on the sandbox", () => {
  let sb: Sandbox;
  let league: MiniLeague;
  before(async () => {
    sb = await createSandbox({ seed: false });
    league = await insertMiniLeague(sb.store);
  });
  after(async () => {
    await sb?.dispose();
  });

  const url = () => `/v1/football/teams?league=${league.competitionId}`;

  test("a keyless answer is public, tagged, and a matching If-None-Match is a 304", async () => {
    const ok = await sb.get(url());
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.headers["cache-control"], "public, max-age=3600, stale-while-revalidate=600");
    assert.equal(ok.headers.vary, "Accept-Encoding, Authorization");
    const etag = String(ok.headers.etag);
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
    const notModified = await sb.inject({
      method: "GET",
      url: url(),
      headers: { "if-none-match": etag },
    });
    assert.equal(notModified.statusCode, 304);
    assert.equal(notModified.headers.etag, etag);
    assert.equal(notModified.headers["x-ratelimit-limit"], "1200");
  });

  test("an answer to a sandbox key is private, and its 304s use up the daily allowance", async () => {
    const { key } = await sb.createKey("free");
    const ok = await sb.get(url(), key);
    assert.equal(ok.headers["cache-control"], "private, max-age=3600, stale-while-revalidate=600");
    const etag = String(ok.headers.etag);
    const conditional = await sb.inject({
      method: "GET",
      url: url(),
      key,
      headers: { "if-none-match": etag },
    });
    assert.equal(conditional.statusCode, 304);
    assert.equal(conditional.headers["x-ratelimit-limit"], "150");
    assert.equal(conditional.headers["x-ratelimit-remaining"], "148", "the 304 was counted");
  });
});
