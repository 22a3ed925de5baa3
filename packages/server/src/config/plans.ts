/**
 * Plans are configuration, not code (ADR-0011): these defaults, overridable and extendable
 * by a JSON plans file (SCORELINE_PLANS_FILE); an account may carry custom limits on top.
 */
import { readFileSync } from "node:fs";
import { SPORTS, type Sport } from "../sports/types.js";

type Overage = "blocked" | "billed" | "agreement";

export interface Plan {
  name: string;
  /** null = unlimited. */
  requestsPerMinute: number | null;
  requestsPerMonth: number | null;
  websocketConnections: number | null;
  sports: readonly Sport[];
  odds: boolean;
  history: boolean;
  overage: Overage;
}

const ALL = SPORTS;

export const DEFAULT_PLANS: Record<string, Plan> = {
  free: {
    name: "free",
    requestsPerMinute: 100,
    requestsPerMonth: 50_000,
    websocketConnections: 1,
    sports: ["football", "basketball", "tennis"],
    odds: false,
    history: false,
    overage: "blocked",
  },
  starter: {
    name: "starter",
    requestsPerMinute: 600,
    requestsPerMonth: 1_000_000,
    websocketConnections: 5,
    sports: ALL,
    odds: false,
    history: true,
    overage: "billed",
  },
  growth: {
    name: "growth",
    requestsPerMinute: 3_000,
    requestsPerMonth: 10_000_000,
    websocketConnections: 25,
    sports: ALL,
    odds: true,
    history: true,
    overage: "billed",
  },
  enterprise: {
    name: "enterprise",
    requestsPerMinute: 30_000,
    requestsPerMonth: null,
    websocketConnections: 250,
    sports: ALL,
    odds: true,
    history: true,
    overage: "agreement",
  },
};

/** Custom limits an account may carry (snake_case, as stored and as given to the CLI/admin API). */
export interface CustomLimits {
  requests_per_minute?: number | null;
  requests_per_month?: number | null;
  websocket_connections?: number | null;
}

export function applyCustomLimits(plan: Plan, limits: CustomLimits): Plan {
  return {
    ...plan,
    ...(limits.requests_per_minute !== undefined
      ? { requestsPerMinute: limits.requests_per_minute }
      : {}),
    ...(limits.requests_per_month !== undefined
      ? { requestsPerMonth: limits.requests_per_month }
      : {}),
    ...(limits.websocket_connections !== undefined
      ? { websocketConnections: limits.websocket_connections }
      : {}),
  };
}

/**
 * The plan table: defaults, then the plans file's entries (each a partial plan in snake_case,
 * e.g. `{"growth": {"requests_per_minute": 5000}, "team": {"sports": "all", …}}`). Throws with a
 * message naming the plan and field on a bad file.
 */
export function loadPlans(path: string | undefined): Record<string, Plan> {
  const plans: Record<string, Plan> = { ...DEFAULT_PLANS };
  if (path === undefined) return plans;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`plans file ${path} is not readable JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new Error(`plans file ${path} must hold an object of plans`);
  }
  for (const [name, raw] of Object.entries(parsed as Record<string, unknown>)) {
    plans[name] = planFromFile(name, raw, plans[name]);
  }
  return plans;
}

function planFromFile(name: string, raw: unknown, base: Plan | undefined): Plan {
  if (!/^[a-z][a-z0-9_-]{0,31}$/.test(name))
    throw new Error(`plan name ${JSON.stringify(name)} is invalid`);
  if (typeof raw !== "object" || raw === null) throw new Error(`plan ${name} must be an object`);
  const r = raw as Record<string, unknown>;
  const limit = (field: string, fallback: number | null | undefined): number | null => {
    const value = r[field];
    if (value === undefined) {
      if (fallback === undefined) throw new Error(`plan ${name}: ${field} is required`);
      return fallback;
    }
    if (value === null) return null;
    if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
      throw new Error(`plan ${name}: ${field} must be a positive integer or null (unlimited)`);
    }
    return value;
  };
  const flag = (field: string, fallback: boolean | undefined): boolean => {
    const value = r[field] ?? fallback;
    if (typeof value !== "boolean") throw new Error(`plan ${name}: ${field} must be true or false`);
    return value;
  };
  const sports = r.sports === undefined ? base?.sports : r.sports === "all" ? ALL : r.sports;
  if (!Array.isArray(sports) || !sports.every((s) => (ALL as readonly string[]).includes(s))) {
    throw new Error(`plan ${name}: sports must be "all" or a list of: ${ALL.join(", ")}`);
  }
  const overage = r.overage ?? base?.overage;
  if (overage !== "blocked" && overage !== "billed" && overage !== "agreement") {
    throw new Error(`plan ${name}: overage must be blocked, billed or agreement`);
  }
  return {
    name,
    requestsPerMinute: limit("requests_per_minute", base?.requestsPerMinute),
    requestsPerMonth: limit("requests_per_month", base?.requestsPerMonth),
    websocketConnections: limit("websocket_connections", base?.websocketConnections),
    sports: sports as Sport[],
    odds: flag("odds", base?.odds),
    history: flag("history", base?.history),
    overage,
  };
}
