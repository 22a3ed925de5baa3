/** A local webhook receiver on 127.0.0.1 that keeps each delivery's raw body and headers. */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Delivery {
  body: Buffer;
  headers: IncomingHttpHeaders;
}

export class Receiver {
  readonly deliveries: Delivery[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<Receiver> {
    let receiver: Receiver | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        receiver?.deliveries.push({ body: Buffer.concat(chunks), headers: req.headers });
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    receiver = new Receiver(server, `http://127.0.0.1:${port}/hooks`);
    return receiver;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
