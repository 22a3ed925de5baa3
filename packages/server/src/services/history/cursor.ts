/**
 * The opaque history cursor: base64url JSON of the last row served (kickoff, id), the number
 * of the page it leads to, and the digest of the query it belongs to. Anything else given as a
 * cursor, or a cursor of another query, is a 400 on `cursor`.
 */
import { invalidParameter } from "../../errors/service-error.js";
import type { Position } from "./keyset.js";

export interface CursorState extends Position {
  /** The page number this cursor leads to (2 or more). */
  page: number;
}

interface Payload {
  v: 1;
  k: string;
  i: string;
  p: number;
  q: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

export function encodeCursor(state: CursorState, queryDigest: string): string {
  const payload: Payload = { v: 1, k: state.kickoff, i: state.id, p: state.page, q: queryDigest };
  return Buffer.from(JSON.stringify(payload)).toString("base64url");
}

export function decodeCursor(text: string, queryDigest: string): CursorState {
  const payload = parse(text);
  if (payload === undefined) {
    throw invalidParameter("cursor", "cursor is not valid; use pagination.next_cursor as given");
  }
  if (payload.q !== queryDigest) {
    throw invalidParameter(
      "cursor",
      "cursor belongs to a different query; keep the filters and per_page of the first page, or start again without cursor",
    );
  }
  return { kickoff: payload.k, id: payload.i, page: payload.p };
}

function parse(text: string): Payload | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const p = value as Record<string, unknown>;
  const valid =
    p.v === 1 &&
    typeof p.k === "string" &&
    TIMESTAMP.test(p.k) &&
    typeof p.i === "string" &&
    p.i.length > 0 &&
    p.i.length <= 64 &&
    Number.isSafeInteger(p.p) &&
    (p.p as number) >= 2 &&
    typeof p.q === "string";
  return valid ? (p as unknown as Payload) : undefined;
}
