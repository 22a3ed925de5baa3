/**
 * The program as users start it — `packages/server/bin/scoreline.js`, which runs the build in
 * `dist/` that `npm ci` made (ADR-0050; `npm test` rebuilds it when a source is newer) — even
 * when the suite itself runs its own compiled mirror (ADR-0045): it starts, migrates a fresh
 * database and reports what it applied. Without a build it exits 2 and says how to make one.
 */
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { runCli, SHIPPED_BIN } from "../helpers/cli.js";

describe("the shipped program (the build `npm ci` made)", () => {
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

  test("without a build it exits 2 and says to run `npm run build`", async () => {
    const bin = join(dir, "unbuilt", "bin", "scoreline.js");
    mkdirSync(join(dir, "unbuilt", "bin"), { recursive: true });
    copyFileSync(SHIPPED_BIN, bin);
    const result = await runCli(["--help"], { bin });
    assert.equal(result.status, 2);
    assert.equal(result.stdout, "");
    assert.match(
      result.stderr,
      /^scoreline: the program is not built \(no dist\/\): run `npm run build`/,
    );
  });
});
