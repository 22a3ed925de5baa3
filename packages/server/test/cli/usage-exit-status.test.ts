/**
 * Usage errors exit 2 from every command. The table is the program's own tree of commands, so a
 * new command is checked without editing this file: each command with a required argument or
 * option is run without it, each other command with an unknown option, and a few bad values and
 * unknown commands besides. Help still exits 0, and a run whose input files are bad exits 1.
 * Then the same rule for what the person configured or pointed at, table-driven across commands:
 * a port already taken, a file that is not there, a folder that cannot be written, a bad URL exit
 * 2 naming the value; a failure while running (a database that refuses the connection, a bad
 * file, a rejected feed message) exits 1 — each with a line a person can act on, never a stack.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import type { Command } from "commander";
import { scorelineProgram } from "../../src/cli/program.js";
import { runCli } from "../helpers/cli.js";

interface Case {
  args: string[];
  /** What stderr must say. */
  says: RegExp;
}

/** Every command without subcommands, by its words (`["keys", "revoke"]`). */
function leaves(
  command: Command,
  words: string[] = [],
): Array<{ words: string[]; command: Command }> {
  if (command.commands.length === 0) return [{ words, command }];
  return command.commands.flatMap((sub) => leaves(sub, [...words, sub.name()]));
}

function missingCase(words: string[], command: Command): Case {
  const argument = command.registeredArguments.find((a) => a.required);
  const option = command.options.find((o) => o.mandatory);
  if (argument !== undefined) {
    return { args: words, says: new RegExp(`missing required argument '${argument.name()}'`) };
  }
  if (option !== undefined) {
    return { args: words, says: /required option .* not specified/ };
  }
  return { args: [...words, "--no-such-option"], says: /unknown option '--no-such-option'/ };
}

const commands = leaves(scorelineProgram());
const cases: Case[] = [
  ...commands.map(({ words, command }) => missingCase(words, command)),
  { args: ["no-such-command"], says: /unknown command 'no-such-command'/ },
  { args: ["keys", "no-such-verb"], says: /unknown command 'no-such-verb'/ },
  { args: ["import", "no-such-format", "x"], says: /unknown command 'no-such-format'/ },
  { args: ["openapi", "--host", "nowhere"], says: /argument 'nowhere' is invalid/ },
  { args: ["export", "history", "--sport", "quidditch"], says: /argument 'quidditch' is invalid/ },
  {
    args: ["accounts", "create", "--email", "a@b.c", "--requests-per-minute", "0"],
    says: /positive integer/,
  },
];

/** Runs `work` over `items`, at most `width` at a time (each run is a Node process). */
async function inBatches<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
}

describe("usage errors exit 2 everywhere", () => {
  const dir = mkdtempSync(join(tmpdir(), "scoreline-usage-"));
  const env = { DATABASE_URL: `sqlite:${join(dir, "never-created.db")}` };
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("the table covers every command of the program", () => {
    const names = commands.map((c) => c.words.join(" "));
    for (const expected of [
      "import openfootball",
      "import ufc",
      "feed",
      "standings deduct",
      "keys revoke",
      "accounts create",
      "export history",
      "serve",
    ]) {
      assert.ok(names.includes(expected), `${expected} in ${names.join(", ")}`);
    }
  });

  test(`${cases.length} usage errors, each exits 2 and says what is wrong`, async () => {
    const failures: string[] = [];
    await inBatches(cases, 4, async ({ args, says }) => {
      const result = await runCli(args, { env });
      if (result.status !== 2 || !says.test(result.stderr)) {
        failures.push(`scoreline ${args.join(" ")} → ${result.status}: ${result.stderr.trim()}`);
      }
    });
    assert.deepEqual(failures, []);
  });

  test("help and version exit 0", async () => {
    for (const args of [["--version"], ["keys", "revoke", "--help"], ["import", "ufc", "--help"]]) {
      const result = await runCli(args, { env });
      assert.equal(result.status, 0, `${args.join(" ")}: ${result.stderr}`);
    }
  });

  test("an import whose files are bad is a failed run (1), not a usage error", async () => {
    const bad = join(dir, "en.1.json");
    writeFileSync(bad, "{ not json");
    const result = await runCli(["import", "openfootball", bad], {
      env: { DATABASE_URL: `sqlite:${join(dir, "import.db")}` },
    });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /en\.1\.json: invalid JSON/);
  });
});

