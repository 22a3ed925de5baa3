/**
 * `status` messages: the fixture state machine (statuses of ADR-0004, each sport's periods,
 * the match clock). A move the state machine does not allow is rejected before anything is
 * written. Kick-off starts the score; the final whistle computes the result.
 */
import { SPORT_MODULES } from "../../sports/registry.js";
import { canTransition, isFinishedStatus, isLiveStatus } from "../../sports/statuses.js";
import type { FixtureStatus, Outcome, Score } from "../../sports/types.js";
import type { StaleTables } from "../../store/standings/kept-tables.js";
import type { Batch, EventDraft } from "../batch.js";
import type { FixtureState } from "../fixture-state.js";
import { saveFixtureState, scoreFields } from "../fixture-writes.js";
import type { DataOf, FeedMessage } from "../messages.js";
import { FeedRejection } from "../rejection.js";

type StatusMessage = Extract<FeedMessage, { type: "status" }>;

export async function applyStatus(
  batch: Batch,
  message: StatusMessage,
  stale: StaleTables,
): Promise<void> {
  const { data, sport } = message;
  const state = await batch.fixture(sport, data.fixture_id);
  const next = nextState(state, data);
  const drafts = draftsFor(state, next, data);
  if (drafts.length === 0 && sameClock(state, next)) return;
  const sequence = batch.emit(state, drafts);
  saveFixtureState(batch, { ...next, sequence });
  // A result gained (the final whistle), changed (awarded) or lost changes the season's table.
  if (isFinishedStatus(state.status) || isFinishedStatus(next.status))
    stale.season(state.competitionId, state.seasonId);
}

function sameClock(a: FixtureState, b: FixtureState): boolean {
  return (
    a.status === b.status &&
    a.period === b.period &&
    a.minute === b.minute &&
    a.participants === b.participants
  );
}

/** The state after the message, or a rejection saying why the move is impossible. */
function nextState(state: FixtureState, data: DataOf<"status">): FixtureState {
  const module = SPORT_MODULES[state.sport];
  const to = data.status as FixtureStatus;
  if (to !== state.status && !canTransition(state.status, to)) {
    throw new FeedRejection(
      "data.status",
      `fixture ${state.id} cannot move from ${state.status} to ${to}`,
      "invalid_transition",
    );
  }
  const live = isLiveStatus(to);
  let period = state.period;
  if (data.period !== undefined && data.period !== null) {
    if (!live) {
      throw new FeedRejection(
        "data.period",
        `a period applies only while the fixture is live, not ${to}`,
      );
    }
    if (!module.periods.includes(data.period)) {
      throw new FeedRejection(
        "data.period",
        `"${data.period}" is not a ${state.sport} period; expected one of ${module.periods.join(", ")}`,
      );
    }
    if (data.period !== state.period && !module.canEnterPeriod(state.period, data.period)) {
      throw new FeedRejection(
        "data.period",
        `${state.sport} cannot move from period ${state.period ?? "(not started)"} to ${data.period}`,
        "invalid_transition",
      );
    }
    period = data.period;
  }
  const starting = live && !isLiveStatus(state.status) && state.score === null;
  if (starting && period === null) {
    const first = module.periods.find((p) => module.canEnterPeriod(null, p)) ?? null;
    period = first;
  }
  // Only a live fixture is in a period; an abandoned one keeps where it stopped. A finished one
  // leaves the in-play period and minute behind (ADR-0043): `result.decided_by` says how it ended.
  const finished = isFinishedStatus(to);
  if (!live && to !== "abandoned") period = null;
  let participants = state.participants;
  if (data.participants !== undefined) {
    if (module.format !== "field") {
      throw new FeedRejection("data.participants", `${state.sport} fixtures have no participants`);
    }
    participants = data.participants;
  }
  const score: Score | null = starting ? module.emptyScore() : state.score;
  const minute = finished
    ? null
    : data.minute !== undefined
      ? data.minute
      : starting
        ? 0
        : state.minute;
  const result = finished && to !== state.status ? resultOf(state, to, score, data) : state.result;
  return { ...state, status: to, period, minute, score, participants, result };
}

