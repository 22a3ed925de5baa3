/** GET /v1/usage — this key's minute window, month-to-date calls and billed overage. */
import { Type } from "@sinclair/typebox";
import type { RateLimiter } from "../../../accounts/rate-limiter.js";
import type { Clock } from "../../../lib/time.js";
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
});

export function usageRoutes(app: App, deps: { limiter: RateLimiter; clock: Clock }): void {
  app.get(
    "/v1/usage",
    {
      schema: {
        summary: "This key's usage: the current minute window, the month to date, billed overage",
        description: "This call counts like any other (the figures include it).",
        tags: ["usage"],
        response: { 200: Envelope(Usage), ...errorResponses(401, 429) },
      },
    },
    async (request) => {
      const principal = request.principal;
      if (principal === undefined) throw new Error("usage reached without a principal");
      return ok(request, deps.clock, await deps.limiter.usage(principal));
    },
  );
}
