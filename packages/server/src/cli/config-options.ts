/** Adds configuration flags to a command and turns a command's options into a Config. */
import { type Command, Option } from "commander";
import { type Config, ConfigError, type FlagValues, loadConfig, OPTIONS } from "../config/index.js";
import { terminal } from "./terminal.js";

const BOOLEAN_FLAGS = new Set(["demo", "webhook-allow-private", "read-cache", "trust-proxy"]);

/** Adds `--flag <value>` for each option (all of them when `only` is omitted). */
export function withConfigOptions(command: Command, only?: ReadonlyArray<keyof Config>): Command {
  for (const spec of OPTIONS) {
    if (only !== undefined && !only.includes(spec.key)) continue;
    const flags = BOOLEAN_FLAGS.has(spec.flag) ? `--${spec.flag} [bool]` : `--${spec.flag} <value>`;
    const help = `${spec.description} [env ${spec.env}${spec.defaultRaw ? `, default ${spec.defaultRaw}` : ""}]`;
    command.addOption(new Option(flags, help));
  }
  return command;
}

/** Parses the configuration, or prints every problem and exits with status 2. */
export function configFromCommand(command: Command): Config {
  const opts = command.opts<Record<string, string | boolean | undefined>>();
  const flags: FlagValues = {};
  for (const spec of OPTIONS) {
    const camel = spec.flag.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
    if (opts[camel] !== undefined) flags[spec.flag] = opts[camel];
  }
  try {
    return loadConfig(terminal().env, flags);
  } catch (error) {
    if (error instanceof ConfigError) {
      terminal().stderr.write(`scoreline: ${error.message}\n`);
      terminal().exit(2);
    }
    throw error;
  }
}
