/**
 * A Redis server a test owns, on a free port, that it may stop and start again on the same port
 * (to inject an outage). Never the machine's shared Redis: other tests use that one.
 */
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createConnection, createServer } from "node:net";
import { spawnOwned } from "./owned-processes.js";
import { waitFor } from "./wait.js";

export interface PrivateRedis {
  url: string;
  port: number;
  /** Kills the server (SIGKILL: an outage, not a shutdown) and waits until it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: no persistence) and waits until it answers. */
  start(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open and nothing is answered. */
  freeze(): void;
  /** Lets a frozen process run again (SIGCONT). */
  thaw(): void;
}

/** Starts `redis-server` on a free loopback port and waits until it answers PING. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawnOwned(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    await waitFor(() => answersPing(port), {
      timeoutMs: 20_000,
      what: `redis-server on port ${port} to answer PING`,
    });
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, "exit");
    running.kill("SIGKILL");
    await exited;
  };
  const signal = (name: NodeJS.Signals) => {
    if (child === undefined) throw new Error("the private Redis is not running");
    child.kill(name);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    freeze: () => signal("SIGSTOP"),
    thaw: () => signal("SIGCONT"),
  };
}

/** Whether a server on `port` answers `PING` with `+PONG` (false on any error). */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    let text = "";
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => finish(false));
    socket.once("error", () => finish(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("\r\n")) finish(text.startsWith("+PONG"));
    });
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}
