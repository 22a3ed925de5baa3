/**
 * The published build: ESM (`.js`) and CommonJS (`.cjs`) with their declarations (`.d.ts`,
 * `.d.cts`) for the two entries — `.` (everything) and `./webhooks` (webhook verification alone,
 * for edge functions). Runs on any runtime (platform neutral), so nothing from Node is assumed.
 *
 * `ws` stays external: the live stream loads it lazily, and only on Node. esbuild keeps an
 * `import()` as an `import()` in both formats at this target, so a variable specifier still
 * works from CommonJS. (No code splitting: tsup's CommonJS splitting would rewrite `import()`
 * into `require()`, which cannot load an ES module.)
 *
 * The main entry loads the webhooks entry as its sibling file instead of bundling a second copy,
 * so `WebhookVerificationError` is one class whichever entry it comes from, in both formats.
 */
import { dirname, resolve } from "node:path";
import { defineConfig, type Options } from "tsup";

type Plugin = NonNullable<Options["esbuildPlugins"]>[number];

const WEBHOOKS = resolve("src/webhooks");

const webhooksEntryAsSibling: Plugin = {
  name: "webhooks-entry-as-sibling",
  setup(build) {
    const extension = build.initialOptions.format === "cjs" ? "cjs" : "js";
    build.onResolve({ filter: /^\.\.?\/.*webhooks\// }, (args) => {
      if (!args.importer || args.importer.startsWith(`${WEBHOOKS}/`)) return undefined;
      const target = resolve(dirname(args.importer), args.path).replace(/\.js$/, ".ts");
      if (target === `${WEBHOOKS}/index.ts`) {
        return { path: `./webhooks/index.${extension}`, external: true };
      }
      if (target.startsWith(`${WEBHOOKS}/`)) {
        return {
          errors: [{ text: `import the webhooks through src/webhooks/index.ts, not ${args.path}` }],
        };
      }
      return undefined;
    });
  },
};

export default defineConfig({
  entry: { index: "src/index.ts", "webhooks/index": "src/webhooks/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  target: "es2022",
  platform: "neutral",
  minify: false,
  sourcemap: true,
  splitting: false,
  clean: true,
  external: ["ws"],
  esbuildPlugins: [webhooksEntryAsSibling],
  // tsup strips `node:` from specifiers by default; Deno and edge runtimes need it kept.
  removeNodeProtocol: false,
});
