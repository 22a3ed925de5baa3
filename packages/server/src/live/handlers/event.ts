/**
 * `event` messages: a match event added, corrected or retracted. Each gets a stable id (derived
 * from the producer's `event_id` when there is one) and the fixture's next sequence; the score is
 * the sport module's fold of the fixture's active events, so a disallowed goal leaves it as if
 * it had never been scored.
 */
import { derivedId, newId } from "../../lib/ids.js";
import { SPORT_MODULES } from "../../sports/registry.js";
import { isLiveStatus } from "../../sports/statuses.js";
import type { Score, ScoreEvent, Side, SportModule } from "../../sports/types.js";
import { parseJson } from "../../store/json-columns.js";
import type { Batch, EventDraft } from "../batch.js";
import type { FixtureState } from "../fixture-state.js";
import { saveFixtureState, scoreFields } from "../fixture-writes.js";
import type { DataOf, FeedMessage } from "../messages.js";
import { FeedRejection } from "../rejection.js";
import { liveEventSignature } from "../signature.js";

type EventMessage = Extract<FeedMessage, { type: "event" }>;
type EventData = DataOf<"event">;

/** A match event row as the fold and the payloads need it. */
interface MatchEvent {
  id: string;
  sequence: number;
  type: string;
  period: string | null;
  minute: number | null;
  side: Side | null;
  teamId: string | null;
  playerId: string | null;
  relatedPlayerId: string | null;
  detail: Record<string, unknown>;
  state: "active" | "retracted";
}

export async function applyEvent(batch: Batch, message: EventMessage): Promise<void> {
  const { data, sport } = message;
  const state = await batch.fixture(sport, data.fixture_id);
  if (!isLiveStatus(state.status)) {
    throw new FeedRejection(
      "data.fixture_id",
      `fixture ${state.id} is ${state.status}; match events are taken only while it is live`,
      "invalid_transition",
    );
  }
  const action = data.action ?? "add";
  if (action === "add") await addEvent(batch, state, data);
  else await changeEvent(batch, state, data, action);
}

function matchEventId(state: FixtureState, data: EventData): string {
  return data.event_id === undefined
    ? newId("ev")
    : producerEventId(state.sport, state.id, data.event_id);
}

/** The stable id of the match event a producer calls `eventId` in a fixture. */
export function producerEventId(sport: string, fixtureId: string, eventId: string): string {
  return derivedId("ev", sport, fixtureId, eventId);
}

function sideOf(
  state: FixtureState,
  team: EventData["team"],
): { side: Side | null; teamId: string | null } {
  if (team === undefined || team === null) return { side: null, teamId: null };
  if (team === "home" || team === "away") {
    const side = state[team];
    if (side === null)
      throw new FeedRejection("data.team", `${state.sport} fixtures have no ${team} side`);
    return { side: team, teamId: side.id };
  }
  if (state.home?.id === team) return { side: "home", teamId: team };
  if (state.away?.id === team) return { side: "away", teamId: team };
  throw new FeedRejection("data.team", `team "${team}" does not play in fixture ${state.id}`);
}

function checkType(module: SportModule, type: string | undefined): string {
  if (type === undefined) throw new FeedRejection("data.type", "data.type is required");
  if (!module.eventTypes.includes(type)) {
    throw new FeedRejection(
      "data.type",
      `"${type}" is not a ${module.sport} event; expected one of ${module.eventTypes.join(", ")}`,
    );
  }
  return type;
}

function checkPeriod(
  module: SportModule,
  period: string | null | undefined,
  current: string | null,
): string | null {
  if (period === undefined) return current;
  if (period !== null && !module.periods.includes(period)) {
    throw new FeedRejection("data.period", `"${period}" is not a ${module.sport} period`);
  }
  return period;
}

/** The players an event names must be players of the sport (a typo must not dangle). */
async function checkPlayers(batch: Batch, state: FixtureState, data: EventData): Promise<void> {
  for (const field of ["player_id", "related_player_id"] as const) {
    const id = data[field];
    if (id === undefined || id === null) continue;
    if ((await batch.playerSport(id)) !== state.sport) {
      throw new FeedRejection(
        `data.${field}`,
        `no ${state.sport} player has id "${id}"`,
        "not_found",
      );
    }
  }
}

