/**
 * Request headers in any of the shapes frameworks hand them over — a fetch `Headers`, Node's
 * `req.headers` (any name case, array values) or [name, value] pairs — read case-insensitively.
 */
import { WebhookVerificationError } from "./errors.js";

export type WebhookHeaders =
  | Headers
  | Readonly<Record<string, string | readonly string[] | undefined>>
  | Iterable<readonly [string, string]>;

/** Every value of every header, by lower-case name. */
export type HeaderValues = ReadonlyMap<string, readonly string[]>;

function add(values: Map<string, string[]>, name: string, value: unknown): void {
  const key = name.toLowerCase();
  const list = values.get(key) ?? [];
  if (typeof value === "string") list.push(value);
  else if (Array.isArray(value)) {
    for (const item of value) if (typeof item === "string") list.push(item);
  }
  if (list.length > 0) values.set(key, list);
}

export function headerValues(headers: WebhookHeaders): HeaderValues {
  if (typeof headers !== "object" || headers === null) {
    throw new WebhookVerificationError(
      "invalid_headers",
      `headers must be the request's headers — a Headers object (fetch, Next.js, edge), Node's req.headers, or [name, value] pairs; got ${headers === null ? "null" : typeof headers}`,
    );
  }
  const values = new Map<string, string[]>();
  if (typeof Headers !== "undefined" && headers instanceof Headers) {
    headers.forEach((value, name) => {
      add(values, name, value);
    });
  } else if (Symbol.iterator in headers) {
    for (const entry of headers as Iterable<unknown>) {
      if (Array.isArray(entry) && typeof entry[0] === "string") add(values, entry[0], entry[1]);
    }
  } else {
    for (const [name, value] of Object.entries(headers)) add(values, name, value);
  }
  return values;
}
