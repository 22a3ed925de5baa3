/** The success envelope every answer uses, and reading it from a raw answer. */
import type { RawResponse } from "./transport.js";

/** `pagination` of page-numbered lists; cursor lists add `next_cursor`. */
export interface Pagination {
  page: number;
  per_page: number;
  total_pages: number;
  total_results: number;
  total: number;
  next_cursor?: string | null;
}

/** `meta` of every answer; lists add `count`, live lists `updated_at`, open data `attribution`. */
export interface Meta {
  generated_at: string;
  request_id: string;
  sport?: string;
  count?: number;
  updated_at?: string | null;
  attribution?: string;
  [field: string]: unknown;
}

export interface Envelope<T> {
  data: T;
  meta: Meta;
  pagination?: Pagination;
}

export function envelopeOf<T>(raw: RawResponse): Envelope<T> {
  return JSON.parse(raw.text ?? "null") as Envelope<T>;
}

/** The envelope's `data`: what a call for one resource returns. */
export function dataOf<T>(raw: RawResponse): T {
  return envelopeOf<T>(raw).data;
}

/** A list that comes whole (live matches, standings, odds, events…): its items and `meta`. */
export interface ListResponse<Item> {
  data: Item[];
  meta: Meta;
}

export function listOf<Item>(raw: RawResponse): ListResponse<Item> {
  const { data, meta } = envelopeOf<Item[]>(raw);
  return { data, meta };
}
