/**
 * `scoreline openapi`: the document a host serves, printed by a real process that needs no
 * database, Redis or network — pretty JSON with a trailing newline, or a file with `--out`.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { runCli } from "../helpers/cli.js";

/** Services that are not there: the command must not try to reach them. */
const UNREACHABLE = {
  DATABASE_URL: "postgres://scoreline@127.0.0.1:1/nowhere",
  REDIS_URL: "redis://127.0.0.1:1",
  SCORELINE_ADMIN_TOKEN: "an-admin-token-that-changes-nothing",
};

describe("scoreline openapi", () => {
  let t: TestApp;
  let dir: string;
  before(async () => {
    t = await createTestApp("sqlite");
    dir = mkdtempSync(join(tmpdir(), "scoreline-openapi-"));
  });
  after(async () => {
    await t?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  test("prints the api host's document, exactly as /v1/openapi.json serves it", async () => {
    const result = await runCli(["openapi"], { env: UNREACHABLE });
    assert.equal(result.status, 0, result.stderr);
    const doc = JSON.parse(result.stdout);
    assert.equal(result.stdout, `${JSON.stringify(doc, null, 2)}\n`, "2-space JSON, one newline");
    assert.deepEqual(doc, (await t.app.inject("/v1/openapi.json")).json());
    assert.equal(doc.info.title, "Scoreline API");
  });

  test("--host sandbox --out writes the sandbox's document to the file", async () => {
    const file = join(dir, "sandbox.json");
    const result = await runCli(["openapi", "--host", "sandbox", "--out", file]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, "");
    const text = readFileSync(file, "utf8");
    assert.ok(text.endsWith("}\n"));
    const doc = JSON.parse(text);
    assert.equal(doc.info.title, "Scoreline sandbox API");
    assert.ok(doc.paths["/v1/webhooks/test"], "the sandbox's test receiver");
    assert.equal(doc.paths["/v1/usage"], undefined, "no usage on the sandbox");
  });

  test("an unknown host or option is a usage error (exit 2)", async () => {
    const host = await runCli(["openapi", "--host", "staging"]);
    assert.equal(host.status, 2);
    assert.match(host.stderr, /--host/);
    assert.equal(host.stdout, "");
    const option = await runCli(["openapi", "--format", "yaml"]);
    assert.equal(option.status, 2);
    assert.match(option.stderr, /unknown option '--format'/);
  });
});
