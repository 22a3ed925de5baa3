/**
 * `scoreline accounts create|list|set-plan|set-password`: customer accounts, each with a plan
 * and, by agreement, custom limits; a dashboard password for accounts an operator made. Bad input
 * prints a message naming the option on stderr and exits 2.
 */
import { Command, InvalidArgumentError } from "commander";
import { createAccount, listAccounts, setAccountPlan } from "../accounts/accounts-service.js";
import { setPassword } from "../accounts/dashboard-accounts.js";
import type { CustomLimits } from "../config/plans.js";
import { ServiceError } from "../errors/service-error.js";
import { cliCommand, withAccounts } from "./accounts-context.js";
import { print, printJson, printTable } from "./output.js";
import { terminal } from "./terminal.js";
import { positiveInteger } from "./usage-errors.js";

interface CreateOptions {
  email: string;
  plan?: string;
  requestsPerMinute?: number;
  requestsPerMonth?: number | "unlimited";
  websocketConnections?: number;
  json?: boolean;
}

export function accountsCommand(): Command {
  return new Command("accounts")
    .description("customer accounts: each has a plan and, by agreement, custom limits")
    .addCommand(createCommand())
    .addCommand(listCommand())
    .addCommand(setPlanCommand())
    .addCommand(setPasswordCommand());
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

function setPlanCommand(): Command {
  const command = new Command("set-plan")
    .description("move an account (and its keys) to another plan")
    .argument("<account>", "account id or email")
    .argument("<plan>", "plan name (see `scoreline plans`)")
    .option("--json", "machine-readable output");
  cliCommand(command, "accounts set-plan");
  return command.action((ref: string, plan: string, options: { json?: boolean }) =>
    withAccounts(
      command,
      async (ctx) => {
        const account = await setAccountPlan(ctx, ref, plan);
        if (options.json) return printJson(account);
        print(`Account ${account.id} (${account.email}) is on the ${account.plan} plan now.`);
      },
      "<account>",
    ),
  );
}

function setPasswordCommand(): Command {
  const command = new Command("set-password")
    .description(
      "set the dashboard password of an account (read from standard input, first line); ends its sessions",
    )
    .argument("<account>", "account id or email");
  cliCommand(command, "accounts set-password");
  return command.action((ref: string) =>
    withAccounts(
      command,
      async (ctx) => {
        const password = await readPassword();
        const account = await setPassword(ctx, ref, password).catch((error: unknown) => {
          // The password comes from standard input, not from an option.
          if (error instanceof ServiceError && error.field === "password") {
            throw new ServiceError("invalid_parameter", `standard input: ${error.message}`);
          }
          throw error;
        });
        print(`Password set for ${account.email}; sign in at /dashboard/sign-in.`);
      },
      "<account>",
    ),
  );
}

const CTRL_C = String.fromCharCode(3);
const CTRL_D = String.fromCharCode(4);
/** Where the typed line ends: a newline, a carriage return (Enter on a raw terminal) or Ctrl-D. */
const LINE_ENDS = ["\n", "\r", CTRL_D];

function lineEnd(text: string): number {
  const found = LINE_ENDS.map((end) => text.indexOf(end)).filter((i) => i >= 0);
  return found.length === 0 ? -1 : Math.min(...found);
}

/** The first line of standard input (a prompt is shown on a terminal; the typing is not echoed). */
async function readPassword(): Promise<string> {
  const stdin = terminal().stdin;
  if (stdin.isTTY) {
    terminal().stderr.write("New password: ");
    stdin.setRawMode?.(true);
  }
  let text = "";
  for await (const chunk of stdin) {
    text += String(chunk);
    if (lineEnd(text) >= 0 || text.includes(CTRL_C)) break;
  }
  if (stdin.isTTY) {
    stdin.setRawMode?.(false);
    terminal().stderr.write("\n");
  }
  if (text.includes(CTRL_C)) throw new InvalidArgumentError("cancelled");
  const end = lineEnd(text);
  return end < 0 ? text : text.slice(0, end);
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
