/**
 * The export of a large selection: over a real socket memory stays flat on a body far larger
 * than the bound; the event loop stays available; a store failure is an error envelope before
 * the first byte and an aborted download after.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyBaseLogger } from "fastify";
import type { KyselyPlugin } from "kysely";
import type { App } from "../../src/http/app-type.js";
import { installErrorHandling } from "../../src/http/error-handler.js";
import { installHttpCache } from "../../src/http/http-cache/install-http-cache.js";
import { historyRoutes } from "../../src/http/routes/v1/history.js";
import { ErrorEnvelope } from "../../src/http/schemas/common.js";
import { createLogger } from "../../src/logger.js";
import { exportHistory } from "../../src/services/history/export.js";
import type { Store } from "../../src/store/database.js";
import { testClock } from "../helpers/clock.js";
import { createTestStore, type TestStore } from "../helpers/stores.js";
import { writeHistory } from "./synthetic-history.js";

const LARGE = 100_000;
const MB = 2 ** 20;
const HEAP_BOUND = 40 * MB;
const URL_PATH = "/v1/football/history/matches?format=ndjson";

describe("history export over a real port (SQLite)", () => {
  let t: TestStore;
  before(async () => {
    t = await createTestStore("sqlite");
    await writeHistory(t.store, LARGE, { keepExpected: false });
  });
  after(async () => {
    await t?.dispose();
  });

  test("memory stays flat while exporting a selection larger than the bound", async () => {
    const { app, base } = await listening(t.store);
    try {
      const gc = obtainGc();
      gc?.();
      const baseline = process.memoryUsage().heapUsed;
      let peak = baseline;
      // With a collector at hand, sample the live heap (after a collection) every 200 ms: what
      // the export retains, not the garbage it leaves for later.
      const sampler = setInterval(
        () => {
          gc?.();
          peak = Math.max(peak, process.memoryUsage().heapUsed);
        },
        gc ? 200 : 50,
      );
      let bytes = 0;
      let lines = 0;
      try {
        const response = await fetch(`${base}${URL_PATH}`);
        assert.equal(response.status, 200);
        assert.ok(response.body);
        for await (const chunk of response.body) {
          bytes += chunk.byteLength;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        }
      } finally {
        clearInterval(sampler);
      }
      const growth = peak - baseline;
      assert.equal(lines, LARGE);
      assert.ok(bytes > 60 * MB, `the body (${mb(bytes)}) must exceed what a buffered export fits`);
      // Without a collector, garbage counts too: only bound it by what buffering would retain.
      const bound = gc ? HEAP_BOUND : 2 * bytes;
      assert.ok(
        growth < bound,
        `heap grew ${mb(growth)} during a ${mb(bytes)} export (bound ${mb(bound)})`,
      );
    } finally {
      await app.close();
    }
  });

  test("a long export leaves the event loop to others between batches", async () => {
    const ctx = { store: t.store, clock: testClock };
    const { chunks } = await exportHistory(ctx, "football", {}, "ndjson");
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    let rows = 0;
    try {
      for await (const chunk of chunks) rows += chunk.split("\n").length - 1;
    } finally {
      clearInterval(timer);
    }
    assert.equal(rows, LARGE);
    // SQLite answers synchronously: without a yield per batch no timer would run at all.
    assert.ok(ticks >= 20, `a 5 ms timer ran ${ticks} times during the export`);
  });

  test("a store failure before the first batch is an error envelope", async () => {
    const { app, base } = await listening(failingStore(t.store, 1));
    try {
      const response = await fetch(`${base}${URL_PATH}`);
      assert.equal(response.status, 500);
      assert.equal(response.headers.get("content-disposition"), null);
      const body = (await response.json()) as { error: { code: string } };
      assert.equal(body.error.code, "internal_error");
    } finally {
      await app.close();
    }
  });

  test("a store failure after the response started aborts the download and is logged", async () => {
    const logged: string[] = [];
    const { app, base } = await listening(failingStore(t.store, 3), logged);
    try {
      const response = await fetch(`${base}${URL_PATH}`);
      assert.equal(response.status, 200);
      await assert.rejects(response.text(), "a truncated export must not end cleanly");
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.ok(
        logged.some((line) => line.includes("history export failed after the response started")),
        logged.join("\n"),
      );
    } finally {
      await app.close();
    }
  });

  test("a compressed export streams whole; one that fails part-way never ends cleanly", async () => {
    for (const coding of ["gzip", "br"]) {
      const whole = await listening(t.store, undefined, true);
      try {
        const response = await fetch(`${whole.base}${URL_PATH}`, {
          headers: { "accept-encoding": coding },
        });
        assert.equal(response.headers.get("content-encoding"), coding);
        const text = await response.text(); // fetch decompresses
        assert.equal(text.split("\n").length - 1, LARGE, coding);
      } finally {
        await whole.app.close();
      }
      const { app, base } = await listening(failingStore(t.store, 3), [], true);
      try {
        const response = await fetch(`${base}${URL_PATH}`, {
          headers: { "accept-encoding": coding },
        });
        // The failure may come before the compressor has let out its first byte: then nothing
        // was sent and the answer is the error envelope, uncompressed. Either way the client
        // cannot mistake the result for a whole download.
        if (response.status === 200) {
          assert.equal(response.headers.get("content-encoding"), coding);
          await assert.rejects(
            response.text(),
            `a truncated ${coding} export must not end cleanly`,
          );
        } else {
          assert.equal(response.status, 500);
          assert.equal(response.headers.get("content-encoding"), null);
          assert.equal(response.headers.get("content-disposition"), null);
          const body = (await response.json()) as { error: { code: string } };
          assert.equal(body.error.code, "internal_error");
        }
      } finally {
        await app.close();
      }
    }
  });
});

/**
 * The history route alone on a real port, with the product's error handling (and, with
 * `compress`, its HTTP caching and compression): what is under test is the export path,
 * independent of authentication and the other routes.
 */
async function listening(
  store: Store,
  logged?: string[],
  compress = false,
): Promise<{ app: App; base: string }> {
  const destination = { write: (line: string) => void logged?.push(line) };
  const logger = createLogger(logged ? "error" : "silent", destination);
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    ajv: { customOptions: { allErrors: true, coerceTypes: true } },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;
  app.addSchema(ErrorEnvelope);
  installErrorHandling(app, testClock);
  if (compress) installHttpCache(app);
  historyRoutes(app, { store, clock: testClock });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, base };
}

/** The same store, whose `failAt`-th query (from now on) throws. */
function failingStore(store: Store, failAt: number): Store {
  let queries = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      queries++;
      if (queries === failAt) throw new Error("the disk is on fire");
      return args.result;
    },
  };
  return { ...store, db: store.db.withPlugin(plugin), close: async () => {} };
}

/** `global.gc` when exposed (`--expose-gc`); otherwise V8's, enabled at run time if it allows. */
function obtainGc(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed !== undefined) return exposed;
  try {
    setFlagsFromString("--expose-gc");
    return runInNewContext("gc") as () => void;
  } catch {
    return undefined;
  }
}

function mb(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}
