/** The stream-fanout baseline: a bare `ws` server that sends the given text to every client. */
import type WebSocket from "ws";
import { WebSocketServer } from "ws";
import { answerParent } from "../lib/ipc.js";
import { ownCpu } from "../lib/process-cpu.js";
import { collectGarbage } from "./server-side.js";
import { wallNow } from "./settings.js";

export async function bareRole(): Promise<void> {
  const wss = new WebSocketServer({
    host: "127.0.0.1",
    port: 0,
    perMessageDeflate: false,
    clientTracking: false,
  });
  await new Promise((resolve) => wss.once("listening", resolve));
  const clients = new Set<WebSocket>();
  wss.on("connection", (ws) => {
    clients.add(ws);
    ws.on("close", () => clients.delete(ws));
    ws.on("error", () => {});
  });
  const { port } = wss.address() as { port: number };
  answerParent(
    { url: `ws://127.0.0.1:${port}/` },
    {
      memory: async () => {
        await collectGarbage();
        const m = process.memoryUsage();
        return {
          rss: m.rss,
          heapUsed: m.heapUsed,
          external: m.external,
          stats: { connections: clients.size, subscriptions: 0, messagesSent: 0, slowConsumers: 0 },
        };
      },
      cpu: () => ownCpu(),
      burst: async (args) => {
        const events = Number(args.events);
        const perTick = Number(args.perTick);
        const text = String(args.text);
        const start = wallNow();
        for (let i = 0; i < events; i += perTick) {
          for (let k = i; k < Math.min(events, i + perTick); k++) {
            for (const client of clients) client.send(text);
          }
          await new Promise((resolve) => setImmediate(resolve));
        }
        return { start };
      },
      close: async () => {
        for (const client of clients) client.terminate();
        await new Promise((resolve) => wss.close(resolve));
      },
    },
  );
}
