/**
 * `scoreline accounts create|list`: customer accounts, each with a plan and, by agreement, custom
 * limits. Bad input prints a message naming the option on stderr and exits 2.
 */
import { Command, InvalidArgumentError } from "commander";
import { createAccount, listAccounts } from "../accounts/accounts-service.js";
import type { CustomLimits } from "../config/plans.js";
import { cliCommand, withAccounts } from "./accounts-context.js";
import { print, printJson, printTable } from "./output.js";
import { positiveInteger, usageErrorsExit2 } from "./usage-errors.js";

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
      const accounts = await listAccounts(ctx);
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

/** Commander turns a parsed null into "", so unlimited stays a word until `customLimits`. */
function monthlyQuota(value: string): number | "unlimited" {
  if (value.trim().toLowerCase() === "unlimited") return "unlimited";
  try {
    return positiveInteger(value);
  } catch {
    throw new InvalidArgumentError("must be a positive integer or `unlimited`.");
  }
}
