/**
 * The program as users start it — `packages/server/bin/scoreline.js`, which compiles the
 * TypeScript sources on load through tsx — even when the suite itself runs compiled ahead of time
 * (ADR-0045): it starts, migrates a fresh database and reports what it applied.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { runCli, SHIPPED_BIN } from "../helpers/cli.js";

describe("the shipped program (TypeScript compiled on load)", () => {
  const dir = mkdtempSync(join(tmpdir(), "scoreline-shipped-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("migrates a fresh SQLite database", async () => {
    const url = `sqlite:${join(dir, "fresh.db")}`;
    const result = await runCli(["migrate", "--json"], {
      bin: SHIPPED_BIN,
      env: { DATABASE_URL: url },
    });
    assert.equal(result.status, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { applied: string[]; current: string[] };
    assert.ok(report.applied.length > 0, "a fresh database has migrations to apply");
    assert.deepEqual(report.applied, report.current);
  });
});
