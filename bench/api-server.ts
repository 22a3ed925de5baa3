/**
 * The api role as the REST benchmark runs it: `api-server.ts <sqlite path> <auth on|off>
 * <limits memory|redis> <cache on|off> [<parameters rule on|off>]` (the rule is on unless the
 * search benchmark turns it off to measure it). Logs every request at info to stdout (the bench
 * sends it to a file), and prints `listening <port>` when ready.
 */
import { createLimitStore } from "../packages/server/src/adapters/limits/create-limit-store.js";
import { loadConfig } from "../packages/server/src/config/index.js";
import { buildApiHost } from "../packages/server/src/hosts/api-host.js";
import { createLogger } from "../packages/server/src/logger.js";
import { openStore } from "../packages/server/src/store/database.js";

const [path, auth, limits, cache, policy] = process.argv.slice(2);
const redisUrl =
  limits === "redis" ? (process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379") : undefined;
const store = openStore(`sqlite:${path}`);
const app = await buildApiHost({
  config: loadConfig({
    SCORELINE_READ_CACHE: cache ?? "on",
    // Load shedding's settings when the benchmark sets them (bench/overload.ts).
    ...Object.fromEntries(
      Object.entries(process.env).filter(
        (entry): entry is [string, string] =>
          entry[0].startsWith("SCORELINE_SHED_") || entry[0] === "SCORELINE_MAX_IN_FLIGHT",
      ),
    ),
  }),
  store,
  logger: createLogger("info"),
  limits: createLimitStore(redisUrl),
  auth: auth !== "off",
  paramPolicy: policy !== "off",
});
const address = await app.listen({ host: "127.0.0.1", port: 0 });
process.stderr.write(`listening ${new URL(address).port}\n`);
process.on("SIGTERM", () => {
  void app.close().then(() => store.close().then(() => process.exit(0)));
});
