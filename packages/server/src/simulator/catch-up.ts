/**
 * Bounded catch-up (ADR-0047). A simulator that reaches a match long after it would have ended —
 * the service was down, or stopped — does not replay its whole timeline at once: a day away
 * would otherwise put every minute of a day's matches (hundreds of thousands of events, in-play
 * prices with each) into the event log in a burst. Such a match is played as its summary: the
 * events that change the score (so the result and the tables are what the flow says), the last
 * leaderboard of a field sport, the start of each period (the live engine moves periods one by
 * one), the final whistle — no other events, no clock ticks, no in-play prices. Matches that
 * ended within the window, and those still in play, are played in full.
 */
import { SPORT_MODULES } from "../sports/registry.js";
import type { Sport } from "../sports/types.js";
import { type FlowStep, type MatchFlow, WALL_MINUTES_PER_FLOW_MINUTE } from "./flow.js";

/** A match that ended longer ago than this (world time) is caught up as its summary. */
const CATCH_UP_WINDOW_WORLD_MS = 30 * 60_000;

/** When (real ms) a flow kicked off at `kickoffMs` ends at `speed` match seconds a second. */
function flowEndsAt(flow: MatchFlow, kickoffMs: number, speed: number): number {
  const minutes = (flow.steps.at(-1)?.minute ?? 0) * WALL_MINUTES_PER_FLOW_MINUTE[flow.sport];
  return kickoffMs + (minutes * 60_000) / speed;
}

/** Whether a match kicked off at `kickoffMs` is reached too late to be played in full. */
export function overLongAgo(flow: MatchFlow, kickoffMs: number, now: Date, speed: number) {
  return now.getTime() - flowEndsAt(flow, kickoffMs, speed) > CATCH_UP_WINDOW_WORLD_MS / speed;
}

/** The flow's summary: its scoring events, period starts and last leaderboard, in order. */
export function summaryFlow(flow: MatchFlow): MatchFlow {
  const module = SPORT_MODULES[flow.sport as Sport];
  let score = module.emptyScore();
  const lastBoard = flow.steps.findLastIndex((step) => step.participants !== undefined);
  const steps: FlowStep[] = [];
  for (const [i, step] of flow.steps.entries()) {
    let scoring = false;
    if (step.event !== undefined && score !== null) {
      const next = module.applyEvent(score, {
        type: step.event.type,
        team: step.event.side,
        period: step.period,
        minute: Math.floor(step.minute),
        detail: step.event.detail ?? {},
      });
      scoring = JSON.stringify(next) !== JSON.stringify(score);
      score = next;
    }
    const newPeriod = step.period !== (steps.at(-1)?.period ?? flow.steps[0]?.period ?? null);
    if (scoring || i === lastBoard) steps.push(step);
    // Periods move one by one as the sport allows: each one's start is kept, without its event.
    else if (i === 0 || newPeriod) steps.push(withoutEvent(step));
  }
  // The final whistle comes at the flow's end, as in full.
  const last = flow.steps.at(-1);
  if (last !== undefined && steps.at(-1) !== last) steps.push(withoutEvent(last));
  return { ...flow, steps };
}

function withoutEvent(step: FlowStep): FlowStep {
  const { event: _event, ...rest } = step;
  return rest;
}
