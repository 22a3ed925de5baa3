/**
 * The sample world loading in the background while the roles already serve (ADR-0052): a claim
 * (or a resume) is planned at once, then the world is generated and written part by part on a
 * worker thread with its own connection, so the event loop keeps answering; readers see each
 * sport as soon as its part commits. An in-memory SQLite store cannot be shared with a thread:
 * it is loaded in this thread, a part at a time, yielding between parts.
 */
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Logger } from "pino";
import type { Store } from "../store/database.js";
import { loadSampleParts, type SampleLoadPlan, type SeedReport } from "./load-sample-world.js";

interface PartMessage {
  type: "part";
  name: string;
  rows: number;
  index: number;
  total: number;
}
type WorkerMessage = PartMessage | { type: "done"; report: SeedReport };

export class WorldLoad {
  /** Resolves when the world is whole (null: there was nothing to load); rejects if loading failed. */
  readonly done: Promise<SeedReport | null>;
  private readonly ready: string[] = [];
  private total = 0;
  private failure: Error | undefined;
  private finished = false;
  private begun = false;
  private stopped = false;
  /** Ends the loading thread, when there is one. */
  private halt: () => Promise<void> = async () => {};
  private settle: (run: Promise<SeedReport | null>) => void = () => {};

  constructor(
    readonly plan: SampleLoadPlan | null,
    private readonly run: (
      onPart: (part: PartMessage) => void,
      onHalt: (halt: () => Promise<void>) => void,
    ) => Promise<SeedReport | null>,
  ) {
    this.done = new Promise<Promise<SeedReport | null>>((resolve) => {
      this.settle = resolve;
    }).then((running) => running);
    // Whoever waits on `done` sees a failure; the load itself never ends the process.
    this.done.catch(() => {});
    if (plan === null) this.begin();
  }

  /** Starts loading (once): after the roles listen, so they start at full speed. */
  begin(): void {
    if (this.begun) return;
    this.begun = true;
    this.settle(
      this.run(
        (part) => {
          this.ready.push(part.name);
          this.total = part.total;
        },
        (halt) => {
          this.halt = halt;
        },
      ).then(
        (report) => {
          this.finished = true;
          return report;
        },
        (error: unknown) => {
          // Stopped at shutdown: the rest loads at the next start (the load resumes).
          if (this.stopped) return null;
          this.failure = error instanceof Error ? error : new Error(String(error));
          throw this.failure;
        },
      ),
    );
  }

  /** Stops loading (at shutdown); the next start resumes where it stood. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.halt();
  }

  /** What `/readyz` says while the world loads, undefined once it is whole (or failed). */
  pending(): string | undefined {
    if (this.finished || this.plan === null || this.failure !== undefined) return undefined;
    const sports = this.ready.filter((name) => name !== "shared");
    const of = this.total > 0 ? ` of ${this.total}` : "";
    const ready = sports.length > 0 ? ` (ready: ${sports.join(", ")})` : "";
    return `loading: ${this.ready.length}${of} parts${ready}`;
  }

  /** Rejects once loading has failed (for `/readyz`). */
  async check(): Promise<void> {
    if (this.failure !== undefined) throw this.failure;
  }
}

/**
 * The background load of what `plan` says is missing (planSampleLoad), started by `begin()`;
 * with no plan, a load that is already done.
 */
export function backgroundLoad(
  store: Store,
  url: string,
  plan: SampleLoadPlan | null,
  logger: Logger,
): WorldLoad {
  if (plan === null) return new WorldLoad(null, async () => null);
  const heard = (onPart: (part: PartMessage) => void) => (part: PartMessage) => {
    // The load's progress, a line a part (eleven in all).
    logger.info(
      { part: part.name, rows: part.rows, index: part.index, of: part.total },
      `sample world: ${part.name === "shared" ? "shared rows" : part.name} loaded (${part.index} of ${part.total})`,
    );
    onPart(part);
  };
  return new WorldLoad(plan, async (onPart, onHalt) => {
    const started = performance.now();
    const report =
      url === "sqlite::memory:"
        ? await loadHere(store, plan, heard(onPart))
        : await loadOnThread(url, plan, heard(onPart), onHalt);
    logger.info(
      { rows: report.rows, ms: Math.round(performance.now() - started), resumed: !plan.claimed },
      "sample world: loaded",
    );
    return report;
  });
}

async function loadHere(
  store: Store,
  plan: SampleLoadPlan,
  onPart: (part: PartMessage) => void,
): Promise<SeedReport> {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  // Let the roles start listening first: generating the world holds this thread for seconds.
  await turn();
  return await loadSampleParts(store, plan, (part) => onPart({ type: "part", ...part }), turn);
}

function loadOnThread(
  url: string,
  plan: SampleLoadPlan,
  onPart: (part: PartMessage) => void,
  onHalt: (halt: () => Promise<void>) => void,
): Promise<SeedReport> {
  const fromSources = extname(fileURLToPath(import.meta.url)) === ".ts";
  // The thread runs the same build as this module: compiled JavaScript, or the TypeScript
  // sources (`npm run dev`, a test run from its sources), which a thread loads only once tsx
  // is registered in it.
  const entry = new URL(`./seed-worker${fromSources ? ".ts" : ".js"}`, import.meta.url);
  const workerData = { url, plan };
  return new Promise((resolve, reject) => {
    const worker = fromSources
      ? new Worker(
          `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`,
          { eval: true, workerData },
        )
      : new Worker(entry, { workerData });
    onHalt(async () => {
      await worker.terminate();
    });
    let report: SeedReport | undefined;
    worker.on("message", (message: WorkerMessage) => {
      if (message.type === "part") onPart(message);
      else report = message.report;
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (report !== undefined) resolve(report);
      else reject(new Error(`the sample world's loader stopped (exit ${code}) before the end`));
    });
  });
}
