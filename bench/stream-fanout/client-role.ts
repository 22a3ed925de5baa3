/** The stream-fanout clients: they connect, count what they receive, and time the live events. */
import WebSocket from "ws";
import { answerParent } from "../lib/ipc.js";
import { wallNow } from "./settings.js";

export function clientRole(): void {
  const sockets: WebSocket[] = [];
  let received = 0;
  let target = Number.POSITIVE_INFINITY;
  let reached: (() => void) | undefined;
  let reachedAt = 0;
  let last: Buffer | undefined;
  let latencies: Float64Array | undefined;
  let count = 0;
  let armedCpu = process.cpuUsage();
  const marker = Buffer.from('"bench_t":');

  const onMessage = (data: WebSocket.RawData) => {
    const at = wallNow();
    received++;
    const buffer = data as Buffer;
    last = buffer;
    if (latencies !== undefined) {
      const i = buffer.indexOf(marker);
      if (i >= 0) {
        const sent = Number.parseFloat(
          buffer.toString("latin1", i + marker.length, i + marker.length + 32),
        );
        if (count === latencies.length) {
          const grown = new Float64Array(latencies.length * 2);
          grown.set(latencies);
          latencies = grown;
        }
        latencies[count++] = at - sent;
      }
    }
    if (received >= target && reached !== undefined) {
      reachedAt = at;
      const fire = reached;
      reached = undefined;
      fire();
    }
  };

  const openOne = (url: string, waitFirst: boolean) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.on("error", reject);
      ws.once("unexpected-response", (_request, response) =>
        reject(new Error(`upgrade refused with ${response.statusCode}`)),
      );
      ws.once("open", () => {
        sockets.push(ws);
        if (!waitFirst) {
          ws.on("message", onMessage);
          resolve();
          return;
        }
        ws.once("message", () => {
          ws.on("message", onMessage);
          resolve();
        });
      });
    });

  answerParent(
    {},
    {
      connect: async (args) => {
        const url = String(args.url);
        const total = Number(args.count);
        const waitFirst = args.waitFirst === true;
        let next = 0;
        let failures = 0;
        const started = performance.now();
        const worker = async () => {
          while (next < total) {
            next++;
            try {
              await openOne(url, waitFirst);
            } catch {
              failures++;
            }
          }
        };
        await Promise.all(Array.from({ length: Number(args.concurrency) }, worker));
        return { open: sockets.length, failures, ms: performance.now() - started };
      },
      trim: async (args) => {
        const keep = Number(args.keep);
        const gone = sockets.splice(keep);
        await Promise.all(
          gone.map(
            (ws) =>
              new Promise((resolve) => {
                ws.once("close", resolve);
                ws.close();
              }),
          ),
        );
        return sockets.length;
      },
      arm: (args) => {
        armedCpu = process.cpuUsage();
        received = 0;
        reachedAt = 0;
        target = Number(args.perSocket) * sockets.length;
        return null;
      },
      wait: (args) =>
        new Promise((resolve) => {
          const answer = () => {
            clearTimeout(timer);
            reached = undefined;
            const cpu = process.cpuUsage(armedCpu);
            resolve({
              at: reachedAt || wallNow(),
              received,
              sample: last?.toString("utf8") ?? "",
              cpuMs: (cpu.user + cpu.system) / 1000,
            });
          };
          const timer = setTimeout(answer, Number(args.timeoutMs));
          if (received >= target) answer();
          else reached = answer;
        }),
      "arm-latency": () => {
        latencies = new Float64Array(1 << 16);
        count = 0;
        return null;
      },
      "collect-latency": () => {
        const out = latencies?.slice(0, count) ?? new Float64Array();
        latencies = undefined;
        return out;
      },
      close: () => {
        for (const ws of sockets) ws.terminate();
        return null;
      },
    },
  );
}
