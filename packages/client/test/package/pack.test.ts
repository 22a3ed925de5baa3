/**
 * The package as its users get it: `npm pack` of the build, installed offline into a fresh project
 * outside the repo (no `ws`: it is an optional peer), then loaded as ESM and as CommonJS, and
 * type-checked by a consumer under node16 (`.mts` and `.cts`) and bundler resolution — strict,
 * without skipLibCheck, without @types/node. Builds `dist/` when it is missing (`npm test` builds
 * it first).
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import ts from "typescript";

const run = promisify(execFile);
/** Named from the repository's root: a compiled test run (`.test-build/`) packs the real package. */
const packageDir = fileURLToPath(new URL("../../../../packages/client", import.meta.url));
const tsc = join(
  dirname(createRequire(import.meta.url).resolve("typescript/package.json")),
  "bin/tsc",
);
const NAME = "@scoreline/client";
const SUBPATHS = [NAME, `${NAME}/webhooks`] as const;
/** A few exports users reach for by name: values, then types (all are checked generically). */
const EXPECTED: Record<(typeof SUBPATHS)[number], { values: string[]; types: string[] }> = {
  [NAME]: {
    values: [
      "Scoreline",
      "default",
      "ScorelineError",
      "RateLimitError",
      "verifyWebhook",
      "VERSION",
    ],
    types: ["ClientOptions", "RequestOptions", "ScorelineEvent"],
  },
  [`${NAME}/webhooks`]: {
    values: ["verifyWebhook", "WebhookVerificationError"],
    types: ["VerifyWebhookOptions"],
  },
};

/** npm without the settings of the `npm test` around it (workspace, prefix, lifecycle). */
function npmEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
}

let temp = "";
let consumer = "";
let tarballFiles: string[] = [];

before(async () => {
  if (
    !existsSync(join(packageDir, "dist/index.js")) ||
    !existsSync(join(packageDir, "dist/webhooks/index.js"))
  ) {
    await run("npm", ["run", "build"], { cwd: packageDir, env: npmEnv() });
  }
  temp = mkdtempSync(join(tmpdir(), "scoreline-pack-"));
  const packed = await run(
    "npm",
    ["pack", "--json", "--ignore-scripts", "--pack-destination", temp],
    { cwd: packageDir, env: npmEnv() },
  );
  const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  assert.ok(info);
  tarballFiles = info.files.map((file) => file.path).sort();

  consumer = join(temp, "consumer");
  mkdirSync(consumer);
  writeFileSync(
    join(consumer, "package.json"),
    JSON.stringify({ name: "consumer", private: true }),
  );
  await run(
    "npm",
    [
      "install",
      "--offline",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      join(temp, info.filename),
    ],
    { cwd: consumer, env: npmEnv() },
  );
});

after(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
});

/** For each entry, the names its declarations export, and which of them are values (at runtime). */
let declared: Map<string, { all: string[]; values: string[] }> | undefined;

function declaredExports(specifier: string): { all: string[]; values: string[] } {
  if (!declared) {
    declared = new Map();
    const file = join(consumer, "declared.mts");
    writeFileSync(file, SUBPATHS.map((entry) => `import "${entry}";\n`).join(""));
    const program = ts.createProgram([file], {
      module: ts.ModuleKind.Node16,
      moduleResolution: ts.ModuleResolutionKind.Node16,
      noLib: true, // names only: no need to read the standard library
      types: [],
      noEmit: true,
    });
    const checker = program.getTypeChecker();
    for (const statement of program.getSourceFile(file)?.statements ?? []) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
        continue;
      const module = checker.getSymbolAtLocation(statement.moduleSpecifier);
      assert.ok(module, `${statement.moduleSpecifier.text}: declarations not found`);
      const all: string[] = [];
      const values: string[] = [];
      for (const symbol of checker.getExportsOfModule(module)) {
        all.push(symbol.name);
        if (isValue(checker, symbol)) values.push(symbol.name);
      }
      declared.set(statement.moduleSpecifier.text, { all: all.sort(), values: values.sort() });
    }
    rmSync(file);
  }
  const exports = declared.get(specifier);
  assert.ok(exports, `${specifier}: no declarations`);
  return exports;
}

