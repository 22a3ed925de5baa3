/**
 * The stream's wire protocol (ADR-0017, docs/stream.md): what a client may send, how it is
 * checked, and the three server messages. Pure code, no sockets.
 *
 * Client:  {"subscribe": "football.live" | [...], "id"?: any, "since"?: {"offset": n, "epoch": "..."}}
 *          {"unsubscribe": "football.live" | [...], "id"?: any}
 * Server:  {"type":"subscribed","channel","id"?,"recovered"?}
 *          {"type":"event","channel","offset","epoch","data"}
 *          {"type":"error","code","message","id"?}
 */

/** Channels one connection may hold at once. */
export const MAX_CHANNELS = 128;
/** Largest inbound message (bytes); a larger one closes the connection with 1009. */
export const MAX_INBOUND_BYTES = 64 * 1024;

export const CLOSE_CODES = {
  /** The server is shutting down (graceful restart): reconnect, resuming with `since`. */
  goingAway: 1001,
  /** The key was revoked or expired while connected (closed within a second: bus and check). */
  keyNoLongerValid: 1008,
  /** An inbound message over MAX_INBOUND_BYTES (sent by the ws library). */
  messageTooBig: 1009,
  /** The client did not keep up: its outbound buffer went over the limit. */
  slowConsumer: 4008,
} as const;

export type StreamErrorCode =
  | "invalid_message"
  | "unknown_channel"
  | "not_found"
  | "plan_forbidden"
  | "too_many_channels"
  | "internal_error";

/** The `id` of a client message, echoed in the answers when it had one. */
export interface Reply {
  id: unknown;
  hasId: boolean;
}

export const NO_REPLY: Reply = { id: undefined, hasId: false };

export interface Since {
  offset: number;
  epoch: string;
}

interface Addressed {
  channels: string[];
  /** The client's `id`, echoed in the replies (present when `hasId`). */
  id: unknown;
  hasId: boolean;
}

export type ClientMessage =
  | (Addressed & { action: "subscribe"; since: Since | undefined })
  | (Addressed & { action: "unsubscribe" });

export class ProtocolError extends Error {
  constructor(
    readonly code: StreamErrorCode,
    message: string,
    /** The offending message's `id`, when it had one. */
    readonly reply: Reply = NO_REPLY,
  ) {
    super(message);
    this.name = "ProtocolError";
  }
}

const FIELDS = new Set(["subscribe", "unsubscribe", "id", "since"]);

/** Parses and checks one text message; throws a ProtocolError (`invalid_message`, …). */
export function parseClientMessage(text: string): ClientMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProtocolError("invalid_message", "the message is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ProtocolError("invalid_message", "a message is a JSON object");
  }
  const message = value as Record<string, unknown>;
  const hasId = Object.hasOwn(message, "id");
  const reply = { id: message.id, hasId };
  const fail = (text: string): never => {
    throw new ProtocolError("invalid_message", text, reply);
  };
  const unknown = Object.keys(message).filter((key) => !FIELDS.has(key));
  if (unknown.length > 0)
    fail(`unknown field${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`);
  const hasSubscribe = Object.hasOwn(message, "subscribe");
  const hasUnsubscribe = Object.hasOwn(message, "unsubscribe");
  if (hasSubscribe === hasUnsubscribe) {
    fail('a message has exactly one of "subscribe" and "unsubscribe"');
  }
  const action = hasSubscribe ? "subscribe" : "unsubscribe";
  const channels = channelList(message[action], action, reply, fail);
  if (action === "unsubscribe") {
    if (Object.hasOwn(message, "since")) fail('"since" goes with "subscribe" only');
    return { action, channels, id: message.id, hasId };
  }
  const since = Object.hasOwn(message, "since") ? parseSince(message.since, fail) : undefined;
  return { action, channels, id: message.id, hasId, since };
}

function channelList(
  value: unknown,
  action: string,
  reply: Reply,
  fail: (text: string) => never,
): string[] {
  const list = typeof value === "string" ? [value] : value;
  if (!Array.isArray(list) || list.length === 0) {
    return fail(`"${action}" is a channel name or a non-empty list of channel names`);
  }
  if (list.length > MAX_CHANNELS) {
    throw new ProtocolError(
      "too_many_channels",
      `at most ${MAX_CHANNELS} channels per connection`,
      reply,
    );
  }
  for (const item of list) {
    if (typeof item !== "string") fail(`"${action}" lists channel names (strings)`);
  }
  return [...new Set(list as string[])];
}

function parseSince(value: unknown, fail: (text: string) => never): Since {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return fail('"since" is an object {"offset": <integer>, "epoch": "<string>"}');
  }
  const since = value as Record<string, unknown>;
  const extra = Object.keys(since).filter((key) => key !== "offset" && key !== "epoch");
  if (extra.length > 0) fail(`unknown field in "since": ${extra.join(", ")}`);
  const { offset, epoch } = since;
  if (typeof offset !== "number" || !Number.isSafeInteger(offset) || offset < 0) {
    fail('"since.offset" is a non-negative integer (the offset of the last event received)');
  }
  if (typeof epoch !== "string" || epoch.length === 0 || epoch.length > 128) {
    fail('"since.epoch" is the epoch string of the last event received');
  }
  return { offset: offset as number, epoch: epoch as string };
}

export function subscribedMessage(channel: string, reply: Reply, recovered?: boolean): string {
  const message: Record<string, unknown> = { type: "subscribed", channel };
  if (reply.hasId) message.id = reply.id;
  if (recovered !== undefined) message.recovered = recovered;
  return JSON.stringify(message);
}

export function errorMessage(
  code: StreamErrorCode,
  message: string,
  reply: Reply = NO_REPLY,
): string {
  const body: Record<string, unknown> = { type: "error", code, message };
  if (reply.hasId) body.id = reply.id;
  return JSON.stringify(body);
}

/**
 * An event message. `payloadJson` and `epochJson` are serialised once per event and shared by
 * every channel and subscriber it goes to.
 */
export function eventMessage(
  channel: string,
  offset: number,
  epochJson: string,
  payloadJson: string,
): string {
  return `{"type":"event","channel":${JSON.stringify(channel)},"offset":${offset},"epoch":${epochJson},"data":${payloadJson}}`;
}
