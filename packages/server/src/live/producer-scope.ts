/**
 * Who is sending the messages, and what they may touch (ADR-0047). Real and simulated data never
 * mix: every competition records where it comes from (`competitions.source`: `sample`, an
 * importer's id, or `feed`), and the sample world's producers — the simulator and its calendar,
 * on the main host and in the sandbox — write only through the ingestor in the `sample` scope.
 * This is the one place that scope is enforced: before any message of a `sample` ingest applies,
 * the competition it touches (its own, its fixture's, its season's) must be a sample-world one or
 * new; a message that would add a season to an imported competition, copy a fixture into it,
 * play, price or announce one of its matches is refused, like any invalid message, and changes
 * nothing. What the scope creates records `sample` as its source.
 *
 * A real feed (`POST /admin/v1/feed`, `scoreline feed`) ingests in the `feed` scope: it may
 * touch any competition, and what it creates records `feed`.
 */
import type { Sport } from "../sports/types.js";
import type { Batch, ProducerScope } from "./batch.js";
import type { FixtureState } from "./fixture-state.js";
import type { FeedMessage } from "./messages.js";
import { FeedRejection } from "./rejection.js";

/** The source a row created in this scope records. */
export function sourceOf(scope: ProducerScope): string {
  return scope;
}

/** Competition sources, read once per chunk. */
export class ScopeCheck {
  private readonly sources = new Map<string, string | null>();

  constructor(
    private readonly batch: Batch,
    readonly scope: ProducerScope,
  ) {}

  /** Throws a FeedRejection when the message reaches outside the scope. */
  async check(message: FeedMessage): Promise<void> {
    if (this.scope === "feed") return;
    for (const { id, field } of await this.competitionsOf(message)) {
      const source = await this.sourceOf(id);
      if (source !== null && source !== "sample") {
        throw new FeedRejection(
          field,
          `competition ${id} is not part of the sample world (its data comes from ${source}); the simulator never writes to it`,
          "out_of_scope",
        );
      }
    }
  }

  /** The competitions a message touches, with the field that names each. */
  private async competitionsOf(
    message: FeedMessage,
  ): Promise<Array<{ id: string; field: string }>> {
    switch (message.type) {
      case "competition":
        return [{ id: message.data.id, field: "data.id" }];
      case "team":
      case "statistics":
        return message.data.competition_id === undefined
          ? []
          : [{ id: message.data.competition_id, field: "data.competition_id" }];
      case "player":
        return [];
      case "fixture": {
        const named = [{ id: message.data.competition_id, field: "data.competition_id" }];
        const existing = await this.existingFixture(message.sport, message.data.id);
        return existing === undefined
          ? named
          : [...named, { id: existing.competitionId, field: "data.id" }];
      }
      case "status":
      case "event":
      case "lineup":
      case "odds": {
        const fixture = await this.existingFixture(message.sport, message.data.fixture_id);
        return fixture === undefined
          ? []
          : [{ id: fixture.competitionId, field: "data.fixture_id" }];
      }
    }
  }

  /** The fixture as the batch knows it, or undefined (its handler then refuses the message). */
  private async existingFixture(sport: Sport, id: string): Promise<FixtureState | undefined> {
    try {
      return await this.batch.fixture(sport, id);
    } catch (error) {
      if (error instanceof FeedRejection && error.code === "not_found") return undefined;
      throw error;
    }
  }

  /** The competition's source, or null when there is no such competition yet. */
  private async sourceOf(id: string): Promise<string | null> {
    const known = this.sources.get(id);
    if (known !== undefined) return known;
    const row = await this.batch.trx
      .selectFrom("competitions")
      .select("source")
      .where("id", "=", id)
      .executeTakeFirst();
    const source = row?.source ?? null;
    // A competition the chunk creates is the scope's own from then on.
    this.sources.set(id, source ?? "sample");
    return source;
  }
}
