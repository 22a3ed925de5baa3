/**
 * The HTTP side of webhook delivery: an undici Agent whose every connection goes through the
 * address policy (`guardedLookup`), and `sendWebhook`, one POST with a total time budget, no
 * redirect following and a bounded read of the response body.
 */
import { Agent, type Dispatcher, request } from "undici";
import { BlockedAddressError, checkTarget, guardedLookup } from "./address-policy.js";

export interface DeliveryAgentOptions {
  /** SCORELINE_WEBHOOK_ALLOW_PRIVATE: turns the address policy off (local testing). */
  allowPrivate: boolean;
  /** Connections per origin (default 4). */
  connections?: number;
  /** Idle keep-alive time in ms when the server gives no hint (default 4000). */
  keepAliveTimeout?: number;
  /** Time allowed to open a connection, in ms (default 10 000). */
  connectTimeoutMs?: number;
}

/** Agents made here, and whether each allows private addresses (read by `sendWebhook`). */
const agentPolicy = new WeakMap<Dispatcher, boolean>();

/**
 * An undici Agent for webhook deliveries: keep-alive, a connection limit per origin and, unless
 * `allowPrivate`, the guarded DNS lookup on every connection it opens.
 */
export function createDeliveryAgent(options: DeliveryAgentOptions): Agent {
  const keepAliveTimeout = options.keepAliveTimeout ?? 4_000;
  const agent = new Agent({
    connections: options.connections ?? 4,
    pipelining: 1,
    keepAliveTimeout,
    // Servers may ask for longer idle times; keep sockets to customer hosts for at most 30 s.
    keepAliveMaxTimeout: Math.max(keepAliveTimeout, 30_000),
    connect: {
      lookup: guardedLookup(options.allowPrivate),
      timeout: options.connectTimeoutMs ?? 10_000,
    },
  });
  agentPolicy.set(agent, options.allowPrivate);
  return agent;
}

type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface SendWebhookOptions {
  body: Buffer | string;
  headers?: Record<string, string>;
  /** Budget for the whole exchange (connect, send, response headers, body prefix); default 10 s. */
  timeoutMs?: number;
}

export interface WebhookResponse {
  status: number;
  headers: ResponseHeaders;
  /** The first 2048 bytes of the response body, decoded as UTF-8. */
  bodyPrefix: string;
  durationMs: number;
}

/** A delivery attempt that got no HTTP response. */
export class DeliveryError extends Error {
  readonly code = "EDELIVERY";
  /** Readable: "connection refused", "timed out after 10000 ms", "blocked: 127.0.0.1 is a ...". */
  readonly reason: string;
  /** True when the address policy refused the target (`reason` then starts with "blocked: "). */
  readonly blocked: boolean;
  /** Time spent before the failure, in ms. */
  readonly durationMs: number;

  constructor(reason: string, details: { blocked: boolean; durationMs: number; cause?: unknown }) {
    super(reason, { cause: details.cause });
    this.name = "DeliveryError";
    this.reason = reason;
    this.blocked = details.blocked;
    this.durationMs = details.durationMs;
  }
}

const BODY_PREFIX_BYTES = 2048;
/**
 * After the prefix, up to this many bytes in total are read and discarded so that a small response
 * leaves its connection reusable; a larger body (or one declared larger) is cut off by destroying
 * the stream, which closes the connection.
 */
const DRAIN_LIMIT_BYTES = 64 * 1024;

/** Thrown into the request by the time budget's AbortSignal. */
class BudgetExceeded extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
  }
}

/**
 * POSTs `body` to `url` through `agent`. Any HTTP status is a result (a 3xx is returned, never
 * followed); getting no response is a DeliveryError. The policy is the agent's (`allowPrivate`
 * given to createDeliveryAgent; strict for any other dispatcher).
 */
