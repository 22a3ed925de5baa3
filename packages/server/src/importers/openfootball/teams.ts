/**
 * Clubs by name. A club's identity is its name without a leading legal-form word (`FC`, `SC`,
 * `SV`, `FK`, `AC`, `AFC`, `CF`) or a trailing `FC`/`AFC`/`CF`, ignoring case and accents: the
 * files write "Aston Villa" in older seasons and "Aston Villa FC" in newer ones, "SC Heerenveen"
 * and "sc Heerenveen", and they are one team; "Barcelona SC" stays apart from "FC Barcelona".
 * International cups add a country (`Aston Villa FC (ENG)`), which is taken off the name and
 * kept as the club's country. Pure.
 */
import { derivedId } from "../../lib/ids.js";
import { searchable, slugify } from "../../lib/text.js";
import { COUNTRY_BY_FIFA_CODE, type Country } from "./countries.js";

export interface ClubIdentity {
  id: string;
  slug: string;
  name: string;
  short_name: string;
  abbreviation: string;
  search_name: string;
  /** From the name's suffix; null when the name has none. */
  country: Country | null;
}

const COUNTRY_SUFFIX = /^(.*\S)\s*\(([A-Z]{3})\)$/;
/** Legal-form words dropped from the short name: "Arsenal FC" → "Arsenal". */
const FORM_WORDS = new Set(["fc", "afc", "cf", "sc", "ac", "sv", "fk", "cd", "sd", "ud", "ssc"]);
/** Form words the identity ignores: in front, and (fewer, so "Barcelona SC" stays) at the end. */
const LEADING_FORM = new Set(["fc", "afc", "sc", "sv", "fk", "ac", "cf"]);
const TRAILING_FORM = new Set(["fc", "afc", "cf"]);

export function clubIdentity(sourceName: string): ClubIdentity {
  const suffix = COUNTRY_SUFFIX.exec(sourceName);
  const country = suffix?.[2] !== undefined ? (COUNTRY_BY_FIFA_CODE[suffix[2]] ?? null) : null;
  const name = country !== null && suffix?.[1] !== undefined ? suffix[1] : sourceName;
  const slug = identitySlug(name);
  const shortName = withoutFormWords(name);
  return {
    id: clubId(slug),
    slug,
    name,
    short_name: shortName,
    abbreviation: abbreviate(shortName),
    search_name: searchable(name),
    country,
  };
}

/** "Aston Villa FC", "Aston Villa" → "aston-villa"; "FC Bayern München" → "bayern-munchen". */
function identitySlug(name: string): string {
  const words = name.split(" ");
  const form = (word: string | undefined, set: Set<string>) =>
    word !== undefined && set.has(word.toLowerCase().replace(/\.$/, ""));
  if (words.length > 1 && form(words[0], LEADING_FORM)) words.shift();
  if (words.length > 1 && form(words.at(-1), TRAILING_FORM)) words.pop();
  return slugify(words.join(" ")) || slugify(name) || "club";
}

/**
 * Of two spellings of one club, the one to show: the longer (it keeps "FC"), then the first in
 * code-point order ("SC Heerenveen" before "sc Heerenveen"). Import order never matters.
 */
export function preferredName(a: string, b: string): string {
  if (a.length !== b.length) return a.length > b.length ? a : b;
  return a < b ? a : b;
}

function clubId(slug: string): string {
  return derivedId("tm", "openfootball", "football", slug);
}

function withoutFormWords(name: string): string {
  const words = name.split(" ");
  const kept = words.filter((w) => !FORM_WORDS.has(w.toLowerCase().replace(/\.$/, "")));
  return kept.length === 0 ? name : kept.join(" ");
}

/** "Manchester City" → "MCI", "West Ham United" → "WHU", "Arsenal" → "ARS". */
function abbreviate(shortName: string): string {
  const words = searchable(shortName)
    .split(/[^a-z0-9]+/)
    .filter((w) => /[a-z]/.test(w));
  const [first = "", second = "", third = ""] = words;
  const letters =
    words.length >= 3
      ? `${first[0]}${second[0]}${third[0]}`
      : words.length === 2
        ? `${first[0]}${second.slice(0, 2)}`
        : first.slice(0, 3);
  return letters.toUpperCase() || "CLB";
}
