/**
 * Clubs by name. A club's identity is its name up to case and accents, so "SC Heerenveen" and
 * "sc Heerenveen" are one team in every file and season; international cups add a country
 * (`Aston Villa FC (ENG)`), which is taken off the name and kept as the club's country. Pure.
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

export function clubIdentity(sourceName: string): ClubIdentity {
  const suffix = COUNTRY_SUFFIX.exec(sourceName);
  const country = suffix?.[2] !== undefined ? (COUNTRY_BY_FIFA_CODE[suffix[2]] ?? null) : null;
  const name = country !== null && suffix?.[1] !== undefined ? suffix[1] : sourceName;
  const slug = slugify(name) || "club";
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

export function clubId(slug: string): string {
  return derivedId("tm", "openfootball", "football", slug);
}

function withoutFormWords(name: string): string {
  const words = name.split(" ");
  const kept = words.filter((w) => !FORM_WORDS.has(w.toLowerCase().replace(/\.$/, "")));
  return kept.length === 0 ? name : kept.join(" ");
}

/** "Manchester City" → "MCI", "West Ham United" → "WHU", "Arsenal" → "ARS". */
export function abbreviate(shortName: string): string {
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
