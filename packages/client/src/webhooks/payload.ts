/**
 * The raw body: its exact bytes (the signatures are over them), what to say when a parsed body
 * or a stream is passed instead, and the verified body parsed as the event.
 */
import type { ScorelineEvent } from "../events.js";
import { utf8 } from "./encoding.js";
import { WebhookVerificationError } from "./errors.js";

/** The request body exactly as received. */
export type WebhookPayload = string | Uint8Array | ArrayBuffer;

const HOW_TO_PASS_RAW =
  "Pass the raw body exactly as received, as a string, Uint8Array/Buffer or ArrayBuffer: in " +
  'Express, `express.raw({ type: "application/json" })` on the webhook route and `req.body`; in ' +
  'Fastify, a content-type parser returning the Buffer (`app.addContentTypeParser("application/json", ' +
  '{ parseAs: "buffer" }, (req, body, done) => done(null, body))`) or `request.rawBody` ' +
  "(fastify-raw-body); in Next.js route handlers and other fetch-style runtimes, `await req.text()`.";

function describe(payload: unknown): string {
  if (payload === undefined || payload === null) {
    return `payload is ${payload}: no body was read (a route without a body parser has no req.body)`;
  }
  if (typeof payload !== "object") return `payload is a ${typeof payload}, not the raw body`;
  if ("getReader" in payload) {
    return "payload is a ReadableStream (a fetch Request's `body`), not the raw body: read it first";
  }
  if (typeof Blob !== "undefined" && payload instanceof Blob) {
    return "payload is a Blob, not the raw body: pass `await blob.arrayBuffer()`";
  }
  return (
    "payload is an object, not the raw body: the JSON was already parsed (by a body parser such " +
    "as express.json() or Fastify's default), and the signature is over the exact bytes sent, " +
    "which re-serialising the object is not guaranteed to reproduce"
  );
}

/** The bytes the signatures cover, or the error saying how to pass the raw body. */
export function rawBodyBytes(payload: unknown): Uint8Array<ArrayBuffer> {
  if (typeof payload === "string") return utf8(payload);
  if (ArrayBuffer.isView(payload)) {
    return new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength).slice();
  }
  // An ArrayBuffer from another realm (a vm context, a worker) fails instanceof.
  if (
    payload instanceof ArrayBuffer ||
    Object.prototype.toString.call(payload) === "[object ArrayBuffer]"
  ) {
    return new Uint8Array((payload as ArrayBuffer).slice(0));
  }
  throw new WebhookVerificationError(
    "raw_body_required",
    `${describe(payload)}. ${HOW_TO_PASS_RAW}`,
  );
}

/**
 * Scoreline's bodies are `JSON.stringify` output, which stringifies back to itself. A body that
 * parses but does not has been re-formatted on its way here; undefined when that cannot be told.
 */
export function reformattedHint(text: string): string | undefined {
  try {
    if (JSON.stringify(JSON.parse(text)) === text) return undefined;
  } catch {
    return undefined;
  }
  return (
    "This body is valid JSON but not in the compact form Scoreline sends (its spacing or escaping " +
    "differs), so it was re-formatted after it was received."
  );
}

/** The verified body as the event it carries. */
export function parseEvent(payload: string | Uint8Array<ArrayBuffer>): ScorelineEvent {
  let parsed: unknown;
  try {
    const text =
      typeof payload === "string"
        ? payload
        : new TextDecoder("utf-8", { fatal: true }).decode(payload);
    parsed = JSON.parse(text);
  } catch (error) {
    throw new WebhookVerificationError(
      "invalid_json",
      `the signature is valid but the body is not JSON (${(error as Error).message}). Scoreline ` +
        "always sends a UTF-8 JSON object: check that nothing decoded, transcoded or truncated " +
        "the body before it reached verifyWebhook.",
      { cause: error },
    );
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new WebhookVerificationError(
      "invalid_json",
      `the signature is valid but the body is JSON ${parsed === null ? "null" : Array.isArray(parsed) ? "array" : typeof parsed}, not an event object.`,
    );
  }
  return parsed as ScorelineEvent;
}
