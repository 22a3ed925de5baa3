/** Reading urlencoded form bodies: every field a string (or a list, for repeated checkboxes). */
import type { FastifyRequest } from "fastify";

type Body = Record<string, string | string[] | undefined>;

function bodyOf(request: FastifyRequest): Body {
  const body = request.body;
  return typeof body === "object" && body !== null ? (body as Body) : {};
}

/** A field's text (the first, when repeated), "" when absent. */
export function field(request: FastifyRequest, name: string): string {
  const value = bodyOf(request)[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** A repeated field's values (checkboxes), absent = none. */
export function fields(request: FastifyRequest, name: string): string[] {
  const value = bodyOf(request)[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
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
