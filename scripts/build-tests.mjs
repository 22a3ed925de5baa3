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
import { readFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
// Compiles a workspace package for its test run: `.test-build/<package>/` mirrors
// `packages/<package>/` at the same depth, each TypeScript file compiled to JavaScript by esbuild
// (what tsx does on load, done once), every other file copied, `node_modules` and `dist` linked.
// `bin/scoreline.js` is written to load the compiled program directly. Why: loading the program
// through tsx's loader hooks costs each test process and each `scoreline` a test starts about a
// second and a half; see docs/adr/0045-tests-run-compiled.md. Each test file is then written
// again as a bundle of what it imports from the repository (ADR-0056); SCORELINE_TEST_BUNDLE=0
// leaves the mirror's file-by-file test files.
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
  if (process.env.SCORELINE_TEST_BUNDLE !== "0") await bundleTests(source, target, files);
}

/**
 * Each test file again, as one module with what it imports from the repository (shared parts in
 * chunks; installed packages stay imports): a test process then loads a few files, not hundreds.
 * A module's `import.meta.url` stays where its mirror compiled it, so paths relative to a module
 * (lists, assets, workers) find the same files.
 */
async function bundleTests(source, target, files) {
  const entries = files.filter((file) => /\.(test|soak)\.ts$/.test(file));
  await build({
    entryPoints: entries,
    outdir: target,
    outbase: source,
    bundle: true,
    splitting: true,
    chunkNames: "test/.chunks/[name]-[hash]",
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    // Imported inside a page by the browser test, from the page's own server.
    external: ["/__client/*"],
    sourcemap: true,
    logLevel: "warning",
    plugins: [mirroredImportMeta],
  });
}

/** `import.meta.url` (and dirname, filename) of a repository module: its mirror's, as a string. */
const mirroredImportMeta = {
  name: "mirrored-import-meta",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const rel = relative(join(ROOT, "packages"), args.path);
      if (rel.startsWith("..")) return undefined;
      const mirrored = join(OUT, rel.replace(/\.ts$/, ".js"));
      const contents = (await readFile(args.path, "utf8"))
        .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(mirrored).href))
        .replaceAll("import.meta.dirname", JSON.stringify(dirname(mirrored)))
        .replaceAll("import.meta.filename", JSON.stringify(mirrored));
      return { contents, loader: "ts" };
    });
  },
};

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("usage: node scripts/build-tests.mjs <package> [package ...]");
  process.exit(2);
}
for (const name of names) await mirror(name);
