/**
 * The background job behind the live log and sandbox history pruners: a run that did something
 * is logged, one that did nothing is not, one that fails is a warning and the next interval runs
 * again. The interval is driven by mocked timers, so nothing here waits on the clock.
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";
import { type Logger, pino } from "pino";
import { IntervalJob } from "../../src/lib/interval-job.js";

interface Line {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A pino logger whose lines are kept in `lines`. */
function capturingLogger() {
  const lines: Line[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** A job every second named "test prune", logging to `logger`. */
function everySecond(logger: Logger, run: () => Promise<object | undefined>): IntervalJob {
  return new IntervalJob({
    name: "test prune",
    done: "test pruned",
    logger,
    intervalMs: 1_000,
    run,
  });
}

/** Lets the job's pending promise callbacks run after a tick. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

describe("IntervalJob", () => {
  beforeEach(() => mock.timers.enable({ apis: ["setInterval"] }));
  afterEach(() => mock.timers.reset());

  test("a run that did some work is logged with its report; one that did nothing is not", async () => {
    const { logger, lines } = capturingLogger();
    const reports = [{ removed: 3 }, undefined];
    const job = everySecond(logger, async () => reports.shift());
    job.start();
    mock.timers.tick(1_000);
    await settle();
    mock.timers.tick(1_000);
    await settle();
    await job.stop();
    assert.equal(reports.length, 0, "ran once per interval");
    assert.deepEqual(
      lines.map(({ level, msg, removed }) => ({ level, msg, removed })),
      [{ level: 30, msg: "test pruned", removed: 3 }],
    );
  });

  test("a failed run is a warning, and the next interval runs again", async () => {
    const { logger, lines } = capturingLogger();
    let runs = 0;
    const job = everySecond(logger, async () => {
      runs++;
      if (runs === 1) throw new Error("database gone");
      return { removed: 1 };
    });
    job.start();
    mock.timers.tick(1_000);
    await settle();
    mock.timers.tick(1_000);
    await settle();
    await job.stop();
    assert.equal(runs, 2);
    assert.deepEqual(
      lines.map(({ level, msg }) => ({ level, msg })),
      [
        { level: 40, msg: "test prune failed; retrying at the next interval" },
        { level: 30, msg: "test pruned" },
      ],
    );
    assert.equal((lines[0]?.err as { message?: string })?.message, "database gone");
  });

  test("a run still going is not started again, and stop waits for it", async () => {
    const { logger } = capturingLogger();
    let runs = 0;
    let finish = () => {};
    let finished = false;
    const job = everySecond(logger, async () => {
      runs++;
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      finished = true;
      return undefined;
    });
    job.start();
    mock.timers.tick(1_000);
    mock.timers.tick(1_000);
    mock.timers.tick(1_000);
    await settle();
    assert.equal(runs, 1, "one run at a time");
    const stopped = job.stop();
    finish();
    await stopped;
    assert.equal(finished, true, "stop returned only after the run finished");
  });
});
