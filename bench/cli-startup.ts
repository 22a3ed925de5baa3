/**
 * How fast the `scoreline` program starts (ADR-0050): `--help`, and `keys list` on a migrated
 * SQLite store (a first query), through the shipped binary (compiled by `npm ci`, each command
 * loading what it uses) against two baselines in the same run — bare `node` starting and
 * exiting, and the program's sources run through tsx as `bin/scoreline.js` used to. Rounds are
 * interleaved; medians of 9. The program is built first (`scripts/build-program.mjs`).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { duration } from "./lib/format.js";
import { median } from "./lib/stats.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(ROOT, "packages/server/bin/scoreline.js");
const SOURCES = join(ROOT, "packages/server/src/main.ts");
const ROUNDS = 9;

interface Variant {
  name: string;
  argv: string[];
}

/** Wall time of one run of `node …argv`, which must exit 0. */
function timeRun(argv: readonly string[], env: NodeJS.ProcessEnv): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, argv, { env, stdio: ["ignore", "ignore", "pipe"] });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`node ${argv.join(" ")}: ${run.stderr.toString()}`);
  return ms;
}

export async function cliStartupBench(): Promise<string> {
  execFileSync(process.execPath, [join(ROOT, "scripts/build-program.mjs"), "--quiet"]);
  const dir = mkdtempSync(join(tmpdir(), "scoreline-cli-bench-"));
  try {
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      DATABASE_URL: `sqlite:${join(dir, "bench.db")}`,
    };
    timeRun([BIN, "migrate"], env);
    const variants: Variant[] = [
      { name: "bare `node -e 0` (baseline)", argv: ["-e", "0"] },
      { name: "`scoreline --help`", argv: [BIN, "--help"] },
      {
        name: "`scoreline --help`, sources through tsx (no build: how the binary ran before ADR-0050)",
        argv: ["--import", "tsx", SOURCES, "--help"],
      },
      { name: "`scoreline keys list`", argv: [BIN, "keys", "list"] },
      {
        name: "`scoreline keys list`, sources through tsx (no build)",
        argv: ["--import", "tsx", SOURCES, "keys", "list"],
      },
    ];
    const times = new Map<string, number[]>(variants.map((v) => [v.name, []]));
    // One warm-up round (tsx's cache, the page cache), then interleaved rounds.
    for (const variant of variants) timeRun(variant.argv, env);
    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of variants) times.get(variant.name)?.push(timeRun(variant.argv, env));
    }
    const lines = [`| command (median of ${ROUNDS}) | wall time |`, "|---|---:|"];
    for (const variant of variants) {
      lines.push(`| ${variant.name} | ${duration(median(times.get(variant.name) ?? []))} |`);
    }
    return `${lines.join("\n")}\n`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
