/**
 * Webhook test helpers: a real HTTP receiver on 127.0.0.1 that records every request (headers,
 * raw body, arrival and answer times, requests in flight per `webhook-id`) and answers as the test
 * says; a delivery worker over a private-address agent; signature checks (Standard Webhooks with
 * the `standardwebhooks` package, and `X-Service-Signature`); API shortcuts and polling.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { Webhook } from "standardwebhooks";
import type { Agent } from "undici";
import type { EventBus } from "../../src/adapters/bus/event-bus.js";
import { createDeliveryAgent } from "../../src/adapters/webhooks/delivery-agent.js";
import type { Store } from "../../src/store/database.js";
import { DeliveryWorker } from "../../src/webhooks/delivery-worker.js";
import type { TestApp } from "../helpers/app.js";
import {
  assertAllApplied,
  eventMsg,
  type LiveTestApp,
  leagueMessages,
  statusMsg,
} from "../live/feed-helpers.js";

export { sleep };

/** The switch that lets deliveries reach 127.0.0.1 and subscriptions use plain http. */
export const ALLOW_PRIVATE = { SCORELINE_WEBHOOK_ALLOW_PRIVATE: "true" };
/** A fast retry schedule: attempts at 0, +0.1, +0.2, +0.3 and +0.4 s (±20 % jitter). */
export const FAST_SCHEDULE = [0, 0.1, 0.2, 0.3, 0.4];
export const realClock = () => new Date();

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  webhookId: string | undefined;
  /** `performance.now()` when the body had arrived, and when the answer was sent (or the socket died). */
  receivedAt: number;
  answeredAt: number | undefined;
  /** 1 for the first request with this webhook-id, 2 for the second… */
  nth: number;
}

export interface ReceiverReply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Answer after this many ms. */
  delayMs?: number;
}

export type Responder = (request: ReceivedRequest) => ReceiverReply;

