/**
 * The search index in process (pure): the edit distance against a plain reference, the match
 * tiers and their scores, and — as a property over random names and queries with typos — that
 * taking fuzzy candidates from the trigram postings loses nothing: the index finds exactly what
 * scoring every name would.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { boundedEditDistance } from "../../src/lib/edit-distance.js";
import {
  fuzzyScore,
  literalScore,
  prepareQuery,
  searchKey,
} from "../../src/services/name-search/match.js";
import {
  HIT_TYPES,
  type IndexedName,
  NameIndex,
  type ScoredName,
} from "../../src/services/name-search/name-index.js";

/** Optimal string alignment distance, the whole table, no bound: the reference. */
function reference(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min(
        (up[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (up[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

test("bounded edit distance: transpositions cost one, and the bound is exact", () => {
  assert.equal(boundedEditDistance("arsnal", "arsenal", 2), 1);
  assert.equal(boundedEditDistance("arsenla", "arsenal", 2), 1);
  assert.equal(boundedEditDistance("kitten", "sitting", 3), 3);
  assert.equal(boundedEditDistance("kitten", "sitting", 2), 3);
  assert.equal(boundedEditDistance("", "abc", 5), 3);
  fc.assert(
    fc.property(
      fc.string({ unit: fc.constantFrom("a", "b", "c", " "), maxLength: 9 }),
      fc.string({ unit: fc.constantFrom("a", "b", "c", " "), maxLength: 9 }),
      fc.integer({ min: 0, max: 4 }),
      (a, b, max) => {
        const exact = reference(a, b);
        assert.equal(boundedEditDistance(a, b, max), exact > max ? max + 1 : exact);
      },
    ),
    { numRuns: 2_000 },
  );
});

test("search keys drop case, accents and punctuation", () => {
  assert.equal(searchKey("Thomas Müller"), "thomas muller");
  assert.equal(searchKey("1. FC Köln"), "1 fc koln");
  assert.equal(searchKey("  Saint-Étienne  "), "saint etienne");
});

test("tiers: exact 1 > prefix > substring > fuzzy", () => {
  const q = prepareQuery("Arsenal");
  const exact = literalScore(q, "arsenal");
  const prefix = literalScore(q, "arsenal tula");
  const wordPrefix = literalScore(q, "fc arsenal kyiv");
  const substring = literalScore(q, "barsenal rovers");
  const fuzzy = fuzzyScore(q, "arsenol", ["arsenol"]);
  assert.equal(exact, 1);
  assert.ok(prefix > 0.7 && prefix < 0.95 && wordPrefix > 0.7 && wordPrefix < prefix);
  assert.ok(substring > 0.5 && substring <= 0.65);
  assert.ok(fuzzy > 0 && fuzzy < 0.45);
  assert.equal(literalScore(q, "arsenol"), 0);
  // Short queries forgive no typo; "muler" one.
  assert.equal(prepareQuery("abc").maxEdits, 0);
  assert.ok(fuzzyScore(prepareQuery("muler"), "thomas muller", ["thomas", "muller"]) > 0);
});

const SYLLABLES = ["ar", "se", "nal", "mü", "ller", "ko", "ln", "ba", "ri", "é", "to", "an"];
const word = fc
  .array(fc.constantFrom(...SYLLABLES), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(""));
const name = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(" "));

/** A few random edits (delete, insert, swap, substitute) of `text`. */
const edited = (text: string) =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom("delete", "insert", "swap", "substitute"),
        fc.nat(),
        fc.constantFrom("a", "x", " "),
      ),
      { maxLength: 3 },
    )
    .map((edits) => {
      let out = text;
      for (const [kind, at, letter] of edits) {
        const i = out.length === 0 ? 0 : at % out.length;
        if (kind === "delete") out = out.slice(0, i) + out.slice(i + 1);
        else if (kind === "insert") out = out.slice(0, i) + letter + out.slice(i);
        else if (kind === "substitute") out = out.slice(0, i) + letter + out.slice(i + 1);
        else if (i + 1 < out.length)
          out = out.slice(0, i) + (out[i + 1] ?? "") + (out[i] ?? "") + out.slice(i + 2);
      }
      return out;
    });

test("the trigram candidates lose nothing: the index finds what scoring every name finds", () => {
  fc.assert(
    fc.property(fc.array(name, { minLength: 1, maxLength: 40 }), fc.nat(), (names, pick) => {
      const source = names[pick % names.length] as string;
      return fc.assert(
        fc.property(edited(source), (text) => {
          const query = prepareQuery(text);
          const indexed: IndexedName[] = names.map((n, i) => ({
            type: HIT_TYPES[i % HIT_TYPES.length] as IndexedName["type"],
            id: `id${i}`,
            sport: "football",
            name: n,
            country: null,
            link: "",
          }));
          const found: ScoredName[] = [];
          new NameIndex(indexed).find(query, new Set(HIT_TYPES), found);
          const expected = new Map<string, number>();
          if (query.key !== "") {
            for (const entry of indexed) {
              const key = searchKey(entry.name);
              if (key === "") continue;
              const literal = literalScore(query, key);
              const score = literal > 0 ? literal : fuzzyScore(query, key, key.split(" "));
              if (score > 0) expected.set(entry.id, Math.round(score * 1000) / 1000);
            }
          }
          assert.deepEqual(
            new Map(found.map((hit) => [hit.name.id, hit.score])),
            expected,
            `query "${text}"`,
          );
        }),
        { numRuns: 20 },
      );
    }),
    { numRuns: 100 },
  );
});
