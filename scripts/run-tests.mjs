#!/usr/bin/env node
// The test runner behind `npm test` (ADR-0048): compiles the packages' tests once
// (scripts/build-tests.mjs), then runs every test file of the server and the client in ONE
// `node:test` run, longest files first, a few at a time, and ends with a summary: counts, the
// skipped tests and why, and the slowest files. Under CI=true a skipped test fails the run.
//
//   node scripts/run-tests.mjs [options] [filter ...]
//     filter              run only the files whose path contains one of these strings
//     --package <name>    server or client (repeatable; default both)
//     --soak              the soak tier instead: the full-size runs (`*.soak.ts`, CONTRIBUTING.md)
//     --concurrency <n>   files at once (default SCORELINE_TEST_CONCURRENCY, else 4)
//     --durations <file>  also write each file's duration (JSON) there
//     --no-build          use the compiled tests already in .test-build/ (and the client's dist/)
//
// Each file's duration is kept in .test-build/durations.json after a run; the next run orders by
// it, else by scripts/test-durations.json (the committed measurement, `npm run test:durations`).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { run } from "node:test";
import { spec } from "node:test/reporters";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { prepareTestTemplates } from "./test-templates.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BUILD = join(ROOT, ".test-build");
const PACKAGES = ["server", "client"];
const COMMITTED_DURATIONS = join(ROOT, "scripts", "test-durations.json");
const LAST_DURATIONS = join(BUILD, "durations.json");

const { values: options, positionals: filters } = parseArgs({
  allowPositionals: true,
  options: {
    package: { type: "string", multiple: true },
    soak: { type: "boolean", default: false },
    concurrency: { type: "string" },
    durations: { type: "string" },
    "no-build": { type: "boolean", default: false },
  },
});

const packages = options.package ?? PACKAGES;
for (const name of packages) {
  if (!PACKAGES.includes(name)) usage(`no package "${name}" (server or client)`);
}
/** Files at once: most wait on a server, a database or a child process (ADR-0048). */
const DEFAULT_CONCURRENCY = 4;
const concurrency = Number(
  options.concurrency ?? process.env.SCORELINE_TEST_CONCURRENCY ?? DEFAULT_CONCURRENCY,
);
if (!Number.isInteger(concurrency) || concurrency < 1)
  usage("--concurrency takes a whole number ≥ 1");
const ci = process.env.CI === "true" || process.env.CI === "1";

function usage(message) {
  console.error(`run-tests: ${message}`);
  process.exit(2);
}

if (!options["no-build"]) {
  // The shipped binary's test runs packages/server/dist/: rebuilt when a source is newer.
  const program = spawnSync(
    process.execPath,
    [join(ROOT, "scripts", "build-program.mjs"), "--if-stale", "--quiet"],
    { stdio: "inherit" },
  );
  if (program.status !== 0) process.exit(program.status ?? 1);
  // The client's tests load its built package (dist/): built again when a source is newer.
  if (packages.includes("client") && clientBuildIsStale()) {
    const client = spawnSync("npm", ["run", "build", "-w", "@scoreline/client", "--silent"], {
      cwd: ROOT,
      stdio: "inherit",
    });
    if (client.status !== 0) process.exit(client.status ?? 1);
  }
  // The client's tests run against its built package (dist/), the server's compiled program.
  const built = spawnSync(
    process.execPath,
    [join(ROOT, "scripts", "build-tests.mjs"), ...new Set(["server", ...packages])],
    {
      stdio: "inherit",
    },
  );
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const suffix = options.soak ? ".soak.js" : ".test.js";
const files = packages
  .flatMap((name) => walk(join(BUILD, name, "test")))
  .filter((file) => file.endsWith(suffix))
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)));
if (files.length === 0) usage(`no test files match ${filters.join(", ") || "(all)"}`);

const weights = readWeights();
/** Longest first, so the last files to finish are short ones; files never measured go first. */
files.sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b));

const templates = await prepareTestTemplates();
Object.assign(process.env, templates.env);
// Every process the run starts inherits this mark (the program's test helpers pass it on too): a
// marked process still running when the run ends was left behind by a test file.
const RUN_MARK = `${process.pid}-${Date.now()}`;
process.env.SCORELINE_TEST_RUN = RUN_MARK;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    for (const { pid } of leftBehind()) kill(pid);
    process.exit(130);
  });
}

const started = performance.now();
const counts = { tests: 0, pass: 0, fail: 0, skipped: 0, todo: 0, cancelled: 0 };
/** Skip reason → test names. */
const skips = new Map();
/** File (relative to .test-build) → seconds, from its own process's start to its end. */
const durations = {};
const failures = [];
const cancelled = [];
/** File → its process's last lines on stderr and diagnostics: printed when it fails outside a test. */
const stderrTails = new Map();
const STDERR_TAIL_LINES = 60;
/** Diagnostics of no file: printed with the failures when a file failed outside its tests. */
const looseDiagnostics = [];
const SUMMARY_DIAGNOSTIC = /^(tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) [\d.]+$/;
/** Where tests were declared (a test file or a helper) → each test (name, place) → unreported. */
const unreported = new Map();
/**
 * Files whose process passed without reporting a test: Node reports such a file as a test of its
 * own (a file's own pass event comes only then; a test's `file` is where it was declared, which
 * may be a helper, so the files of reported tests cannot tell this).
 */
