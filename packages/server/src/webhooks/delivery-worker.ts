/**
 * The delivery worker: claims due deliveries with a lease, attempts them (many at once), and
 * records each attempt. Several workers — processes or nodes — can run at once: a claim is one
 * UPDATE that takes only rows nobody holds (PostgreSQL: `FOR UPDATE SKIP LOCKED`; SQLite: its
 * single writer makes the UPDATE atomic), so each delivery is attempted by one worker at a time.
 * While an attempt runs, a heartbeat renews its lease (lease.ts: 12 s, renewed every 3 s); a
 * worker that dies mid-attempt stops renewing, its leases expire within seconds, and the delivery
 * is attempted again (at-least-once; receivers dedupe on `webhook-id`). Only deliveries of
 * enabled subscriptions are claimed: a disabled subscription's stay pending until it is enabled
 * again. Stopping stops claiming and lets the attempts in flight finish.
 */
import type { QueryCreator } from "kysely";
import type { Logger } from "pino";
import type { Agent } from "undici";
import type { EventBus } from "../adapters/bus/event-bus.js";
import { newId } from "../lib/ids.js";
import type { MetricsHost } from "../metrics/labels.js";
import { outboxSources } from "../metrics/webhook-metrics.js";
import type { Store } from "../store/database.js";
import type { Tables } from "../store/tables.js";
import {
  type AttemptDeps,
  type AttemptOutcome,
  type DeliveryRow,
  type DeliverySettings,
  performAttempt,
  recordAttempts,
} from "./attempt.js";
import { countRecordedAttempt, outboxSource } from "./delivery-metrics.js";
import { LEASE_MS, LEASE_RENEW_MS, leaseFree, leaseUntil, renewLeases } from "./lease.js";
import type { SubscriptionRow } from "./subscriptions.js";

export interface WorkerOptions {
  store: Store;
  agent: Agent;
  clock?: () => Date;
  settings: DeliverySettings;
  /** Wakes the worker as soon as events are published (deliveries were just written). */
  bus?: EventBus;
  logger?: Logger;
  /** Attempts in flight at once. */
  concurrency?: number;
  /** How long a claim holds a delivery unrenewed, in real time whatever `clock` says (LEASE_MS). */
  leaseMs?: number;
  /** How often the leases of attempts in flight are renewed (LEASE_RENEW_MS; a quarter of a custom lease). */
  renewMs?: number;
  /** How often to look for due deliveries when nothing wakes the worker. */
  pollMs?: number;
  /** Delete delivery logs older than this (succeeded or failed), checked hourly. */
  retentionMs?: number;
  /** Which host's series its attempts and outbox count in (`live` unless the sandbox's). */
  host?: MetricsHost;
}

export class DeliveryWorker {
  readonly owner = newId("whd").replace("whd_", "worker_");
  /** Attempts in flight by delivery id: the leases the heartbeat renews. */
  private readonly inFlight = new Map<string, Promise<void>>();
  private heartbeat: NodeJS.Timeout | undefined;
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private woken = false;
  private unsubscribe: (() => void) | undefined;
  private lastPrune = 0;
  private readonly deps: AttemptDeps;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly renewMs: number;
  private readonly recorder: AttemptRecorder;
  private readonly host: MetricsHost;
  private removeOutboxSource: (() => void) | undefined;

  constructor(private readonly options: WorkerOptions) {
    this.recorder = new AttemptRecorder((batch) =>
      recordAttempts(options.store, options.settings, batch),
    );
    this.deps = {
      store: options.store,
      agent: options.agent,
      clock: options.clock ?? (() => new Date()),
      settings: options.settings,
    };
    this.concurrency = options.concurrency ?? 64;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.renewMs =
      options.renewMs ?? (options.leaseMs === undefined ? LEASE_RENEW_MS : this.leaseMs / 4);
    this.pollMs = options.pollMs ?? 250;
    this.host = options.host ?? "live";
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.options.bus?.subscribe(() => this.poke());
    this.loop = this.run();
    this.heartbeat = setInterval(() => void this.renew(), this.renewMs);
    this.heartbeat.unref();
    this.removeOutboxSource = outboxSources.add(
      outboxSource(this.options.store, this.host, this.deps.clock),
    );
    // The owner is what `lease_owner` says in the deliveries this worker holds.
    this.options.logger?.info(
      { owner: this.owner, concurrency: this.concurrency },
      "webhook worker: delivering",
    );
  }

