/** Query strings from parameter objects: absent values dropped, lists comma-joined. */
import { ScorelineError } from "./errors.js";

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export function queryString(params: object | undefined): string {
  if (params === undefined) return "";
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params) as Array<[string, QueryValue]>) {
    if (value === undefined || value === null) continue;
    search.append(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** A path segment from a caller's id: encoded, and never empty (an empty id is a caller bug). */
export function segment(value: string): string {
  if (typeof value !== "string" || value.length === 0) {
    throw new ScorelineError(`expected a non-empty id string, got ${JSON.stringify(value)}`);
  }
  return encodeURIComponent(value);
}