const silentFiles = [];

// No forceExit: on Node 22 and 24 it ends a file's process while some of its queued tests have
// not run, and nothing reports them (measured 2026-12-07: three files reported 14–36 of their
// 46–49 tests on Node 24, 26 of 30 on Node 22; Node 20 ran them all). A file that leaves its
// event loop alive therefore waits for the timeout, and fails there.
const stream = run({ files, concurrency, timeout: 15 * 60_000 });
stream.on("test:pass", (data) => count(data, "pass"));
stream.on("test:fail", (data) => count(data, "fail"));
stream.on("test:stderr", (data) => keepTail(data.file, data.message));
// A test queued and never reported is lost: every queued test must complete (ADR-0048).
stream.on("test:enqueue", (data) => tally(data, 1));
stream.on("test:complete", (data) => tally(data, -1));
// What Node reports outside any test (an unhandled rejection after a test ended) is a
// diagnostic, and Node 20 does not say which file's.
stream.on("test:diagnostic", (data) => {
  if (SUMMARY_DIAGNOSTIC.test(data.message)) return;
  if (data.file === undefined) looseDiagnostics.push(data.message);
  else keepTail(data.file, data.message);
});
stream.on("test:complete", (data) => {
  if (data.nesting === 0 && data.file !== undefined && data.name === data.file) {
    durations[relative(BUILD, data.file)] = round(data.details.duration_ms / 1000);
  }
});
const reporter = stream.compose(new spec());
reporter.pipe(process.stdout);
await new Promise((resolve) => reporter.on("end", resolve));
await templates.dispose();

const wall = round((performance.now() - started) / 1000);
const lost = lostTests();
const stragglers = await stillRunning();

// A partial run keeps the other files' last durations for the next run's order.
writeJson(LAST_DURATIONS, sorted({ ...readJson(LAST_DURATIONS), ...durations }));
if (options.durations) writeJson(options.durations, sorted(durations));
summarise();

/** Keeps count of a file's queued (+1) and completed (-1) tests; the file's own entry is not one. */
function tally(data, step) {
  if (data.file === undefined || data.name === data.file) return;
  const tests = unreported.get(data.file) ?? new Map();
  const key = `${data.nesting} ${data.line}:${data.column} ${data.name}`;
  tests.set(key, (tests.get(key) ?? 0) + step);
  unreported.set(data.file, tests);
}

/**
 * Tests lost without a report: queued but never completed (a process that ended early: on Node 22
 * and 24, forceExit did this), and files whose process passed yet reported no test at all (one that
 * called process.exit() while its first tests ran: the events it had not written are gone).
 */
function lostTests() {
  const found = [];
  for (const [file, tests] of unreported) {
    for (const [key, left] of tests) {
      const name = key.split(" ").slice(2).join(" ");
      if (left > 0) found.push(`${relative(BUILD, file)} › ${name}: queued, never reported`);
    }
  }
  for (const file of silentFiles) {
    found.push(`${relative(BUILD, file)}: its process ended without reporting a test`);
  }
  return found;
}

/** Counts a finished test (suites' own events are not tests; a file's process is neither). */
function count(data, outcome) {
  if (data.name === data.file) {
    if (outcome === "pass") silentFiles.push(data.file);
    // The file's process failed outside any test (it did not load, or it exited early).
    if (outcome === "fail") {
      const error = data.details?.error;
      const how = error?.exitCode != null ? `exit code ${error.exitCode}` : (error?.signal ?? "");
      const tail = stderrTails.get(data.file) ?? [];
      failures.push(
        `${relative(BUILD, data.file)}: the file failed outside its tests${how ? ` (${how})` : ""}` +
          (tail.length > 0 ? `; it said:\n  ${tail.join("\n  ")}` : "; it said nothing"),
      );
    }
    return;
  }
  const skipped = data.skip !== undefined && data.skip !== false;
  // A suite is not a test, but a skipped suite skips every test in it: it counts as one skip.
  if (data.details?.type === "suite" && !skipped) return;
  counts.tests += 1;
  if (skipped) {
    counts.skipped += 1;
    const reason = typeof data.skip === "string" ? data.skip : "skipped";
    skips.set(reason, [
      ...(skips.get(reason) ?? []),
      `${relative(BUILD, data.file ?? "")} › ${data.name}`,
    ]);
  } else if (data.todo !== undefined && data.todo !== false) counts.todo += 1;
  else if (outcome === "pass") counts.pass += 1;
  else if (data.details?.error?.failureType === "cancelledByParent") {
    counts.cancelled += 1;
    cancelled.push(`${relative(BUILD, data.file ?? "")} › ${data.name}`);
  } else {
    counts.fail += 1;
    failures.push(`${relative(BUILD, data.file ?? "")} › ${data.name}`);
  }
}

