/**
 * PostgreSQL: a LISTEN connection for `scoreline_data` that comes back by itself. While it is
 * down the store cannot tell what other nodes changed (`onState(false)`); once it listens again
 * it says so (`onState(true)`) and the store treats everything as changed.
 */
import pg from "pg";
import { CHANGE_CHANNEL } from "./change-sources.js";

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

export class ChangeWatcher {
  onState: (listening: boolean) => void = () => undefined;
  private client: pg.Client | undefined;
  private started = false;
  private stopped = false;
  private retryMs = RETRY_MIN_MS;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly onNotification: (payload: string) => void,
  ) {}

  /** Listens; rejects when the first connection fails (later losses are retried). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on("notification", (message) => this.onNotification(message.payload ?? ""));
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    this.client = client;
    await client.connect();
    await client.query(`listen ${CHANGE_CHANNEL}`);
    this.retryMs = RETRY_MIN_MS;
    if (!this.stopped && this.client === client) this.onState(true);
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.onState(false);
    client.end().catch(() => undefined);
    if (this.stopped) return;
    this.timer = setTimeout(() => this.retry(), this.retryMs);
    this.timer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  private retry(): void {
    if (this.stopped) return;
    const attempt = this.connect();
    attempt.catch(() => {
      if (this.client !== undefined) this.lost(this.client);
    });
  }
}
