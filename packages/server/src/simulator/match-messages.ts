/**
 * A match the simulator is playing, and the feed messages it sends: from where the match stood to
 * a moment (`planMatch`), a flow step's messages, the line-ups' data. No I/O: building a match's
 * messages moves its own state on (next step, clock, score, message count); the simulator sends
 * them.
 */
import type { Rng } from "../sample/rng.js";
import { SPORT_MODULES } from "../sports/registry.js";
import type { Score, Sport } from "../sports/types.js";
import {
  type FlowLineup,
  type FlowStep,
  type MatchFlow,
  WALL_MINUTES_PER_FLOW_MINUTE,
} from "./flow.js";
import { type LiveLine, liveOddsMessages } from "./match-odds.js";

export interface RunningMatch {
  fixtureId: string;
  sport: Sport;
  flow: MatchFlow;
  /** When the match kicked off (ms): its scheduled kick-off, where its clock runs from. */
  startedAt: number;
  /** Index of the next step to send. */
  next: number;
  period: string | null;
  messages: number;
  lines: LiveLine[];
  /** The last whole match minute sent. */
  clock: number;
  /** The match minute at which the odds were last re-priced. */
  pricedAt: number;
  /** The score so far (the sport module's fold of the events sent), for in-play prices. */
  score: Score | null;
  rng: Rng;
}

/**
 * A match's messages from where it stood to `now` at `speed` match seconds a real second, and
 * whether they finish it.
 */
export function planMatch(
  match: RunningMatch,
  now: Date,
  speed: number,
): { messages: unknown[]; done: boolean } {
  const wallMinutes = ((now.getTime() - match.startedAt) / 60_000) * speed;
  const minute = wallMinutes / WALL_MINUTES_PER_FLOW_MINUTE[match.sport];
  const messages: unknown[] = [];
  const duration = match.flow.steps.at(-1)?.minute ?? 0;
  while (match.next < match.flow.steps.length) {
    const step = match.flow.steps[match.next] as FlowStep;
    if (step.minute > minute) break;
    messages.push(...stepMessages(match, step));
    match.next++;
  }
  const done = match.next >= match.flow.steps.length;
  const played = Math.min(minute, duration);
  if (!done && messages.length === 0 && Math.floor(played) > match.clock) {
    // The match clock runs between events too (a clock-only update announces nothing).
    messages.push(
      matchMessage(match, "status", {
        fixture_id: match.fixtureId,
        status: "live",
        minute: Math.floor(played),
      }),
    );
  }
  match.clock = Math.floor(played);
  if (
    match.lines.length > 0 &&
    !done &&
    (messages.length > 0 || played - match.pricedAt >= duration / 12)
  ) {
    match.pricedAt = played;
    const left = duration === 0 ? 0 : 1 - played / duration;
    for (const odds of liveOddsMessages(
      match.sport,
      match.lines,
      lead(match.score),
      left,
      match.rng,
      match.score,
    )) {
      messages.push(matchMessage(match, "odds", { fixture_id: match.fixtureId, ...odds }));
    }
  }
  if (done) {
    messages.push(
      matchMessage(match, "status", {
        fixture_id: match.fixtureId,
        status: "finished",
        decided_by: match.flow.decidedBy,
        ...(match.flow.result ? { result: match.flow.result } : {}),
      }),
    );
  }
  return { messages, done };
}

function stepMessages(match: RunningMatch, step: FlowStep): unknown[] {
  const out: unknown[] = [];
  const minute = Math.floor(step.minute);
  const fixture_id = match.fixtureId;
  if (step.period !== match.period && step.period !== null) {
    match.period = step.period;
    out.push(
      matchMessage(match, "status", { fixture_id, status: "live", period: step.period, minute }),
    );
  }
  if (step.event !== undefined) {
    const { event } = step;
    out.push(
      matchMessage(match, "event", {
        fixture_id,
        event_id: `${fixture_id}-${match.next + 1}`,
        type: event.type,
        period: step.period,
        minute,
        team: event.side,
        ...(event.playerId ? { player_id: event.playerId } : {}),
        ...(event.relatedPlayerId ? { related_player_id: event.relatedPlayerId } : {}),
        ...(event.detail ? { detail: event.detail } : {}),
        ...(step.participants ? { participants: step.participants } : {}),
      }),
    );
    if (match.score !== null) {
      match.score = SPORT_MODULES[match.sport].applyEvent(match.score, {
        type: event.type,
        team: event.side,
        period: step.period,
        minute,
        detail: event.detail ?? {},
      });
    }
  } else if (step.participants !== undefined) {
    out.push(
      matchMessage(match, "status", {
        fixture_id,
        status: "live",
        minute,
        participants: step.participants,
      }),
    );
  }
  return out;
}

/** The match's next feed message (ids count up from its kick-off). */
export function matchMessage(match: RunningMatch, type: string, data: Record<string, unknown>) {
  match.messages++;
  return {
    id: `sim:${match.fixtureId}:${match.startedAt}:${match.messages}`,
    type,
    sport: match.sport,
    data,
  };
}

function lead(score: Score | null): number {
  return score === null ? 0 : score.home - score.away;
}

/** A flow line-up as a `lineup` message's data. */
export function lineupData(lineup: FlowLineup) {
  const player = (p: FlowLineup["starters"][number]) => ({
    player_id: p.id,
    name: p.name,
    position: p.position,
    shirt_number: p.shirtNumber,
  });
  return {
    formation: lineup.formation,
    starters: lineup.starters.map(player),
    substitutes: lineup.substitutes.map(player),
  };
}
