/** `client.stream`: connections to the live stream with this client's key and stream URL. */
import {
  connectStream,
  type ScorelineStream,
  type StreamOptions,
  type WebSocketConstructor,
} from "../stream/index.js";

/** What `connect` takes: the channels and reconnection settings; the URL and key are the client's. */
export type StreamConnectOptions = Omit<StreamOptions, "url" | "apiKey">;

interface StreamDefaults {
  url: string;
  apiKey: string | undefined;
  WebSocket: WebSocketConstructor | undefined;
}

export class Stream {
  readonly #defaults: StreamDefaults;

  constructor(defaults: StreamDefaults) {
    this.#defaults = defaults;
  }

  /**
   * Opens a stream connection: `{ channels: ["football.live"] }`. It reconnects by itself and
   * resumes every channel from its last offset, so a dropped connection loses nothing within
   * the retained history (a `gap` event says when it could not).
   */
  connect(options: StreamConnectOptions = {}): ScorelineStream {
    const { url, apiKey, WebSocket } = this.#defaults;
    return connectStream({
      ...(WebSocket === undefined ? {} : { WebSocket }),
      ...options,
      url,
      ...(apiKey === undefined ? {} : { apiKey }),
    });
  }
}
