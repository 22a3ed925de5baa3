/**
 * The `stream` role: the WebSocket stream (docs/stream.md) on the stream port, fed by the
 * process's event bus. Keys are checked like the API's; connection counts are shared through
 * Redis when REDIS_URL is set. HTTPS/WSS when SCORELINE_TLS_CERT/KEY are set.
 */
import type { Logger } from "pino";
import { Authenticator } from "../accounts/authenticator.js";
import type { EventBus } from "../adapters/bus/event-bus.js";
import type { Config } from "../config/index.js";
import { systemClock } from "../lib/time.js";
import type { Store } from "../store/database.js";
import { type ConnectionSlots, MemoryConnectionSlots } from "../stream/connection-slots.js";
import { listenStream } from "../stream/listen.js";
import { RedisConnectionSlots } from "../stream/redis-connection-slots.js";
import { createStreamServer } from "../stream/stream-server.js";
import type { RunningRole } from "./api-role.js";

export async function startStreamRole(
  config: Config,
  store: Store,
  logger: Logger,
  live: { bus: EventBus },
  /** Connection counts shared with the api role in this process (memory mode); else its own. */
  shared?: ConnectionSlots,
): Promise<RunningRole> {
  const log = logger.child({ component: "stream" });
  const authenticator = new Authenticator(
    { store, clock: systemClock, plans: config.plans },
    "live",
  );
  const slots: ConnectionSlots =
    shared ??
    (config.redisUrl === undefined
      ? new MemoryConnectionSlots()
      : new RedisConnectionSlots({
          url: config.redisUrl,
          commandTimeoutMs: config.redisTimeoutMs,
          onError: (error) => log.error({ err: error }, "stream: connection counter error"),
        }));
  const stream = await createStreamServer({
    store,
    bus: live.bus,
    logger: log,
    clock: systemClock,
    authenticator,
    slots,
  });
  const tls = config.tls;
  const listener = await listenStream(stream, {
    host: config.host,
    port: config.streamPort,
    ...(tls ? { tls } : {}),
  });
  logger.info({ role: "stream", url: listener.url }, `stream listening on ${listener.url}`);
  return {
    name: "stream",
    url: listener.url,
    close: async () => {
      await listener.close();
      await slots.close();
    },
  };
}
