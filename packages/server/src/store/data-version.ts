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
      this.writes++;
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
