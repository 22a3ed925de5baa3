/**
 * `scoreline serve`: the command's definition. What it does is in serve-run.ts, loaded when the
 * command runs, so that `scoreline --help` and every other command start without the server.
 */
import { Command } from "commander";
import { configFromCommand, withConfigOptions } from "./config-options.js";

export function serveCommand(): Command {
  const command = new Command("serve").description(
    "run the service: every role by default (--roles picks a subset)",
  );
  withConfigOptions(command);
  return command.action(async () => {
    const config = configFromCommand(command);
    const { serve } = await import("./serve-run.js");
    await serve(config);
  });
}
