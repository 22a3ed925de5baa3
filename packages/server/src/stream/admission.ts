/**
 * Who may open a stream connection, decided on the HTTP upgrade request before any WebSocket
 * exists: the path (`{base}` or `{base}/{sport}`), the key (`?token=` or `Authorization:
 * Bearer`), the sport and the fixture the URL names. Refusals are ApiErrors, answered with the
 * REST error envelope (upgrade-response.ts). The connection limit is checked last, by the server.
 */
import type { IncomingMessage } from "node:http";
import type { Kysely } from "kysely";
import type { Authenticator } from "../accounts/authenticator.js";
import { invalidParameter, ServiceError } from "../errors/service-error.js";
import { isSport } from "../sports/registry.js";
import { SPORTS } from "../sports/types.js";
import { fixtureSport } from "../store/queries/fixture-sport.js";
import type { Tables } from "../store/tables.js";
import { isFixtureId } from "./channels.js";
import type { StreamAccess } from "./connection-channels.js";

export interface Admission {
  access: StreamAccess;
  /**
   * Whose connections count together: `account:<id>` (the plan's `websocket_connections` is an
   * account entitlement, shared by all its keys), or `ip:<address>` without keys.
   */
  group: string;
  /** Concurrent connections the group may hold (null = unlimited). */
  limit: number | null;
  keyId: string | null;
  accountId: string | null;
  /** The key text, kept to re-check it while connected (never logged); null without keys. */
  credential: string | null;
  /** The channel the URL subscribes to at once (`/v1/{sport}`), if any. */
  initial: string | undefined;
  /** The path, for the log (the query, which holds the token, is never logged). */
  path: string;
}

export interface AdmissionPolicy {
  db: Kysely<Tables>;
  /** The path the stream answers on (`/v1`; the sandbox mounts `/v1/stream`). */
  basePath: string;
  /** null: keyless (the sandbox) — every sport and odds, counted per client address. */
  authenticator: Authenticator | null;
  connectionsPerAddress: number | null;
}

/** Splits a request path into the stream's base and an optional sport segment, or null. */
export function matchPath(pathname: string, basePath: string): { sport?: string } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === basePath) return {};
  if (!path.startsWith(`${basePath}/`)) return null;
  const rest = path.slice(basePath.length + 1);
  if (rest.length === 0 || rest.includes("/")) return null;
  try {
    return { sport: decodeURIComponent(rest) };
  } catch {
    return null;
  }
}

export function notAStreamPath(pathname: string, basePath: string): ServiceError {
  const version = /^\/(v\d+)(\/|$)/.exec(pathname)?.[1];
  if (basePath === "/v1" && version !== undefined && version !== "v1") {
    return new ServiceError("unsupported_version", `API version ${version} does not exist; use v1`);
  }
  return new ServiceError(
    "not_found",
    `no stream at ${pathname}: connect to ${basePath} or ${basePath}/{sport}`,
  );
}

export async function admit(request: IncomingMessage, policy: AdmissionPolicy): Promise<Admission> {
  const url = new URL(request.url ?? "/", "http://stream.invalid");
  const matched = matchPath(url.pathname, policy.basePath);
  if (matched === null) throw notAStreamPath(url.pathname, policy.basePath);
  const base = await identify(request, url, policy);
  if (matched.sport === undefined) return { ...base, initial: undefined, path: url.pathname };
  const sport = matched.sport;
  if (!isSport(sport)) {
    throw new ServiceError("not_found", `unknown sport "${sport}"; sports: ${SPORTS.join(", ")}`);
  }
  if (!base.access.sports.includes(sport)) {
    throw new ServiceError(
      "plan_forbidden",
      `the ${base.access.plan} plan does not include ${sport}`,
    );
  }
  const fixtureId = url.searchParams.get("fixture_id");
  if (fixtureId === null) return { ...base, initial: `${sport}.live`, path: url.pathname };
  if (!isFixtureId(fixtureId)) {
    throw invalidParameter("fixture_id", "fixture_id is 1 to 64 letters, digits and _ . : -");
  }
  if ((await fixtureSport(policy.db, fixtureId)) !== sport) {
    throw new ServiceError("not_found", `no ${sport} fixture has id "${fixtureId}"`);
  }
  return { ...base, initial: `fixture.${fixtureId}`, path: url.pathname };
}

async function identify(
  request: IncomingMessage,
  url: URL,
  policy: AdmissionPolicy,
): Promise<Omit<Admission, "initial" | "path">> {
  if (policy.authenticator === null) {
    return {
      access: { plan: "sandbox", sports: SPORTS, odds: true },
      group: `ip:${request.socket.remoteAddress ?? "unknown"}`,
      limit: policy.connectionsPerAddress,
      keyId: null,
      accountId: null,
      credential: null,
    };
  }
  const key = presentedKey(request, url);
  if (key === undefined || key === "") {
    throw new ServiceError(
      "invalid_api_key",
      "an API key is required: connect with ?token=<key> (or Authorization: Bearer <key>)",
    );
  }
  const principal = await policy.authenticator.authenticate(key);
  const plan = principal.plan;
  return {
    access: { plan: plan.name, sports: plan.sports, odds: plan.odds },
    group: accountSlotGroup(principal.accountId),
    limit: plan.websocketConnections,
    keyId: principal.keyId,
    accountId: principal.accountId,
    credential: key,
  };
}

/** The slot group of an account's stream connections (every key of it counts together). */
export function accountSlotGroup(accountId: string): string {
  return `account:${accountId}`;
}

function presentedKey(request: IncomingMessage, url: URL): string | undefined {
  const token = url.searchParams.get("token");
  if (token !== null) return token;
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? "";
}
