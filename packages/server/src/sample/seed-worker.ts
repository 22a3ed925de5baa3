/**
 * The thread that loads the sample world in the background (world-load.ts): its own connection
 * to the store, the generation and the writes, part by part, each reported to the parent as it
 * commits. Nothing here touches the parent's event loop.
 */
import { parentPort, workerData } from "node:worker_threads";
import { openStore } from "../store/database.js";
import { loadSampleParts, type SampleLoadPlan } from "./load-sample-world.js";

const { url, plan } = workerData as { url: string; plan: SampleLoadPlan };
const store = openStore(url, { poolSize: 2 });
try {
  const report = await loadSampleParts(store, plan, (part) =>
    parentPort?.postMessage({ type: "part", ...part }),
  );
  parentPort?.postMessage({ type: "done", report });
} finally {
  await store.close();
}