function toScoreEvent(event: MatchEvent): ScoreEvent {
  return {
    type: event.type,
    team: event.side,
    period: event.period,
    minute: event.minute,
    detail: event.detail,
  };
}

async function addEvent(batch: Batch, state: FixtureState, data: EventData): Promise<void> {
  const module = SPORT_MODULES[state.sport];
  const type = checkType(module, data.type);
  const period = checkPeriod(module, data.period, state.period);
  const { side, teamId } = sideOf(state, data.team);
  if (data.participants !== undefined && module.format !== "field") {
    throw new FeedRejection("data.participants", `${state.sport} fixtures have no participants`);
  }
  await checkPlayers(batch, state, data);
  const id = matchEventId(state, data);
  if (data.event_id !== undefined && (await batch.matchEventExists(id))) {
    throw new FeedRejection(
      "data.event_id",
      `event "${data.event_id}" already exists; use action "correct"`,
    );
  }
  const event: MatchEvent = {
    id,
    sequence: state.sequence + 1,
    type,
    period,
    minute: data.minute !== undefined ? data.minute : state.minute,
    side,
    teamId,
    playerId: data.player_id ?? null,
    relatedPlayerId: data.related_player_id ?? null,
    detail: data.detail ?? {},
    state: "active",
  };
  const score = state.score === null ? null : module.applyEvent(state.score, toScoreEvent(event));
  const scoring = module.scoringEventTypes.includes(type);
  const next: FixtureState = {
    ...state,
    score,
    minute:
      event.minute !== null && (state.minute === null || event.minute > state.minute)
        ? event.minute
        : state.minute,
    participants: data.participants ?? state.participants,
  };
  const drafts: EventDraft[] = [liveEventDraft(state, next, event, "added")];
  if (scoring) drafts.push(goalDraft(state, next, event));
  const sequence = batch.emit(state, drafts);
  insertMatchEvent(batch, state, event, score);
  const lastEvent = scoring
    ? { type, team: teamName(state, side), minute: event.minute }
    : undefined;
  saveFixtureState(batch, { ...next, sequence }, lastEvent ? { lastEvent } : {});
}

/** The columns of a match event row that its message decides (inserted, or rewritten on a correction). */
function eventColumns(event: MatchEvent) {
  return {
    type: event.type,
    period: event.period,
    minute: event.minute,
    team_id: event.teamId,
    player_id: event.playerId,
    related_player_id: event.relatedPlayerId,
    detail: JSON.stringify(event.detail),
  };
}

function insertMatchEvent(
  batch: Batch,
  state: FixtureState,
  event: MatchEvent,
  score: Score | null,
) {
  batch.writes.insertMatchEvent({
    id: event.id,
    sport: state.sport,
    fixture_id: state.id,
    sequence: event.sequence,
    ...eventColumns(event),
    score: score === null ? null : JSON.stringify(score),
    state: "active",
    created_at: batch.stamp,
    updated_at: batch.stamp,
  });
}

function teamName(state: FixtureState, side: Side | null): string | null {
  return side === null ? null : (state[side]?.name ?? null);
}

function eventFields(state: FixtureState, event: MatchEvent) {
  return {
    match_event_id: event.id,
    type: event.type,
    team: teamName(state, event.side),
    team_id: event.teamId,
    side: event.side,
    player_id: event.playerId,
    related_player_id: event.relatedPlayerId,
    period: event.period,
    minute: event.minute,
    detail: event.detail,
  };
}

function liveEventDraft(
  state: FixtureState,
  next: FixtureState,
  event: MatchEvent,
  action: "added" | "corrected" | "retracted",
): EventDraft {
  return {
    type: "match.live.event",
    fields: {
      action,
      ...eventFields(state, event),
      ...scoreFields(next),
      signature: liveEventSignature(
        state.id,
        event.id,
        action,
        event.type,
        event.side,
        event.minute,
      ),
      ...(next.participants !== state.participants ? { participants: next.participants } : {}),
    },
  };
}

function goalDraft(state: FixtureState, next: FixtureState, event: MatchEvent): EventDraft {
  return { type: "match.goal", fields: { ...eventFields(state, event), ...scoreFields(next) } };
}

