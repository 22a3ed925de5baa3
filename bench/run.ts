/**
 * `npm run bench [name…]`: runs the named benchmarks (all by default) and prints their results
 * as Markdown for docs/PERFORMANCE.md. Each benchmark measures its baseline in the same run.
 */
import { cpus, totalmem } from "node:os";
import { cliStartupBench } from "./cli-startup.js";
import { feedIngestBench } from "./feed-ingest.js";
import { fuzzBench } from "./fuzz.js";
import { historyExportBench } from "./history-export.js";
import { importBench } from "./import.js";
import { microBench } from "./micro.js";
import { overloadBench } from "./overload.js";
import { restApiBench } from "./rest-api.js";
import { sampleLoadBench } from "./sample-load.js";
import { searchBench } from "./search.js";
import { startupBench } from "./startup.js";
import { streamFanoutBench } from "./stream-fanout.js";
import { webhookDeliveryBench } from "./webhook-delivery.js";
import { worldDayBench } from "./world-day.js";

const BENCHES: Record<string, () => Promise<string>> = {
  "sample-load": sampleLoadBench,
  "rest-api": restApiBench,
  "history-export": historyExportBench,
  import: importBench,
  overload: overloadBench,
  "feed-ingest": feedIngestBench,
  "webhook-delivery": webhookDeliveryBench,
  "stream-fanout": streamFanoutBench,
  micro: microBench,
  fuzz: fuzzBench,
  search: searchBench,
  "world-day": worldDayBench,
  "cli-startup": cliStartupBench,
  startup: startupBench,
};

const wanted = process.argv.slice(2);
const names = wanted.length > 0 ? wanted : Object.keys(BENCHES);
const unknown = names.filter((n) => !(n in BENCHES));
if (unknown.length > 0) {
  process.stderr.write(
    `unknown benchmark(s): ${unknown.join(", ")}; known: ${Object.keys(BENCHES).join(", ")}\n`,
  );
  process.exit(2);
}

const cpu = cpus()[0]?.model ?? "unknown CPU";
process.stdout.write(
  `Machine: ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}\n\n`,
);
for (const name of names) {
  const bench = BENCHES[name];
  if (bench === undefined) continue;
  process.stdout.write(`## ${name}\n\n${await bench()}\n`);
}
