/**
 * Where the change clock (change-clock.ts) hears of changes:
 * - SQLite: the `data_changes` log that migration 009's triggers append to in the writing
 *   transaction, read on every `now()` (an index seek when nothing is new). It sees commits of
 *   this process and of any other process on the same file alike, and never a transaction that
 *   is still open (those are read on their own connection or not at all).
 * - PostgreSQL: `NOTIFY scoreline_data` with `<schema> <scope> <scope>…`, sent by migration
 *   009's statement triggers and delivered on commit to a LISTEN connection per node; and, for
 *   this process's own writes, the `TableWrites` plugin, which marks the written table changed
 *   as the statement runs — before the commit, so a read right after the commit cannot be
 *   answered from an older kept answer while the notification is on its way.
 */
import type Database from "better-sqlite3";
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import type { ChangeClock } from "./change-clock.js";
import { isScopedTable } from "./change-scopes.js";

export const CHANGE_CHANNEL = "scoreline_data";

/**
 * Reads what SQLite's change log gained since the last call into the clock. `log` must never
 * see another transaction's uncommitted rows: a connection of its own, or the only connection
 * when `inTransaction` says it is not inside one.
 */
export function sqliteChangeLog(
  log: Database.Database,
  changes: ChangeClock,
  inTransaction: () => boolean = () => false,
): () => boolean {
  const since = log.prepare("select seq, scope from data_changes where seq > ? order by seq").raw();
  const latest = log.prepare("select coalesce(max(seq), 0) from data_changes").pluck();
  let seen: number | undefined;
  return () => {
    if (inTransaction()) return false;
    if (seen === undefined) {
      seen = latest.get() as number;
      return true;
    }
    const rows = since.all(seen) as Array<[number, string]>;
    if (rows.length === 0) return true;
    // Sequence numbers of committed rows have no holes, except where old rows were pruned: a
    // hole means this process fell behind the pruning and cannot tell what it missed.
    if ((rows[0] as [number, string])[0] !== seen + 1) changes.all();
    for (const [, scope] of rows) changes.scope(scope);
    seen = (rows[rows.length - 1] as [number, string])[0];
    return true;
  };
}

/** Applies one `scoreline_data` notification meant for this schema. */
export function applyNotification(clock: ChangeClock, schema: string, payload: string): void {
  const words = payload.split(" ");
  if (words[0] !== schema) {
    // Notifications of other schemas on the same database are not ours; one without a schema
    // (an older node's trigger) could be anyone's, so it counts as a change of everything.
    if (words.length < 2 && payload === "") clock.all();
    return;
  }
  for (let i = 1; i < words.length; i++) {
    const scope = words[i] as string;
    if (scope === "*") clock.all();
    else if (scope !== "") clock.scope(scope);
  }
}

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

/**
 * PostgreSQL: marks a data table changed when this process writes to it. Writes to other
 * tables (the event log, webhook bookkeeping, accounts, usage) change no kept answer; a write
 * whose table cannot be read off the statement changes everything.
 */
export class TableWrites implements KyselyPlugin {
  constructor(private readonly clock: ChangeClock) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const kind = args.node.kind;
    if (kind === "InsertQueryNode" || kind === "UpdateQueryNode" || kind === "DeleteQueryNode") {
      const table = writtenTable(args.node);
      if (table === undefined) this.clock.all();
      else if (isScopedTable(table)) this.clock.table(table);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
