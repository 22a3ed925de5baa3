/**
 * `scoreline feed <file|->`: feed messages (JSON object, JSON array or NDJSON) straight into the
 * main store, the same way POST /admin/v1/feed does. With REDIS_URL the domain events reach every
 * running node's bus; without it they are in the durable log only (running processes of an
 * embedded deployment hear them when fed through POST /admin/v1/feed instead).
 * Prints a summary (one JSON object with `--json`) and every rejection to stderr; exits 1 when
 * any message was rejected, 2 when the input cannot be read at all.
 */
import { readFile } from "node:fs/promises";
import { Command } from "commander";
import { systemClock } from "../lib/time.js";
import type { IngestReport } from "../live/feed-ingestor.js";
import { FeedBodyError, parseFeedText } from "../live/parse-feed.js";
import { assertReadablePaths } from "./command-failure.js";
import { openMigratedStore } from "./command-store.js";
import { configFromCommand, withConfigOptions } from "./config-options.js";
import { terminal } from "./terminal.js";

export function feedCommand(): Command {
  const command = new Command("feed")
    .description("apply feed messages (JSON, JSON array or NDJSON) from a file or - for stdin")
    .argument("<file>", "a file, or - to read standard input")
    .option("--json", "machine-readable report (every message's result)");
  withConfigOptions(command, [
    "databaseUrl",
    "redisUrl",
    "oddsMoveThreshold",
    "webhookRetrySchedule",
  ]);
  return command.action(async (file: string, options: { json?: boolean }) => {
    const config = configFromCommand(command);
    let text: string;
    if (file !== "-") assertReadablePaths([file]);
    try {
      text = file === "-" ? await readStdin() : await readFile(file, "utf8");
    } catch (error) {
      terminal().stderr.write(`scoreline: cannot read ${file}: ${(error as Error).message}\n`);
      terminal().exitCode = 2;
      return;
    }
    let items: ReturnType<typeof parseFeedText>;
    try {
      items = parseFeedText(text);
    } catch (error) {
      if (!(error instanceof FeedBodyError)) throw error;
      terminal().stderr.write(`scoreline: ${file}: ${error.message}\n`);
      terminal().exitCode = 2;
      return;
    }
    const [store, { createEventBus }, { ingestorWithOutbox }] = await Promise.all([
      openMigratedStore(config.databaseUrl),
      import("../adapters/bus/create-event-bus.js"),
      import("../webhooks/ingestor-with-outbox.js"),
    ]);
    const bus = createEventBus(config.redisUrl, (error) =>
      terminal().stderr.write(`scoreline: event bus: ${(error as Error).message}\n`),
    );
    try {
      const ingestor = ingestorWithOutbox(config, store, bus, systemClock);
      const report = await ingestor.ingest(items);
      for (const result of report.results) {
        if (result.status !== "rejected") continue;
        const where = result.error.field ? ` ${result.error.field}:` : "";
        terminal().stderr.write(
          `scoreline: message ${result.index}${where} ${result.error.message}\n`,
        );
      }
      terminal().stdout.write(options.json ? `${JSON.stringify(report)}\n` : summaryText(report));
      if (report.rejected > 0) terminal().exitCode = 1;
    } finally {
      await bus.close();
      await store.close();
    }
  });
}

function summaryText(report: IngestReport): string {
  return (
    `${report.received} messages: ${report.applied} applied, ${report.duplicates} duplicates, ` +
    `${report.rejected} rejected; ${report.events} domain events.\n`
  );
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of terminal().stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
