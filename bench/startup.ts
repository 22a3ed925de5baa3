/**
 * From `scoreline serve --demo` to answers (issue 36, ADR-0052): on an empty store, the time to
 * the first `/healthz`, the first `/v1` answer, the first `/v1` answer with data (football's part
 * loaded) and `/readyz` saying `ok` (the whole world, and the sandbox's, loaded); then a restart
 * on the same store, to its first `/v1` answer. Baseline in the same run: `scoreline serve` with
 * no demo on a migrated, empty store, to its first `/healthz` — the program's own start. Every
 * role runs, with the default `full` world. Medians of 3; the program is built first.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { stopChild } from "./lib/child.js";
import { duration } from "./lib/format.js";
import { median } from "./lib/stats.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(ROOT, "packages/server/bin/scoreline.js");
const ROUNDS = 3;
const PORTS = ["--api-port", "18480", "--stream-port", "18481", "--sandbox-port", "18482"];
const API = "http://127.0.0.1:18480";

interface Started {
  child: ChildProcess;
  output: () => string;
  began: number;
}

function start(args: string[], env: Record<string, string>): Started {
  const began = performance.now();
  const child = spawn(process.execPath, [BIN, ...args, ...PORTS], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output, began };
}

/** Milliseconds from the start until `check` holds (polled every 10 ms). */
async function until(started: Started, check: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (started.child.exitCode !== null) throw new Error(`exited:\n${started.output()}`);
    if (await check().catch(() => false)) return performance.now() - started.began;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const answers = async (url: string, headers: Record<string, string> = {}) =>
  (await fetch(url, { headers })).status === 200;

export async function startupBench(): Promise<string> {
  execFileSync(process.execPath, [join(ROOT, "scripts/build-program.mjs"), "--quiet"]);
  const times: Record<string, number[]> = {};
  const note = (name: string, ms: number) => {
    times[name] ??= [];
    times[name].push(ms);
  };
  for (let round = 0; round < ROUNDS; round++) {
    const dir = mkdtempSync(join(tmpdir(), "scoreline-startup-"));
    try {
      const env = { DATABASE_URL: `sqlite:${join(dir, "scoreline.db")}` };
      // Baseline: the program's own start, no world.
      const bare = { DATABASE_URL: `sqlite:${join(dir, "bare.db")}` };
      execFileSync(process.execPath, [BIN, "migrate"], {
        env: { ...bare, PATH: process.env.PATH },
      });
      const plain = start(["serve"], bare);
      note("baseline", await until(plain, () => answers(`${API}/healthz`)));
      await stopChild(plain.child);

      const first = start(["serve", "--demo"], env);
      note("healthz", await until(first, () => answers(`${API}/healthz`)));
      const key = /Bearer (sl_live_[\w-]+)/.exec(first.output())?.[1] ?? "";
      const auth = { authorization: `Bearer ${key}` };
      note("v1", await until(first, () => answers(`${API}/v1/football/fixtures?per_page=1`, auth)));
      note(
        "data",
        await until(first, async () => {
          const response = await fetch(`${API}/v1/football/fixtures?per_page=1`, { headers: auth });
          return ((await response.json()) as { data?: unknown[] }).data?.length === 1;
        }),
      );
      note(
        "loaded",
        await until(first, async () => {
          const main = (await (await fetch(`${API}/readyz`)).json()) as { status: string };
          const sandbox = (await (await fetch("http://127.0.0.1:18482/readyz")).json()) as {
            status: string;
          };
          return main.status === "ok" && sandbox.status === "ok";
        }),
      );
      await stopChild(first.child);

      const again = start(["serve", "--demo"], env);
      note(
        "restart",
        await until(again, () => answers(`${API}/v1/football/fixtures?per_page=1`, auth)),
      );
      await stopChild(again.child);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const row = (name: string, label: string) =>
    `| ${label} | ${duration(median(times[name] ?? []))} |`;
  return `${[
    `| from the start of \`scoreline serve\` (median of ${ROUNDS}) | time |`,
    "|---|---:|",
    row("baseline", "baseline: `serve` without `--demo`, migrated empty store → first `/healthz`"),
    row("healthz", "`serve --demo`, empty store → first `/healthz`"),
    row("v1", "… → first `/v1/football/fixtures` answer (200)"),
    row("data", "… → first `/v1/football/fixtures` with a fixture (football loaded)"),
    row("loaded", "… → `/readyz` `ok` on the api and the sandbox (both worlds whole)"),
    row("restart", "restart on that store → first `/v1` answer"),
  ].join("\n")}\n`;
}
