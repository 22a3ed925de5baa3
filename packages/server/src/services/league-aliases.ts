/**
 * The names people type for the competitions the importers bring in (`league=mlb`, `epl`, `ipl`),
 * as a small table of data: per sport, the aliases of one competition, found by the id its
 * importer derives from the source's natural key (so a slug the importer had to change to stay
 * unique still resolves), else by the slug the importer writes. `lookups.ts` consults it only
 * when no competition of the sport has the caller's exact slug or id, so an alias never hides a
 * real slug; an alias whose competition is not in the store resolves to nothing.
 */
import { derivedId } from "../lib/ids.js";
import type { Sport } from "../sports/types.js";

interface AliasEntry {
  sport: Sport;
  /** What callers type, in slug form (lower case, words joined by hyphens). */
  aliases: readonly string[];
  /** The slug the competition's importer writes. */
  slug: string;
  /** The importer's source and natural key: its id is `derivedId("co", source, sport, ...key)`. */
  source: string;
  key: readonly string[];
}

const openfootball = (code: string, slug: string, aliases: readonly string[]): AliasEntry => ({
  sport: "football",
  aliases,
  slug,
  source: "openfootball",
  key: [code],
});

const ENTRIES: readonly AliasEntry[] = [
  openfootball("en.1", "english-premier-league", [
    "epl",
    "premier-league",
    "english-premier-league",
  ]),
  openfootball("en.2", "english-championship", ["efl-championship", "championship"]),
  openfootball("es.1", "spanish-primera-division", ["la-liga", "laliga", "primera-division"]),
  openfootball("de.1", "deutsche-bundesliga", ["bundesliga"]),
  openfootball("it.1", "italian-serie-a", ["serie-a"]),
  openfootball("fr.1", "french-ligue-1", ["ligue-1", "ligue1"]),
  openfootball("nl.1", "dutch-eredivisie", ["eredivisie"]),
  openfootball("pt.1", "portuguese-primeira-liga", ["primeira-liga"]),
  openfootball("sco.1", "scottish-premiership", ["spfl", "scottish-premier-league"]),
  openfootball("mls", "major-league-soccer", ["mls"]),
  openfootball("uefa.cl", "uefa-champions-league", ["ucl", "champions-league"]),
  openfootball("worldcup", "fifa-world-cup", ["world-cup"]),
  {
    sport: "baseball",
    aliases: ["mlb", "major-league-baseball"],
    slug: "major-league-baseball",
    source: "retrosheet",
    key: ["mlb"],
  },
  {
    sport: "basketball",
    aliases: ["nba", "national-basketball-association"],
    slug: "nba",
    source: "fivethirtyeight-nba",
    key: ["nba"],
  },
  {
    sport: "american-football",
    aliases: ["nfl", "national-football-league"],
    slug: "nfl",
    source: "fivethirtyeight-nfl",
    key: ["nfl"],
  },
  {
    sport: "cricket",
    aliases: ["ipl", "indian-premier-league"],
    slug: "indian-premier-league",
    source: "cricsheet",
    key: ["IPL", "league"],
  },
  {
    sport: "cricket",
    aliases: ["ipl-playoffs"],
    slug: "indian-premier-league-playoffs",
    source: "cricsheet",
    key: ["IPL", "playoffs"],
  },
  {
    sport: "combat-sports",
    aliases: ["ufc", "ultimate-fighting-championship"],
    slug: "ufc",
    source: "ufc-dataset",
    key: ["ufc"],
  },
];

/** The competition an alias stands for: its id as imported, and the slug to try after it. */
export interface AliasTarget {
  alias: string;
  id: string;
  slug: string;
}

const BY_SPORT = new Map<Sport, AliasTarget[]>();
for (const entry of ENTRIES) {
  const id = derivedId("co", entry.source, entry.sport, ...entry.key);
  const targets = BY_SPORT.get(entry.sport) ?? [];
  for (const alias of entry.aliases) targets.push({ alias, id, slug: entry.slug });
  BY_SPORT.set(entry.sport, targets);
}

/** Every alias of a sport with its target. */
export function leagueAliases(sport: Sport): readonly AliasTarget[] {
  return BY_SPORT.get(sport) ?? [];
}

/** The target of an alias (in slug form) in a sport, if the table has it. */
export function leagueAlias(sport: Sport, alias: string): AliasTarget | undefined {
  return leagueAliases(sport).find((target) => target.alias === alias);
}
