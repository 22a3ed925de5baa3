/**
 * The plumbing the account, key and plan commands share: configuration → plan table → migrated
 * store → the verb. Bad input (a bad flag value, an unknown plan, account or key) prints a message
 * naming the option on stderr and exits 2.
 */
import type { Command } from "commander";
import type { AccountsContext } from "../accounts/accounts-service.js";
import type { Config } from "../config/index.js";
import { systemClock } from "../lib/time.js";
import { openMigratedStore } from "./command-store.js";
import { configFromCommand, withConfigOptions } from "./config-options.js";
import { inputError, optionName, usageError } from "./usage-errors.js";

export interface CliContext extends AccountsContext {
  config: Config;
}

/**
 * Runs a verb with the configuration, the plan table and a migrated store. A `ServiceError` the
 * verb throws for bad input is reported against its option (`--plan: …`) with exit 2;
 * `notFoundOption` names the input a not-found error is about (`--account`, `<key-id>`).
 */
export async function withAccounts(
  command: Command,
  run: (ctx: CliContext) => Promise<void>,
  notFoundOption?: string,
): Promise<void> {
  const config = configFromCommand(command);
  const store = await openMigratedStore(config.databaseUrl);
  try {
    await run({
      store,
      clock: systemClock,
      plans: config.plans,
      passwordCost: config.passwordCost,
      config,
    });
  } catch (error) {
    const bad = inputError(error);
    if (bad === undefined) throw error;
    const option = bad.field !== undefined ? optionName(bad.field) : notFoundOption;
    usageError(option === undefined ? bad.message : `${option}: ${bad.message}`);
  } finally {
    await store.close();
  }
}

/** Every command of this family: `--database-url`, `--plans-file`, help after a usage error. */
export function cliCommand(command: Command, name: string): Command {
  withConfigOptions(command, ["databaseUrl", "plansFile"]);
  return command.showHelpAfterError(`(see scoreline ${name} --help)`);
}
