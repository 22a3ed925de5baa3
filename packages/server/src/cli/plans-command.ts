/**
 * `scoreline plans`: the effective plan table — the defaults of ADR-0011 with the plans file
 * (SCORELINE_PLANS_FILE) applied. `--json` uses the plans file's snake_case field names.
 */
import { Command } from "commander";
import type { Plan } from "../config/plans.js";
import { SPORTS } from "../sports/types.js";
import { configFromCommand, withConfigOptions } from "./config-options.js";
import { printJson, printTable } from "./output.js";

export function plansCommand(): Command {
  const command = new Command("plans")
    .description("show the plan table in effect (defaults plus the plans file)")
    .option("--json", "machine-readable output")
    .showHelpAfterError("(see scoreline plans --help)");
  withConfigOptions(command, ["plansFile"]);
  return command.action((options: { json?: boolean }) => {
    const plans = Object.values(configFromCommand(command).plans);
    if (options.json) return printJson({ plans: plans.map(presentPlan) });
    printTable(
      ["PLAN", "REQ/MIN", "REQ/MONTH", "WEBSOCKETS", "SPORTS", "ODDS", "HISTORY", "OVERAGE"],
      plans.map((p) => [
        p.name,
        limitText(p.requestsPerMinute),
        limitText(p.requestsPerMonth),
        limitText(p.websocketConnections),
        p.sports.length === SPORTS.length ? "all" : p.sports.join(","),
        p.odds ? "yes" : "no",
        p.history ? "yes" : "no",
        p.overage,
      ]),
    );
  });
}

/** A plan as the plans file spells it (null = unlimited). */
function presentPlan(plan: Plan) {
  return {
    name: plan.name,
    requests_per_minute: plan.requestsPerMinute,
    requests_per_month: plan.requestsPerMonth,
    websocket_connections: plan.websocketConnections,
    sports: [...plan.sports],
    odds: plan.odds,
    history: plan.history,
    overage: plan.overage,
  };
}

function limitText(value: number | null): string {
  return value === null ? "unlimited" : value.toLocaleString("en");
}