/**
 * The processes a test file left running after the run: marked ones still there a second after
 * the last file ended (a browser's helpers take a moment to go). They are killed.
 */
async function stillRunning() {
  if (leftBehind().length === 0) return [];
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const left = leftBehind();
  for (const { pid } of left) kill(pid);
  return left;
}

/** Processes other than this one carrying the run's mark (Linux: read from /proc). */
function leftBehind() {
  if (!existsSync("/proc/self/environ")) return [];
  const found = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const env = readFileSync(`/proc/${pid}/environ`, "latin1").split("\0");
      if (!env.includes(`SCORELINE_TEST_RUN=${RUN_MARK}`)) continue;
      const file = env.find((v) => v.startsWith("SCORELINE_TEST_FILE="))?.slice(20);
      const command = readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0").join(" ").trim();
      found.push({ pid, command: command.slice(0, 200), file });
    } catch {
      // gone meanwhile, or another user's
    }
  }
  return found;
}

function kill(pid) {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // already gone
  }
}

function keepTail(file, message) {
  if (file === undefined) return;
  const tail = stderrTails.get(file) ?? [];
  tail.push(...String(message).trimEnd().split("\n"));
  stderrTails.set(file, tail.slice(-STDERR_TAIL_LINES));
}

function summarise() {
  const line = (text) => process.stdout.write(`${text}\n`);
  line("");
  line("── summary ──");
  const slowest = Object.entries(sorted(durations)).slice(0, 8);
  line(`slowest files: ${slowest.map(([file, s]) => `${file} ${s}s`).join(", ")}`);
  for (const failure of failures) line(`FAILED ${failure}`);
  for (const test of lost) line(`LOST ${test}`);
  if (failures.some((f) => f.includes("failed outside its tests")) && looseDiagnostics.length > 0) {
    line("what Node reported outside any test, in no file's name:");
    for (const message of looseDiagnostics.slice(-STDERR_TAIL_LINES)) line(`  ${message}`);
  }
  // Cancelled: the test's parent (its suite, its file) ended first — a hook failed or timed out.
  for (const name of cancelled) line(`CANCELLED ${name}`);
  for (const [reason, names] of skips) {
    line(`skipped ${names.length}: ${reason}${names.length <= 3 ? ` (${names.join("; ")})` : ""}`);
  }
  line(
    `tests ${counts.tests} · pass ${counts.pass} · fail ${counts.fail} · cancelled ${counts.cancelled} · ` +
      `skipped ${counts.skipped} · todo ${counts.todo} · ${files.length} files · ${wall}s on ` +
      `Node ${process.versions.node}, ${concurrency} at once`,
  );
  const serviceSkips = [...skips.keys()].filter((reason) =>
    /TEST_(DATABASE|REDIS)_URL/.test(reason),
  );
  if (!ci && serviceSkips.length > 0) {
    line(
      "the PostgreSQL and Redis variants were skipped: run them with " +
        "TEST_DATABASE_URL=postgres://…/test TEST_REDIS_URL=redis://127.0.0.1:6379 npm test (CONTRIBUTING.md)",
    );
  }
  for (const { pid, command, file } of stragglers) {
    line(`LEFT BEHIND pid ${pid}${file ? ` by ${relative(ROOT, file)}` : ""}: ${command} (killed)`);
  }
  let failed =
    counts.fail > 0 ||
    counts.cancelled > 0 ||
    failures.length > 0 ||
    lost.length > 0 ||
    stragglers.length > 0;
  if (ci && counts.skipped > 0) {
    line(`CI=true: ${counts.skipped} tests skipped, and nothing may skip in CI`);
    failed = true;
  }
  process.exitCode = failed ? 1 : 0;
}

/** True when the client's dist/ is missing or older than a file it is built from. */
function clientBuildIsStale() {
  const client = join(ROOT, "packages", "client");
  const built = join(client, "dist", "index.js");
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const inputs = [
    ...walk(join(client, "src")),
    join(client, "package.json"),
    join(client, "tsup.config.ts"),
  ];
  return inputs.some((file) => existsSync(file) && statSync(file).mtimeMs > builtAt);
}

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules") return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

/** The last run's durations over the committed ones: a file measured in neither goes first. */
function readWeights() {
  return { ...readJson(COMMITTED_DURATIONS), ...readJson(LAST_DURATIONS) };
}

function weightOf(file) {
  return weights[relative(BUILD, file)] ?? Number.POSITIVE_INFINITY;
}

function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  } catch {
    return {}; // an unreadable record only costs the order
  }
}

function writeJson(file, value) {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function sorted(record) {
  return Object.fromEntries(Object.entries(record).sort(([, a], [, b]) => b - a));
}

function round(n) {
  return Math.round(n * 10) / 10;
}
