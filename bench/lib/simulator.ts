/**
 * The live simulator as a deployment runs it beside the api: `scoreline serve --roles worker`
 * with the simulator on, in a process of its own on the load generator's core, writing to the
 * benchmark's SQLite file.
 */
import type { ChildProcess } from "node:child_process";
import { spawnScript, waitForLine } from "./child.js";
import { LOAD_CPU } from "./rest.js";

export const SIM_SPEED = 600;
const MAIN = new URL("../../packages/server/src/main.ts", import.meta.url).pathname;

/** Starts the worker role with the simulator; resolves once the simulator has started. */
export async function startSimulator(db: string): Promise<ChildProcess> {
  const child = spawnScript(
    MAIN,
    ["serve", "--roles", "worker", "--simulator", "on", "--sim-speed", String(SIM_SPEED)],
    ["ignore", "pipe", "inherit"],
    LOAD_CPU,
    { DATABASE_URL: `sqlite:${db}`, SCORELINE_LOG_LEVEL: "info" },
  );
  await waitForLine(child, child.stdout, /"msg":"(simulator: elected[^"]*)"/);
  child.stdout?.resume();
  return child;
}
