/**
 * The three example programs, run as a user would (tsx, importing the built package) against a
 * real server: the history export writes one CSV row per match, the webhook receiver verifies a
 * real delivery and rejects an unsigned one, the scoreboard shows a live event. And the root
 * README's quick-start program, pasted into a shell line by line (its local URLs pointed at this
 * server, the client already built by `npm test`).
 */
import assert from "node:assert/strict";
import { type ChildProcess, execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { spawnOwned } from "../../../server/test/helpers/owned-processes.js";
import { waitFor } from "../../../server/test/helpers/wait.js";
import { Scoreline } from "../../src/index.js";
import { ScorelineServer } from "../helpers/scoreline-server.js";

/** The package's own folder, named from the repository's root: a compiled test run (`.test-build/`)
 * still runs the examples' TypeScript sources through tsx, as their users do. */
const ROOT = fileURLToPath(new URL("../../../../packages/client/", import.meta.url));
const REPOSITORY = fileURLToPath(new URL("../../../../", import.meta.url));

/** The root README's shell block that writes and runs `quickstart.mts`, without the build line. */
function readmeQuickstart(): string {
  const readme = readFileSync(join(REPOSITORY, "README.md"), "utf8");
  const block = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((m) => m[1] ?? "")
    .find((text) => text.includes("quickstart.mts"));
  assert.ok(block, "README.md has the quick-start client program");
  return block
    .split("\n")
    .filter((line) => !line.startsWith("npm run build -w @scoreline/client"))
    .join("\n");
}

interface Run {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exited: Promise<number | null>;
}

function run(example: string, args: string[], env: Record<string, string>): Run {
  // One process (tsx as a loader, not its CLI, which runs the program in a child of its own), so
  // killing it ends the program.
  const child = spawnOwned(process.execPath, ["--import", "tsx", `examples/${example}`, ...args], {
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

  test("the README's quick-start program prints the first five fixtures", async () => {
    const script = readmeQuickstart()
      .replaceAll("http://127.0.0.1:8080", server.apiUrl)
      .replaceAll("ws://127.0.0.1:8081/v1", `${server.streamUrl}/v1`);
    // Inside the repository, as a user's shell is: `@scoreline/client` and `tsx` resolve there.
    const parent = join(REPOSITORY, ".test-build");
    mkdirSync(parent, { recursive: true });
    const dir = mkdtempSync(join(parent, "readme-quickstart-"));
    try {
      const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>(
        (resolve, reject) =>
          execFile(
            "bash",
            ["-euc", script],
            {
              cwd: dir,
              env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", KEY: apiKey },
              timeout: 120_000,
            },
            (error, out, err) =>
              error ? reject(Object.assign(error, { err })) : resolve({ stdout: out, stderr: err }),
          ),
      );
      const lines = stdout.split("\n").filter(Boolean);
      assert.equal(lines.length, 5, `${stdout}${stderr}`);
      for (const line of lines) assert.match(line, /^\d{4}-\d\d-\d\dT\S+ .+ v .+$/, line);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
