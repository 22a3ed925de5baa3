/**
 * The `curl` examples of README.md, docs/api.md and docs/webhooks.md are run: every command that
 * calls the API host (127.0.0.1:8080) or the sandbox host (127.0.0.1:8082) is sent, as written
 * (method, headers, body, `$KEY` set to a Growth key like the demo's, `$FIXTURE_ID`, `$TEAM_ID`
 * and `$OPPONENT_ID` to a finished football fixture with a lineup and its home and away teams),
 * to an app over the demo dataset, and must answer 2xx — or the status the `# HTTP/1.1 NNN` line under it shows. An
 * `If-None-Match` whose tag is elided (`"q3dU0k…-br"`) gets the tag the previous example of the
 * same URL received. An example under `scoreline import …` lines in its block (the README's
 * open datasets) runs after the imports of its sport, from the shared data folder beside the
 * repository; without that folder it is skipped, and said so. A new example is picked up
 * without editing this file.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import type { LightMyRequestResponse } from "fastify";
import { IMPORT_FORMATS } from "../../src/importers/formats.js";
import { importOpenfootball } from "../../src/importers/openfootball/import-openfootball.js";
import { runImport } from "../../src/importers/shared/run-import.js";
import { systemClock } from "../../src/lib/time.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { TEST_NOW } from "../helpers/clock.js";
import { type CurlExample, curlCommands, curlRequest, shellWords } from "../helpers/doc-curl.js";
import { createSandbox, type Sandbox } from "../sandbox/sandbox-helpers.js";

const ROOT = new URL("../../../../", import.meta.url);
const FILES = ["README.md", "docs/api.md", "docs/webhooks.md"];
const LATER = TEST_NOW.getTime() + 3_600_000;
const API = "127.0.0.1:8080";
const SANDBOX = "127.0.0.1:8082";

/** The sport each import format fills: an example of that sport needs its imports first. */
const FORMAT_SPORT: Readonly<Record<string, string>> = {
  openfootball: "football",
  "fivethirtyeight-nba": "basketball",
  "fivethirtyeight-nfl": "american-football",
  cricsheet: "cricket",
  retrosheet: "baseball",
  ufc: "combat-sports",
  "harness-vic": "horse-racing",
};

/** `npm run scoreline -- import <format> <paths…>` (or `scoreline import …`) → format, paths. */
function importCommand(text: string): { format: string; paths: string[] } | undefined {
  if (!/\bscoreline\b/.test(text)) return undefined;
  const words = shellWords(text, {});
  const at = words.indexOf("import");
  const program = words.indexOf("scoreline");
  if (program < 0 || at !== program + 1 + (words[program + 1] === "--" ? 1 : 0)) return undefined;
  const [format = "", ...paths] = words.slice(at + 1);
  const flags = paths.filter((p) => p.startsWith("-"));
  if (flags.length > 0) throw new Error(`${text}: flags ${flags.join(" ")} not run by this test`);
  return { format, paths: paths.map((p) => fileURLToPath(new URL(p, ROOT))) };
}

/** What a `POST /v1/webhooks` that answered 201 created: `WEBHOOK_ID` and its id. */
function createdId(example: CurlExample, response: LightMyRequestResponse) {
  if (example.method !== "POST" || response.statusCode !== 201) return undefined;
  const collection = example.url.pathname.split("/").at(-1) ?? "";
  const id = (response.json() as { data?: { id?: unknown } }).data?.id;
  if (typeof id !== "string" || !collection.endsWith("s")) return undefined;
  return { name: `${collection.slice(0, -1).replace(/-/g, "_").toUpperCase()}_ID`, id };
}

/**
 * `$FIXTURE_ID`, `$TEAM_ID` and `$OPPONENT_ID` of docs/api.md: a finished football fixture with a
 * lineup, its home team and its away team.
 */
async function exampleIds(app: TestApp): Promise<Record<string, string>> {
  const row = await app.store.db
    .selectFrom("lineups as l")
    .innerJoin("fixtures as f", "f.id", "l.fixture_id")
    .select(["f.id", "f.home_team_id", "f.away_team_id"])
    .where("f.sport", "=", "football")
    .where("f.status", "=", "finished")
    .orderBy("f.id")
    .executeTakeFirstOrThrow();
  return {
    FIXTURE_ID: row.id,
    TEAM_ID: row.home_team_id ?? "",
    OPPONENT_ID: row.away_team_id ?? "",
  };
}

/** The examples each file must at least have: a parser that finds fewer has gone wrong. */
const AT_LEAST: Readonly<Record<string, number>> = {
  "README.md": 8,
  "docs/api.md": 2,
  "docs/webhooks.md": 1,
};

