/**
 * The sample world's boundary on the simulator's reads (ADR-0047). Its writes are held to the
 * sample world where they enter the store (`live/producer-scope.ts`: the ingestor refuses any
 * message of the simulator's that touches another competition); its reads choose only among
 * the sample world's competitions, so it never reads an imported season as a template, never
 * finds an imported match due, never prices or announces one — and never tries to.
 */
import { type RawBuilder, sql } from "kysely";
import type { FeedIngestor, IngestReport } from "../live/feed-ingestor.js";

/** `column in (the sample world's competitions)`, for a `where`. */
export function inSampleWorld(column: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} in (select id from competitions where source = 'sample')`;
}

/**
 * The ingestor as the sample world's producers hold it: every message goes in the `sample`
 * scope. Simulator code takes this type (not `FeedIngestor`), so it cannot write unscoped.
 */
export class SampleWorldFeed {
  readonly #ingestor: FeedIngestor;

  constructor(ingestor: FeedIngestor) {
    this.#ingestor = ingestor;
  }

  ingestMessages(messages: readonly unknown[]): Promise<IngestReport> {
    return this.#ingestor.ingestMessages(messages, "sample");
  }
}
