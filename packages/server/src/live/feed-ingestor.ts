/**
 * Feed ingestion: validates each message, applies it through its handler and records it — all
 * in one transaction per chunk of messages, with the domain events they produce written to the
 * durable log in that same transaction. After the commit the events go to the bus.
 *
 * A handler checks everything before it writes, so a rejected message changes nothing and the
 * messages around it still apply. A message whose `id` was applied before (or earlier in the
 * same body) is acknowledged as a duplicate and not applied again.
 *
 * What the messages look up is read once per chunk, and their per-message writes are buffered
 * and written together (batch.ts, write-buffer.ts): a chunk costs a handful of statements rather
 * than a few per message, which is what PostgreSQL, a round trip per statement, needs.
 *
 * The league tables the chunk's messages may have changed (a result gained, changed or lost, a
 * club renamed, a competition's rules) are refreshed last, in the same transaction (ADR-0033).
 */
import { sql, type Transaction } from "kysely";
import type { EventBus } from "../adapters/bus/event-bus.js";
import type { DomainEvent } from "../events/domain-event.js";
import type { Clock } from "../lib/time.js";
import { FeedTally, observeIngestToBus } from "../metrics/feed-metrics.js";
import type { MetricsHost } from "../metrics/labels.js";
import type { Store } from "../store/database.js";
import { StaleTables } from "../store/standings/kept-tables.js";
import type { Tables } from "../store/tables.js";
import { Batch, type LiveSettings, type ProducerScope } from "./batch.js";
import { appendEvents } from "./event-log.js";
import { applyEvent } from "./handlers/event.js";
import { applyFixture } from "./handlers/fixture.js";
import { applyLineup, applyStatistics } from "./handlers/lineup-statistics.js";
import { applyOdds } from "./handlers/odds.js";
import { applyCompetition, applyPlayer, applyTeam } from "./handlers/reference.js";
import { applyStatus } from "./handlers/status.js";
import { type FeedMessage, MESSAGE_TYPES } from "./messages.js";
import type { FeedItem } from "./parse-feed.js";
import { lookupsOf } from "./prefetch.js";
import { ScopeCheck } from "./producer-scope.js";
import { FeedRejection } from "./rejection.js";
import { validateMessage } from "./validate-message.js";

/** The advisory lock key that serialises ingest transactions on PostgreSQL ("SCOR"). */
const INGEST_LOCK = 0x53434f52;

/** Messages per transaction: large enough to be fast, small enough not to hold readers back. */
const CHUNK = 250;

type ItemResult =
  | { index: number; id: string | null; status: "applied"; events: number }
  | { index: number; id: string | null; status: "duplicate" }
  | {
      index: number;
      id: string | null;
      status: "rejected";
      error: { code: string; field: string; message: string };
    };

export interface IngestReport {
  received: number;
  applied: number;
  duplicates: number;
  rejected: number;
  events: number;
  results: ItemResult[];
}

/** Runs inside the transaction after the events are logged (the webhook outbox hooks in here). */
export type EventSink = (trx: Transaction<Tables>, events: readonly DomainEvent[]) => Promise<void>;

export interface IngestorDeps {
  store: Store;
  bus: EventBus;
  clock: Clock;
  settings?: Partial<LiveSettings>;
  sinks?: EventSink[];
  /** Which host's series its messages count in: `live` unless the sandbox's. */
  host?: MetricsHost;
}

const DEFAULT_LIVE_SETTINGS: LiveSettings = { oddsMoveThreshold: 0.05 };

export class FeedIngestor {
  private readonly settings: LiveSettings;
  private readonly sinks: EventSink[];
  /** One chunk at a time per process, so a fixture's sequence is never raced on SQLite. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: IngestorDeps) {
    this.settings = { ...DEFAULT_LIVE_SETTINGS, ...deps.settings };
    this.sinks = deps.sinks ?? [];
  }

  addSink(sink: EventSink): void {
    this.sinks.push(sink);
  }

  /** Applies already-built messages (the simulator, tests). */
  ingestMessages(messages: readonly unknown[], scope?: ProducerScope): Promise<IngestReport> {
    return this.ingest(
      messages.map((value, index) => ({ index, value })),
      scope,
    );
  }

  /** `scope`: who sends them — a real feed by default, or the sample world (producer-scope.ts). */
  async ingest(items: readonly FeedItem[], scope: ProducerScope = "feed"): Promise<IngestReport> {
    const accepted = performance.now();
    const host = this.deps.host ?? "live";
    const results: ItemResult[] = [];
    let events = 0;
    for (let start = 0; start < items.length; start += CHUNK) {
      const chunk = items.slice(start, start + CHUNK);
      const run = this.queue.then(() => this.applyChunk(chunk, scope));
      this.queue = run.catch(() => {});
      const outcome = await run;
      countChunk(host, chunk, outcome.results);
      results.push(...outcome.results);
      events += outcome.events.length;
      await this.deps.bus.publish(outcome.events);
      observeIngestToBus(host, (performance.now() - accepted) / 1000, outcome.events.length);
    }
    const count = (status: ItemResult["status"]) =>
      results.filter((r) => r.status === status).length;
    return {
      received: items.length,
      applied: count("applied"),
      duplicates: count("duplicate"),
      rejected: count("rejected"),
      events,
      results,
    };
  }

