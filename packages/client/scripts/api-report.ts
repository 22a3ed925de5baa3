/**
 * The client's public surface, as API Extractor reads it from the build's `dist/index.d.ts`
 * (configured by api-extractor.json), committed as `api/scoreline-client.api.md` so that every
 * change to it shows in review. Build first.
 *
 *   (no flag)   regenerates the report into a temp folder and fails when it differs from the
 *               committed one (what `npm run check` runs);
 *   --update    writes the committed report (`npm run api:update -w @scoreline/client`).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Extractor, ExtractorConfig, ExtractorLogLevel } from "@microsoft/api-extractor";
import { declarationLines, diffLines } from "./api-report-version.js";

const own = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const REPORT = "api/scoreline-client.api.md";
const UPDATE = "npm run api:update -w @scoreline/client";
const update = process.argv.includes("--update");

// What this script says itself (the report is missing, differs, was written), or noise.
const QUIET = new Set([
  "console-preamble",
  "console-api-report-not-copied",
  "console-api-report-copied",
  "console-api-report-created",
]);

function run(): void {
  if (!existsSync(own("dist/index.d.ts"))) {
    throw new Error("dist/index.d.ts is missing: run `npm run build -w @scoreline/client` first");
  }
  const tempFolder = mkdtempSync(join(tmpdir(), "scoreline-api-"));
  try {
    const configPath = own("api-extractor.json");
    const configObject = ExtractorConfig.loadFile(configPath);
    configObject.apiReport = { enabled: true, ...configObject.apiReport };
    configObject.apiReport.reportTempFolder = tempFolder;
    const config = ExtractorConfig.prepare({
      configObject,
      configObjectFullPath: configPath,
      packageJsonFullPath: own("package.json"),
    });
    const result = Extractor.invoke(config, {
      localBuild: update,
      messageCallback: (message) => {
        if (QUIET.has(message.messageId)) message.logLevel = ExtractorLogLevel.None;
      },
    });
    if (result.errorCount + result.warningCount > 0) {
      throw new Error(
        `API Extractor reported ${result.errorCount} errors and ${result.warningCount} warnings`,
      );
    }
    if (update) {
      console.log(`api: ${REPORT} ${result.apiReportChanged ? "updated" : "unchanged"}`);
    } else if (result.apiReportChanged) {
      const fresh = readFileSync(join(tempFolder, "scoreline-client.api.md"), "utf8");
      throw new Error(
        [`${REPORT} is out of date with the build's public API: run \`${UPDATE}\` and commit it.`]
          .concat(differences(fresh))
          .join("\n"),
      );
    } else {
      console.log(`api: ${REPORT} matches the build`);
    }
  } finally {
    rmSync(tempFolder, { recursive: true, force: true });
  }
}

/** The first lines where the fresh report differs from the committed one. */
function differences(fresh: string, shown = 8): string[] {
  if (!existsSync(own(REPORT))) return [`  (${REPORT} does not exist yet)`];
  const changes = diffLines(
    declarationLines(readFileSync(own(REPORT), "utf8")),
    declarationLines(fresh),
  );
  const lines = changes.flatMap((change) => [
    ...change.removed.map((line) => `  - ${line}`),
    ...change.added.map((line) => `  + ${line}`),
  ]);
  if (lines.length === 0) return ["  (only comments or blank lines differ)"];
  const more = lines.length > shown ? [`  … and ${lines.length - shown} more lines`] : [];
  return [...lines.slice(0, shown), ...more];
}

try {
  run();
} catch (error) {
  console.error(`api: ${(error as Error).message}`);
  process.exitCode = 1;
}
