/**
 * One transaction's worth of feed messages: the transaction, the fixtures read so far, and the
 * domain events the applied messages produced (numbered per fixture as they are made, given
 * log positions when the batch is written).
 */
import type { Transaction } from "kysely";
import type { DomainEvent, EventType } from "../events/domain-event.js";
import { newId } from "../lib/ids.js";
import { isoSeconds } from "../lib/time.js";
import type { Sport } from "../sports/types.js";
import type { Tables } from "../store/tables.js";
import { type FixtureState, loadFixtureState } from "./fixture-state.js";
import { FeedRejection } from "./rejection.js";

/** An event made by a handler, before the log gives it a position. */
export type PendingEvent = Omit<DomainEvent, "position">;

/** An event a handler wants to announce: its type and its own payload fields. */
export interface EventDraft {
  type: EventType;
  fields: Record<string, unknown>;
}

export interface LiveSettings {
  /** Relative move of a price (from its reference) that fires `odds.moved`. */
  oddsMoveThreshold: number;
}

export class Batch {
  readonly events: PendingEvent[] = [];
  readonly stamp: string;
  private readonly fixtures = new Map<string, FixtureState>();

  constructor(
    readonly trx: Transaction<Tables>,
    readonly dialect: "sqlite" | "postgres",
    readonly now: Date,
    readonly settings: LiveSettings,
  ) {
    this.stamp = isoSeconds(now);
  }

  /** The fixture, as of the messages applied so far; a rejection when it does not exist. */
  async fixture(sport: Sport, id: string, field = "data.fixture_id"): Promise<FixtureState> {
    const key = `${sport}\u0000${id}`;
    const known = this.fixtures.get(key);
    if (known !== undefined) return known;
    const loaded = await loadFixtureState(this.trx, this.dialect, sport, id);
    if (loaded === undefined) {
      throw new FeedRejection(field, `no ${sport} fixture has id "${id}"`, "not_found");
    }
    this.fixtures.set(key, loaded);
    return loaded;
  }

  /** Records the fixture's new state after a handler has written it. */
  remember(state: FixtureState): void {
    this.fixtures.set(`${state.sport}\u0000${state.id}`, state);
  }

  /** Forgets a fixture (created or re-read by a handler that writes it whole). */
  forget(sport: Sport, id: string): void {
    this.fixtures.delete(`${sport}\u0000${id}`);
  }

  /**
   * Numbers the drafts with the fixture's next sequences and queues them; returns the last
   * sequence used (the fixture's new `sequence`).
   */
  emit(state: FixtureState, drafts: readonly EventDraft[]): number {
    let sequence = state.sequence;
    for (const draft of drafts) {
      sequence++;
      const id = newId("dev");
      this.events.push({
        id,
        type: draft.type,
        sport: state.sport,
        fixtureId: state.id,
        competitionId: state.competitionId,
        sequence,
        payload: {
          event: draft.type,
          event_id: id,
          sport: state.sport,
          fixture_id: state.id,
          match_id: state.id,
          competition_id: state.competitionId,
          ...draft.fields,
          sequence,
          timestamp: this.stamp,
        },
        createdAt: this.stamp,
      });
    }
    return sequence;
  }
}
