#!/usr/bin/env node
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
// Compiles a workspace package for its test run: `.test-build/<package>/` mirrors
// `packages/<package>/` at the same depth, each TypeScript file compiled to JavaScript by esbuild
// (what tsx does on load, done once), every other file copied, `node_modules` and `dist` linked.
// `bin/scoreline.js` is written to load the compiled program directly. Why: loading the program
// through tsx's loader hooks costs each test process and each `scoreline` a test starts about a
// second and a half; see docs/adr/0045-tests-run-compiled.md.
//
//   node scripts/build-tests.mjs server [client ...]
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT = join(ROOT, ".test-build");
/** Linked, not mirrored: installed or built output that is already JavaScript. */
const LINKED = new Set(["node_modules", "dist"]);
/** Left out: what a test never reads. */
const SKIPPED = new Set([".bench", "coverage", "test-results"]);

/** The package's files, but for the top-level folders that are linked or left out. */
function walk(dir, top = true) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (top && (LINKED.has(entry.name) || SKIPPED.has(entry.name))) return [];
    return entry.isDirectory() ? walk(path, false) : [path];
  });
}

async function mirror(name) {
  const source = join(ROOT, "packages", name);
  if (!existsSync(join(source, "package.json"))) {
    console.error(`build-tests: no package "${name}" under packages/`);
    process.exit(2);
  }
  const target = join(OUT, name);
  rmSync(target, { recursive: true, force: true });
  const files = walk(source);
  const compiled = new Set(files.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts")));
  await build({
    entryPoints: [...compiled],
    outdir: target,
    outbase: source,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
  });
  for (const file of files) {
    if (compiled.has(file)) continue;
    const to = join(target, relative(source, file));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(file, to);
  }
  for (const linked of LINKED) {
    if (existsSync(join(source, linked))) symlinkSync(join(source, linked), join(target, linked));
  }
  const bin = join(target, "bin", "scoreline.js");
  if (existsSync(bin)) writeFileSync(bin, '#!/usr/bin/env node\nawait import("../src/main.js");\n');
}

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("usage: node scripts/build-tests.mjs <package> [package ...]");
  process.exit(2);
}
for (const name of names) await mirror(name);
