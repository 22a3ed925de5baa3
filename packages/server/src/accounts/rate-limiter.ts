/**
 * Per-key limits from the key's plan (ADR-0012): the one-minute window and the monthly
 * quota — blocked when full on plans whose overage is blocked, otherwise counted on as billed
 * overage (units of 1,000 calls). Returns the counts and, when a window is full, the refusal; the
 * transport shows the counts (HTTP: the X-RateLimit-* and X-Quota-* headers) and sends the refusal.
 */
import type {
  CountResult,
  HitWindowSpec,
  LimitStore,
  WindowCount,
} from "../adapters/limits/types.js";
import type { Plan } from "../config/plans.js";
import { ServiceError } from "../errors/service-error.js";
import type { Clock } from "../lib/time.js";
import type { Principal } from "./authenticator.js";

const OVERAGE_UNIT = 1_000;

/** One counted call: every window's count, and the refusal when one of them is full. */
export interface Admission {
  windows: readonly WindowCount[];
  refusal: ServiceError | undefined;
}

export class RateLimiter {
  constructor(
    private readonly limits: LimitStore,
    private readonly clock: Clock,
  ) {}

  /** Counts the call; the refusal (a 429 code) is set when a window is full. */
  admit(principal: Principal): Promise<Admission> {
    return this.admitCounter(counterKey(principal), windowsOf(principal.plan), principal.plan.name);
  }

  /** The same without a promise when the counters are in this process; else undefined. */
  admitNow(principal: Principal): Admission | undefined {
    const result = this.limits.hitNow?.(
      counterKey(principal),
      windowsOf(principal.plan),
      this.clock(),
    );
    if (result === undefined) return undefined;
    return {
      windows: result.windows,
      refusal: result.allowed ? undefined : refusal(result, principal.plan.name),
    };
  }

  /**
   * The same for any counter (the sandbox's daily allowance, its per-address guard).
   */
  async admitCounter(
    key: string,
    windows: readonly HitWindowSpec[],
    planName: string,
  ): Promise<Admission> {
    const result = await this.limits.hit(key, windows, this.clock());
    return {
      windows: result.windows,
      refusal: result.allowed ? undefined : refusal(result, planName),
    };
  }

  /** The key's current window, month-to-date calls and billed overage (GET /v1/usage). */
  async usage(principal: Principal) {
    const result = await this.limits.peek(
      counterKey(principal),
      windowsOf(principal.plan),
      this.clock(),
    );
    const minute = find(result, "minute");
    const month = find(result, "month");
    const limit = principal.plan.requestsPerMonth;
    const overageCalls =
      limit === null || principal.plan.overage === "blocked" ? 0 : Math.max(0, month.used - limit);
    return {
      key_id: principal.keyId,
      plan: principal.plan.name,
      window: describe(minute),
      month: describe(month),
      overage_policy: principal.plan.overage,
      overage_calls: overageCalls,
      overage_units: Math.ceil(overageCalls / OVERAGE_UNIT),
      overage_unit_calls: OVERAGE_UNIT,
    };
  }
}

/** The monthly quota counter of a key: what `admit` counts the month in. */
export function quotaCounter(keyId: string): { key: string; window: HitWindowSpec } {
  return { key: `key:${keyId}`, window: { name: "month", limit: null } };
}

/** A plan's windows, made once per plan object (every request asks). */
const windowsByPlan = new WeakMap<Plan, HitWindowSpec[]>();

function windowsOf(plan: Plan): HitWindowSpec[] {
  let windows = windowsByPlan.get(plan);
  if (windows === undefined) {
    windows = [
      { name: "minute", limit: plan.requestsPerMinute },
      { name: "month", limit: plan.requestsPerMonth, allowOverage: plan.overage !== "blocked" },
    ];
    windowsByPlan.set(plan, windows);
  }
  return windows;
}

function refusal(result: CountResult, planName: string): ServiceError {
  const retryAfter = result.retryAfterSeconds ?? 1;
  if (result.blockedBy === "month") {
    return new ServiceError(
      "quota_exceeded",
      `the monthly quota of ${planName} is used up; it renews at the start of next month (UTC)`,
      { retryAfterSeconds: retryAfter },
    );
  }
  const window = result.blockedBy === "day" ? "today's allowance (UTC)" : "this minute";
  return new ServiceError(
    "rate_limit_exceeded",
    `too many requests: ${window} is used up; retry after the window resets`,
    { retryAfterSeconds: retryAfter },
  );
}

function counterKey(principal: Principal): string {
  return quotaCounter(principal.keyId).key;
}

function find(result: CountResult, name: WindowCount["name"]): WindowCount {
  const window = result.windows.find((w) => w.name === name);
  if (window === undefined) throw new Error(`no ${name} window in the count`);
  return window;
}

function describe(window: WindowCount) {
  return {
    limit: window.limit,
    used: window.used,
    remaining: window.remaining,
    reset: window.resetAt,
    reset_at: new Date(window.resetAt * 1000).toISOString().replace(/\.\d{3}Z$/, "Z"),
  };
}
