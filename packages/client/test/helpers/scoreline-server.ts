/**
 * A real `scoreline serve` for the client's integration tests: a child process on a fresh SQLite
 * file (or a PostgreSQL schema), demo data, ports chosen by the system, an admin token, and keys
 * made through the admin API. A test file starts one per dialect, with only the roles it uses.
 * `attach` runs another process (other roles) on the same store, as a second node would. Reuses
 * the server's test helpers for the process itself.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ServeProcess, spawnedOutput } from "../../../server/test/helpers/program-process.js";

export const ADMIN_TOKEN = "client-tests-admin-token-0123456789";

export interface ServerOptions {
  /** `sqlite` (a temp file) or a PostgreSQL URL (a schema of its own is made and dropped). */
  database?: "sqlite" | string;
  roles?: string;
  /** Extra environment for the process (on top of a clean PATH/HOME). */
  env?: Record<string, string>;
  /** Loads the demo dataset on the empty store (default true). */
  demo?: boolean;
}

/** A process on another server's store: that store is already set up, so no demo data. */
export type AttachOptions = Omit<ServerOptions, "database" | "demo">;

export interface KeyOptions {
  plan?: string;
  /** Custom per-minute limit: creates an enterprise account with this limit. */
  requestsPerMinute?: number;
}

/**
 * One running server; `stop()` ends it, `restart()` starts it again on the same store and ports.
 * `dispose()` also removes the store it made (not the store of a server it is attached to).
 */
export class ScorelineServer {
  apiUrl = "";
  streamUrl = "";
  sandboxUrl = "";
  private process: ServeProcess | undefined;
  private readonly env: Record<string, string>;
  private readonly args: string[];

  private constructor(
    readonly databaseUrl: string,
    /** The temporary directory of the store this server made; null when attached to another's. */
    private readonly ownDir: string | null,
    options: ServerOptions,
  ) {
    this.env = {
      DATABASE_URL: databaseUrl,
      SCORELINE_ADMIN_TOKEN: ADMIN_TOKEN,
      SCORELINE_WEBHOOK_ALLOW_PRIVATE: "true",
      SCORELINE_LOG_LEVEL: "info",
      // The demo world 60 times faster, its calendar compressed (ADR-0043): football is live at
      // any hour, as the tests of live data need; at the default speed 1 it follows the clock.
      SCORELINE_SIM_SPEED: "60",
      // The smaller sample world (ADR-0044): compressed, it keeps football live on its own.
      SCORELINE_SAMPLE_WORLD: "core",
      ...options.env,
    };
    this.args = ["serve", ...(options.demo === false ? [] : ["--demo"])];
    this.args.push("--roles", options.roles ?? "api,stream,sandbox,worker");
  }

  static async start(options: ServerOptions = {}): Promise<ScorelineServer> {
    const dir = mkdtempSync(join(tmpdir(), "scoreline-client-"));
    const database = options.database ?? "sqlite";
    const url =
      database === "sqlite"
        ? `sqlite:${join(dir, "scoreline.db")}`
        : `${database}${database.includes("?") ? "&" : "?"}schema=client_${randomBytes(6).toString("hex")}`;
    return new ScorelineServer(url, dir, options).launchFirst();
  }

  /**
   * Another process on the store of a running server (`server.databaseUrl`), e.g. `roles:
   * "stream"` beside an `api,worker` one; with `REDIS_URL` in both `env`s they share the event
   * bus. Its `dispose()` ends only this process.
   */
  static async attach(databaseUrl: string, options: AttachOptions = {}): Promise<ScorelineServer> {
    return new ScorelineServer(databaseUrl, null, { ...options, demo: false }).launchFirst();
  }

  /** Log lines of the running process (pino JSON). */
  get lines(): Array<Record<string, unknown>> {
    return this.process?.lines ?? [];
  }

