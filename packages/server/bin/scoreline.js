#!/usr/bin/env node
// The `scoreline` program, as compiled JavaScript: dist/ is built by `npm ci` (the repository's
// `prepare`), `npm run build`, and by `npm start` / `npm run scoreline` when src/ changed since
// (scripts/build-program.mjs, ADR-0050). Nothing is compiled here. Contributors who want every
// edit picked up at once run the sources through tsx instead: `npm run dev`.
import { existsSync } from "node:fs";

const built = new URL("../dist/.built", import.meta.url);
if (!existsSync(built)) {
  process.stderr.write(
    "scoreline: the program is not built (no dist/): run `npm run build` in the repository\n",
  );
  process.exit(2);
}
await import("../dist/main.js");
