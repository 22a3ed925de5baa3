/**
 * The baseline of the REST benchmark: a bare node:http server that answers every request with
 * the same JSON body (read from the file named in argv), as cheaply as Node can.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.argv[2] ?? "", "utf8");
const length = Buffer.byteLength(body);
const server = createServer((_request, response) => {
  response.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "content-length": length,
  });
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address !== null && typeof address === "object")
    process.stdout.write(`listening ${address.port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
