/**
 * Stream test helpers: a stream server over a live test app's store and bus on a real port,
 * keys of any plan, a logger whose lines are kept, and offset checks. The WebSocket client is
 * helpers/ws-client.ts.
 */
import assert from "node:assert/strict";
import type { Logger } from "pino";
import { createAccount, createKey } from "../../src/accounts/accounts-service.js";
import { Authenticator } from "../../src/accounts/authenticator.js";
import type { EventBus } from "../../src/adapters/bus/event-bus.js";
import { loadPlans } from "../../src/config/plans.js";
import type { Clock } from "../../src/lib/time.js";
import { createLogger } from "../../src/logger.js";
import type { Store } from "../../src/store/database.js";
import type { ConnectionSlots } from "../../src/stream/connection-slots.js";
import type { StreamLimits } from "../../src/stream/limits.js";
import { listenStream, type StreamListener } from "../../src/stream/listen.js";
import { createStreamServer, type StreamServer } from "../../src/stream/stream-server.js";
import { testClock } from "../helpers/clock.js";

export interface TestStream {
  server: StreamServer;
  listener: StreamListener;
  url: string;
  close(): Promise<void>;
}

export async function startStream(
  store: Store,
  bus: EventBus,
  options: {
    clock?: Clock;
    limits?: Partial<StreamLimits>;
    slots?: ConnectionSlots;
    authenticate?: boolean;
    basePath?: string;
    logger?: Logger;
  } = {},
): Promise<TestStream> {
  const clock = options.clock ?? testClock;
  const server = await createStreamServer({
    store,
    bus,
    logger: options.logger ?? createLogger("silent"),
    clock,
    authenticator: new Authenticator({ store, clock, plans: loadPlans(undefined) }, "live"),
    ...(options.authenticate !== undefined ? { authenticate: options.authenticate } : {}),
    ...(options.basePath !== undefined ? { basePath: options.basePath } : {}),
    ...(options.slots ? { slots: options.slots } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
  });
  const listener = await listenStream(server, { host: "127.0.0.1", port: 0 });
  return { server, listener, url: listener.url, close: () => listener.close() };
}

/** A live key of `plan` on an account of its own: its text, id and account. */
export async function createTestKey(store: Store, plan: string) {
  const created = await createKey(
    { store, clock: testClock, plans: loadPlans(undefined) },
    { kind: "live", plan },
  );
  return { key: created.key, id: created.id, accountId: created.account_id };
}

/**
 * One account with `keys` live keys (of its plan), its stream connections limited to
 * `connections` (the account's custom `websocket_connections`).
 */
export async function createAccountKeys(
  store: Store,
  options: { plan: string; keys: number; connections: number },
) {
  const ctx = { store, clock: testClock, plans: loadPlans(undefined) };
  const account = await createAccount(ctx, {
    email: `acc-${Math.random().toString(36).slice(2)}@stream.test`,
    plan: options.plan,
    limits: { websocket_connections: options.connections },
  });
  const keys: Array<{ key: string; id: string }> = [];
  for (let i = 0; i < options.keys; i++) {
    const created = await createKey(ctx, { account: account.id, kind: "live" });
    keys.push({ key: created.key, id: created.id });
  }
  return { accountId: account.id, keys };
}

/** The text of a live key of `plan` on an account of its own. */
export async function keyOf(store: Store, plan: string): Promise<string> {
  return (await createTestKey(store, plan)).key;
}

/** A logger whose JSON lines are kept in `lines`. */
export function capturingLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger("info", {
    write(line: string) {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
  return { logger, lines };
}

/** Offsets strictly increase and none repeats. */
export function assertIncreasing(offsets: readonly number[]): void {
  for (let i = 1; i < offsets.length; i++) {
    assert.ok((offsets[i] ?? 0) > (offsets[i - 1] ?? 0), `offsets increase: ${offsets.join(",")}`);
  }
}
