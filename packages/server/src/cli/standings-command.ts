/**
 * `scoreline standings deduct …` records a point deduction; `scoreline standings deductions …`
 * lists them. Bad arguments print what is wrong, naming the flag, and exit 2 (a usage error).
 */
import { Command } from "commander";
import { invalidParameter } from "../errors/service-error.js";
import { systemClock } from "../lib/time.js";
import type { ServiceContext } from "../services/context.js";
import type { Deduction } from "../services/deductions.js";
import { openMigratedStore } from "./command-store.js";
import { configFromCommand, withConfigOptions } from "./config-options.js";
import { terminal } from "./terminal.js";
import { EXIT_USAGE, inputError } from "./usage-errors.js";

interface DeductOptions {
  sport: string;
  league: string;
  season: string;
  team: string;
  points: string;
  reason: string;
  json?: boolean;
}

interface ListOptions {
  sport: string;
  league: string;
  season?: string;
  json?: boolean;
}

export function standingsCommand(): Command {
  const deduct = new Command("deduct")
    .description("record a point deduction (recording the same one again changes nothing)")
    .option("--sport <sport>", "sport", "football")
    .requiredOption("--league <league>", "competition slug or id")
    .requiredOption("--season <season>", "season name, e.g. 2023-2024")
    .requiredOption("--team <team>", "team name, slug or id")
    .requiredOption("--points <points>", "points deducted, 1 to 100")
    .requiredOption("--reason <reason>", "why, as published")
    .option("--json", "machine-readable output");
  withConfigOptions(deduct, ["databaseUrl"]);
  deduct.action((options: DeductOptions) =>
    withContext(deduct, options.json, async (ctx) => {
      const points = Number(options.points.trim() === "" ? Number.NaN : options.points);
      if (Number.isNaN(points)) {
        throw invalidParameter(
          "points",
          `points must be a number; got ${JSON.stringify(options.points)}`,
        );
      }
      const { recordDeduction } = await import("../services/deductions.js");
      const { deduction, created } = await recordDeduction(ctx, { ...options, points });
      if (options.json) return print({ ...deduction, created });
      const verb = created ? "Recorded" : "Already recorded";
      print(`${verb}: ${describe(deduction)} [${deduction.id}]`);
    }),
  );

  const list = new Command("deductions")
    .description("list the point deductions of a competition")
    .option("--sport <sport>", "sport", "football")
    .requiredOption("--league <league>", "competition slug or id")
    .option("--season <season>", "only this season, e.g. 2023-2024")
    .option("--json", "machine-readable output");
  withConfigOptions(list, ["databaseUrl"]);
  list.action((options: ListOptions) =>
    withContext(list, options.json, async (ctx) => {
      const { listDeductions } = await import("../services/deductions.js");
      const deductions = await listDeductions(ctx, options);
      if (options.json) return print({ deductions });
      if (deductions.length === 0) return print("No deductions.");
      print(deductions.map(describe).join("\n"));
    }),
  );

  return new Command("standings")
    .description("league tables: point deductions")
    .addCommand(deduct)
    .addCommand(list);
}

function describe(d: Deduction): string {
  return `${d.team} −${d.points} in ${d.league} ${d.season}: ${d.reason}`;
}

function print(value: unknown): void {
  terminal().stdout.write(`${typeof value === "string" ? value : JSON.stringify(value)}\n`);
}

async function withContext(
  command: Command,
  json: boolean | undefined,
  run: (ctx: ServiceContext) => Promise<void>,
): Promise<void> {
  const config = configFromCommand(command);
  const store = await openMigratedStore(config.databaseUrl);
  try {
    await run({ store, clock: systemClock });
  } catch (error) {
    const bad = inputError(error);
    if (bad === undefined) throw error;
    for (const detail of bad.details) terminal().stderr.write(`scoreline: ${detail.message}\n`);
    if (json)
      print({
        error: { code: bad.code, message: bad.message, field: bad.field },
        errors: bad.details,
      });
    terminal().exitCode = EXIT_USAGE;
  } finally {
    await store.close();
  }
}
