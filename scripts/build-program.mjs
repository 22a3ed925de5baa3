#!/usr/bin/env node
// Builds the `scoreline` program: packages/server/src/ compiled file by file to
// packages/server/dist/ by esbuild (ESM for Node 20, source maps), every other file of src/
// copied beside (the sample world's lists, the dashboard's assets), so that paths relative to a
// module stay true. `bin/scoreline.js` runs dist/; nothing is compiled when the program starts
// (ADR-0050). `npm ci` runs it (the root's `prepare`), and so do `npm start` and
// `npm run scoreline` before they run the program; a build of the whole program takes about a
// second. `--if-stale` builds only when a file under src/ is newer than the last build.
//
//   node scripts/build-program.mjs [--if-stale]
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const PACKAGE = fileURLToPath(new URL("../packages/server/", import.meta.url));
const SOURCE = join(PACKAGE, "src");
const OUT = join(PACKAGE, "dist");
/** Written last: a build that stopped half-way is not mistaken for a whole one. */
const STAMP = join(OUT, ".built");

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

const files = walk(SOURCE);
if (process.argv.includes("--if-stale") && existsSync(STAMP)) {
  const built = statSync(STAMP).mtimeMs;
  if (files.every((file) => statSync(file).mtimeMs <= built)) process.exit(0);
}

const started = performance.now();
rmSync(OUT, { recursive: true, force: true });
const compiled = files.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"));
await build({
  entryPoints: compiled,
  outdir: OUT,
  outbase: SOURCE,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: "linked",
  logLevel: "warning",
});
for (const file of files) {
  if (file.endsWith(".ts")) continue;
  const to = join(OUT, relative(SOURCE, file));
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(file, to);
}
writeFileSync(STAMP, `${new Date().toISOString()}\n`);
const ms = Math.round(performance.now() - started);
if (!process.argv.includes("--quiet"))
  console.error(`scoreline: built the program (${compiled.length} modules) in ${ms} ms`);
