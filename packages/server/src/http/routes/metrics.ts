/**
 * `GET /metrics`: the process's metrics in Prometheus text format (docs/operations.md#metrics).
 * Never public (ADR-0025): answered only to a caller on this machine — the connection comes
 * from a loopback address, no proxy is trusted (SCORELINE_TRUST_PROXY) and no forwarding header
 * says it came from elsewhere — or to one presenting the admin token. Anyone else gets the 404
 * of a path that does not exist, the same for every method, so the route is not revealed.
 */
import ipaddr from "ipaddr.js";
import { ServiceError } from "../../errors/service-error.js";
import {
  collectProcessMetrics,
  METRICS_CONTENT_TYPE,
  metricsText,
} from "../../metrics/registry.js";
import type { App } from "../app-type.js";
import { adminTokenCheck } from "./admin/guard.js";

export interface MetricsAccess {
  /** SCORELINE_ADMIN_TOKEN: presented as `Authorization: Bearer`, it opens /metrics anywhere. */
  adminToken: string | undefined;
  /** Behind a proxy every connection comes from the proxy: loopback then proves nothing. */
  trustProxy: boolean;
}

const PATH = "/metrics";
/** Every method a route can have, so none answers 405 (which would say the path exists). */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

export function metricsRoute(app: App, access: MetricsAccess): void {
  collectProcessMetrics();
  const hasToken =
    access.adminToken === undefined ? () => false : adminTokenCheck(access.adminToken);
  const fromThisMachine = (address: string | undefined, headers: Record<string, unknown>) =>
    !access.trustProxy &&
    headers["x-forwarded-for"] === undefined &&
    headers.forwarded === undefined &&
    isLoopback(address);

  app.route({
    method: METHODS,
    url: PATH,
    schema: { hide: true },
    handler: async (request, reply) => {
      const allowed =
        fromThisMachine(request.socket.remoteAddress, request.headers) ||
        hasToken(request.headers.authorization);
      const path = request.url.split("?")[0] ?? PATH;
      if (!allowed) throw new ServiceError("not_found", `no route for ${request.method} ${path}`);
      if (request.method !== "GET" && request.method !== "HEAD") {
        const message = `${request.method} is not allowed on ${path}`;
        throw new ServiceError("method_not_allowed", message, { allow: ["GET", "HEAD"] });
      }
      const text = await metricsText();
      reply.header("Cache-Control", "no-store");
      return reply.type(METRICS_CONTENT_TYPE).send(text);
    },
  });
}

function isLoopback(address: string | undefined): boolean {
  if (address === undefined || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "loopback";
}
