/**
 * `scoreline keys create|list|revoke`. The key text is printed once, by `create`; every other
 * output shows the key's id and display prefix only, never the key or its hash.
 */
import { Command, InvalidArgumentError, Option } from "commander";
import {
  accountEmails,
  createKey,
  findAccount,
  listKeys,
  revokeKey,
} from "../accounts/accounts-service.js";
import type { Config } from "../config/index.js";
import { cliCommand, withAccounts } from "./accounts-context.js";
import { print, printJson, printTable } from "./output.js";

interface CreateOptions {
  plan?: string;
  account?: string;
  sandbox?: boolean;
  name?: string;
  expiresAt?: Date;
  expiresIn?: number;
  json?: boolean;
}

export function keysCommand(): Command {
  return new Command("keys")
    .description("API keys: create (the key is shown once), list, revoke now or later")
    .addCommand(createCommand())
    .addCommand(listCommand())
    .addCommand(revokeCommand());
}

function createCommand(): Command {
  const command = new Command("create")
    .description(
      "create an API key; without --account, a new account is made for it. Rotation: create a new key, switch, then revoke the old one",
    )
    .option("--plan <plan>", "plan name (default: the account's plan, or free)")
    .option("--account <email|id>", "the account the key belongs to")
    .option("--sandbox", "a personal sandbox key (sl_test_…) instead of a live one (sl_live_…)")
    .option("--name <text>", "a label to tell keys apart")
    .addOption(
      new Option("--expires-at <time>", "stop working at this ISO 8601 time")
        .argParser(instant)
        .conflicts("expiresIn"),
    )
    .addOption(
      new Option("--expires-in <duration>", "stop working after e.g. 90m, 12h, 30d, 8w").argParser(
        duration,
      ),
    )
    .option("--json", "machine-readable output: {id, key, plan, …}");
  cliCommand(command, "keys create");
  return command.action((options: CreateOptions) =>
    withAccounts(
      command,
      async (ctx) => {
        const expiresAt =
          options.expiresIn !== undefined
            ? new Date(ctx.clock().getTime() + options.expiresIn)
            : options.expiresAt;
        const created = await createKey(ctx, {
          account: options.account,
          plan: options.plan,
          kind: options.sandbox ? "test" : "live",
          name: options.name,
          expiresAt,
        });
        if (options.json) return printJson(created);
        const account = await findAccount(ctx, created.account_id);
        print(
          `Created ${created.kind} key ${created.id} (${created.name}) on the ${created.plan} plan for ${account.email}` +
            `${created.expires_at === null ? "" : `, expiring ${created.expires_at}`}.\n`,
        );
        print(`  ${created.key}\n`);
        print("Copy it now: it will not be shown again (only its prefix is stored).");
        if (created.kind === "live") {
          print(
            `Try it:\n  curl -H "Authorization: Bearer ${created.key}" ${apiBase(ctx.config)}/v1/football/fixtures`,
          );
        } else {
          print("It works on the sandbox host only (a live host answers 401).");
        }
      },
      options.account !== undefined ? "--account" : undefined,
    ),
  );
}

function listCommand(): Command {
  const command = new Command("list")
    .description("list keys (never the key text): id, prefix, kind, plan, account, state, dates")
    .option("--account <email|id>", "only this account's keys")
    .option("--json", "machine-readable output");
  cliCommand(command, "keys list");
  return command.action((options: { account?: string; json?: boolean }) =>
    withAccounts(
      command,
      async (ctx) => {
        const emails = await accountEmails(ctx);
        const keys = (await listKeys(ctx, options.account)).map((key) => ({
          ...key,
          account_email: emails.get(key.account_id) ?? null,
        }));
        if (options.json) return printJson({ keys });
        if (keys.length === 0) return print("No keys.");
        printTable(
          ["ID", "PREFIX", "KIND", "PLAN", "ACCOUNT", "STATE", "CREATED", "EXPIRES", "REVOKED"],
          keys.map((k) => [
            k.id,
            `${k.prefix}…`,
            k.kind,
            k.plan,
            k.account_email ?? k.account_id,
            k.state,
            k.created_at,
            k.expires_at ?? "-",
            k.revoked_at ?? "-",
          ]),
        );
      },
      "--account",
    ),
  );
}

function revokeCommand(): Command {
  const command = new Command("revoke")
    .description(
      "revoke a key now, or at a chosen time (--at); it stops working within a second on every node",
    )
    .argument("<key-id>", "the key's id (key_…, see `scoreline keys list`)")
    .addOption(
      new Option("--at <time>", "revoke at this ISO 8601 time instead of now").argParser(instant),
    )
    .option("--json", "machine-readable output");
  cliCommand(command, "keys revoke");
  return command.action((keyId: string, options: { at?: Date; json?: boolean }) =>
    withAccounts(
      command,
      async (ctx) => {
        // With REDIS_URL the revocation is announced to every stream node at once; without,
        // a stream in another process notices it by its per-second check.
        const bus =
          ctx.config.redisUrl === undefined
            ? undefined
            : (await import("../adapters/bus/create-event-bus.js")).createEventBus(
                ctx.config.redisUrl,
              );
        const key = await revokeKey({ ...ctx, notices: bus }, keyId, options.at).finally(() =>
          bus?.close(),
        );
        if (options.json) return printJson(key);
        print(
          key.state === "revoked"
            ? `Revoked ${key.id} (${key.prefix}…) at ${key.revoked_at}; it stops working within a second on every node.`
            : `${key.id} (${key.prefix}…) keeps working until ${key.revoked_at}, then stops.`,
        );
      },
      "<key-id>",
    ),
  );
}

/** Where this node's API answers, for the ready-to-paste curl line. */
function apiBase(config: Config): string {
  const wildcard = config.host === "0.0.0.0" || config.host === "::";
  const host = wildcard
    ? "127.0.0.1"
    : config.host.includes(":")
      ? `[${config.host}]`
      : config.host;
  const scheme = config.tls !== undefined ? "https" : "http";
  return `${scheme}://${host}:${config.apiPort === 0 ? 8080 : config.apiPort}`;
}

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** An ISO 8601 time with a zone (`2026-12-01T09:00:00Z`), or a date (midnight UTC). */
function instant(value: string): Date {
  const text = value.trim();
  const match = TIMESTAMP.exec(text);
  const day = match?.[1] ?? "";
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const realDay = !Number.isNaN(midnight) && new Date(midnight).toISOString().startsWith(day);
  const time = match?.[2] === undefined ? midnight : Date.parse(text);
  if (match === null || !realDay || Number.isNaN(time)) {
    throw new InvalidArgumentError("use an ISO 8601 time like 2026-12-01T09:00:00Z.");
  }
  return new Date(time);
}

const UNIT_MS: Record<string, number> = {
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

const MAX_DURATION_MS = 100 * 366 * 86_400_000;

/** `90m`, `12h`, `30d`, `8w` → milliseconds. */
function duration(value: string): number {
  const match = /^(\d+)([mhdw])$/.exec(value.trim());
  const amount = Number(match?.[1]);
  const unit = UNIT_MS[match?.[2] ?? ""];
  if (unit === undefined || !(amount >= 1) || amount * unit > MAX_DURATION_MS) {
    throw new InvalidArgumentError(
      "use a positive duration like 90m, 12h, 30d or 8w (at most 100 years).",
    );
  }
  return amount * unit;
}
