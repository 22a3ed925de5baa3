/**
 * The version rule: the client's public surface changes only as fast as its version says.
 *
 * The surface is the API report `api/scoreline-client.api.md` (API Extractor, see api-report.ts).
 * The surface of the last published version sits next to it in `api/released/`: the report as it
 * was, and `version.json` with that version.
 *
 * The two reports are compared over their declaration lines — the lines of the TypeScript block,
 * leaving out blank lines and `//` comments (release tags, "(undocumented)", warnings), so that
 * documenting an export changes nothing — as a line diff:
 *
 *   no line differs                 → patch: any version >= the released one;
 *   lines were only added           → minor: at least released major.(minor + 1).0;
 *   any line removed or changed     → major: at least (released major + 1).0.0.
 *
 * Versions compare by major.minor.patch: a pre-release counts as its release, so 2.0.0-beta.1 may
 * carry a major change over 1.x.
 *
 *   (no flag)   the check (in `npm run check`, so in `prepublishOnly`): fails with the first
 *               differing lines and the bump they need.
 *   --release   `npm run api:release`, run by `postpublish` — only once the registry took the
 *               version, and skipped by `npm publish --dry-run`: the current report and version
 *               become the released ones (never a lower version). Commit api/released/ then.
 *               Before the first publish it may also be run by hand to move the baseline.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

export type Bump = "patch" | "minor" | "major";

/** One run of differing lines: `removed` from the released report, `added` in the current one. */
export interface Change {
  removed: string[];
  added: string[];
}

export interface Comparison {
  bump: Bump;
  changes: Change[];
}

/** The declaration lines of an API Extractor report: its ```ts block without blanks and comments. */
export function declarationLines(report: string): string[] {
  const lines = report.split(/\r?\n/);
  const start = lines.indexOf("```ts");
  const end = lines.lastIndexOf("```");
  if (start === -1 || end <= start) throw new Error("not an API Extractor report: no ```ts block");
  return lines
    .slice(start + 1, end)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "" && !line.trimStart().startsWith("//"))
    .map(withoutVersionValue);
}

/** `VERSION`'s value changes with every release by design: its type (a string) is the surface. */
function withoutVersionValue(line: string): string {
  return line.replace(/^export const VERSION = "[^"]*";$/, 'export const VERSION = "<version>";');
}

/** Whether `before` is `after` with lines inserted (and none removed). */
function onlyAdditions(before: readonly string[], after: readonly string[]): boolean {
  let i = 0;
  for (const line of after) if (i < before.length && line === before[i]) i++;
  return i === before.length;
}

/** Runs of differing lines (a longest-common-subsequence diff of the part that differs). */
export function diffLines(before: readonly string[], after: readonly string[]): Change[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail++;
  }
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  if (a.length === 0 && b.length === 0) return [];
  // A middle this large is a rewrite: one run says as much as a diff would.
  if (a.length * b.length > 4_000_000) return [{ removed: a, added: b }];

  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width); // lcs[i][j]: of a[i..] and b[j..]
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
    }
  }
  const changes: Change[] = [];
  let current: Change | undefined;
  const take = (kind: keyof Change, line: string) => {
    current ??= { removed: [], added: [] };
    current[kind].push(line);
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      if (current) changes.push(current);
      current = undefined;
      i++;
      j++;
    } else if (
      j >= b.length ||
      (i < a.length && (lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0))
    ) {
      take("removed", a[i++] as string);
    } else {
      take("added", b[j++] as string);
    }
  }
  if (current) changes.push(current);
  return changes;
}

/** The bump a change of surface needs, from the released report to the current one. */
export function compareReports(released: string, current: string): Comparison {
  const before = declarationLines(released);
  const after = declarationLines(current);
  const changes = diffLines(before, after);
  if (changes.length === 0) return { bump: "patch", changes };
  return { bump: onlyAdditions(before, after) ? "minor" : "major", changes };
}

type Triple = [major: number, minor: number, patch: number];

export function parseVersion(version: string): Triple {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version.trim());
  if (!match) throw new Error(`not a semver version: ${JSON.stringify(version)}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Negative, zero or positive as `a` is below, equal to or above `b` (by major.minor.patch). */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** The lowest version that may carry a change needing `bump` over `released`. */
export function minimumVersion(released: string, bump: Bump): string {
  const [major, minor, patch] = parseVersion(released);
  if (bump === "major") return `${major + 1}.0.0`;
  if (bump === "minor") return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch}`;
}

/** Why `version` may not carry this comparison over `released`, or undefined when it may. */
export function versionProblem(
  comparison: Comparison,
  released: string,
  version: string,
  shown = 8,
): string | undefined {
  const minimum = minimumVersion(released, comparison.bump);
  if (compareVersions(version, minimum) >= 0) return undefined;
  const what = {
    patch: "The version went down",
    minor: "Declarations were added to the public API",
    major: "Declarations were removed or changed in the public API",
  }[comparison.bump];
  const lines = comparison.changes.flatMap((change) => [
    ...change.removed.map((line) => `  - ${line}`),
    ...change.added.map((line) => `  + ${line}`),
  ]);
  const more = lines.length > shown ? [`  … and ${lines.length - shown} more lines`] : [];
  return [
    `${what} since the released ${released}: a ${comparison.bump} change needs version ${minimum} or later, and package.json has ${version}.`,
    ...lines.slice(0, shown),
    ...more,
  ].join("\n");
}

const own = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const REPORT = "api/scoreline-client.api.md";
const RELEASED_REPORT = "api/released/scoreline-client.api.md";
const RELEASED_VERSION = "api/released/version.json";

function readVersion(path: string): string {
  return (JSON.parse(readFileSync(own(path), "utf8")) as { version: string }).version;
}

function check(version: string): void {
  if (!existsSync(own(RELEASED_REPORT)) || !existsSync(own(RELEASED_VERSION))) {
    throw new Error(
      `${RELEASED_REPORT} or ${RELEASED_VERSION} is missing (see this script's header)`,
    );
  }
  const released = readVersion(RELEASED_VERSION);
  const comparison = compareReports(
    readFileSync(own(RELEASED_REPORT), "utf8"),
    readFileSync(own(REPORT), "utf8"),
  );
  const problem = versionProblem(comparison, released, version);
  if (problem) throw new Error(problem);
  const changed = comparison.bump === "patch" ? "unchanged" : `a ${comparison.bump} change`;
  console.log(`api: ${version} over released ${released}: the public API is ${changed}, ok`);
}

/** Records the current surface as that of `version` (after a publish, or to start a baseline). */
function release(version: string): void {
  if (process.env.npm_config_dry_run === "true") {
    console.log("api: dry run, api/released/ left as it is");
    return;
  }
  if (existsSync(own(RELEASED_VERSION))) {
    const released = readVersion(RELEASED_VERSION);
    if (compareVersions(version, released) < 0) {
      throw new Error(`package.json has ${version}, below the released ${released}`);
    }
  }
  mkdirSync(own("api/released"), { recursive: true });
  copyFileSync(own(REPORT), own(RELEASED_REPORT));
  writeFileSync(own(RELEASED_VERSION), `${JSON.stringify({ version }, null, 2)}\n`);
  console.log(`api: ${RELEASED_REPORT} is now the surface of ${version}: commit api/released/`);
}

function main(): void {
  if (!existsSync(own(REPORT))) {
    throw new Error(`${REPORT} is missing: run \`npm run api:update -w @scoreline/client\``);
  }
  const version = readVersion("package.json");
  if (process.argv.includes("--release")) release(version);
  else check(version);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main();
  } catch (error) {
    console.error(`api: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
