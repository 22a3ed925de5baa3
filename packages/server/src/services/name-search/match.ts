/**
 * How a search query matches one name, in tiers: the whole name (exact), the start of the name or
 * of one of its words (prefix), anywhere inside it (substring), or within a few typos of the name
 * or of as many neighbouring words as the query has (fuzzy: bounded Damerau–Levenshtein). Names
 * and queries are compared as search keys: lower case, accents and punctuation removed.
 *
 * Scores keep the tiers apart: exact 1, prefix in (0.70, 0.94), substring in (0.50, 0.65],
 * fuzzy in (0, 0.45). Within a tier, a match that ends on a word boundary, covers more of the
 * name, or starts it scores higher.
 */
import { boundedEditDistance } from "../../lib/edit-distance.js";
import { searchable } from "../../lib/text.js";

/** "1. FC Köln" → "1 fc koln": the form names and queries are compared in. */
export function searchKey(text: string): string {
  return searchable(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** A query, prepared once for every name it is matched against. */
export interface PreparedQuery {
  key: string;
  words: string[];
  /** Typos a fuzzy match may have: by word length, 0 up to 3 letters, 1 up to 7, then 2; at most 3 in all. */
  maxEdits: number;
}

export function prepareQuery(text: string): PreparedQuery {
  const key = searchKey(text);
  const words = key === "" ? [] : key.split(" ");
  let maxEdits = 0;
  for (const word of words) maxEdits += word.length <= 3 ? 0 : word.length <= 7 ? 1 : 2;
  return { key, words, maxEdits: Math.min(maxEdits, 3) };
}

/** The exact, prefix or substring score of `name` (a search key), or 0. */
export function literalScore(query: PreparedQuery, name: string): number {
  const q = query.key;
  if (name === q) return 1;
  let at = name.indexOf(q);
  let best = 0;
  while (at !== -1) {
    const wordStart = at === 0 || name.charCodeAt(at - 1) === SPACE;
    const end = at + q.length;
    const wordEnd = end === name.length || name.charCodeAt(end) === SPACE;
    const coverage = q.length / name.length;
    const score = wordStart
      ? 0.7 + (wordEnd ? 0.12 : 0) + 0.08 * coverage + (at === 0 ? 0.04 : 0)
      : 0.5 + 0.1 * coverage + (wordEnd ? 0.05 : 0);
    if (score > best) best = score;
    at = name.indexOf(q, at + 1);
  }
  return best;
}

/**
 * The fuzzy score of a name's words against the query: the closest of the whole name and every
 * run of as many neighbouring words as the query has, or 0 when none is within `maxEdits`.
 */
export function fuzzyScore(query: PreparedQuery, name: string, words: readonly string[]): number {
  if (query.maxEdits === 0) return 0;
  let best = 0;
  const consider = (segment: string) => {
    const distance = boundedEditDistance(query.key, segment, query.maxEdits);
    if (distance > query.maxEdits) return;
    const similarity = 1 - distance / Math.max(query.key.length, segment.length);
    if (0.45 * similarity > best) best = 0.45 * similarity;
  };
  consider(name);
  const span = query.words.length;
  if (span < words.length) {
    for (let i = 0; i + span <= words.length; i++) {
      consider(span === 1 ? (words[i] as string) : words.slice(i, i + span).join(" "));
    }
  }
  return best;
}

const SPACE = 32;

/**
 * The trigrams of a name's words, each word padded as PostgreSQL's pg_trgm pads it (two spaces
 * before, one after): "arsenal" → "  a", " ar", "ars", …, "al ". A name within k typos of the
 * query shares at least (the query's trigrams − 4k) of them (an edit destroys at most three, a
 * transposition four), which is what candidates for a fuzzy match are picked by.
 */
export function trigramsOf(words: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const word of words) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}
