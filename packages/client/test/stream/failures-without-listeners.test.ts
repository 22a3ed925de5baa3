/**
 * A stream never takes its host process down. Every way a stream ends on its own — no WebSocket
 * in the runtime (Node 20 without `ws`), an upgrade refused for good (404), `reconnect_failed`,
 * 1008 — is played in a child process that attaches no `error` listener: the failure reaches the
 * iterator (it throws), an awaited `subscribe()` (it rejects), and nothing else; a `subscribe()`
 * nobody awaits, or one made after the stream ended, is not an unhandled rejection. The child
 * loads the built package (`dist/`) from a folder where `ws` cannot be resolved, with the global
 * WebSocket removed, so the runtime is the one of a Node 20 user without the optional peer.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { WebSocketServer } from "ws";

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL("../../../../packages/client", import.meta.url));
const wsEntry = pathToFileURL(fileURLToPath(import.meta.resolve("ws"))).href;

/**
 * The child: connects with no listeners, then consumes the stream as `how` says, and prints what
 * it saw as JSON lines, then `alive` once the stream has had time to fail.
 */
const CHILD = `
delete globalThis.WebSocket;
const [how, url, withWs] = process.argv.slice(2);
const { Scoreline } = await import("@scoreline/client");
const options = withWs === "ws" ? { WebSocket: (await import(process.env.WS_ENTRY)).WebSocket } : {};
const client = new Scoreline({ apiKey: "sk_test_child", baseUrl: "http://127.0.0.1:9/v1", streamUrl: url, ...options });
const stream = client.stream.connect({
  channels: ["football.live"],
  reconnect: { maxAttempts: 1, initialDelayMs: 1, maxDelayMs: 5 },
});
const say = (what) => console.log(JSON.stringify(what));
const ended = new Promise((resolve) => stream.on("close", resolve));
if (how === "iterate") {
  try {
    for await (const event of stream) say({ event });
    say({ iterator: "done" });
  } catch (error) {
    say({ iterator: error.code, status: error.status ?? null });
  }
} else if (how === "subscribe") {
  stream.subscribe("football.odds");
} else if (how === "await-subscribe") {
  try {
    await stream.subscribe("football.odds");
    say({ subscribe: "resolved" });
  } catch (error) {
    say({ subscribe: error.code });
  }
}
await ended;
if (how === "after-end") stream.subscribe("tennis.live");
await new Promise((resolve) => setTimeout(resolve, 100));
say({ alive: true });
`;

interface Outcome {
  code: number | null;
  lines: Array<Record<string, unknown>>;
  stderr: string;
}

describe("a stream that fails with no error listener", () => {
  let dir = "";
  let refusing: Server;
  let revoking: WebSocketServer;
  const urls = { refused: "", gone: "", revoked: "" };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "scoreline-stream-failures-"));
    const installed = join(dir, "node_modules", "@scoreline", "client");
    mkdirSync(installed, { recursive: true });
    cpSync(join(packageDir, "package.json"), join(installed, "package.json"));
    cpSync(join(packageDir, "dist"), join(installed, "dist"), { recursive: true });
    writeFileSync(join(dir, "child.mjs"), CHILD);

    // A server with no stream at `/`: the upgrade is refused with 404 and the error envelope.
    refusing = createServer((_request, response) => response.writeHead(404).end());
    refusing.on("upgrade", (_request, socket) => {
      const body = JSON.stringify({ error: { code: "not_found", message: "no stream at /" } });
      socket.end(
        `HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    urls.refused = `ws://127.0.0.1:${(refusing.address() as AddressInfo).port}/`;

    // A port nobody listens on: every attempt fails, then the retries run out.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    urls.gone = `ws://127.0.0.1:${(closed.address() as AddressInfo).port}/v1/stream`;
    await new Promise((resolve) => closed.close(resolve));

    // A server that accepts, then ends the connection as a revoked key does (1008).
    revoking = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    revoking.on("connection", (socket) => socket.close(1008, "the key was revoked"));
    await new Promise((resolve) => revoking.once("listening", resolve));
    urls.revoked = `ws://127.0.0.1:${(revoking.address() as AddressInfo).port}/v1/stream`;
  });

  after(async () => {
    await new Promise((resolve) => refusing?.close(resolve));
    await new Promise((resolve) => revoking?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  async function child(how: string, url: string, withWs: boolean): Promise<Outcome> {
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        ["child.mjs", how, url, withWs ? "ws" : "none"],
        { cwd: dir, env: { PATH: process.env.PATH ?? "", WS_ENTRY: wsEntry }, timeout: 60_000 },
      );
      return { code: 0, lines: parseLines(stdout), stderr };
    } catch (error) {
      const failed = error as { code?: number | null; stdout?: string; stderr?: string };
      return {
        code: typeof failed.code === "number" ? failed.code : null,
        lines: parseLines(failed.stdout ?? ""),
        stderr: failed.stderr ?? "",
      };
    }
  }

  const failures = [
    {
      name: "no WebSocket in the runtime",
      url: () => "ws://127.0.0.1:9/v1/stream",
      ws: false,
      code: "websocket_unavailable",
      status: null,
    },
    {
      name: "an upgrade refused with 404",
      url: () => urls.refused,
      ws: true,
      code: "not_found",
      status: 404,
    },
    {
      name: "reconnect_failed",
      url: () => urls.gone,
      ws: true,
      code: "reconnect_failed",
      status: null,
    },
    {
      name: "1008 from the server",
      url: () => urls.revoked,
      ws: true,
      code: "invalid_api_key",
      status: null,
    },
  ] as const;

  for (const failure of failures) {
    describe(failure.name, () => {
      test("the iterator throws it; the process lives on", async () => {
        const outcome = await child("iterate", failure.url(), failure.ws);
        assert.equal(outcome.code, 0, outcome.stderr);
        const [thrown] = outcome.lines;
        assert.equal(thrown?.status, failure.status, JSON.stringify(outcome.lines));
        assert.equal(thrown?.iterator, failure.code);
        assert.deepEqual(outcome.lines.at(-1), { alive: true });
      });

      test("an awaited subscribe() rejects with it", async () => {
        const outcome = await child("await-subscribe", failure.url(), failure.ws);
        assert.equal(outcome.code, 0, outcome.stderr);
        assert.deepEqual(outcome.lines[0], { subscribe: failure.code });
      });

      for (const how of ["idle", "subscribe", "after-end"]) {
        test(`${how === "idle" ? "nothing consuming" : how === "subscribe" ? "a subscribe() nobody awaits" : "a subscribe() after the end"}: no crash, no unhandled rejection`, async () => {
          const outcome = await child(how, failure.url(), failure.ws);
          assert.equal(outcome.code, 0, outcome.stderr);
          assert.equal(outcome.stderr, "");
          assert.deepEqual(outcome.lines, [{ alive: true }]);
        });
      }
    });
  }
});

function parseLines(text: string): Array<Record<string, unknown>> {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
