/**
 * The three example programs, run as a user would (tsx, importing the built package) against a
 * real server: the history export writes one CSV row per match, the webhook receiver verifies a
 * real delivery and rejects an unsigned one, the scoreboard shows a live event.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { waitFor } from "../../../server/test/helpers/wait.js";
import { Scoreline } from "../../src/index.js";
import { ScorelineServer } from "../helpers/scoreline-server.js";

/** The package's own folder, named from the repository's root: a compiled test run (`.test-build/`)
 * still runs the examples' TypeScript sources through tsx, as their users do. */
const ROOT = fileURLToPath(new URL("../../../../packages/client/", import.meta.url));

interface Run {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exited: Promise<number | null>;
}

function run(example: string, args: string[], env: Record<string, string>): Run {
  // One process (tsx as a loader, not its CLI, which runs the program in a child of its own), so
  // killing it ends the program.
  const child = spawn(process.execPath, ["--import", "tsx", `examples/${example}`, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env },
  });
  const result: Run = { child, stdout: "", stderr: "", exited: Promise.resolve(null) };
  child.stdout?.on("data", (chunk: Buffer) => {
    result.stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    result.stderr += chunk.toString();
  });
  result.exited = new Promise((resolve) => child.once("exit", resolve));
  return result;
}

describe("the examples", () => {
  let server: ScorelineServer;
  let apiKey: string;
  let env: Record<string, string>;
  const running: Run[] = [];

  before(async () => {
    server = await ScorelineServer.start({ roles: "api,stream,worker" });
    apiKey = await server.createKey({ plan: "growth" });
    env = {
      SCORELINE_API_KEY: apiKey,
      SCORELINE_BASE_URL: server.apiUrl,
      SCORELINE_STREAM_URL: `${server.streamUrl}/v1`,
    };
  });
  after(async () => {
    for (const r of running) r.child.kill("SIGKILL");
    await server?.dispose();
  });

  test("history-to-csv: a header and one row per match of the selection", async () => {
    const client = new Scoreline({ apiKey, baseUrl: server.apiUrl });
    const { data } = await client.football.competitions.list({ per_page: 1 });
    const league = data[0]?.slug ?? "";
    const page = await client.football.history.list({ league, per_page: 1 });
    const csv = run("history-to-csv.ts", ["football", league], env);
    running.push(csv);
    assert.equal(await csv.exited, 0, csv.stderr);
    const lines = csv.stdout.split("\r\n").filter(Boolean);
    assert.equal(
      lines[0],
      "fixture_id,kickoff,competition,season,home_team,away_team,home,away,decided_by",
    );
    assert.ok(page.pagination.total >= 100, "a real selection");
    assert.ok(lines.length - 1 >= page.pagination.total, "every match (and any finished since)");
    assert.match(csv.stderr, /matches exported/);
  });

  test("webhook-receiver: a real delivery is verified, an unsigned one refused", async () => {
    const client = new Scoreline({ apiKey, baseUrl: server.apiUrl });
    const hook = await client.webhooks.create({
      url: "http://127.0.0.1:9/placeholder",
      events: ["match.goal"],
    });
    const receiver = run("webhook-receiver.ts", [], {
      SCORELINE_WEBHOOK_SECRET: hook.secret,
      PORT: "0",
    });
    running.push(receiver);
    await waitFor(() => /listening on/.test(receiver.stdout), {
      timeoutMs: 60_000,
      what: () => receiver.stderr,
    });
    const url = /listening on (\S+)/.exec(receiver.stdout)?.[1] ?? "";
    await client.webhooks.update(hook.id, { url });
    const tested = await client.webhooks.test(hook.id, { event: "match.goal" });
    assert.ok(tested);
    await waitFor(() => /GOAL/.test(receiver.stdout), {
      timeoutMs: 30_000,
      what: () => receiver.stdout,
    });
    const unsigned = await fetch(url, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    assert.equal(unsigned.status, 400);
    await waitFor(() => /rejected a delivery/.test(receiver.stderr), {
      timeoutMs: 30_000,
      what: () => receiver.stderr,
    });
  });

  test("live-scoreboard: shows the live board and a streamed event", async () => {
    const board = run("live-scoreboard.ts", ["football", "--events", "1"], env);
    running.push(board);
    assert.equal(await board.exited, 0, board.stderr);
    assert.match(board.stdout, /football — \d+ live/);
    assert.match(board.stdout, /(match|fixture)\.[a-z.]+ fx_/);
  });
});