interface Outcome {
  args: string[];
  env?: Record<string, string>;
  status: 1 | 2;
  /** What stderr must say: the value at fault, and what to do. */
  says: RegExp;
}

describe("one rule in every command: 2 for what the person can fix, 1 for a failed run", () => {
  const dir = mkdtempSync(join(tmpdir(), "scoreline-exit-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const store = { DATABASE_URL: `sqlite:${join(dir, "store.db")}` };

  test("each case exits with its status and one line naming the value, no stack trace", async () => {
    // A port this test holds: `serve` must find it taken.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const taken = String((holder.address() as { port: number }).port);
    const badFeed = join(dir, "bad-feed.ndjson");
    writeFileSync(badFeed, `${JSON.stringify({ type: "match.goal" })}\n`);
    const badCsv = join(dir, "ufc-master.csv");
    writeFileSync(badCsv, "not,a,ufc,file\n1,2,3,4\n");
    assert.equal((await runCli(["migrate"], { env: store })).status, 0);
    const cases: Outcome[] = [
      {
        args: ["serve", "--roles", "api", "--api-port", taken],
        status: 2,
        says: new RegExp(
          `127\\.0\\.0\\.1:${taken}: the port is already in use: choose another with --api-port or SCORELINE_API_PORT`,
        ),
      },
      {
        args: ["serve", "--roles", "api,stream", "--api-port", "0", "--stream-port", taken],
        status: 2,
        says: /already in use: choose another with --stream-port or SCORELINE_STREAM_PORT/,
      },
      {
        args: ["serve", "--roles", "worker", "--metrics-port", taken],
        status: 2,
        says: /already in use: choose another with --metrics-port or SCORELINE_METRICS_PORT/,
      },
      {
        args: ["serve", "--api-port", "70000"],
        status: 2,
        says: /--api-port must be an integer from 0 to 65535 .*got "70000"/,
      },
      {
        args: ["migrate"],
        env: { DATABASE_URL: "mysql://db/x" },
        status: 2,
        says: /DATABASE_URL .*"mysql:\/\/db\/x"/,
      },
      {
        args: ["import", "ufc", "/nonexistent/ufc.csv"],
        status: 2,
        says: /\/nonexistent\/ufc\.csv: no such file or directory/,
      },
      {
        args: ["import", "openfootball", "/nonexistent/2023-24"],
        status: 2,
        says: /\/nonexistent\/2023-24: no such file or directory/,
      },
      {
        args: ["feed", "/nonexistent/feed.ndjson"],
        status: 2,
        says: /\/nonexistent\/feed\.ndjson: no such file or directory/,
      },
      {
        args: ["export", "history", "--sport", "football", "--output", "/nonexistent/out.ndjson"],
        status: 2,
        says: /cannot write \/nonexistent\/out\.ndjson: its folder \/nonexistent does not exist/,
      },
      { args: ["backup", badCsv], status: 2, says: /ufc-master\.csv exists; pass --force/ },
      {
        args: ["migrate"],
        env: { DATABASE_URL: "postgres://scoreline@127.0.0.1:1/nowhere" },
        status: 1,
        says: /^scoreline: connect ECONNREFUSED 127\.0\.0\.1:1$/m,
      },
      { args: ["import", "ufc", badCsv], status: 1, says: /ufc-master\.csv/ },
      {
        args: ["feed", badFeed],
        status: 1,
        says: /message 0 type: unknown message type "match\.goal"/,
      },
    ];
    try {
      const failures: string[] = [];
      await inBatches(cases, 4, async ({ args, env, status, says }) => {
        const result = await runCli(args, { env: { ...store, ...env } });
        const stack = /\n\s+at /.test(result.stderr);
        if (result.status !== status || !says.test(result.stderr) || stack) {
          failures.push(`scoreline ${args.join(" ")} → ${result.status}: ${result.stderr.trim()}`);
        }
      });
      assert.deepEqual(failures, []);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
