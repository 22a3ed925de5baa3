/**
 * What a file code (`en.1`, `uefa.cl`) means: the competition's stable name, country, tier,
 * type and table rules. The files' own `name` changes wording between seasons ("Primera
 * División de España" became "Spain Primera División"), so known codes use the name here and
 * only unknown codes fall back to the file's name.
 */
import { COUNTRY_BY_PREFIX, type Country, INTERNATIONAL } from "./countries.js";

export interface LeagueInfo {
  code: string;
  name: string;
  country: Country;
  tier: number;
  type: "league" | "cup";
  /** Competition `rules` (e.g. head-to-head tie-breakers); `{}` keeps the sport's defaults. */
  rules: Record<string, unknown>;
}

/** Head-to-head record between the tied clubs first, then the overall goal difference. */
const HEAD_TO_HEAD_FIRST = [
  "head_to_head_points",
  "head_to_head_goal_difference",
  "goal_difference",
  "goals_for",
  "name",
] as const;

/** Leagues whose regulations rank tied clubs by their matches against each other first. */
const HEAD_TO_HEAD_CODES = new Set([
  "es.1",
  "es.2",
  "it.1",
  "it.2",
  "pt.1",
  "gr.1",
  "tr.1",
  "tr.2",
]);

const NAMES: Readonly<Record<string, string>> = {
  "ar.1": "Argentine Primera División",
  "at.1": "Austrian Bundesliga",
  "at.2": "Austrian 2. Liga",
  "at.cup": "ÖFB Cup",
  "au.1": "Australian A-League",
  "be.1": "Belgian First Division A",
  "br.1": "Brasileiro Série A",
  "br.2": "Brasileiro Série B",
  "ch.1": "Swiss Super League",
  "ch.2": "Swiss Challenge League",
  "cn.1": "Chinese Super League",
  "co.1": "Colombian Primera A",
  "copa.l": "Copa Libertadores",
  "cz.1": "Czech First League",
  "de.1": "Deutsche Bundesliga",
  "de.2": "Deutsche 2. Bundesliga",
  "de.3": "Deutsche 3. Liga",
  "de.cup": "DFB Pokal",
  "dz.1": "Algerian Ligue 1",
  "eg.1": "Egyptian Premier League",
  "en.1": "English Premier League",
  "en.2": "English Championship",
  "en.3": "English League One",
  "en.4": "English League Two",
  "es.1": "Spanish Primera División",
  "es.2": "Spanish Segunda División",
  "fr.1": "French Ligue 1",
  "fr.2": "French Ligue 2",
  "gr.1": "Greek Super League",
  "hu.1": "Hungarian Nemzeti Bajnokság I",
  "it.1": "Italian Serie A",
  "it.2": "Italian Serie B",
  "jp.1": "Japanese J1 League",
  "ma.1": "Moroccan Botola Pro",
  mls: "Major League Soccer",
  "mx.1": "Liga MX",
  "nl.1": "Dutch Eredivisie",
  "pt.1": "Portuguese Primeira Liga",
  "ru.1": "Russian Premier League",
  "ru.2": "Russian First League",
  "sco.1": "Scottish Premiership",
  "tr.1": "Turkish Süper Lig",
  "tr.2": "Turkish 1. Lig",
  "uefa.cl": "UEFA Champions League",
  worldcup: "FIFA World Cup",
  euro: "UEFA European Championship",
};

/** Code prefixes of competitions between teams of several countries. */
const INTERNATIONAL_PREFIXES = new Set(["uefa", "copa", "worldcup", "euro"]);

/**
 * A file name that is a competition code: `en.1.json`, `uefa.cl.json`, `de.cup.json`, or one of
 * the codes without a dot (`mls.json`, `worldcup.json`, `euro.json`).
 */
export const CODE_FILE = /^(?:[a-z]{2,4}\.[a-z0-9]{1,4}|mls|worldcup|euro)\.json$/;

/**
 * The league a code stands for; `fileName` (the file's `name` without its season) names
 * codes this table does not know.
 */
export function leagueInfo(code: string, fileName: string): LeagueInfo {
  const [prefix = code, sub] = code.split(".");
  const international = INTERNATIONAL_PREFIXES.has(prefix);
  const country = COUNTRY_BY_PREFIX[prefix] ?? INTERNATIONAL;
  const tier = sub !== undefined && /^\d+$/.test(sub) ? Number(sub) : 1;
  return {
    code,
    name: NAMES[code] ?? fileName,
    country,
    tier,
    type: international || sub === "cup" ? "cup" : "league",
    rules: HEAD_TO_HEAD_CODES.has(code) ? { tie_breakers: [...HEAD_TO_HEAD_FIRST] } : {},
  };
}
