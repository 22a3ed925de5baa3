/**
 * Name pools per country: male first names, surnames and cities. Real given names, surnames and
 * cities are fine; the generator combines them at random. Combinations that spell the best-known
 * athletes of a country were avoided by leaving one half of such pairs out of the pool.
 * Accents are kept on purpose (search is accent-insensitive).
 */

import { AR } from "./countries/ar.js";
import { AU } from "./countries/au.js";
import { BR } from "./countries/br.js";
import { DE } from "./countries/de.js";
import { ES } from "./countries/es.js";
import { FR } from "./countries/fr.js";
import { GB_ENG } from "./countries/gb-eng.js";
import { GB_SCT } from "./countries/gb-sct.js";
import { IE } from "./countries/ie.js";
import { IN } from "./countries/in.js";
import { IT } from "./countries/it.js";
import { JP } from "./countries/jp.js";
import { NG } from "./countries/ng.js";
import { NL } from "./countries/nl.js";
import { NZ } from "./countries/nz.js";
import { PT } from "./countries/pt.js";
import { RS } from "./countries/rs.js";
import { SE } from "./countries/se.js";
import { TR } from "./countries/tr.js";
import { US } from "./countries/us.js";
import { ZA } from "./countries/za.js";

export interface CountryPool {
  code: string;
  name: string;
  firstNames: readonly string[];
  lastNames: readonly string[];
  cities: readonly string[];
}

export const COUNTRY_POOLS: readonly CountryPool[] = [
  GB_ENG,
  GB_SCT,
  ES,
  DE,
  IT,
  FR,
  NL,
  PT,
  BR,
  AR,
  US,
  AU,
  IN,
  JP,
  SE,
  NG,
  RS,
  TR,
  ZA,
  IE,
  NZ,
];