function resultOf(
  state: FixtureState,
  to: FixtureStatus,
  score: Score | null,
  data: DataOf<"status">,
): Record<string, unknown> {
  const module = SPORT_MODULES[state.sport];
  const decidedBy = to === "finished" ? (data.decided_by ?? "regulation") : to;
  if (to === "finished" && !module.decidedBy.includes(decidedBy)) {
    throw new FeedRejection(
      "data.decided_by",
      `"${decidedBy}" is not how a ${state.sport} fixture is decided; expected one of ${module.decidedBy.join(", ")}`,
    );
  }
  const extra = data.result ?? {};
  if (module.format === "field") {
    if (to === "finished" && typeof extra.text !== "string") {
      throw new FeedRejection(
        "data.result.text",
        `a finished ${state.sport} fixture needs result.text (who won)`,
      );
    }
    return { outcome: null, winner_team_id: null, decided_by: decidedBy, ...extra };
  }
  let outcome: Outcome | null;
  if (to === "finished") {
    if (score === null)
      throw new FeedRejection("data.status", "the fixture has no score to finish with");
    outcome = module.outcome(score);
  } else {
    if (data.winner === undefined) {
      throw new FeedRejection(
        "data.winner",
        `an ${to} fixture needs the winning side (home or away)`,
      );
    }
    outcome = data.winner;
  }
  const winner = outcome === "home" ? state.home : outcome === "away" ? state.away : null;
  const text =
    typeof extra.text === "string"
      ? extra.text
      : `${state.home?.name ?? "Home"} ${module.scoreText(score) ?? ""} ${state.away?.name ?? "Away"}`.replace(
          / {2,}/g,
          " ",
        );
  return { outcome, winner_team_id: winner?.id ?? null, decided_by: decidedBy, text, ...extra };
}

/** fixture.updated for every status or period change; match.* and fixture.finished at kick-off and the end. */
function draftsFor(state: FixtureState, next: FixtureState, data: DataOf<"status">): EventDraft[] {
  const changes: string[] = [];
  if (next.status !== state.status) changes.push("status");
  if (next.period !== state.period) changes.push("period");
  if (next.participants !== state.participants) changes.push("participants");
  if (changes.length === 0) return [];
  const drafts: EventDraft[] = [];
  const teams = {
    home_team: state.home?.name ?? null,
    away_team: state.away?.name ?? null,
    home_team_id: state.home?.id ?? null,
    away_team_id: state.away?.id ?? null,
  };
  if (isLiveStatus(next.status) && !isLiveStatus(state.status) && state.score === null) {
    drafts.push({
      type: "match.started",
      fields: { ...teams, kickoff: state.kickoff, period: next.period, ...scoreFields(next) },
    });
  }
  drafts.push({
    type: "fixture.updated",
    fields: {
      changes,
      previous_status: state.status,
      status: next.status,
      period: next.period,
      minute: next.minute,
      ...(data.reason !== undefined ? { reason: data.reason } : {}),
      ...scoreFields(next),
      ...(changes.includes("participants") ? { participants: next.participants } : {}),
    },
  });
  if (isFinishedStatus(next.status) && !isFinishedStatus(state.status)) {
    const module = SPORT_MODULES[state.sport];
    const field = module.format === "field";
    const result = next.result ?? {};
    const text = module.scoreText(next.score);
    drafts.push({
      type: "match.finished",
      fields: {
        ...teams,
        final_score: field ? (result.text ?? null) : text,
        result,
      },
    });
    drafts.push({
      type: "fixture.finished",
      fields: {
        ...teams,
        // Field sports have no sides: the object keeps its shape with nulls (the result says who won).
        final_score:
          field || next.score === null
            ? { home: null, away: null }
            : { home: next.score.home, away: next.score.away },
        score: next.score,
        result,
        ...(field ? { participants: next.participants } : {}),
      },
    });
  }
  return drafts;
}