export async function sendWebhook(
  agent: Dispatcher,
  url: string,
  options: SendWebhookOptions,
): Promise<WebhookResponse> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);

  let target: URL;
  try {
    target = new URL(url);
    checkTarget(target, agentPolicy.get(agent) ?? false);
  } catch (err) {
    throw toDeliveryError(err, timeoutMs, 0);
  }

  // The budget is an AbortSignal: undici's own headersTimeout/bodyTimeout run on a coarse
  // (about 1 s) timer and do not bound the whole exchange. Note: after an abort, undici 7 opens one
  // fresh connection to the origin and closes it unused (it goes through guardedLookup too).
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new BudgetExceeded(timeoutMs)), timeoutMs);
  try {
    // undici 7 `request` follows no redirects (that needs the redirect interceptor, which this
    // agent does not compose); passing a non-zero `maxRedirections` would throw.
    const response = await request(target, {
      method: "POST",
      dispatcher: agent,
      body: options.body,
      headers: options.headers ?? {},
      signal: controller.signal,
    });
    const { text: bodyPrefix, ended } = await readPrefix(response.body, response.headers);
    if (ended) {
      // undici 7 hands an idle keep-alive socket back only after a setImmediate (it first checks
      // the socket for unsolicited bytes); until then the pool counts the connection busy, and a
      // send that follows at once opens a second one. One turn of the loop lets it be reused.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return {
      status: response.statusCode,
      headers: response.headers,
      bodyPrefix,
      durationMs: elapsed(),
    };
  } catch (err) {
    throw toDeliveryError(err, timeoutMs, elapsed());
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads the first BODY_PREFIX_BYTES of a response body. Best effort: the status is the result, so
 * a body that fails or runs out of time (the budget's signal destroys the stream) yields what was
 * read so far.
 */
function readPrefix(body: Dispatcher.ResponseData["body"], headers: ResponseHeaders) {
  const declared = Number(headers["content-length"]);
  const tooLongToDrain = Number.isFinite(declared) && declared > DRAIN_LIMIT_BYTES;
  return new Promise<{ text: string; ended: boolean }>((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let seen = 0;
    let done = false;
    /** `ended`: the body was read to its end (the connection can be reused). */
    const finish = (ended: boolean) => {
      if (done) return;
      done = true;
      body.off("data", onData);
      const prefix = Buffer.concat(chunks, kept);
      const whole = ended && seen <= BODY_PREFIX_BYTES;
      // When cut short, `stream: true` holds back a trailing partial UTF-8 sequence.
      resolve({ text: new TextDecoder("utf-8").decode(prefix, { stream: !whole }), ended });
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (kept < BODY_PREFIX_BYTES) {
        const part = chunk.subarray(0, BODY_PREFIX_BYTES - kept);
        chunks.push(part);
        kept += part.length;
      }
      if (kept >= BODY_PREFIX_BYTES && (tooLongToDrain || seen > DRAIN_LIMIT_BYTES)) {
        finish(false);
        body.destroy();
      }
    };
    body.on("data", onData);
    body.once("end", () => finish(true));
    body.once("error", () => finish(false));
    body.once("close", () => finish(false));
  });
}

function toDeliveryError(err: unknown, timeoutMs: number, durationMs: number): DeliveryError {
  const blocked = findInChain(err, (e) => e instanceof BlockedAddressError);
  if (blocked instanceof BlockedAddressError) {
    const via = blocked.hostname === undefined ? "" : ` (resolved from ${blocked.hostname})`;
    return new DeliveryError(`blocked: ${blocked.reason}${via}`, {
      blocked: true,
      durationMs,
      cause: err,
    });
  }
  return new DeliveryError(describe(err, timeoutMs), { blocked: false, durationMs, cause: err });
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset by the server",
  EPIPE: "connection closed while sending",
  UND_ERR_SOCKET: "connection closed by the server",
  UND_ERR_CLOSED: "connection closed",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  EADDRNOTAVAIL: "address not available",
  ETIMEDOUT: "connection timed out",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  UND_ERR_HEADERS_TIMEOUT: "timed out waiting for the response headers",
  UND_ERR_BODY_TIMEOUT: "timed out reading the response body",
  UND_ERR_HEADERS_OVERFLOW: "response headers too large",
  UND_ERR_RES_EXCEEDED_MAX_SIZE: "response too large",
};

function describe(err: unknown, timeoutMs: number): string {
  const budget = findInChain(err, (e) => e instanceof BudgetExceeded);
  if (budget !== undefined) return `timed out after ${timeoutMs} ms`;
  for (const code of codesInChain(err)) {
    const known = REASONS[code];
    if (known !== undefined) return known;
    if (code === "ENOTFOUND" || code === "EAI_NONAME" || code === "EAI_NODATA") {
      const host = findInChain(
        err,
        (e) => typeof (e as { hostname?: unknown }).hostname === "string",
      );
      const name = (host as { hostname?: string } | undefined)?.hostname;
      return name === undefined ? "host not found" : `host not found: ${name}`;
    }
    if (code === "EAI_AGAIN") return "DNS lookup failed (temporary failure)";
    if (code.startsWith("ERR_TLS") || code.startsWith("ERR_SSL") || code.includes("CERT")) {
      return `TLS error: ${messageOf(err)}`;
    }
  }
  return messageOf(err);
}

function messageOf(err: unknown): string {
  if (err instanceof Error && err.message !== "") return err.message;
  return String(err);
}

/**
 * The first error satisfying `test` in `err`, its `cause` chain and (for AggregateError, which
 * Node's happy-eyeballs connect produces when every address fails) its `errors`.
 */
function findInChain(err: unknown, test: (e: object) => boolean, depth = 0): object | undefined {
  if (depth > 8 || typeof err !== "object" || err === null) return undefined;
  if (test(err)) return err;
  const found = findInChain((err as { cause?: unknown }).cause, test, depth + 1);
  if (found !== undefined) return found;
  const errors = (err as { errors?: unknown }).errors;
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const hit = findInChain(inner, test, depth + 1);
      if (hit !== undefined) return hit;
    }
  }
  return undefined;
}

function codesInChain(err: unknown): string[] {
  const codes: string[] = [];
  findInChain(err, (e) => {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    return false;
  });
  return codes;
}
