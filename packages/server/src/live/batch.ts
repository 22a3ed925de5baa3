/**
 * One transaction's worth of feed messages: the transaction, the fixtures read so far, what the
 * messages looked up, the writes held back until the end (write-buffer.ts) and the domain events
 * the applied messages produced (numbered per fixture as they are made, given log positions when
 * the batch is written).
 *
 * The batch keeps in memory what a later message of the same transaction needs from an earlier
 * one — a fixture's live state, the match events inserted, the players seen — so the per-message
 * path reads nothing from the database once the chunk's look-ups are made (`prefetch`).
 */
import type { Transaction } from "kysely";
import type { DomainEvent, EventType } from "../events/domain-event.js";
import { newId } from "../lib/ids.js";
import { isoSeconds } from "../lib/time.js";
import type { Sport } from "../sports/types.js";
import type { Tables } from "../store/tables.js";
import { type FixtureState, loadFixtureState, loadFixtureStates } from "./fixture-state.js";
import { OddsLines } from "./odds-lines.js";
import { FeedRejection } from "./rejection.js";
import { type BufferMark, type UnbufferedTables, WriteBuffer } from "./write-buffer.js";

/** An event made by a handler, before the log gives it a position. */
export type PendingEvent = Omit<DomainEvent, "position">;

/** An event a handler wants to announce: its type and its own payload fields. */
export interface EventDraft {
  type: EventType;
  fields: Record<string, unknown>;
}

/**
 * Who sends a batch's messages: a real feed, or the sample world's producers (producer-scope.ts
 * holds what each may touch).
 */
export type ProducerScope = "feed" | "sample";

export interface LiveSettings {
  /** Relative move of a price (from its reference) that fires `odds.moved`. */
  oddsMoveThreshold: number;
}

/** What a chunk's messages will look up (prefetch.ts gathers them). */
export interface Lookups {
  fixtures: ReadonlyArray<{ sport: string; id: string }>;
  players: readonly string[];
  matchEvents: readonly string[];
  /** Fixtures whose price lines `odds` messages change, and the bookmakers they name. */
  oddsFixtures: readonly string[];
  bookmakers: readonly string[];
}

/** Where the batch stood before a message, so a rejected message leaves no trace. */
interface BatchMark {
  events: number;
  remembered: number;
  writes: BufferMark;
  odds: number;
}

export class Batch {
  readonly events: PendingEvent[] = [];
  readonly stamp: string;
  /** The transaction, for every table but the buffered ones (use `flushed()` for those). */
  readonly trx: Transaction<UnbufferedTables>;
  readonly writes: WriteBuffer;
  /** The price lines and bookmakers the batch's `odds` messages use (odds-lines.ts). */
  readonly odds: OddsLines;
  private readonly fixtures = new Map<string, FixtureState>();
  /** `remember` calls in order, with the state each replaced (undone by `rollback`). */
  private readonly remembered: Array<[key: string, before: FixtureState | undefined]> = [];
  /** Players known to exist, by id: their sport (a player's sport never changes). */
  private readonly playerSports = new Map<string, string>();
  /** Whether match events existed before this batch, by id (only the batch adds any). */
  private readonly existedBefore = new Map<string, boolean>();

  constructor(
    private readonly transaction: Transaction<Tables>,
    readonly dialect: "sqlite" | "postgres",
    readonly now: Date,
    readonly settings: LiveSettings,
    /** Who sends the messages: what they may touch, the source of what they create. */
    readonly scope: ProducerScope = "feed",
  ) {
    this.stamp = isoSeconds(now);
    // Only the type narrows: the same transaction, unable to name the buffered tables.
    this.trx = transaction as unknown as Transaction<UnbufferedTables>;
    this.writes = new WriteBuffer(dialect);
    this.odds = new OddsLines(transaction, this.writes);
  }

  /**
   * The whole transaction, with every buffered write applied first: for statements that read
   * or write the buffered tables (fixtures, match_events) directly.
   */
  async flushed(): Promise<Transaction<Tables>> {
    if (this.writes.pending) await this.writes.flush(this.transaction);
    return this.transaction;
  }

