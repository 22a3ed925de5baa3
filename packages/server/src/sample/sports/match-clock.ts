/** Match-clock helpers for the scripted team sports: events at exact moments, framed by period. */
import type { Side } from "../../sports/types.js";
import type { KickoffSlot } from "../home-slots.js";
import type { ScriptedEvent } from "../team-sport-profile.js";

/** An event at an exact match-clock moment (minutes, fractional); `framePeriod` sets the rest. */
export interface TimedEvent {
  clock: number;
  event: ScriptedEvent;
}

export function timed(
  clock: number,
  type: string,
  side: Side | null,
  playerId: string | null = null,
  more: Partial<ScriptedEvent> = {},
): TimedEvent {
  return { clock, event: { type, period: null, minute: null, side, playerId, ...more } };
}

/**
 * Orders a period's events by clock and frames them with `period_start`/`period_end`; minutes
 * are whole match-clock minutes, never before the start nor after the end.
 */
export function framePeriod(
  period: string,
  start: number,
  end: number,
  events: readonly TimedEvent[],
  detail?: Record<string, unknown>,
): ScriptedEvent[] {
  const extra = detail === undefined ? {} : { detail };
  const minute = (clock: number) => Math.min(end, Math.max(start, Math.floor(clock)));
  return [
    { type: "period_start", period, minute: start, side: null, ...extra },
    ...[...events]
      .sort((a, b) => a.clock - b.clock)
      .map(({ clock, event }) => ({ ...event, period, minute: minute(clock) })),
    { type: "period_end", period, minute: end, side: null, ...extra },
  ];
}

/** Kick-off slots `day` days after a round's first day, at "hh:mm" UTC. */
export function slotsAt(day: number, ...times: string[]): KickoffSlot[] {
  return times.map((time) => {
    const [hour = 0, minute = 0] = time.split(":").map(Number);
    return { day, hour, minute };
  });
}
