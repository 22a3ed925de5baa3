/**
 * Reads one name-pool file from `lists/` and checks it against its shape. The pools are data the
 * generator draws from in order, so a malformed file must fail loudly at load, naming the file and
 * where in it the problem is, rather than generate a dataset from half a list.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Static, TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";

const LISTS = new URL("./lists/", import.meta.url);

/** `name` is relative to `lists/`, e.g. `countries/gb-eng.json`; `dir` is for tests. */
export function readPoolFile<T extends TSchema>(name: string, schema: T, dir = LISTS): Static<T> {
  const path = fileURLToPath(new URL(name, dir));
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, "utf8"));
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new Error(`name pool ${path}: ${reason}`, { cause });
  }
  const problems = [...Value.Errors(schema, value)].slice(0, 5);
  if (problems.length > 0) {
    const listed = problems.map((p) => `${p.path || "/"} ${p.message}`).join("; ");
    throw new Error(`name pool ${path} does not match its shape: ${listed}`);
  }
  return value as Static<T>;
}