  /** Runs `scoreline …args` on this server's store and returns its standard output. */
  cli(args: readonly string[]): Promise<string> {
    return spawnedOutput(args, { env: { DATABASE_URL: this.databaseUrl } });
  }

  /**
   * A new API key on an account of its own, made through the admin API (`/admin/v1`, with the
   * admin token), as an operator's tooling would: one request each, no program started.
   */
  async createKey(options: KeyOptions = {}): Promise<string> {
    const email = `client-${randomBytes(5).toString("hex")}@example.test`;
    const custom = options.requestsPerMinute !== undefined;
    await this.admin("/admin/v1/accounts", {
      email,
      plan: custom ? "enterprise" : (options.plan ?? "growth"),
      ...(custom ? { limits: { requests_per_minute: options.requestsPerMinute } } : {}),
    });
    const created = await this.admin("/admin/v1/keys", { account: email });
    return String(created.key);
  }

  /** POSTs `body` to an admin endpoint of this server's api role; resolves with `data`. */
  private async admin(path: string, body: unknown): Promise<Record<string, unknown>> {
    if (this.apiUrl === "") throw new Error("the admin API needs the api role");
    const response = await fetch(`${this.apiUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${text}`);
    return (JSON.parse(text) as { data: Record<string, unknown> }).data;
  }

  /** Stops the process gracefully (SIGTERM: stream clients get 1001). */
  async stop(): Promise<void> {
    await this.process?.kill("SIGTERM");
    this.process = undefined;
  }

  /** Starts the process again on the same store, listening on the same ports as before. */
  async restart(): Promise<void> {
    const port = (url: string) => (url === "" ? "0" : new URL(url).port); // "": a role not run
    await this.launch({
      api: port(this.apiUrl),
      stream: port(this.streamUrl),
      sandbox: port(this.sandboxUrl),
    });
  }

  async dispose(): Promise<void> {
    await this.stop();
    if (this.ownDir === null) return;
    if (this.databaseUrl.startsWith("postgres")) await this.dropSchema();
    rmSync(this.ownDir, { recursive: true, force: true });
  }

  /** The first launch; if it fails, nothing is left behind (process, schema, directory). */
  private async launchFirst(): Promise<this> {
    try {
      await this.launch({ api: "0", stream: "0", sandbox: "0" });
      return this;
    } catch (error) {
      await this.dispose().catch(() => {}); // the start's failure is the one to report
      throw error;
    }
  }

  private async launch(ports: { api: string; stream: string; sandbox: string }): Promise<void> {
    const args = [
      ...this.args,
      "--api-port",
      ports.api,
      "--stream-port",
      ports.stream,
      "--sandbox-port",
      ports.sandbox,
    ];
    const child = ServeProcess.start(this.env, args);
    this.process = child;
    const roles = this.args[this.args.indexOf("--roles") + 1] ?? "";
    if (roles.includes("api")) this.apiUrl = await child.apiUrl();
    if (roles.includes("stream")) {
      const line = await child.waitForLog(/^stream listening on /);
      this.streamUrl = String(line.url);
    }
    if (roles.includes("sandbox")) {
      const line = await child.waitForLog(/^sandbox listening on /);
      this.sandboxUrl = String(line.url);
    }
    // The worlds load behind the listeners (ADR-0052): the tests read them whole.
    if (roles.includes("api")) await child.loaded(this.apiUrl);
    if (roles.includes("sandbox")) await child.loaded(this.sandboxUrl);
  }

  private async dropSchema(): Promise<void> {
    const { connectionString, schema } = postgresTarget(this.databaseUrl);
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await client.end();
    }
  }
}

/** A `postgres://…?schema=name` URL as `pg` takes it: the URL without `schema`, and the schema. */
export function postgresTarget(databaseUrl: string): { connectionString: string; schema: string } {
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get("schema") ?? "public";
  url.searchParams.delete("schema");
  return { connectionString: url.toString(), schema };
}
