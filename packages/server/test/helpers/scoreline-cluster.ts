/**
 * A small deployment of real processes for fault tests: one `scoreline serve --roles api` and
 * any number of `--roles worker` on one store (and Redis, when given), the admin API on, private
 * webhook targets allowed, the simulator off. It makes a key, subscriptions and feed messages
 * through the API, and knows each worker's lease owner (from its "webhook worker: delivering"
 * line), so a test can tell which deliveries a killed worker held.
 */
import assert from "node:assert/strict";
import { ADMIN_TOKEN } from "../live/feed-helpers.js";
import { ServeProcess } from "./cli.js";

export interface ClusterOptions {
  databaseUrl: string;
  redisUrl?: string;
  /** SCORELINE_WEBHOOK_RETRY_SCHEDULE (fast by default: 0, 0.2, 0.4, 0.6, 0.8 s). */
  retrySchedule?: string;
  /** More environment for every process. */
  env?: Record<string, string>;
}

export interface Worker {
  process: ServeProcess;
  /** Its delivery worker's lease owner (`lease_owner` of the deliveries it holds). */
  owner: string;
}

export class Cluster {
  readonly env: Record<string, string>;
  readonly workers: Worker[] = [];
  /** Every process started, killed at `stop()`. */
  private readonly processes: ServeProcess[] = [];
  api: ServeProcess | undefined;
  base = "";
  key = "";

  constructor(options: ClusterOptions) {
    this.env = {
      DATABASE_URL: options.databaseUrl,
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      SCORELINE_API_PORT: "0",
      SCORELINE_ADMIN_TOKEN: ADMIN_TOKEN,
      SCORELINE_WEBHOOK_ALLOW_PRIVATE: "true",
      SCORELINE_SIMULATOR: "off",
      SCORELINE_WEBHOOK_RETRY_SCHEDULE: options.retrySchedule ?? "0,0.2,0.4,0.6,0.8",
      SCORELINE_LOG_LEVEL: "info",
      ...options.env,
    };
  }

  /**
   * Starts the api process (it migrates the store) and makes an enterprise key. `roles` may add
   * roles to it (`stream`: set SCORELINE_STREAM_PORT=0 in `env`).
   */
  async startApi(roles: readonly string[] = ["api"]): Promise<void> {
    const api = ServeProcess.start(this.env, ["serve", "--roles", roles.join(",")]);
    this.processes.push(api);
    this.api = api;
    this.base = await api.apiUrl();
    const created = await this.admin("/admin/v1/keys", { plan: "enterprise" });
    this.key = (created as { key: string }).key;
    assert.match(this.key, /^sl_live_/);
  }

  /** Starts `count` worker processes at once and waits until each delivers. */
  async startWorkers(count: number): Promise<Worker[]> {
    const started = Array.from({ length: count }, () => {
      const child = ServeProcess.start(this.env, ["serve", "--roles", "worker"]);
      this.processes.push(child);
      return child;
    });
    const workers = await Promise.all(
      started.map(async (child) => {
        const line = await child.waitForLog(/^webhook worker: delivering/);
        assert.equal(typeof line.owner, "string");
        return { process: child, owner: line.owner as string };
      }),
    );
    this.workers.push(...workers);
    return workers;
  }

  /** A request to the api with the cluster's key. */
  request(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${this.base}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${this.key}`,
        "content-type": "application/json",
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  }

  /** Subscribes the key's account to `events` at `url`; resolves with the subscription id. */
  async subscribe(url: string, events: string[]): Promise<string> {
    const response = await this.request("/v1/webhooks", {
      method: "POST",
      body: JSON.stringify({ url, events }),
    });
    const text = await response.text();
    assert.equal(response.status, 201, text);
    return (JSON.parse(text) as { data: { id: string } }).data.id;
  }

  /** POSTs feed messages (NDJSON) and asserts every one was applied. */
  async feed(messages: unknown[]): Promise<void> {
    const response = await fetch(`${this.base}/admin/v1/feed`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/x-ndjson" },
      body: messages.map((m) => JSON.stringify(m)).join("\n"),
    });
    const text = await response.text();
    assert.equal(response.status, 200, text);
    const body = JSON.parse(text) as { data: { applied: number; received: number } };
    assert.equal(body.data.applied, body.data.received, `every message applied: ${text}`);
  }

  /** Kills every process it started (SIGKILL) and waits until they have exited. */
  async stop(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.kill("SIGKILL")));
  }

  private async admin(path: string, body: unknown): Promise<unknown> {
    const response = await fetch(`${this.base}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    assert.equal(response.status, 201, text);
    return (JSON.parse(text) as { data: unknown }).data;
  }
}