  /** Reads what the chunk's messages will look up, one statement per kind. */
  async prefetch(lookups: Lookups): Promise<void> {
    const fixtureIds = [...new Set(lookups.fixtures.map((f) => f.id))];
    const wanted = new Set(lookups.fixtures.map((f) => key(f.sport, f.id)));
    for (const state of await loadFixtureStates(this.transaction, this.dialect, fixtureIds)) {
      const k = key(state.sport, state.id);
      if (wanted.has(k) && !this.fixtures.has(k)) this.fixtures.set(k, state);
    }
    const players = [...new Set(lookups.players)].filter((id) => !this.playerSports.has(id));
    if (players.length > 0) {
      const rows = await this.trx
        .selectFrom("players")
        .select(["id", "sport"])
        .where("id", "in", players)
        .execute();
      for (const row of rows) this.playerSports.set(row.id, row.sport);
    }
    const events = [...new Set(lookups.matchEvents)].filter((id) => !this.existedBefore.has(id));
    if (events.length > 0) {
      const rows = await this.transaction
        .selectFrom("match_events")
        .select("id")
        .where("id", "in", events)
        .execute();
      const found = new Set(rows.map((r) => r.id));
      for (const id of events) this.existedBefore.set(id, found.has(id));
    }
    await this.odds.prefetch(lookups.oddsFixtures, lookups.bookmakers);
  }

  /** The fixture, as of the messages applied so far; a rejection when it does not exist. */
  async fixture(sport: Sport, id: string, field = "data.fixture_id"): Promise<FixtureState> {
    const known = this.fixtures.get(key(sport, id));
    if (known !== undefined) return known;
    const trx = this.writes.hasPendingFixture(id) ? await this.flushed() : this.transaction;
    const loaded = await loadFixtureState(trx, this.dialect, sport, id);
    if (loaded === undefined) {
      throw new FeedRejection(field, `no ${sport} fixture has id "${id}"`, "not_found");
    }
    this.fixtures.set(key(sport, id), loaded);
    return loaded;
  }

  /** Records the fixture's new state after a handler has written (or buffered) it. */
  remember(state: FixtureState): void {
    const k = key(state.sport, state.id);
    this.remembered.push([k, this.fixtures.get(k)]);
    this.fixtures.set(k, state);
  }

  /** Forgets a fixture (created or re-read by a handler that writes it whole). */
  forget(sport: Sport, id: string): void {
    this.fixtures.delete(key(sport, id));
  }

  /** Forgets the fixtures a team plays in: its name is part of their state. */
  forgetTeam(teamId: string): void {
    for (const [k, state] of this.fixtures) {
      if (state.home?.id === teamId || state.away?.id === teamId) this.fixtures.delete(k);
    }
  }

  /** The sport of the player with this id, or undefined when there is none. */
  async playerSport(id: string): Promise<string | undefined> {
    const known = this.playerSports.get(id);
    if (known !== undefined) return known;
    const row = await this.trx
      .selectFrom("players")
      .select("sport")
      .where("id", "=", id)
      .executeTakeFirst();
    if (row !== undefined) this.playerSports.set(id, row.sport);
    return row?.sport;
  }

  /** Whether a match event with this id exists, in the database or written by this batch. */
  async matchEventExists(id: string): Promise<boolean> {
    if (this.writes.hasMatchEvent(id)) return true;
    let existed = this.existedBefore.get(id);
    if (existed === undefined) {
      const row = await this.transaction
        .selectFrom("match_events")
        .select("id")
        .where("id", "=", id)
        .executeTakeFirst();
      existed = row !== undefined;
      this.existedBefore.set(id, existed);
    }
    return existed;
  }

  mark(): BatchMark {
    return {
      events: this.events.length,
      remembered: this.remembered.length,
      writes: this.writes.mark(),
      odds: this.odds.mark(),
    };
  }

  /** Takes back a rejected message: its events, its buffered writes, the states it remembered. */
  rollback(mark: BatchMark): void {
    this.events.length = mark.events;
    this.writes.rollback(mark.writes);
    this.odds.rollback(mark.odds);
    while (this.remembered.length > mark.remembered) {
      const [k, before] = this.remembered.pop() as [string, FixtureState | undefined];
      if (before === undefined) this.fixtures.delete(k);
      else this.fixtures.set(k, before);
    }
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

function key(sport: string, id: string): string {
  return `${sport}\u0000${id}`;
}
