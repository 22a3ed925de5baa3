/**
 * `scoreline openapi [--host live|sandbox] [--out <file>]`: the OpenAPI document a host serves
 * at /v1/openapi.json, for SDK generators and the lint of `npm run check:openapi`. The host is
 * built with the default configuration over an in-memory SQLite store and never listens, so
 * the command needs no database, Redis or network; the environment cannot change the document.
 */
import { writeFile } from "node:fs/promises";
import { Command, Option } from "commander";
import type { Host } from "./openapi-document.js";
import { terminal } from "./terminal.js";

const HOSTS: readonly Host[] = ["live", "sandbox"];

export function openapiCommand(): Command {
  const command = new Command("openapi")
    .description("print the OpenAPI document of the api (or sandbox) host; needs no database")
    .addOption(new Option("--host <host>", "which host's document").choices(HOSTS).default("live"))
    .option("--out <file>", "write to this file instead of stdout")
    .showHelpAfterError("(see scoreline openapi --help)");
  return command.action(async (options: { host: Host; out?: string }) => {
    const { openApiDocument } = await import("./openapi-document.js");
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
