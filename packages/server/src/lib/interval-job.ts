/**
 * A job run every so often in the background, never two runs at once: a run still going when
 * the next is due is left to finish, and `stop` waits for it. The timer does not keep the
 * process alive. A run that did some work says what, and that is logged; a run that fails is
 * logged as a warning and the job simply runs again at the next interval (a rejection left to
 * the timer would be unhandled).
 */
import type { Logger } from "pino";

export interface IntervalJobOptions {
  /** What a run does, for the warning when one fails: "live log prune". */
  name: string;
  /** The message logged with a run's report when it did some work: "live log pruned". */
  done: string;
  logger: Logger;
  /** How often to run, ms (default one minute). */
  intervalMs?: number;
  /** One run: what it did, or undefined when there was nothing to do. */
  run: () => Promise<object | undefined>;
}

export class IntervalJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: IntervalJobOptions) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.runOnce().finally(() => {
        this.running = undefined;
      });
    }, this.options.intervalMs ?? 60_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async runOnce(): Promise<void> {
    const { name, done, logger, run } = this.options;
    try {
      const report = await run();
      if (report !== undefined) logger.info(report, done);
    } catch (error) {
      logger.warn({ err: error }, `${name} failed; retrying at the next interval`);
    }
  }
}
