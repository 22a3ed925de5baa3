/**
 * Leadership among processes sharing one store (ADR-0037): a PostgreSQL session advisory lock,
 * named for the store's schema, held on a connection of its own. The holder leads; the others
 * try again every `retryMs` and take over when the holder's session ends — a clean stop, a
 * crash or `kill -9` (the server ends the session when its socket closes). When the lock's
 * connection is lost the holder steps down at once, since another process may now lead.
 *
 * SQLite has no such lock: one process serves a SQLite store, so it always leads.
 */
import pg from "pg";

export interface Leadership {
  /** Starts campaigning; `onLead` runs when this process becomes the leader, `onLose` when it stops being it. */
  start(): void;
  /** Steps down (releases the lock) and stops trying. */
  stop(): Promise<void>;
}

export interface LeadershipEvents {
  onLead: () => void | Promise<void>;
  onLose: () => void | Promise<void>;
  onError: (error: unknown) => void;
}

/** The one process of an SQLite store: it leads from the start. */
export function soleLeadership(events: LeadershipEvents): Leadership {
  let leading = false;
  return {
    start() {
      leading = true;
      void Promise.resolve(events.onLead()).catch(events.onError);
    },
    async stop() {
      if (leading) await events.onLose();
      leading = false;
    },
  };
}

export class AdvisoryLockLeadership implements Leadership {
  private client: pg.Client | undefined;
  private leading = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private attempt: Promise<void> | undefined;

  constructor(
    /** The store's DATABASE_URL (`?schema=` names the lock's scope). */
    private readonly url: string,
    /** What is led (`simulator`): one lock per name and schema. */
    private readonly name: string,
    private readonly events: LeadershipEvents,
    private readonly retryMs = 1_000,
  ) {}

  start(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.attempt;
    await this.stepDown();
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.attempt = this.campaign().finally(() => {
        this.attempt = undefined;
      });
    }, delay);
    this.timer.unref();
  }

  private async campaign(): Promise<void> {
    try {
      const client = await this.connection();
      const parsed = new URL(this.url);
      const scope = `scoreline:${this.name}:${parsed.searchParams.get("schema") ?? "public"}`;
      const result = await client.query<{ got: boolean }>(
        "select pg_try_advisory_lock(hashtext($1)) as got",
        [scope],
      );
      if (result.rows[0]?.got === true && !this.stopped) {
        this.leading = true;
        await this.events.onLead();
        return;
      }
    } catch (error) {
      this.events.onError(error);
      await this.dropConnection();
    }
    this.schedule(this.retryMs);
  }

  private async connection(): Promise<pg.Client> {
    if (this.client !== undefined) return this.client;
    const parsed = new URL(this.url);
    const schema = parsed.searchParams.get("schema") ?? "public";
    parsed.searchParams.delete("schema");
    const client = new pg.Client({
      connectionString: parsed.toString(),
      // Operators (and tests) see who campaigns for what: `scoreline-simulator-leader:<schema>`.
      application_name: `scoreline-${this.name}-leader:${schema}`.slice(0, 63),
    });
    client.on("error", (error) => {
      this.events.onError(error);
      void this.lost(client);
    });
    client.on("end", () => void this.lost(client));
    this.client = client;
    await client.connect();
    return client;
  }

  /** The lock's session ended: another process may lead now, so this one stops at once. */
  private async lost(client: pg.Client): Promise<void> {
    if (this.client !== client) return;
    this.client = undefined;
    if (this.leading) {
      this.leading = false;
      await Promise.resolve(this.events.onLose()).catch(this.events.onError);
    }
    this.schedule(this.retryMs);
  }

  private async stepDown(): Promise<void> {
    if (this.leading) {
      this.leading = false;
      await this.events.onLose();
    }
    await this.dropConnection();
  }

  private async dropConnection(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    // Ending the session releases the lock.
    await client?.end().catch(() => undefined);
  }
}