  /** Extends the leases of the attempts in flight (the heartbeat). */
  private async renew(): Promise<void> {
    try {
      await renewLeases(this.options.store, this.owner, [...this.inFlight.keys()], this.leaseMs);
    } catch (error) {
      this.options.logger?.error({ err: error }, "webhook worker: renewing leases failed");
    }
  }

  /** Look for due deliveries now. */
  poke(): void {
    this.woken = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.removeOutboxSource?.();
    this.unsubscribe?.();
    this.poke();
    await this.loop;
    await Promise.all([...this.inFlight.values()]);
    clearInterval(this.heartbeat);
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      try {
        const free = this.concurrency - this.inFlight.size;
        if (free > 0) claimed = await this.claimAndStart(free);
        await this.pruneIfDue();
      } catch (error) {
        this.options.logger?.error({ err: error }, "webhook worker: claiming failed");
      }
      if (claimed > 0 && this.inFlight.size < this.concurrency) continue;
      await this.idle();
    }
  }

  /** Waits for a poke, a finished attempt (a free slot), or the poll interval. */
  private idle(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        this.woken = false;
        done();
      };
    });
  }

  private async claimAndStart(limit: number): Promise<number> {
    const claimed = await claimDue(
      this.options.store,
      this.owner,
      limit,
      { due: this.deps.clock(), wall: new Date() },
      this.leaseMs,
    );
    if (claimed.length === 0) return 0;
    const ids = [...new Set(claimed.map((d) => d.subscription_id))];
    const subscriptions = await this.options.store.db
      .selectFrom("webhook_subscriptions")
      .selectAll()
      .where("id", "in", ids)
      .execute();
    const byId = new Map(subscriptions.map((s) => [s.id, s]));
    const released: string[] = [];
    let started = 0;
    for (const delivery of claimed) {
      // Our own attempt, still running, whose lease lapsed while this process was stalled (a
      // heartbeat that could not run): the claim has renewed the lease; a second attempt would
      // send the delivery twice.
      if (this.inFlight.has(delivery.id)) continue;
      const subscription = byId.get(delivery.subscription_id);
      // Disabled (or deleted) since the claim: not attempted, left pending for re-enabling.
      if (subscription === undefined || subscription.enabled !== 1) {
        released.push(delivery.id);
        continue;
      }
      const task = this.attempt(delivery, subscription);
      started++;
      this.inFlight.set(delivery.id, task);
      void task.finally(() => {
        this.inFlight.delete(delivery.id);
        this.poke();
      });
    }
    if (released.length > 0) await releaseLeases(this.options.store, this.owner, released);
    return started;
  }

  private async attempt(delivery: DeliveryRow, subscription: SubscriptionRow): Promise<void> {
    try {
      const outcome = await performAttempt(this.deps, delivery, subscription, {
        owner: this.owner,
      });
      if (outcome.state !== "succeeded") logFailedAttempt(this.options.logger, outcome);
      await this.recorder.add(outcome);
      countRecordedAttempt(this.host, outcome);
    } catch (error) {
      this.options.logger?.error(
        { err: error, delivery_id: delivery.id },
        "webhook worker: attempt failed to record",
      );
    }
  }

  private async pruneIfDue(): Promise<void> {
    const retention = this.options.retentionMs;
    const now = this.deps.clock();
    if (retention === undefined || now.getTime() - this.lastPrune < 3_600_000) return;
    this.lastPrune = now.getTime();
    await pruneDeliveries(this.options.store, new Date(now.getTime() - retention));
  }
}

/** A failed attempt, as the delivery log records it: retried at `next_attempt_at`, or given up. */
function logFailedAttempt(logger: Logger | undefined, outcome: AttemptOutcome): void {
  const { attempt, delivery } = outcome;
  logger?.warn(
    {
      delivery_id: delivery.id,
      subscription_id: delivery.subscription_id,
      event_id: delivery.event_id,
      attempt: attempt.attempt,
      status: attempt.status,
      error: attempt.error,
      duration_ms: attempt.duration_ms,
      next_attempt_at: attempt.next_attempt_at,
    },
    outcome.state === "failed"
      ? "webhook attempt failed; no attempts left"
      : "webhook attempt failed; retry scheduled",
  );
}

