/**
 * The checks of an upgrade request, in order — shutting down (503), the handshake (400/405),
 * admission (401/403/404), the connection limit (429) — each refusal answered on the raw
 * socket in the REST error envelope. An accepted request holds a connection slot.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "pino";
import { statusOf } from "../envelope/error-status.js";
import { ServiceError } from "../errors/service-error.js";
import type { Clock } from "../lib/time.js";
import type { StreamInstruments } from "../metrics/stream-metrics.js";
import { type Admission, type AdmissionPolicy, admit } from "./admission.js";
import type { ConnectionSlots, SlotResult } from "./connection-slots.js";
import { refuseUpgrade } from "./http-answers.js";

export interface UpgradeDeps {
  policy: AdmissionPolicy;
  slots: ConnectionSlots;
  logger: Logger;
  clock: Clock;
  retryAfterSeconds: number;
  isClosing(): boolean;
  /** Counts the refusals by code. */
  metrics: StreamInstruments;
}

export interface AcceptedUpgrade {
  admission: Admission;
  /** The connection's id (its slot's member). */
  id: string;
  /** Gives the slot back (call once the connection, or the attempt, is over). */
  release: () => void;
}

/** Runs the checks; null when the request was refused (its answer is written). */
export async function checkUpgrade(
  deps: UpgradeDeps,
  request: IncomingMessage,
  socket: Duplex,
  requestId: string,
): Promise<AcceptedUpgrade | null> {
  const refuse = (error: ServiceError) => {
    refuseLogged(deps, request, socket, error, requestId);
    return null;
  };
  if (deps.isClosing()) {
    return refuse(
      new ServiceError("service_unavailable", "the server is shutting down", {
        retryAfterSeconds: 1,
      }),
    );
  }
  const bad = badHandshake(request);
  if (bad !== null) return refuse(bad);
  let admission: Admission;
  try {
    admission = await admit(request, deps.policy);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return refuse(error);
  }
  const id = `ws_${randomBytes(10).toString("hex")}`;
  let slot: SlotResult;
  try {
    slot = await deps.slots.acquire(admission.group, id, admission.limit);
  } catch (error) {
    deps.logger.error({ err: error }, "stream: counting connections failed");
    return refuse(
      new ServiceError("service_unavailable", "try again shortly", {
        retryAfterSeconds: 5,
      }),
    );
  }
  if (!slot.allowed) {
    const limit = admission.limit;
    return refuse(
      new ServiceError(
        "rate_limit_exceeded",
        `the ${admission.access.plan} plan allows ${limit} concurrent stream connection${limit === 1 ? "" : "s"} for the account (all its keys together)`,
        { retryAfterSeconds: deps.retryAfterSeconds },
      ),
    );
  }
  const release = () => {
    deps.slots.release(admission.group, id).catch((error: unknown) => {
      deps.logger.warn({ err: error, conn: id }, "stream: releasing a connection slot failed");
    });
  };
  return { admission, id, release };
}

/** Logs one line for the refusal (never the query, which holds the token) and answers it. */
export function refuseLogged(
  deps: Pick<UpgradeDeps, "logger" | "clock" | "metrics">,
  request: IncomingMessage,
  socket: Duplex,
  error: ServiceError,
  requestId: string,
): void {
  deps.logger.info(
    {
      request_id: requestId,
      status: statusOf(error),
      code: error.code,
      ip: request.socket.remoteAddress,
      path: new URL(request.url ?? "/", "http://stream.invalid").pathname,
    },
    "stream connection refused",
  );
  deps.metrics.refused(error.code);
  refuseUpgrade(socket, error, requestId, deps.clock());
}

/** The same handshake checks ws makes, answered in the error envelope instead of plain text. */
function badHandshake(request: IncomingMessage): ServiceError | null {
  if (request.method !== "GET") {
    return new ServiceError("method_not_allowed", "stream connections are GET upgrades", {
      allow: ["GET"],
    });
  }
  const key = request.headers["sec-websocket-key"];
  const version = request.headers["sec-websocket-version"];
  if (
    request.headers.upgrade?.toLowerCase() !== "websocket" ||
    key === undefined ||
    !/^[+/0-9A-Za-z]{22}==$/.test(key) ||
    (version !== "13" && version !== "8")
  ) {
    return new ServiceError("invalid_parameter", "not a valid WebSocket handshake", {
      field: "upgrade",
    });
  }
  return null;
}
