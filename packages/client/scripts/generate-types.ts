/**
 * Generates the client's types from the server's own documents, so they match what it sends:
 * - `src/generated/openapi.ts` from the OpenAPI document (`scoreline openapi`), by
 *   openapi-typescript;
 * - `src/generated/stream.ts` from the AsyncAPI document (`docs/stream.asyncapi.yaml`): its
 *   message payloads and schemas, by json-schema-to-typescript.
 *
 * `--check` regenerates in memory and fails when a committed file differs (the types drifted
 * from the server): run `npm run generate -w @scoreline/client` and commit the result.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { compile, type JSONSchema } from "json-schema-to-typescript";
import openapiTS, { astToString } from "openapi-typescript";
import { parse } from "yaml";

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const own = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

const HEADER = (source: string) =>
  `/**\n * Generated from ${source} by scripts/generate-types.ts. Do not edit:\n` +
  " * run `npm run generate -w @scoreline/client`.\n */\n";

async function openapiTypes(): Promise<string> {
  const json = process.env.OPENAPI_FILE
    ? readFileSync(process.env.OPENAPI_FILE, "utf8")
    : execFileSync(
        process.execPath,
        [root("packages/server/bin/scoreline.js"), "openapi", "--host", "live"],
        { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, env: { PATH: process.env.PATH ?? "" } },
      );
  const ast = await openapiTS(JSON.parse(json), { alphabetize: false, exportType: false });
  return `${HEADER("the server's OpenAPI document (scoreline openapi)")}${astToString(ast)}`;
}

/** Every schema and message payload of the AsyncAPI document, as one JSON Schema to compile. */
async function streamTypes(): Promise<string> {
  const doc = parse(readFileSync(root("docs/stream.asyncapi.yaml"), "utf8")) as {
    components: {
      schemas?: Record<string, JSONSchema>;
      messages: Record<string, { payload: JSONSchema }>;
    };
  };
  const definitions: Record<string, JSONSchema> = { ...doc.components.schemas };
  for (const [name, message] of Object.entries(doc.components.messages)) {
    definitions[`${name[0]?.toUpperCase()}${name.slice(1)}Message`] = message.payload;
  }
  const schema = rewriteRefs({
    title: "StreamDocument",
    type: "object",
    additionalProperties: false,
    properties: Object.fromEntries(
      Object.keys(definitions).map((name) => [name, { $ref: `#/definitions/${name}` }]),
    ),
    definitions,
  }) as JSONSchema;
  const ts = await compile(schema, "StreamDocument", {
    bannerComment: "",
    additionalProperties: false,
    unreachableDefinitions: true,
    strictIndexSignatures: true,
    format: false,
  });
  return `${HEADER("docs/stream.asyncapi.yaml")}${ts}`;
}

/** Keywords that say what a value is; a schema with none of them takes any JSON value. */
const SHAPING = ["type", "$ref", "const", "enum", "oneOf", "anyOf", "allOf", "properties", "items"];

/**
 * AsyncAPI points at `#/components/schemas/X`; the compiled schema keeps them as definitions.
 * A property schema that only describes (`id: { description: … }`, any JSON value) is typed
 * `unknown` — json-schema-to-typescript would otherwise make it an object.
 */
function rewriteRefs(value: unknown, isPropertySchema = false): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item));
  if (value === null || typeof value !== "object") return value;
  if (isPropertySchema && !SHAPING.some((key) => key in value)) {
    return { ...value, tsType: "unknown" };
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (key === "$ref" && typeof inner === "string") {
        return [key, inner.replace("#/components/schemas/", "#/definitions/")];
      }
      if (key === "properties" && inner !== null && typeof inner === "object") {
        const properties = Object.entries(inner).map(([name, schema]) => [
          name,
          rewriteRefs(schema, true),
        ]);
        return [key, Object.fromEntries(properties)];
      }
      return [key, rewriteRefs(inner)];
    }),
  );
}

function formatted(path: string, text: string): string {
  return execFileSync(root("node_modules/.bin/biome"), ["format", `--stdin-file-path=${path}`], {
    input: text,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
}

const check = process.argv.includes("--check");
const outputs: Array<[string, string]> = [
  [own("src/generated/openapi.ts"), await openapiTypes()],
  [own("src/generated/stream.ts"), await streamTypes()],
];
let drifted = 0;
for (const [path, text] of outputs) {
  const before = (() => {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return "";
    }
  })();
  const after = formatted(path, text);
  if (!check) writeFileSync(path, after);
  else if (after !== before) {
    console.error(`${path}: differs from what the server's documents generate.`);
    drifted += 1;
  }
}
if (drifted > 0) {
  console.error("The types drifted from the server: run `npm run generate -w @scoreline/client`.");
  process.exit(1);
}
console.log(check ? "generated types are current" : "generated types written");
