/**
 * Puts a stream server on its own HTTP (or HTTPS, for WSS) listener: the stream role, tests
 * and benchmarks. Port 0 picks a free port; `url` is the stream URL (`ws://host:port`).
 */
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { StreamServer } from "./stream-server.js";

export interface StreamListener {
  url: string;
  port: number;
  server: Server;
  /** Closes the stream server (1001 to every client), then the listener. */
  close(): Promise<void>;
}

export async function listenStream(
  stream: StreamServer,
  options: { host: string; port: number; tls?: { cert: Buffer; key: Buffer } },
): Promise<StreamListener> {
  const server: Server = options.tls
    ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key })
    : createHttpServer();
  server.on("request", stream.handleRequest);
  server.on("upgrade", stream.handleUpgrade);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `${options.tls ? "wss" : "ws"}://${host}:${port}`,
    port,
    server,
    close: async () => {
      await stream.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
