/**
 * Around the form schemas (schemas/): trimming text before it is checked, showing a refused form
 * again with what was typed, splitting list fields, and reading the GET pages' query text.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";

function fieldValue(body: unknown, name: string): unknown {
  return typeof body === "object" && body !== null
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/**
 * preValidation: trims these text fields (an email, a URL), so the schema checks the text the
 * verbs will use.
 */
export function trimFields(...names: string[]) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const body = request.body;
    if (typeof body === "object" && body !== null) {
      const fields = body as Record<string, unknown>;
      for (const name of names) {
        const value = fields[name];
        if (typeof value === "string") fields[name] = value.trim();
      }
    }
    done();
  };
}

/**
 * What was posted in a text field, to show a refused form again: "" when absent, the first when
 * repeated; a number the schema check coerced, as text.
 */
export function postedText(body: unknown, name: string): string {
  const raw = fieldValue(body, name);
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value === "string") return value;
  return typeof value === "number" ? String(value) : "";
}

/** What was checked in a group of checkboxes, to show a refused form again. */
export function postedTexts(body: unknown, name: string): string[] {
  const raw = fieldValue(body, name);
  return (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === "string");
}

/** Comma- or space-separated text → its non-empty parts. */
export function list(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** A query parameter's text, when it is one string. */
export function queryText(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
}
