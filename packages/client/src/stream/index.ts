/**
 * The live stream client: `connectStream(options)` opens a ScorelineStream, which subscribes,
 * resumes after drops with `since`, and yields typed events (docs/stream.md).
 */
import { ScorelineStream } from "./scoreline-stream.js";
import type { StreamOptions } from "./types.js";

/** Opens a stream (connecting starts at once; see ScorelineStream). */
export function connectStream(options: StreamOptions): ScorelineStream {
  return new ScorelineStream(options);
}

export { ScorelineStream, type SubscribeOptions } from "./scoreline-stream.js";
export {
  type ClientErrorCode,
  type ConnectionErrorCode,
  type ServerErrorCode,
  StreamError,
  type StreamErrorCode,
  type StreamErrorDetails,
} from "./stream-error.js";
export type {
  ClientMessage,
  ErrorMessage,
  EventMessage,
  GapReason,
  ReconnectOptions,
  ServerMessage,
  Since,
  StreamClose,
  StreamEvent,
  StreamEventMap,
  StreamGap,
  StreamOpen,
  StreamOptions,
  StreamReconnecting,
  StreamTimers,
  SubscribedMessage,
  SubscribeMessage,
  UnsubscribeMessage,
} from "./types.js";
export type { WebSocketConstructor, WebSocketLike } from "./websocket.js";
