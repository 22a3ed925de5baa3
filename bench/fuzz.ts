/**
 * `npm run bench fuzz`: the OpenAPI fuzz of the CI suite (packages/server/test/fuzz/) at a larger
 * size. `FUZZ_SEED` (default: the time) and `FUZZ_RUNS` (requests per host, default 15,000) pick
 * the run; the seed is printed so a failing run can be repeated exactly. Reports requests,
 * statuses, failures by kind, and the heap after each half of the run.
 */
import {
  type BatchReport,
  failureClasses,
  fuzzBatch,
  heapAfterGc,
  startTargets,
} from "../packages/server/test/fuzz/fuzz-run.js";

function envInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a non-negative integer; got ${raw}`);
  return Number(raw);
}

export async function fuzzBench(): Promise<string> {
  const seed = envInteger("FUZZ_SEED", Date.now() % 2 ** 31);
  const runs = envInteger("FUZZ_RUNS", 15_000);
  const half = Math.ceil(runs / 2);
  const { targets, dispose } = await startTargets();
  const lines = [`Seed ${seed} (FUZZ_SEED), ${runs} requests per host (FUZZ_RUNS).`, ""];
  lines.push("| host | requests | failures | statuses | heap after 1st / 2nd half (MiB) | s |");
  lines.push("|---|---:|---:|---|---|---:|");
  const failures: BatchReport["failures"] = [];
  try {
    for (const [i, target] of targets.entries()) {
      const first = await fuzzBatch(target, { seed: seed + i * 2, runs: half });
      const heapFirst = heapAfterGc();
      const second = await fuzzBatch(target, { seed: seed + i * 2 + 1, runs: runs - half });
      const heapSecond = heapAfterGc();
      const statuses: Record<string, number> = {};
      for (const r of [first, second]) {
        for (const [status, n] of Object.entries(r.statuses))
          statuses[status] = (statuses[status] ?? 0) + n;
        failures.push(...r.failures);
      }
      const shown = Object.entries(statuses)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([s, n]) => `${s}: ${n}`)
        .join(", ");
      lines.push(
        `| ${target.name} | ${first.requests + second.requests} | ${first.failures.length + second.failures.length} | ${shown} | ${mib(heapFirst)} / ${mib(heapSecond)} | ${((first.ms + second.ms) / 1000).toFixed(1)} |`,
      );
    }
  } finally {
    await dispose();
  }
  const classes = failureClasses(failures);
  lines.push(
    "",
    classes.length === 0
      ? "No failures."
      : `Failures by kind:\n\n${classes.map((c) => `- ${c}`).join("\n")}`,
  );
  if (classes.length > 0) process.exitCode = 1;
  return `${lines.join("\n")}\n`;
}

function mib(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(1);
}
