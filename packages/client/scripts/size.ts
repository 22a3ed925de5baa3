/**
 * The size budget, measured as an application would ship the client: each ESM entry of the build
 * bundled by esbuild (minified, `ws` left external: Node-only and loaded lazily), then gzipped.
 * Fails when an entry is over its budget (1 kB = 1000 bytes). Build first.
 *
 * The main entry holds everything (REST, stream, webhooks); its budget is the one promised for the
 * REST client, so the rest must fit inside it too. The webhooks entry is meant for edge functions,
 * so it must also bundle to one file that imports nothing (no `ws`, no Node built-ins); about
 * half of its 4 kB are the error messages that tell a user what went wrong (a parsed body, a
 * re-formatted one, a secret with a stray newline), which is worth its bytes.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

interface Entry {
  name: string;
  file: string;
  budget: number;
  selfContained: boolean;
}

const ENTRIES: Entry[] = [
  { name: "REST client (.)", file: "dist/index.js", budget: 15_000, selfContained: false },
  {
    name: "webhooks (./webhooks)",
    file: "dist/webhooks/index.js",
    budget: 5_000,
    selfContained: true,
  },
];

const own = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

async function measure(entry: Entry): Promise<{ min: number; gzip: number; imports: string[] }> {
  const result = await build({
    entryPoints: [own(entry.file)],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    external: ["ws", "node:*"],
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  const imports = Object.values(result.metafile.outputs).flatMap((output) =>
    output.imports.filter((i) => i.external).map((i) => i.path),
  );
  return { min: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength, imports };
}

let failed = false;
for (const entry of ENTRIES) {
  if (!existsSync(own(entry.file))) {
    console.error(`size: ${entry.file} is missing: run \`npm run build -w @scoreline/client\``);
    failed = true;
    continue;
  }
  const { min, gzip, imports } = await measure(entry);
  const over = gzip > entry.budget;
  const external = imports.length > 0 ? `, imports ${[...new Set(imports)].join(", ")}` : "";
  console.log(
    `size: ${entry.name.padEnd(22)} ${kB(gzip).padStart(9)} min+gzip (${kB(min)} min${external})` +
      `  budget ${kB(entry.budget)}${over ? "  OVER BUDGET" : ""}`,
  );
  if (over) failed = true;
  if (entry.selfContained && imports.length > 0) {
    console.error(`size: ${entry.file} must import nothing (it is for edge functions)`);
    failed = true;
  }
}
if (failed) process.exitCode = 1;
