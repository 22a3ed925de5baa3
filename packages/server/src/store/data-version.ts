/**
 * A number that changes whenever the store's data may have changed, read synchronously on every
 * cacheable request. Sources:
 * - writes made through this process's Kysely instance (the `WriteCounter` plugin);
 * - SQLite: `PRAGMA data_version`, which changes when another connection (the `scoreline import`
 *   CLI, another process) commits;
 * - PostgreSQL: `NOTIFY scoreline_data`, sent by statement triggers (migration 002) and delivered
 *   only on commit, heard by a LISTEN connection per node.
 * A reader that reads the version before its queries and caches the result under it can never
 * serve data older than a commit it has been told about.
 */
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";

export const CHANGE_CHANNEL = "scoreline_data";

/**
 * Tables no cached read is computed from: the event log, the feed's message ids, webhook
 * bookkeeping, accounts and keys (authentication has its own cache), the usage ledger,
 * dashboard sessions and one-time links, store metadata. Writes to
 * them — thousands a second from a busy webhook worker — must not empty the read cache.
 * (PostgreSQL's change triggers, migration 002, cover only the data tables for the same reason.)
 */
const NO_READ_DEPENDS_ON = new Set([
  "domain_events",
  "feed_messages",
  "webhook_subscriptions",
  "webhook_deliveries",
  "webhook_attempts",
  "webhook_odds_references",
  "accounts",
  "api_keys",
  "usage_hours",
  "dashboard_sessions",
  "account_tokens",
  "store_meta",
]);

/** The table a write statement changes, when the node names it plainly. */
function writtenTable(node: RootOperationNode): string | undefined {
  const table = (t: unknown): string | undefined => {
    const n = t as { kind?: string; table?: { identifier?: { name?: string } }; node?: unknown };
    if (n?.kind === "TableNode") return n.table?.identifier?.name;
    if (n?.kind === "AliasNode") return table(n.node);
    return undefined;
  };
  const n = node as unknown as { into?: unknown; table?: unknown; from?: { froms?: unknown[] } };
  if (node.kind === "InsertQueryNode") return table(n.into);
  if (node.kind === "UpdateQueryNode") return table(n.table);
  if (node.kind === "DeleteQueryNode") return table(n.from?.froms?.[0]);
  return undefined;
}

export class WriteCounter implements KyselyPlugin {
  private writes = 0;

  get value(): number {
    return this.writes;
  }

  /** Counts a change made outside Kysely (or announced by another node). */
  bump(): void {
    this.writes++;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const kind = args.node.kind;
    if (kind === "InsertQueryNode" || kind === "UpdateQueryNode" || kind === "DeleteQueryNode") {
      if (!NO_READ_DEPENDS_ON.has(writtenTable(args.node) ?? "")) this.writes++;
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