/** Correct or retract: rewrite the event, refold every active event, store the scores that changed. */
async function changeEvent(
  batch: Batch,
  state: FixtureState,
  data: EventData,
  action: "correct" | "retract",
): Promise<void> {
  const module = SPORT_MODULES[state.sport];
  if (data.event_id === undefined) {
    throw new FeedRejection("data.event_id", `data.event_id is required to ${action} an event`);
  }
  const id = producerEventId(state.sport, state.id, data.event_id);
  // Reads and rewrites the fixture's match events: the buffered ones are written first.
  const trx = await batch.flushed();
  const rows = await trx
    .selectFrom("match_events")
    .selectAll()
    .where("fixture_id", "=", state.id)
    .orderBy("sequence")
    .execute();
  const events: MatchEvent[] = rows.map((r) => ({
    id: r.id,
    sequence: Number(r.sequence),
    type: r.type,
    period: r.period,
    minute: r.minute,
    teamId: r.team_id,
    side: r.team_id === null ? null : r.team_id === state.home?.id ? "home" : "away",
    playerId: r.player_id,
    relatedPlayerId: r.related_player_id,
    detail: parseJson<Record<string, unknown>>(r.detail) ?? {},
    state: r.state === "retracted" ? "retracted" : "active",
  }));
  const index = events.findIndex((e) => e.id === id);
  const old = events[index];
  if (old === undefined) {
    throw new FeedRejection(
      "data.event_id",
      `fixture ${state.id} has no event "${data.event_id}"`,
      "not_found",
    );
  }
  if (old.state === "retracted") {
    throw new FeedRejection(
      "data.event_id",
      `event "${data.event_id}" was retracted; it cannot change again`,
    );
  }
  let changed: MatchEvent;
  if (action === "retract") {
    changed = { ...old, state: "retracted" };
  } else {
    await checkPlayers(batch, state, data);
    const type = data.type === undefined ? old.type : checkType(module, data.type);
    const team = data.team === undefined ? undefined : sideOf(state, data.team);
    changed = {
      ...old,
      type,
      period: checkPeriod(module, data.period, old.period),
      minute: data.minute !== undefined ? data.minute : old.minute,
      side: team ? team.side : old.side,
      teamId: team ? team.teamId : old.teamId,
      playerId: data.player_id !== undefined ? data.player_id : old.playerId,
      relatedPlayerId:
        data.related_player_id !== undefined ? data.related_player_id : old.relatedPlayerId,
      detail: data.detail ?? old.detail,
    };
  }
  events[index] = changed;
  const scores = refold(module, events);
  const finalScore = state.score === null ? null : (scores.at(-1) ?? module.emptyScore());
  const next: FixtureState = { ...state, score: finalScore };
  const drafts: EventDraft[] = [
    liveEventDraft(state, next, changed, action === "retract" ? "retracted" : "corrected"),
  ];
  if (JSON.stringify(finalScore) !== JSON.stringify(state.score)) {
    drafts.push({
      type: "fixture.updated",
      fields: {
        changes: ["score"],
        status: next.status,
        period: next.period,
        minute: next.minute,
        ...scoreFields(next),
      },
    });
  }
  const sequence = batch.emit(state, drafts);
  for (const [i, event] of events.entries()) {
    const before = rows[i];
    const score = module.format === "field" ? null : JSON.stringify(scores[i]);
    if (before === undefined || (event === changed ? false : before.score === score)) continue;
    await trx
      .updateTable("match_events")
      .set({
        ...eventColumns(event),
        score,
        state: event.state,
        updated_at: batch.stamp,
      })
      .where("id", "=", event.id)
      .execute();
  }
  saveFixtureState(batch, { ...next, sequence }, { lastEvent: lastScoring(state, events) });
}

/** `last_event` after a change: the latest active scoring event (a retracted goal is not it). */
function lastScoring(state: FixtureState, events: readonly MatchEvent[]) {
  const scoring = SPORT_MODULES[state.sport].scoringEventTypes;
  const latest = events.findLast((e) => e.state === "active" && scoring.includes(e.type));
  if (latest === undefined) return null;
  return { type: latest.type, team: teamName(state, latest.side), minute: latest.minute };
}

/** The score after each event (a retracted event leaves the score as it was). */
function refold(module: SportModule, events: readonly MatchEvent[]): Score[] {
  let score = module.emptyScore() ?? { home: 0, away: 0 };
  return events.map((event) => {
    if (event.state === "active") score = module.applyEvent(score, toScoreEvent(event));
    return score;
  });
}