/** Whether an export exists at runtime: a value, not exported through `export type`. */
function isValue(checker: ts.TypeChecker, symbol: ts.Symbol): boolean {
  let current: ts.Symbol | undefined = symbol;
  while (current && current.flags & ts.SymbolFlags.Alias) {
    const typeOnly = (current.declarations ?? []).some(
      (d) =>
        (ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly)) ||
        (ts.isImportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly)),
    );
    if (typeOnly) return false;
    current = checker.getImmediateAliasedSymbol(current);
  }
  return current !== undefined && (current.flags & ts.SymbolFlags.Value) !== 0;
}

interface Loaded {
  /** The export names, sorted, with what `typeof` says of each. */
  kinds: Record<string, string>;
  file: string;
}

const loads = new Map<string, Promise<Loaded>>();

/** What a child process sees when it imports or requires `specifier` from the consumer. */
function load(kind: "import" | "require", specifier: string): Promise<Loaded> {
  const key = `${kind} ${specifier}`;
  const loaded = loads.get(key) ?? loadOnce(kind, specifier);
  loads.set(key, loaded);
  return loaded;
}

async function loadOnce(kind: "import" | "require", specifier: string): Promise<Loaded> {
  const spec = JSON.stringify(specifier);
  const report = `const kinds = Object.fromEntries(Object.keys(m).sort().map((k) => [k, typeof m[k]]));
    console.log(JSON.stringify({ kinds, file: ${kind === "import" ? "import.meta" : "require"}.resolve(${spec}) }));`;
  const code =
    kind === "import"
      ? `const m = await import(${spec});\n${report}`
      : `const m = require(${spec});\n${report}`;
  const args = [`--input-type=${kind === "import" ? "module" : "commonjs"}`, "-e", code];
  const { stdout } = await run(process.execPath, args, { cwd: consumer });
  const loaded = JSON.parse(stdout) as Loaded;
  return { ...loaded, file: loaded.file.replace(/^file:\/\//, "") };
}

describe("the packed package", () => {
  test("holds the build, the manifest and the docs only; depends on nothing", () => {
    for (const path of tarballFiles) {
      assert.match(
        path,
        /^(dist\/.+\.(js|cjs|d\.ts|d\.cts|map)|package\.json|README\.md|CHANGELOG\.md|LICENSE)$/,
      );
    }
    for (const entry of ["index", "webhooks/index"]) {
      for (const ext of [".js", ".cjs", ".d.ts", ".d.cts"]) {
        assert.ok(tarballFiles.includes(`dist/${entry}${ext}`), `dist/${entry}${ext} is packed`);
      }
    }
    const manifest = JSON.parse(
      readFileSync(join(consumer, "node_modules", NAME, "package.json"), "utf8"),
    ) as { dependencies?: object; peerDependenciesMeta?: { ws?: { optional?: boolean } } };
    assert.equal(manifest.dependencies, undefined, "no runtime dependencies");
    assert.equal(manifest.peerDependenciesMeta?.ws?.optional, true, "ws is an optional peer");
  });

  test("loads ws only lazily: no static import or require of it, import() kept", () => {
    const root = join(consumer, "node_modules", NAME);
    for (const path of tarballFiles.filter((p) => /\.c?js$/.test(p))) {
      const code = readFileSync(join(root, path), "utf8");
      assert.doesNotMatch(code, /^\s*import\b[^()]*["']ws["']/m, `${path} imports ws statically`);
      assert.doesNotMatch(code, /\brequire\(\s*["']ws["']\s*\)/, `${path} requires ws`);
      // An `import()` of a variable stays one: a `require()` could not load an ES module.
      assert.doesNotMatch(
        code,
        /\brequire\(\s*[^"'\s)]/,
        `${path} turns an import() into require()`,
      );
    }
  });

  for (const specifier of SUBPATHS) {
    test(`${specifier}: import and require load the same exports, as the types declare`, async () => {
      const [esm, cjs] = await Promise.all([load("import", specifier), load("require", specifier)]);
      const entry = specifier === NAME ? "dist/index" : "dist/webhooks/index";
      assert.ok(esm.file.endsWith(`/${NAME}/${entry}.js`), `import resolves ${esm.file}`);
      assert.ok(cjs.file.endsWith(`/${NAME}/${entry}.cjs`), `require resolves ${cjs.file}`);
      assert.deepEqual(cjs.kinds, esm.kinds, "CommonJS and ESM export the same names and kinds");

      const declared = declaredExports(specifier);
      const names = Object.keys(esm.kinds);
      assert.deepEqual(names, declared.values, "the runtime exports are the declared values");
      for (const name of EXPECTED[specifier].values) assert.ok(names.includes(name), name);
      for (const name of EXPECTED[specifier].types) assert.ok(declared.all.includes(name), name);
    });
  }

  test("the main entry re-exports the webhooks entry: the same objects, in either format", async () => {
    const [root, webhooks] = SUBPATHS.map((specifier) => JSON.stringify(specifier));
    const compare = `const missing = Object.keys(w).filter((k) => !(k in r));
      const copies = Object.keys(w).filter((k) => k in r && r[k] !== w[k]);
      console.log(JSON.stringify({ missing, copies }));`;
    for (const [type, code] of [
      ["module", `const r = await import(${root}); const w = await import(${webhooks});`],
      ["commonjs", `const r = require(${root}); const w = require(${webhooks});`],
    ]) {
      const { stdout } = await run(
        process.execPath,
        [`--input-type=${type}`, "-e", `${code}\n${compare}`],
        { cwd: consumer },
      );
      const { missing, copies } = JSON.parse(stdout) as { missing: string[]; copies: string[] };
      assert.deepEqual(missing, [], `${type}: webhooks exports missing from the main entry`);
      assert.deepEqual(copies, [], `${type}: copies instead of the same object`);
    }
  });

  test("package.json is exported", async () => {
    const { stdout } = await run(
      process.execPath,
      ["-e", `console.log(require("${NAME}/package.json").version)`],
      { cwd: consumer },
    );
    const own = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
      version: string;
    };
    assert.equal(stdout.trim(), own.version);
  });

  test("type-checks for consumers: node16 (.mts, .cts) and bundler, strict, no skipLibCheck", async () => {
    const lines: string[] = [];
    for (const [index, specifier] of SUBPATHS.entries()) {
      const { all } = declaredExports(specifier);
      const runtime = Object.keys((await load("import", specifier)).kinds);
      // Every declared name resolves; the value exports are exactly what loads at runtime.
      const names = all.map((name) => `${name} as m${index}_${name}`);
      if (names.length > 0) lines.push(`import type { ${names.join(", ")} } from "${specifier}";`);
      lines.push(
        `import * as m${index} from "${specifier}";`,
        `export const values${index}: Same<keyof typeof m${index}, ${union(runtime)}> = true;`,
      );
    }
    lines.push("type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;");
    const source = `${lines.join("\n")}\n`;
    writeFileSync(join(consumer, "esm.mts"), source);
    writeFileSync(join(consumer, "cjs.cts"), source);
    writeFileSync(join(consumer, "bundler.ts"), source);
    const common = {
      strict: true,
      target: "ES2022",
      lib: ["ES2022", "DOM"],
      types: [],
      skipLibCheck: false,
      skipDefaultLibCheck: true, // TypeScript's own lib files only: the package's .d.ts are checked
      noEmit: true,
    };
    writeFileSync(
      join(consumer, "tsconfig.node16.json"),
      JSON.stringify({
        compilerOptions: { ...common, module: "node16", moduleResolution: "node16" },
        files: ["esm.mts", "cjs.cts"],
      }),
    );
    writeFileSync(
      join(consumer, "tsconfig.bundler.json"),
      JSON.stringify({
        compilerOptions: { ...common, module: "esnext", moduleResolution: "bundler" },
        files: ["bundler.ts"],
      }),
    );
    await Promise.all(
      ["tsconfig.node16.json", "tsconfig.bundler.json"].map(async (project) => {
        try {
          await run(process.execPath, [tsc, "-p", project, "--pretty", "false"], { cwd: consumer });
        } catch (error) {
          const { stdout, stderr } = error as { stdout?: string; stderr?: string };
          assert.fail(
            `tsc -p ${project} failed:\n${stdout ?? ""}${stderr ?? ""}\n--- consumer:\n${source}`,
          );
        }
      }),
    );
  });
});

function union(names: readonly string[]): string {
  return names.length === 0 ? "never" : names.map((name) => JSON.stringify(name)).join(" | ");
}
