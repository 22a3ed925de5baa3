/**
 * Builds a flow's steps in order while keeping the contract of `MatchFlow`: minutes never go
 * back, and every change of period is one the sport module allows, with the sport's break
 * (halftime, a quarter or innings break, a round break) put in between where it has one.
 */
import { SPORT_MODULES } from "../../sports/registry.js";
import type { Sport, SportModule } from "../../sports/types.js";
import type { FlowEvent, FlowStep } from "../flow.js";

/** Break periods, tried in this order between two playing periods. */
const BREAKS = ["halftime", "quarter_break", "innings_break", "round_break", "extra_time_halftime"];

export class Timeline {
  readonly steps: FlowStep[] = [];
  private readonly module: SportModule;
  private period: string | null = null;
  private minute = 0;

  constructor(sport: Sport) {
    this.module = SPORT_MODULES[sport];
  }

  /** The live period so far (null before the first step). */
  get current(): string | null {
    return this.period;
  }

  /** The minute of the last step (0 before the first). */
  get lastMinute(): number {
    return this.minute;
  }

  /**
   * Adds a step at `minute` (or the last step's minute, whichever is later) in `period`.
   * `restart` marks the start of a new instance of the same period (a second overtime).
   */
  add(
    minute: number,
    period: string | null,
    event?: FlowEvent,
    participants?: unknown[],
    restart = false,
  ): void {
    if (period === null && this.period !== null) {
      throw new Error(`${this.module.sport}: a step without a period after ${this.period}`);
    }
    if (period !== null && (period !== this.period || restart)) this.enter(period);
    this.minute = Math.max(this.minute, minute);
    const step: FlowStep = { minute: this.minute, period };
    if (event !== undefined) step.event = event;
    if (participants !== undefined) step.participants = participants;
    this.steps.push(step);
  }

  /** Moves into `period`, through a break when the sport has one there. */
  private enter(period: string): void {
    const from = this.period;
    const can = (a: string | null, b: string) => this.module.canEnterPeriod(a, b);
    const pause =
      from === null ? undefined : BREAKS.find((brk) => can(from, brk) && can(brk, period));
    if (pause !== undefined) {
      this.steps.push({ minute: this.minute, period: pause });
    } else if (!can(from, period)) {
      throw new Error(`${this.module.sport}: cannot go from ${from ?? "the start"} to ${period}`);
    }
    this.period = period;
  }
}

/** A flow event with only the fields that are set (an empty player id counts as none). */
export function flowEvent(
  type: string,
  side: FlowEvent["side"],
  more: {
    playerId?: string | null;
    relatedPlayerId?: string | null;
    detail?: Record<string, unknown>;
  } = {},
): FlowEvent {
  const event: FlowEvent = { type, side };
  if (more.playerId) event.playerId = more.playerId;
  if (more.relatedPlayerId) event.relatedPlayerId = more.relatedPlayerId;
  if (more.detail !== undefined) event.detail = more.detail;
  return event;
}
