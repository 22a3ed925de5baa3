/**
 * `scoreline accounts create|list`, and the plumbing the account, key and plan commands share:
 * configuration → plan table → migrated store → the verb. Bad input (a bad flag value, an unknown
 * plan, account or key) prints a message naming the option on stderr and exits 2.
 */
import { Command, type CommanderError, InvalidArgumentError } from "commander";
import {
  type AccountsContext,
  createAccount,
  presentAccount,
} from "../accounts/accounts-service.js";
import { type CustomLimits, loadPlans, type Plan } from "../accounts/plans.js";
import type { Config } from "../config/index.js";
import { ApiError } from "../http/errors.js";
import { systemClock } from "../lib/time.js";
import { openStore } from "../store/database.js";
import { migrate } from "../store/migrate.js";
import { configFromCommand, withConfigOptions } from "./config-options.js";

export interface CliContext extends AccountsContext {
  config: Config;
}

interface CreateOptions {
  email: string;
  plan?: string;
  requestsPerMinute?: number;
  requestsPerMonth?: number | "unlimited";
  websocketConnections?: number;
  json?: boolean;
}

export function accountsCommand(): Command {
  return usageErrorsExit2(
    new Command("accounts")
      .description("customer accounts: each has a plan and, by agreement, custom limits")
      .addCommand(createCommand())
      .addCommand(listCommand()),
  );
}

function createCommand(): Command {
  const command = new Command("create")
    .description("create an account (custom limits are for enterprise agreements)")
    .requiredOption("--email <email>", "the account's email address (unique)")
    .option("--plan <plan>", "plan name (see `scoreline plans`)", "free")
    .option("--requests-per-minute <n>", "custom per-minute limit", positiveInteger)
    .option("--requests-per-month <n>", "custom monthly quota, or `unlimited`", monthlyQuota)
    .option("--websocket-connections <n>", "custom WebSocket connection limit", positiveInteger)
    .option("--json", "machine-readable output");
  cliCommand(command, "accounts create");
  return command.action((options: CreateOptions) =>
    withAccounts(command, async (ctx) => {
      const account = await createAccount(ctx, {
        email: options.email,
        plan: options.plan,
        limits: customLimits(options),
      });
      if (options.json) return printJson(account);
      const limits = Object.entries(account.limits).map(([k, v]) => `${k}=${v ?? "unlimited"}`);
      print(`Created account ${account.id} (${account.email}) on the ${account.plan} plan.`);
      if (limits.length > 0) print(`Custom limits: ${limits.join(", ")}.`);
      print(`Next: scoreline keys create --account ${account.email}`);
    }),
  );
}

function listCommand(): Command {
  const command = new Command("list")
    .description("list accounts, oldest first")
    .option("--json", "machine-readable output");
  cliCommand(command, "accounts list");
  return command.action((options: { json?: boolean }) =>
    withAccounts(command, async (ctx) => {
      const rows = await ctx.store.db
        .selectFrom("accounts")
        .selectAll()
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      const accounts = rows.map(presentAccount);
      if (options.json) return printJson({ accounts });
      if (accounts.length === 0) return print("No accounts.");
      printTable(
        ["ID", "EMAIL", "PLAN", "LIMITS", "CREATED"],
        accounts.map((a) => [a.id, a.email, a.plan, limitsText(a.limits), a.created_at]),
      );
    }),
  );
}

function customLimits(options: CreateOptions): CustomLimits | undefined {
  const limits: CustomLimits = {};
  if (options.requestsPerMinute !== undefined)
    limits.requests_per_minute = options.requestsPerMinute;
  if (options.requestsPerMonth !== undefined) {
    limits.requests_per_month =
      options.requestsPerMonth === "unlimited" ? null : options.requestsPerMonth;
  }
  if (options.websocketConnections !== undefined) {
    limits.websocket_connections = options.websocketConnections;
  }
  return Object.keys(limits).length > 0 ? limits : undefined;
}

function limitsText(limits: CustomLimits): string {
  const entries = Object.entries(limits).map(([k, v]) => `${k}=${v ?? "unlimited"}`);
  return entries.length > 0 ? entries.join(",") : "-";
}

/**
 * Runs a verb with the configuration, the plan table and a migrated store. An `ApiError` the
 * verb throws for bad input (4xx) is reported against its option (`--plan: …`) with exit 2;
 * `notFoundOption` names the input a not-found error is about (`--account`, `<key-id>`).
 */
export async function withAccounts(
  command: Command,
  run: (ctx: CliContext) => Promise<void>,
  notFoundOption?: string,
): Promise<void> {
  const config = configFromCommand(command);
  let plans: Record<string, Plan>;
  try {
    plans = loadPlans(config.plansFile);
  } catch (error) {
    return usageError(`--plans-file: ${(error as Error).message}`);
  }
  const store = openStore(config.databaseUrl);
  try {
    await migrate(store);
    await run({ store, clock: systemClock, plans, config });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const option = error.field !== undefined ? optionName(error.field) : notFoundOption;
    usageError(option === undefined ? error.message : `${option}: ${error.message}`);
  } finally {
    await store.close();
  }
}

/** `expires_at` → `--expires-at`. */
function optionName(field: string): string {
  return `--${field.replace(/_/g, "-")}`;
}

/** Prints the message and sets exit status 2 (the caller returns; the store still closes). */
export function usageError(message: string): void {
  process.stderr.write(`scoreline: ${message}\n`);
  process.exitCode = 2;
}

/** Every command of this family: `--database-url`, `--plans-file`, usage errors exit 2. */
export function cliCommand(command: Command, name: string): Command {
  withConfigOptions(command, ["databaseUrl", "plansFile"]);
  return usageErrorsExit2(command.showHelpAfterError(`(see scoreline ${name} --help)`));
}

/** Help exits 0; every usage error (missing option, bad value, unknown command) exits 2. */
export function usageErrorsExit2(command: Command): Command {
  return command.exitOverride((error: CommanderError) => {
    process.exit(error.exitCode === 0 ? 0 : 2);
  });
}

export function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError("must be a positive integer.");
  }
  return Number(value);
}

/** Commander turns a parsed null into "", so unlimited stays a word until `customLimits`. */
function monthlyQuota(value: string): number | "unlimited" {
  if (value.trim().toLowerCase() === "unlimited") return "unlimited";
  try {
    return positiveInteger(value);
  } catch {
    throw new InvalidArgumentError("must be a positive integer or `unlimited`.");
  }
}

export function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

/** Left-aligned columns separated by two spaces. */
export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  print([line(headers), ...rows.map(line)].join("\n"));
}