/**
 * Attempts finished close together are recorded in one transaction (a commit per attempt would
 * cap a worker at a few hundred deliveries a second on SQLite). Each `add` resolves once its
 * outcome is committed, so a slot frees only after its delivery's state is durable.
 */
class AttemptRecorder {
  private queue: Array<{
    outcome: AttemptOutcome;
    done: () => void;
    failed: (e: unknown) => void;
  }> = [];
  private flushing: Promise<void> | undefined;

  constructor(private readonly write: (batch: AttemptOutcome[]) => Promise<void>) {}

  add(outcome: AttemptOutcome): Promise<void> {
    return new Promise((done, failed) => {
      this.queue.push({ outcome, done, failed });
      if (this.flushing === undefined) this.flushing = this.flush();
    });
  }

  private async flush(): Promise<void> {
    // Let the attempts finishing in the same turn join this batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.write(batch.map((b) => b.outcome));
        for (const b of batch) b.done();
      } catch (error) {
        for (const b of batch) b.failed(error);
      }
    }
    this.flushing = undefined;
  }
}

/** When a claim is made: `due` on the deliveries' clock, `wall` for the lease (lease.ts). */
export interface ClaimTimes {
  due: Date;
  wall: Date;
}

/** Gives back claims without an attempt. */
async function releaseLeases(store: Store, owner: string, ids: string[]): Promise<void> {
  await store.db
    .updateTable("webhook_deliveries")
    .set({ lease_owner: null, lease_expires_at: null })
    .where("id", "in", ids)
    .where("lease_owner", "=", owner)
    .execute();
}

/**
 * Takes up to `limit` due deliveries of enabled subscriptions that nobody holds, for `leaseMs` of
 * real time.
 */
export async function claimDue(
  store: Store,
  owner: string,
  limit: number,
  times: ClaimTimes,
  leaseMs: number,
): Promise<DeliveryRow[]> {
  const dueAt = times.due.toISOString();
  const free = leaseFree(times.wall);
  const until = leaseUntil(leaseMs, times.wall);
  const due = (db: QueryCreator<Tables>) =>
    db
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("state", "=", "pending")
      .where("next_attempt_at", "<=", dueAt)
      .where(free)
      .where("subscription_id", "in", (eb) =>
        eb.selectFrom("webhook_subscriptions").select("id").where("enabled", "=", 1),
      )
      .orderBy("next_attempt_at")
      .limit(limit);
  if (store.dialect === "postgres") {
    // The ids are picked first, in a MATERIALIZED CTE: as `id IN (subquery)` PostgreSQL may plan a
    // nested-loop semi join that re-runs the LIMIT … SKIP LOCKED subquery for every row, and so
    // claim every due delivery instead of `limit`.
    return store.db
      .with(
        (cte) => cte("due").materialized(),
        (db) => due(db).forUpdate().skipLocked(),
      )
      .updateTable("webhook_deliveries")
      .set({ lease_owner: owner, lease_expires_at: until })
      .where("id", "in", (eb) => eb.selectFrom("due").select("due.id"))
      .where(free)
      .where("state", "=", "pending")
      .returningAll()
      .execute();
  }
  return (
    store.db
      .updateTable("webhook_deliveries")
      .set({ lease_owner: owner, lease_expires_at: until })
      .where("id", "in", due(store.db))
      // Re-checked on the row itself: under SQLite this is what makes two claimers exclusive.
      .where(free)
      .where("state", "=", "pending")
      .returningAll()
      .execute()
  );
}

async function pruneDeliveries(store: Store, before: Date): Promise<number> {
  const at = before.toISOString();
  return store.db.transaction().execute(async (trx) => {
    const old = trx
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("state", "in", ["succeeded", "failed"])
      .where("updated_at", "<", at);
    await trx.deleteFrom("webhook_attempts").where("delivery_id", "in", old).execute();
    const result = await trx
      .deleteFrom("webhook_deliveries")
      .where("state", "in", ["succeeded", "failed"])
      .where("updated_at", "<", at)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
