/**
 * An in-memory index of names (one sport's teams, players, competitions or venues): each name's
 * search key and words, and a posting list per trigram. A query scans the keys for exact, prefix
 * and substring matches (a plain `indexOf` per name) and takes fuzzy candidates from the posting
 * lists — names sharing enough trigrams with the query — before measuring their edit distance.
 */
import type { Sport } from "../../sports/types.js";
import { fuzzyScore, literalScore, type PreparedQuery, searchKey, trigramsOf } from "./match.js";

export const HIT_TYPES = ["team", "player", "competition", "venue"] as const;
export type HitType = (typeof HIT_TYPES)[number];

/** One searchable name and what a hit on it answers with. */
export interface IndexedName {
  type: HitType;
  id: string;
  sport: Sport;
  name: string;
  /** ISO 3166 code (or a region code) when known. */
  country: string | null;
  /** The API path of the resource the hit leads to. */
  link: string;
}

export interface ScoredName {
  name: IndexedName;
  /** The name's search key (ties are ordered by it). */
  key: string;
  /** Rounded to three decimals, as answered (and ranked). */
  score: number;
}

interface Entry {
  name: IndexedName;
  key: string;
  words: string[];
}

/** Between two keys in the joined text; never in a key (search keys are letters, digits, spaces). */
const SEPARATOR = "|";

export class NameIndex {
  private readonly entries: Entry[] = [];
  private readonly postings = new Map<string, number[]>();
  /** Every key, separated: one `indexOf` walk finds the names a query occurs in. */
  private readonly text: string;
  /** Where each entry's key starts in `text`. */
  private readonly starts: Int32Array;
  /** Scratch space of `find` (which never yields): entries matched literally, trigrams shared. */
  private readonly matched: Uint8Array;
  private readonly shared: Uint16Array;

  constructor(names: readonly IndexedName[]) {
    const keys: string[] = [];
    for (const name of names) {
      const key = searchKey(name.name);
      if (key === "") continue;
      const words = key.split(" ");
      const at = this.entries.push({ name, key, words }) - 1;
      keys.push(key);
      for (const trigram of trigramsOf(words)) {
        const list = this.postings.get(trigram);
        if (list === undefined) this.postings.set(trigram, [at]);
        else list.push(at);
      }
    }
    this.text = `${SEPARATOR}${keys.join(SEPARATOR)}${SEPARATOR}`;
    this.starts = new Int32Array(keys.length);
    this.matched = new Uint8Array(keys.length);
    this.shared = new Uint16Array(keys.length);
    let offset = 1;
    for (const [at, key] of keys.entries()) {
      this.starts[at] = offset;
      offset += key.length + 1;
    }
  }

  /** The names of the wanted types that match the query, added to `out` with their scores. */
  find(query: PreparedQuery, types: ReadonlySet<HitType>, out: ScoredName[]): void {
    const entries = this.entries;
    if (query.key === "" || entries.length === 0) return;
    const fuzzy = query.maxEdits > 0;
    const matched = this.matched;
    if (fuzzy) matched.fill(0);
    let from = 0;
    for (;;) {
      const position = this.text.indexOf(query.key, from);
      if (position === -1) break;
      const at = this.entryAt(position);
      const entry = entries[at] as Entry;
      if (types.has(entry.name.type)) {
        out.push({
          name: entry.name,
          key: entry.key,
          score: rounded(literalScore(query, entry.key)),
        });
        if (fuzzy) matched[at] = 1;
      }
      // The next name: literalScore has weighed every place the query occurs in this one.
      from = (this.starts[at] as number) + entry.key.length + 1;
    }
    if (!fuzzy) return;
    const trigrams = trigramsOf(query.words);
    const needed = Math.max(1, trigrams.size - 4 * query.maxEdits);
    const shared = this.shared;
    shared.fill(0);
    for (const trigram of trigrams) {
      const list = this.postings.get(trigram);
      if (list === undefined) continue;
      for (let i = 0; i < list.length; i++) {
        const at = list[i] as number;
        shared[at] = (shared[at] as number) + 1;
      }
    }
    for (let at = 0; at < entries.length; at++) {
      if ((shared[at] as number) < needed || matched[at] === 1) continue;
      const entry = entries[at] as Entry;
      if (!types.has(entry.name.type)) continue;
      const score = rounded(fuzzyScore(query, entry.key, entry.words));
      if (score > 0) out.push({ name: entry.name, key: entry.key, score });
    }
  }

  /** The entry whose key holds `position` of the joined text. */
  private entryAt(position: number): number {
    const starts = this.starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

function rounded(score: number): number {
  return Math.round(score * 1000) / 1000;
}
