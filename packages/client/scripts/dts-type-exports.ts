/**
 * Second step of `npm run build`: gives the bundled declarations back the `type` of their
 * type-only exports. tsup's declaration bundler (rollup-plugin-dts) drops it, so a class the
 * source exports with `export type { Fixtures }` comes out as `export { Fixtures }` — types that
 * promise a runtime export the JavaScript does not have (`new Fixtures()` would compile, then
 * fail). See Swatinem/rollup-plugin-dts#311.
 *
 * The built JavaScript is the reference: in each entry's `.d.ts` and `.d.cts`, an exported name
 * that its ESM build does not export becomes `type`. A runtime export that the declarations do
 * not name fails the build.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const ENTRIES = ["index", "webhooks/index"];
const own = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** The declaration file with the `type` put back, and the names it exports. */
function markTypeOnly(path: string, runtime: ReadonlySet<string>) {
  const text = readFileSync(path, "utf8");
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const declared = new Set<string>();
  const insertions: number[] = [];
  let opaque = false; // `export *` or `export =`: names not listed here
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (!clause || !ts.isNamedExports(clause)) {
        opaque = true;
        continue;
      }
      for (const specifier of clause.elements) {
        declared.add(specifier.name.text);
        if (!statement.isTypeOnly && !specifier.isTypeOnly && !runtime.has(specifier.name.text)) {
          insertions.push(specifier.getStart(source));
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      opaque ||= statement.isExportEquals === true;
      if (!statement.isExportEquals) declared.add("default");
    } else if (ts.canHaveModifiers(statement)) {
      const exported = ts
        .getModifiers(statement)
        ?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      const name = (statement as { name?: ts.Node }).name;
      if (exported && name && ts.isIdentifier(name)) declared.add(name.text);
    }
  }
  let fixed = text;
  for (const at of insertions.sort((a, b) => b - a)) {
    fixed = `${fixed.slice(0, at)}type ${fixed.slice(at)}`;
  }
  return { fixed, changed: insertions.length, declared, opaque };
}

let failed = false;
for (const entry of ENTRIES) {
  const module = (await import(pathToFileURL(own(`dist/${entry}.js`)).href)) as object;
  const runtime = new Set(Object.keys(module));
  for (const extension of [".d.ts", ".d.cts"]) {
    const path = own(`dist/${entry}${extension}`);
    const { fixed, changed, declared, opaque } = markTypeOnly(path, runtime);
    const undeclared = opaque ? [] : [...runtime].filter((name) => !declared.has(name));
    if (undeclared.length > 0) {
      console.error(`dts: dist/${entry}${extension} does not declare ${undeclared.join(", ")}`);
      failed = true;
    }
    if (changed > 0) writeFileSync(path, fixed);
  }
}
if (failed) process.exitCode = 1;
