/**
 * The client's dependency rule that `npm run check` enforces (.dependency-cruiser.cjs): it refuses
 * an import circle and a stream module that reaches into the REST plumbing, and passes a tree
 * that points one way. Each case is a tiny plain-JS `src/` tree written to a temporary folder and
 * checked with the real rule file.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const clientRoot = join(here, "..", "..");
const depcruise = join(clientRoot, "..", "..", "node_modules", ".bin", "depcruise");
const ruleFile = join(clientRoot, ".dependency-cruiser.cjs");

const trees: string[] = [];
after(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});

/** Writes `files` (path under the tree → source) and runs the rule over the tree's `src`. */
function cruise(files: Record<string, string>): Promise<{ code: number; output: string }> {
  const tree = mkdtempSync(join(tmpdir(), "client-dependency-rule-"));
  trees.push(tree);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), source);
  }
  return new Promise((resolve) => {
    execFile(
      depcruise,
      ["src", "--config", ruleFile, "--output-type", "err"],
      { cwd: tree },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe("the client's dependency rule", () => {
  test("refuses two modules that import each other", async () => {
    const { code, output } = await cruise({
      "src/index.js": 'export { a } from "./stream/a.js";\n',
      "src/stream/a.js": 'import { b } from "./b.js";\nexport const a = () => b;\n',
      "src/stream/b.js": 'import { a } from "./a.js";\nexport const b = () => a;\n',
    });
    assert.notEqual(code, 0);
    assert.match(output, /no-circular: src\/stream\/(a|b)\.js →\s+src\/stream\/(a|b)\.js/);
  });

  test("refuses a stream module that loads the REST plumbing", async () => {
    const { code, output } = await cruise({
      "src/index.js": 'export { open } from "./stream/open.js";\n',
      "src/stream/open.js":
        'import { send } from "../core/transport.js";\nexport const open = send;\n',
      "src/core/transport.js": "export const send = () => 1;\n",
    });
    assert.notEqual(code, 0);
    assert.match(output, /stream-stands-apart: src\/stream\/open\.js → src\/core\/transport\.js/);
  });

  test("passes a tree whose imports point one way", async () => {
    const { code, output } = await cruise({
      "src/index.js":
        'export { Client } from "./client.js";\nexport { open } from "./stream/open.js";\n',
      "src/client.js":
        'import { list } from "./resources/fixtures.js";\nexport class Client { list = list; }\n',
      "src/resources/fixtures.js":
        'import { send } from "../core/transport.js";\nexport const list = () => send();\n',
      "src/core/transport.js": "export const send = () => 1;\n",
      "src/stream/open.js":
        'import { VERSION } from "../version.js";\nexport const open = () => VERSION;\n',
      "src/version.js": 'export const VERSION = "1.0.0";\n',
    });
    assert.equal(code, 0, output);
  });
});