/** An HTTP receiver on 127.0.0.1 (port chosen by the system). */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  /** TCP connections accepted. */
  connections = 0;
  /** webhook-ids seen in flight twice at the same moment. */
  readonly overlaps: string[] = [];
  /** Most requests in flight at once, over all ids. */
  maxInFlight = 0;
  respond: Responder = () => ({ status: 200, body: "ok" });
  private readonly inFlight = new Map<string, number>();
  private current = 0;
  private readonly counts = new Map<string, number>();
  private server: http.Server | undefined;
  port = 0;

  constructor(respond?: Responder) {
    if (respond) this.respond = respond;
  }

  async start(): Promise<this> {
    const server = http.createServer((req, res) => this.handle(req, res));
    server.on("connection", () => {
      this.connections++;
    });
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  url(path = "/hook"): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  to(path: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  ids(path?: string): string[] {
    return (path === undefined ? this.requests : this.to(path)).map((r) => r.webhookId ?? "");
  }

  /** Waits until `count` requests reached `path` (any path when undefined). */
  async waitForCount(count: number, path?: string, timeoutMs = 10_000): Promise<ReceivedRequest[]> {
    await waitFor(
      () => (path === undefined ? this.requests : this.to(path)).length >= count,
      timeoutMs,
      () =>
        `${count} requests${path ? ` to ${path}` : ""}; got ${(path === undefined ? this.requests : this.to(path)).length}`,
    );
    return path === undefined ? this.requests : this.to(path);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const idHeader = req.headers["webhook-id"];
    const webhookId = typeof idHeader === "string" ? idHeader : undefined;
    const key = webhookId ?? "";
    // In flight from the first byte of the request to the end of the answer.
    const now = (this.inFlight.get(key) ?? 0) + 1;
    this.inFlight.set(key, now);
    if (webhookId !== undefined && now > 1) this.overlaps.push(webhookId);
    this.current++;
    this.maxInFlight = Math.max(this.maxInFlight, this.current);
    let finished = false;
    const done = (record?: ReceivedRequest) => {
      if (finished) return;
      finished = true;
      this.current--;
      this.inFlight.set(key, (this.inFlight.get(key) ?? 1) - 1);
      if (record) record.answeredAt = performance.now();
    };
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", () => done());
    req.on("end", () => {
      const nth = (this.counts.get(key) ?? 0) + 1;
      this.counts.set(key, nth);
      const record: ReceivedRequest = {
        method: req.method ?? "",
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        webhookId,
        receivedAt: performance.now(),
        answeredAt: undefined,
        nth,
      };
      this.requests.push(record);
      res.on("close", () => done(record));
      let reply: ReceiverReply;
      try {
        reply = this.respond(record);
      } catch (error) {
        reply = { status: 599, body: String(error) };
      }
      const send = () => {
        if (res.destroyed) return done(record);
        res.writeHead(reply.status ?? 200, {
          "content-type": "text/plain",
          ...(reply.headers ?? {}),
        });
        res.end(reply.body ?? "");
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  }
}

export async function startReceiver(respond?: Responder): Promise<Receiver> {
  return new Receiver(respond).start();
}

/** Polls `check` every 10 ms until it holds; fails with `what` after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what: string | (() => string) = "the condition",
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (performance.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${typeof what === "function" ? what() : what}`,
      );
    }
    await sleep(10);
  }
}

export interface RunningWorker {
  worker: DeliveryWorker;
  agent: Agent;
  stop(): Promise<void>;
}

export interface WorkerSetup {
  bus?: EventBus;
  schedule?: readonly number[];
  disableAfterMs?: number;
  timeoutMs?: number;
  allowPrivate?: boolean;
  concurrency?: number;
  pollMs?: number;
  /** Connections per origin of the worker's agent. */
  connections?: number;
  random?: () => number;
}

/** A started DeliveryWorker over its own agent (private addresses allowed unless told). */
export function startWorker(store: Store, setup: WorkerSetup = {}): RunningWorker {
  const agent = createDeliveryAgent({
    allowPrivate: setup.allowPrivate ?? true,
    ...(setup.connections ? { connections: setup.connections } : {}),
  });
  const worker = new DeliveryWorker({
    store,
    agent,
    ...(setup.bus ? { bus: setup.bus } : {}),
    settings: {
      schedule: setup.schedule ?? FAST_SCHEDULE,
      disableAfterMs: setup.disableAfterMs ?? 3_600_000,
      timeoutMs: setup.timeoutMs ?? 2_000,
      ...(setup.random ? { random: setup.random } : {}),
    },
    pollMs: setup.pollMs ?? 20,
    ...(setup.concurrency ? { concurrency: setup.concurrency } : {}),
  });
  worker.start();
  return {
    worker,
    agent,
    stop: async () => {
      await worker.stop();
      await agent.close();
    },
  };
}

/** The Standard Webhooks headers of a request, as `Webhook.verify` takes them. */
export function standardHeaders(request: ReceivedRequest): Record<string, string> {
  const header = (name: string) => {
    const value = request.headers[name];
    assert.equal(typeof value, "string", `${name} header`);
    return value as string;
  };
  return {
    "webhook-id": header("webhook-id"),
    "webhook-timestamp": header("webhook-timestamp"),
    "webhook-signature": header("webhook-signature"),
  };
}

export function expectedServiceSignature(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/**
 * Both signatures of a delivery verify with `secret`: Standard Webhooks through the
 * `standardwebhooks` package, and `X-Service-Signature` lists `sha256=` + hex HMAC-SHA256 of the
 * raw body keyed with the secret text.
 */
export function assertSignedWith(request: ReceivedRequest, secret: string): void {
  assert.doesNotThrow(
    () => new Webhook(secret).verify(request.body, standardHeaders(request)),
    "the Standard Webhooks signature verifies",
  );
  const service = request.headers["x-service-signature"];
  assert.equal(typeof service, "string", "X-Service-Signature is present");
  assert.ok(
    (service as string).split(",").includes(expectedServiceSignature(request.body, secret)),
    `X-Service-Signature ${service} holds sha256=HMAC(body, secret)`,
  );
}

export function assertNotSignedWith(request: ReceivedRequest, secret: string): void {
  assert.throws(() => new Webhook(secret).verify(request.body, standardHeaders(request)));
  assert.ok(
    !String(request.headers["x-service-signature"]).includes(
      expectedServiceSignature(request.body, secret),
    ),
  );
}

export function json(request: ReceivedRequest): Record<string, unknown> {
  return JSON.parse(request.body) as Record<string, unknown>;
}

// --- API shortcuts (through the app's inject, which sends the test key) ---

export interface SubscriptionBody {
  id: string;
  url: string;
  events: string[];
  sport: string | null;
  leagues: string[];
  matches: string[];
  odds_threshold: number;
  status: "active" | "disabled";
  enabled: boolean;
  disabled_reason: string | null;
  disabled_at: string | null;
  failing_since: string | null;
  secret_hint: string;
  previous_secret_expires_at: string | null;
  secret?: string;
  [field: string]: unknown;
}

export interface AttemptBody {
  attempt: number;
  attempted_at: string;
  status: number;
  duration_ms: number;
  error: string | null;
  response_body: string | null;
  next_attempt_at: string | null;
  manual: boolean;
}

export interface DeliveryBody {
  id: string;
  subscription_id: string;
  event_id: string;
  event: string;
  state: "pending" | "succeeded" | "failed";
  attempts: AttemptBody[];
  attempt_count: number;
  next_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  payload: Record<string, unknown>;
}

/** POST /v1/webhooks, expecting 201. */
export async function subscribe(
  t: Pick<TestApp, "app">,
  body: Record<string, unknown>,
): Promise<SubscriptionBody & { secret: string }> {
  const response = await t.app.inject({ method: "POST", url: "/v1/webhooks", payload: body });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data;
}

export async function getSubscription(
  t: Pick<TestApp, "app">,
  id: string,
): Promise<SubscriptionBody> {
  const response = await t.app.inject({ method: "GET", url: `/v1/webhooks/${id}` });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data;
}

/** The delivery log (up to 100 deliveries, newest first). */
export async function deliveryLog(
  t: Pick<TestApp, "app">,
  id: string,
  state?: string,
): Promise<DeliveryBody[]> {
  const response = await t.app.inject({
    method: "GET",
    url: `/v1/webhooks/${id}/deliveries?per_page=100${state ? `&state=${state}` : ""}`,
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data;
}

/** Waits until the subscription has `count` deliveries and none is pending; returns the log. */
export async function settledLog(
  t: Pick<TestApp, "app">,
  id: string,
  count: number,
  timeoutMs = 10_000,
): Promise<DeliveryBody[]> {
  let log: DeliveryBody[] = [];
  await waitFor(
    async () => {
      log = await deliveryLog(t, id);
      return log.length >= count && log.every((d) => d.state !== "pending");
    },
    timeoutMs,
    () =>
      `${count} settled deliveries; have ${JSON.stringify(log.map((d) => [d.event, d.state, d.attempt_count]))}`,
  );
  return log;
}

// --- Feed shortcuts ---

let goals = 0;

/** A scoring event: a football goal, a basketball two-pointer. */
export function goalMsg(sport: string, fixtureId: string, team: "home" | "away" = "home") {
  goals++;
  return eventMsg(sport, fixtureId, {
    event_id: `score-${goals}`,
    type: sport === "basketball" ? "two_pointer" : "goal",
    team,
  });
}

/** A league with one fixture (`leagueMessages`), kicked off. */
export async function liveFixture(t: LiveTestApp, sport = "football", fixtureId = "fx-1") {
  assertAllApplied(
    await t.feed([...leagueMessages(sport, fixtureId), statusMsg(sport, fixtureId, "live")]),
  );
}

/** Feeds messages, asserting each applied. */
export async function feedAll(t: LiveTestApp, messages: unknown[]) {
  return assertAllApplied(await t.feed(messages));
}

// --- Real `scoreline serve` processes ---

export const BIN = fileURLToPath(new URL("../../bin/scoreline.js", import.meta.url));
const CLEAN_ENV = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp" };

/** `scoreline …` run to completion with `env` (and a clean environment otherwise). */
export function runCli(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    env: { ...CLEAN_ENV, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  assert.equal(result.status, 0, `scoreline ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}

/** A `scoreline serve` child process whose JSON log lines are collected. */
export class ServeProcess {
  readonly lines: Array<Record<string, unknown>> = [];
  output = "";
  readonly exited: Promise<number | null>;
  private constructor(readonly child: ChildProcess) {
    let partial = "";
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString();
      partial += chunk.toString();
      const parts = partial.split("\n");
      partial = parts.pop() ?? "";
      for (const line of parts) {
        if (!line.startsWith("{")) continue;
        try {
          this.lines.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          // not a log line
        }
      }
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    this.exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  }

  static start(env: Record<string, string>): ServeProcess {
    const child = spawn(process.execPath, [BIN, "serve"], { env: { ...CLEAN_ENV, ...env } });
    return new ServeProcess(child);
  }

  get pid(): number {
    assert.ok(this.child.pid, "the process started");
    return this.child.pid;
  }

  /** Waits for a log line whose `msg` matches; fails early if the process exits. */
  async waitForLog(pattern: RegExp, timeoutMs = 30_000): Promise<Record<string, unknown>> {
    let exited = false;
    void this.exited.then(() => {
      exited = true;
    });
    let found: Record<string, unknown> | undefined;
    await waitFor(
      () => {
        found = this.lines.find((l) => pattern.test(String(l.msg)));
        if (found === undefined && exited)
          throw new Error(`exited before ${pattern}:\n${this.output}`);
        return found !== undefined;
      },
      timeoutMs,
      () => `${pattern} in the log:\n${this.output.slice(-3000)}`,
    );
    return found as Record<string, unknown>;
  }

  /** The API's base URL, from the "api listening on" log line (SCORELINE_API_PORT=0). */
  async apiUrl(): Promise<string> {
    const line = await this.waitForLog(/^api listening on /);
    assert.equal(typeof line.url, "string");
    return line.url as string;
  }

  /** Kills it (if still running) and waits for the exit. */
  async kill(signal: NodeJS.Signals = "SIGKILL"): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      process.kill(this.pid, signal);
    }
    return this.exited;
  }
}