  private async applyChunk(chunk: readonly FeedItem[], scope: ProducerScope) {
    const { store } = this.deps;
    return store.db.transaction().execute(async (trx) => {
      // PostgreSQL: one ingest transaction at a time across every node, so log positions are
      // handed out in commit order and a reader that has seen position N has seen all below it.
      if (store.dialect === "postgres")
        await sql`select pg_advisory_xact_lock(${INGEST_LOCK})`.execute(trx);
      const batch = new Batch(trx, store.dialect, this.deps.clock(), this.settings, scope);
      const inScope = new ScopeCheck(batch, scope);
      // A rejected message's seasons stay listed: refreshing an unchanged table writes nothing.
      const stale = new StaleTables();
      const seen = await this.knownIds(trx, chunk);
      // Shapes need no data, so they are checked first: what the valid messages will look up
      // is then read in one statement per kind rather than once per message.
      const checked = chunk.map(checkShape);
      await batch.prefetch(lookupsOf(checked.flatMap((c) => ("message" in c ? [c.message] : []))));
      const results: ItemResult[] = [];
      const applied: Array<{ id: string; type: string; sport: string }> = [];
      for (const item of checked) {
        const { index, id } = item;
        if (id !== null && seen.has(id)) {
          results.push({ index, id, status: "duplicate" });
          continue;
        }
        if ("rejection" in item) {
          results.push(rejected(index, id, item.rejection));
          continue;
        }
        const mark = batch.mark();
        try {
          await inScope.check(item.message);
          await apply(batch, item.message, stale);
          if (id !== null) {
            seen.add(id);
            applied.push({ id, type: item.message.type, sport: item.message.sport });
          }
          results.push({ index, id, status: "applied", events: batch.events.length - mark.events });
        } catch (error) {
          if (!(error instanceof FeedRejection)) throw error;
          batch.rollback(mark);
          results.push(rejected(index, id, error));
        }
      }
      // The buffered match events and fixture changes, before the log that announces them.
      const flushed = await batch.flushed();
      await stale.refresh(flushed, batch.stamp);
      for (let i = 0; i < applied.length; i += 500) {
        const rows = applied.slice(i, i + 500).map((m) => ({ ...m, applied_at: batch.stamp }));
        await trx.insertInto("feed_messages").values(rows).execute();
      }
      const events = await appendEvents(trx, batch.events);
      for (const sink of this.sinks) await sink(trx, events);
      return { results, events };
    });
  }

  /** Which of the chunk's message ids were applied before. */
  private async knownIds(
    trx: Transaction<Tables>,
    chunk: readonly FeedItem[],
  ): Promise<Set<string>> {
    const ids = chunk.flatMap((item) => {
      const id = "value" in item ? messageId(item.value) : null;
      return id === null ? [] : [id];
    });
    if (ids.length === 0) return new Set();
    const rows = await trx
      .selectFrom("feed_messages")
      .select("id")
      .where("id", "in", ids)
      .execute();
    return new Set(rows.map((r) => r.id));
  }
}

/** A chunk's item with its shape checked: the message, or why it is refused. */
type Checked = { index: number; id: string | null } & (
  | { message: FeedMessage }
  | { rejection: FeedRejection }
);

function checkShape(item: FeedItem): Checked {
  if (!("value" in item)) {
    return { index: item.index, id: null, rejection: new FeedRejection("", item.error) };
  }
  const id = messageId(item.value);
  try {
    return { index: item.index, id, message: validateMessage(item.value) };
  } catch (error) {
    if (!(error instanceof FeedRejection)) throw error;
    return { index: item.index, id, rejection: error };
  }
}

/** A committed chunk's messages in the metrics: results[i] is chunk[i]'s. */
function countChunk(host: MetricsHost, chunk: readonly FeedItem[], results: readonly ItemResult[]) {
  const tally = new FeedTally();
  results.forEach((result, i) => {
    const item = chunk[i];
    const type = item !== undefined && "value" in item ? typeLabel(item.value) : "unknown";
    tally.add(type, result.status, result.status === "rejected" ? result.error.code : undefined);
  });
  tally.countFor(host);
}

/** The message's type when it is one of the nine, else `unknown` (never the raw value). */
function typeLabel(value: unknown): string {
  const type =
    typeof value === "object" && value !== null ? (value as { type?: unknown }).type : undefined;
  return typeof type === "string" && (MESSAGE_TYPES as readonly string[]).includes(type)
    ? type
    : "unknown";
}

function messageId(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === "string" && id.length > 0 && id.length <= 128 ? id : null;
}

function rejected(index: number, id: string | null, error: FeedRejection): ItemResult {
  return {
    index,
    id,
    status: "rejected",
    error: { code: error.code, field: error.field, message: error.message },
  };
}

/** `stale` gathers the league tables the message may change (match events come only while live). */
function apply(batch: Batch, message: FeedMessage, stale: StaleTables): Promise<void> {
  switch (message.type) {
    case "competition":
      return applyCompetition(batch, message, stale);
    case "team":
      return applyTeam(batch, message, stale);
    case "player":
      return applyPlayer(batch, message);
    case "fixture":
      return applyFixture(batch, message, stale);
    case "status":
      return applyStatus(batch, message, stale);
    case "event":
      return applyEvent(batch, message);
    case "lineup":
      return applyLineup(batch, message);
    case "statistics":
      return applyStatistics(batch, message);
    case "odds":
      return applyOdds(batch, message);
  }
}
