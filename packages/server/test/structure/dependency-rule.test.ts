/**
 * The dependency rule that `npm run check` enforces (.dependency-cruiser.cjs): it refuses a
 * back-import, an import circle, impure domain code, a service using the HTTP framework and an
 * instrument (metrics/) importing what it measures, and passes a tree that points one way.
 * Each fixture is a tiny `src/` tree of its own, checked with the real rule file.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const serverRoot = join(here, "..", "..");
const depcruise = join(serverRoot, "..", "..", "node_modules", ".bin", "depcruise");
const ruleFile = join(serverRoot, ".dependency-cruiser.cjs");

function cruise(fixture: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      depcruise,
      ["src", "--config", ruleFile, "--output-type", "err"],
      { cwd: join(here, "fixtures", fixture) },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe("the dependency rule", () => {
  test("refuses a service that imports a transport", async () => {
    const { code, output } = await cruise("back-import");
    assert.notEqual(code, 0);
    assert.match(
      output,
      /no-upward-from-services: src\/services\/reader\.js → src\/http\/route\.js/,
    );
  });

  test("refuses modules that import each other", async () => {
    const { code, output } = await cruise("circle");
    assert.notEqual(code, 0);
    assert.match(output, /no-circular/);
  });

  test("refuses domain code that imports the store", async () => {
    const { code, output } = await cruise("impure-domain");
    assert.notEqual(code, 0);
    assert.match(output, /domain-is-pure: src\/sports\/rules\.js → src\/store\/database\.js/);
  });

  test("refuses a service that imports the HTTP framework", async () => {
    const { code, output } = await cruise("transport-library");
    assert.notEqual(code, 0);
    assert.match(
      output,
      /transport-libraries-in-transports: src\/accounts\/limiter\.js → .*fastify/,
    );
  });

  test("refuses instruments that import what they measure", async () => {
    const { code, output } = await cruise("metrics-measuring");
    assert.notEqual(code, 0);
    assert.match(
      output,
      /metrics-below-everything-it-measures: src\/metrics\/pool-metrics\.js → src\/store\/database\.js/,
    );
  });

  test("passes a tree whose imports point down", async () => {
    const { code, output } = await cruise("clean");
    assert.equal(code, 0, output);
  });
});