describe("the curl examples in the docs answer as the docs say", () => {
  let api: TestApp;
  let sandbox: Sandbox;
  const commands = FILES.flatMap((file) =>
    curlCommands(readFileSync(fileURLToPath(new URL(file, ROOT)), "utf8"), file).map((command) => ({
      file,
      command,
    })),
  );

  before(async () => {
    // The demo data is anchored at TEST_NOW; the clock reads an hour later, so an example's
    // "since" of that morning (docs/webhooks.md, recover) is in the past as it is for a reader.
    api = await createTestApp("sqlite", {
      seed: true,
      plan: "growth",
      clock: () => new Date(LATER),
    });
    // One after the other: generating the sandbox's world holds the event loop for seconds, and
    // an app registering its plugins meanwhile would miss Fastify's plugin timeout on a loaded
    // machine.
    sandbox = await createSandbox({ seed: 7 });
  });
  after(async () => {
    await api?.dispose();
    await sandbox?.dispose();
  });

  test("each document has its examples found", () => {
    for (const [file, least] of Object.entries(AT_LEAST)) {
      const found = commands.filter(
        (c) => c.file === file && /127\.0\.0\.1:808[02]/.test(c.command.text),
      );
      assert.ok(found.length >= least, `${file}: ${found.length} examples, expected ≥ ${least}`);
    }
  });

  test("every example against the api or the sandbox host answers as documented", async (t) => {
    const failures: string[] = [];
    const skipped: string[] = [];
    const etags = new Map<string, string>();
    const imported = new Set<string>();
    /** `$KEY`, and `$WEBHOOK_ID` once an example has created a webhook (`POST …/webhooks`). */
    const vars: Record<string, string> = { KEY: api.key, ...(await exampleIds(api)) };
    let ran = 0;
    /** Runs the imports before `example` that fill its sport; false when their data is absent. */
    const importsFor = async (example: CurlExample, before: readonly string[]) => {
      const sport = example.url.pathname.split("/")[2];
      for (const text of before) {
        const command = importCommand(text);
        if (command === undefined) continue;
        const formatSport = FORMAT_SPORT[command.format];
        assert.ok(formatSport, `${example.where}: the sport of import ${command.format}`);
        if (formatSport !== sport || imported.has(text)) continue;
        const missing = command.paths.find((path) => !existsSync(path));
        if (missing !== undefined) {
          skipped.push(`${example.where}: needs ${missing}`);
          return false;
        }
        const ctx = { store: api.store, clock: systemClock };
        const format = IMPORT_FORMATS.find((f) => f.name === command.format);
        const summary =
          format === undefined
            ? await importOpenfootball(ctx, command.paths)
            : await runImport(ctx, format, command.paths);
        assert.deepEqual(summary.errors, [], `${example.where}: ${text}`);
        imported.add(text);
      }
      return true;
    };
    for (const { command } of commands) {
      let example: CurlExample;
      try {
        example = curlRequest(command, vars);
      } catch (error) {
        failures.push((error as Error).message);
        continue;
      }
      if (example.url.host !== API && example.url.host !== SANDBOX) continue;
      if (!(await importsFor(example, command.before))) continue;
      const path = `${example.url.pathname}${example.url.search}`;
      const headers = { ...example.headers };
      const tag = headers["if-none-match"];
      if (tag?.includes("…")) {
        const seen = etags.get(`${example.url.host}${path}`);
        if (seen === undefined) {
          failures.push(`${example.where}: no earlier example of ${path} gave an ETag`);
          continue;
        }
        headers["if-none-match"] = seen;
      }
      const inject =
        example.url.host === API ? api.rawInject : sandbox.app.inject.bind(sandbox.app);
      const response: LightMyRequestResponse = await inject({
        method: example.method as "GET",
        url: path,
        headers,
        ...(example.body !== undefined ? { payload: example.body } : {}),
      });
      ran++;
      const created = createdId(example, response);
      if (created !== undefined) vars[created.name] = created.id;
      const etag = response.headers.etag;
      if (typeof etag === "string") etags.set(`${example.url.host}${path}`, etag);
      const ok =
        example.expectedStatus === undefined
          ? response.statusCode >= 200 && response.statusCode < 300
          : response.statusCode === example.expectedStatus;
      if (!ok) {
        failures.push(
          `${example.where}: ${example.method} ${path} answered ${response.statusCode}` +
            ` (expected ${example.expectedStatus ?? "2xx"}): ${response.body.slice(0, 300)}`,
        );
      }
    }
    assert.deepEqual(failures, []);
    for (const note of skipped) t.diagnostic(`skipped (data absent): ${note}`);
    t.diagnostic(`${ran} examples ran; imports run first: ${[...imported].join("; ") || "none"}`);
    assert.ok(ran >= 10, `only ${ran} examples ran`);
  });
});

describe("the docs' curl reader", () => {
  const read = (markdown: string) => curlCommands(markdown, "x.md");

  test("reads a command as sh does: continuations, quotes over lines, comments, the status", () => {
    const [command] = read(
      [
        "```sh",
        "curl -s -X POST http://127.0.0.1:8080/v1/webhooks -H 'X-A: 1' \\",
        `  -d '{"a":`,
        `  "b"}'   # a comment`,
        "#   HTTP/1.1 201 Created",
        "```",
      ].join("\n"),
    );
    assert.ok(command);
    const request = curlRequest(command, {});
    assert.equal(request.where, "x.md:2");
    assert.equal(request.method, "POST");
    assert.equal(request.headers["x-a"], "1");
    assert.equal(request.body, '{"a":\n  "b"}');
    assert.equal(request.expectedStatus, 201);
  });

  test("an unknown flag or an unset variable is an error, never a skipped example", () => {
    const [flag, variable] = read(
      '```sh\ncurl --retry 3 http://127.0.0.1:8080/\ncurl -H "A: $NOPE" http://127.0.0.1:8080/\n```',
    );
    assert.ok(flag && variable);
    assert.throws(() => curlRequest(flag, {}), /curl flag --retry is not understood/);
    assert.throws(() => curlRequest(variable, {}), /\$NOPE is not set/);
  });
});
