/** GET /v1/usage — this key's minute window, month-to-date calls and billed overage. */
import { Type } from "@sinclair/typebox";
import type { RateLimiter } from "../../../accounts/rate-limiter.js";
import type { Clock } from "../../../lib/time.js";
import type { Store } from "../../../store/database.js";
import type { UsageLedger } from "../../../usage/usage-ledger.js";
import { monthUsage } from "../../../usage/usage-reports.js";
import type { App } from "../../app-type.js";
import { ok } from "../../reply.js";
import { Envelope, errorResponses, Nullable, Timestamp } from "../../schemas/common.js";

const Window = Type.Object({
  limit: Nullable(Type.Integer()),
  used: Type.Integer(),
  remaining: Nullable(Type.Integer()),
  reset: Type.Integer({ description: "Unix seconds of the window's end" }),
  reset_at: Timestamp,
});

const Day = Type.Object({
  date: Type.String({ format: "date" }),
  calls: Type.Integer({ description: "Every answered call of the day" }),
  success: Type.Integer(),
  client_error: Type.Integer({ description: "4xx answers other than 429" }),
  rate_limited: Type.Integer({ description: "429: the per-minute limit" }),
  quota_exceeded: Type.Integer({ description: "429: the monthly quota (blocked plans)" }),
  server_error: Type.Integer(),
});

const Usage = Type.Object({
  key_id: Type.String(),
  plan: Type.String(),
  window: Window,
  month: Window,
  overage_policy: Type.String({ enum: ["blocked", "billed", "agreement"] }),
  overage_calls: Type.Integer(),
  overage_units: Type.Integer({
    description: "Billed units of 1,000 calls beyond the monthly quota",
  }),
  overage_unit_calls: Type.Integer(),
  history: Type.Array(Day, {
    description:
      "This key's calls per day this month (UTC), oldest first, every day up to today. Counted by the usage ledger, which each node writes every few seconds: another node's last seconds may not be in it yet.",
  }),
});

export interface UsageRouteDeps {
  limiter: RateLimiter;
  ledger: UsageLedger;
  store: Store;
  clock: Clock;
}

export function usageRoutes(app: App, deps: UsageRouteDeps): void {
  app.get(
    "/v1/usage",
    {
      schema: {
        operationId: "getUsage",
        summary:
          "This key's usage: the current minute window, the month to date, billed overage, calls per day",
        description: "This call counts like any other (the figures include it).",
        tags: ["usage"],
        response: { 200: Envelope(Usage), ...errorResponses(401, 429) },
      },
    },
    async (request) => {
      const principal = request.principal;
      if (principal === undefined) throw new Error("usage reached without a principal");
      const [counts, month] = await Promise.all([
        deps.limiter.usage(principal),
        monthUsage(deps.store, deps.ledger, { keyId: principal.keyId }, deps.clock()),
      ]);
      return ok(request, deps.clock, { ...counts, history: month.days });
    },
  );
}
