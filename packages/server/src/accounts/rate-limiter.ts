/**
 * Per-key limits from the key's plan (decisions §4): the one-minute window and the monthly
 * quota — blocked when full on plans whose overage is blocked, otherwise counted on as billed
 * overage (units of 1,000 calls). Sets the X-RateLimit-* and X-Quota-* headers on the reply.
 */
import type { FastifyReply } from "fastify";
import type {
  CountResult,
  HitWindowSpec,
  LimitStore,
  WindowCount,
} from "../adapters/limits/types.js";
import { ApiError } from "../http/errors.js";
import type { Clock } from "../lib/time.js";
import type { Principal } from "./authenticator.js";
import type { Plan } from "./plans.js";

export const OVERAGE_UNIT = 1_000;

export class RateLimiter {
  constructor(
    private readonly limits: LimitStore,
    private readonly clock: Clock,
  ) {}

  /** Counts the call, sets the headers, and refuses it with a 429 when a window is full. */
  async admit(principal: Principal, reply: FastifyReply): Promise<void> {
    await this.admitCounter(
      counterKey(principal),
      windowsOf(principal.plan),
      reply,
      principal.plan.name,
    );
  }

  /**
   * The same for any counter (the sandbox's daily allowance, its per-address guard): the
   * `month` window is reported as X-Quota-*, the others as X-RateLimit-*.
   */
  async admitCounter(
    key: string,
    windows: readonly HitWindowSpec[],
    reply: FastifyReply,
    planName: string,
  ): Promise<void> {
    const result = await this.limits.hit(key, windows, this.clock());
    setHeaders(reply, result);
    if (result.allowed) return;
    const retryAfter = String(result.retryAfterSeconds ?? 1);
    if (result.blockedBy === "month") {
      throw new ApiError(
        "quota_exceeded",
        `the monthly quota of ${planName} is used up; it renews at the start of next month (UTC)`,
        { headers: { "Retry-After": retryAfter } },
      );
    }
    const window = result.blockedBy === "day" ? "today's allowance (UTC)" : "this minute";
    throw new ApiError(
      "rate_limit_exceeded",
      `too many requests: ${window} is used up; retry after the window resets`,
      { headers: { "Retry-After": retryAfter } },
    );
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

export function windowsOf(plan: Plan): HitWindowSpec[] {
  return [
    { name: "minute", limit: plan.requestsPerMinute },
    { name: "month", limit: plan.requestsPerMonth, allowOverage: plan.overage !== "blocked" },
  ];
}

function counterKey(principal: Principal): string {
  return `key:${principal.keyId}`;
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

function setHeaders(reply: FastifyReply, result: CountResult): void {
  for (const window of result.windows) {
    const prefix = window.name === "month" ? "X-Quota" : "X-RateLimit";
    reply.header(`${prefix}-Limit`, window.limit === null ? "unlimited" : String(window.limit));
    reply.header(
      `${prefix}-Remaining`,
      window.remaining === null ? "unlimited" : String(window.remaining),
    );
    reply.header(`${prefix}-Reset`, String(window.resetAt));
  }
}
