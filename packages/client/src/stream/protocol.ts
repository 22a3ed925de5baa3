/**
 * The wire protocol from the client's side (docs/stream.md): reading server messages, writing
 * subscribe and unsubscribe messages. Pure code, no sockets.
 */
import type {
  EventMessage,
  ServerMessage,
  Since,
  SubscribedMessage,
  SubscribeMessage,
  UnsubscribeMessage,
} from "./types.js";

/** Channels one message may name (and one connection may hold). */
const MAX_CHANNELS_PER_MESSAGE = 128;

/** Close codes with a meaning in the protocol. */
export const CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  abnormal: 1006,
  keyNoLongerValid: 1008,
  slowConsumer: 4008,
} as const;

/** Server error codes about a whole message (nothing of it was subscribed), not one channel. */
const MESSAGE_ERRORS = new Set(["invalid_message", "too_many_channels"]);

export function isMessageLevelError(code: string): boolean {
  return MESSAGE_ERRORS.has(code);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A server message, `null` for a message type this client does not know (ignored, so a newer
 * server can add some), or `undefined` when the text is not a valid protocol message.
 */
export function parseServerMessage(text: string): ServerMessage | null | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value) || typeof value.type !== "string") return undefined;
  switch (value.type) {
    case "event":
      return typeof value.channel === "string" &&
        typeof value.offset === "number" &&
        typeof value.epoch === "string" &&
        isObject(value.data)
        ? (value as unknown as EventMessage)
        : undefined;
    case "subscribed":
      return typeof value.channel === "string" &&
        (value.recovered === undefined || typeof value.recovered === "boolean")
        ? (value as unknown as SubscribedMessage)
        : undefined;
    case "error":
      return typeof value.code === "string" && typeof value.message === "string"
        ? (value as unknown as ServerMessage)
        : undefined;
    default:
      return null;
  }
}

/** A channel name or list, as a list without repeats; throws a TypeError on anything else. */
export function channelList(channels: string | readonly string[]): string[] {
  const list = typeof channels === "string" ? [channels] : [...channels];
  for (const name of list) {
    if (typeof name !== "string" || name.length === 0) {
      throw new TypeError("a channel is a non-empty string, such as football.live");
    }
  }
  return [...new Set(list)];
}

/** Splits a list into the messages it needs (at most MAX_CHANNELS_PER_MESSAGE each). */
export function chunks<T>(list: readonly T[], size = MAX_CHANNELS_PER_MESSAGE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The protocol takes one channel or a non-empty list; callers never send an empty one. */
function nonEmpty(channels: string[]): [string, ...string[]] {
  const [first, ...rest] = channels;
  if (first === undefined) throw new TypeError("a subscribe or unsubscribe needs a channel");
  return [first, ...rest];
}

export function subscribeMessage(channels: string[], id: number, since?: Since): string {
  const message: SubscribeMessage = { subscribe: nonEmpty(channels), id };
  if (since !== undefined) message.since = { offset: since.offset, epoch: since.epoch };
  return JSON.stringify(message);
}

export function unsubscribeMessage(channels: string[]): string {
  const message: UnsubscribeMessage = { unsubscribe: nonEmpty(channels) };
  return JSON.stringify(message);
}
