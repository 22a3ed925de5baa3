/**
 * `scoreline openapi [--host live|sandbox] [--out <file>]`: the OpenAPI document a host serves
 * at /v1/openapi.json, for SDK generators and the lint of `npm run check:openapi`. The host is
 * built with the default configuration over an in-memory SQLite store and never listens, so
 * the command needs no database, Redis or network; the environment cannot change the document.
 */
import { writeFile } from "node:fs/promises";
import { Command, Option } from "commander";
import { MemoryEventBus } from "../adapters/bus/memory-bus.js";
import { loadConfig } from "../config/index.js";
import { buildApiHost } from "../hosts/api-host.js";
import { buildSandboxHost } from "../hosts/sandbox-host.js";
import type { App } from "../http/app-type.js";
import { systemClock } from "../lib/time.js";
import { createLogger } from "../logger.js";
import { openStore, type Store } from "../store/database.js";
import { migrate } from "../store/migrate.js";
import { ingestorWithOutbox } from "../webhooks/ingestor-with-outbox.js";
import { terminal } from "./terminal.js";

const HOSTS = ["live", "sandbox"] as const;
type Host = (typeof HOSTS)[number];

export function openapiCommand(): Command {
  const command = new Command("openapi")
    .description("print the OpenAPI document of the api (or sandbox) host; needs no database")
    .addOption(new Option("--host <host>", "which host's document").choices(HOSTS).default("live"))
    .option("--out <file>", "write to this file instead of stdout")
    .showHelpAfterError("(see scoreline openapi --help)");
  return command.action(async (options: { host: Host; out?: string }) => {
    const text = `${JSON.stringify(await openApiDocument(options.host), null, 2)}\n`;
    if (options.out === undefined) {
      terminal().stdout.write(text);
      return;
    }
    try {
      await writeFile(options.out, text);
    } catch (error) {
      terminal().stderr.write(
        `scoreline: cannot write ${options.out}: ${(error as Error).message}\n`,
      );
      terminal().exitCode = 1;
      return;
    }
    terminal().stderr.write(`Wrote ${options.out}\n`);
  });
}

async function openApiDocument(host: Host): Promise<unknown> {
  const store = openStore("sqlite::memory:");
  try {
    await migrate(store);
    const app = await buildHost(host, store);
    try {
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    await store.close();
  }
}

/** The host as its role builds it, over `store`, with nothing from the environment. */
function buildHost(host: Host, store: Store): Promise<App> {
  const config = loadConfig({});
  const deps = { config, store, logger: createLogger("silent"), clock: systemClock };
  if (host === "live") return buildApiHost(deps);
  const bus = new MemoryEventBus();
  const ingestor = ingestorWithOutbox(config, store, bus, systemClock);
  return buildSandboxHost({ ...deps, ingestor, accountsStore: store });
}
