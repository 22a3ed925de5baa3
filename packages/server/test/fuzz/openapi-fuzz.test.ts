/**
 * The OpenAPI fuzz in CI: requests generated with a fixed seed from the document each host
 * serves (`/v1/openapi.json` of the api and the sandbox host), sent over HTTP. Every answer:
 * no 5xx, `X-Request-Id`, and on every error (not 2xx/304) the envelope with `data: null`,
 * `error.code` and `error.request_id`. Memory stays flat: the heap after a second batch is
 * within a bound of the heap after the first. The larger run is `npm run bench fuzz`.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  type BatchReport,
  type FuzzTarget,
  failureClasses,
  fuzzBatch,
  heapAfterGc,
  startTargets,
} from "./fuzz-run.js";

const SEED = 20_261_126;
/** Requests per host and batch: two batches on two hosts stay well under a minute when loaded. */
const RUNS = 1_000;
/** Growth allowed between the batches' heaps: a second batch of the same size must not add it. */
const HEAP_SLACK_BYTES = 48 * 2 ** 20;

describe("OpenAPI fuzz (fixed seed)", () => {
  let targets: FuzzTarget[];
  let dispose: () => Promise<void>;
  before(async () => {
    ({ targets, dispose } = await startTargets());
  });
  after(async () => dispose?.());

  test("every route, adversarial values: no 5xx, the envelope and X-Request-Id; memory flat", async () => {
    const batch = async (offset: number) => {
      const reports: BatchReport[] = [];
      for (const [i, target] of targets.entries()) {
        reports.push(await fuzzBatch(target, { seed: SEED + offset + i, runs: RUNS }));
      }
      return reports;
    };
    const first = await batch(0);
    const heapFirst = heapAfterGc();
    const second = await batch(100);
    const heapSecond = heapAfterGc();

    const reports = [...first, ...second];
    const sent = reports.reduce((n, r) => n + r.requests, 0);
    assert.ok(sent > RUNS * 2 * targets.length, `${sent} requests`);
    const classes = failureClasses(reports.flatMap((r) => r.failures));
    assert.equal(classes.length, 0, `${classes.length} kinds of failure:\n${classes.join("\n")}`);
    const answered = new Set(reports.flatMap((r) => Object.keys(r.statuses)));
    assert.ok(
      answered.has("200") && answered.has("400") && answered.has("404"),
      [...answered].join(),
    );
    assert.ok(
      heapSecond - heapFirst < HEAP_SLACK_BYTES,
      `heap after the second batch ${mib(heapSecond)} MiB vs ${mib(heapFirst)} MiB after the first`,
    );
  });
});

function mib(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(1);
}
