/**
 * The shapes of the name-pool files in `lists/`. A file that does not match its shape stops the
 * generator at load with the file and the offending path named (read-pool-file.ts).
 */
import { type Static, Type } from "@sinclair/typebox";

const Name = Type.String({ minLength: 1 });

/** A list of names or patterns, each once, in the order the generator draws from. */
export const NameList = Type.Array(Name, { minItems: 1, uniqueItems: true });

/** Lists keyed by a sport, a country code or a title; a key may hold an empty list. */
export const KeyedNames = Type.Record(Name, Type.Array(Name, { uniqueItems: true }));

/** Names, each with its short tag ("Nightfall Gaming" → "NF"): 2–5 capital letters or digits. */
export const TaggedNames = Type.Record(Name, Type.String({ pattern: "^[A-Z0-9]{2,5}$" }), {
  minProperties: 1,
});

/** Lists keyed by the region they come from, read as one flat list. */
export const GroupedNames = Type.Record(Name, NameList);

const Bookmaker = Type.Object(
  {
    slug: Type.String({ pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$" }),
    name: Name,
    /** The overround the book aims for, e.g. 0.05 for 105 %. */
    marginTarget: Type.Number({ exclusiveMinimum: 0, maximum: 0.5 }),
    oddsFormat: Type.Union([
      Type.Literal("decimal"),
      Type.Literal("american"),
      Type.Literal("fractional"),
    ]),
    /** Canonical market key → this bookmaker's own market name. */
    marketNames: Type.Record(Name, Name),
  },
  { additionalProperties: false },
);
export const Bookmakers = Type.Array(Bookmaker, { minItems: 1 });
export type BookmakerPool = Static<typeof Bookmaker>;

export const Country = Type.Object(
  {
    code: Type.String({ pattern: "^[A-Z]{2}(?:-[A-Z]{3})?$" }),
    name: Name,
    firstNames: NameList,
    lastNames: NameList,
    cities: NameList,
  },
  { additionalProperties: false },
);
export type CountryPool = Static<typeof Country>;

export const HorseNameParts = Type.Object(
  { first: NameList, second: NameList },
  { additionalProperties: false },
);
