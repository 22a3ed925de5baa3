/**
 * Where stored data came from, and what its licence asks us to show. Every row that can be
 * imported carries the id of its source (`competitions.source`, `fixtures.source`); the API shows
 * the `source` object on those resources and the attribution text in `meta.attribution` of lists
 * made of them (../shared/data/README.md lists the licences).
 */

export interface DataSource {
  id: string;
  /** Who made the data, as their licence asks to be named. */
  name: string;
  /** SPDX-style licence name, or null for our own data. */
  licence: string | null;
  /** Where the data (and its licence) can be found; null for our own data. */
  url: string | null;
  /** The text a licence asks every user of the data to see. */
  attribution: string;
}

const SOURCES: readonly DataSource[] = [
  {
    id: "sample",
    name: "Scoreline sample data",
    licence: null,
    url: null,
    attribution: "Scoreline sample data (fictional)",
  },
  {
    id: "feed",
    name: "Scoreline live feed",
    licence: null,
    url: null,
    attribution: "Scoreline live feed",
  },
  {
    id: "openfootball",
    name: "openfootball",
    licence: "CC0-1.0",
    url: "https://github.com/openfootball/football.json",
    attribution: "openfootball (public domain, CC0)",
  },
  {
    id: "fivethirtyeight-nba",
    name: "FiveThirtyEight",
    licence: "CC-BY-4.0",
    url: "https://github.com/fivethirtyeight/data/tree/master/nba-forecasts",
    attribution:
      "NBA games, Elo and RAPTOR ratings by FiveThirtyEight (ABC News), CC BY 4.0, https://github.com/fivethirtyeight/data",
  },
  {
    id: "fivethirtyeight-nfl",
    name: "FiveThirtyEight / ABC News",
    licence: "MIT",
    url: "https://github.com/fivethirtyeight/nfl-elo-game",
    attribution:
      "NFL games by FiveThirtyEight / ABC News (nfl-elo-game), MIT licence, Copyright (c) 2021 ABC News Internet Ventures",
  },
  {
    id: "cricsheet",
    name: "Cricsheet",
    licence: "CC-BY-4.0",
    url: "https://cricsheet.org",
    attribution: "Ball-by-ball data from Cricsheet (cricsheet.org), CC BY 4.0",
  },
  {
    id: "retrosheet",
    name: "Retrosheet",
    licence: "Retrosheet notice",
    url: "https://www.retrosheet.org",
    attribution:
      'The information used here was obtained free of charge from and is copyrighted by Retrosheet. Interested parties may contact Retrosheet at "www.retrosheet.org".',
  },
  {
    id: "ufc-dataset",
    name: "Matt Dabbert, Ultimate UFC Dataset",
    licence: "Apache-2.0 / CC-BY-4.0",
    url: "https://github.com/shortlikeafox/ultimate_ufc_dataset",
    attribution:
      "UFC results and odds from the Ultimate UFC Dataset by Matt Dabbert (Apache-2.0 / CC BY 4.0)",
  },
  {
    id: "harness-vic",
    name: "Australian Racing Open Data (PandaVision)",
    licence: "ODC-BY-1.0",
    url: "https://github.com/brucem1967/au-racing-open-data",
    attribution:
      "Australian Racing Open Data (PandaVision), ODC-BY 1.0 https://github.com/brucem1967/au-racing-open-data",
  },
];

const BY_ID = new Map(SOURCES.map((source) => [source.id, source]));

/** The source with this id; an id no entry has (a feed producer's own name) is shown as itself. */
export function dataSource(id: string): DataSource {
  return BY_ID.get(id) ?? { id, name: id, licence: null, url: null, attribution: id };
}

/** The `source` object a resource carries. */
export function sourceObject(id: string): Pick<DataSource, "id" | "name" | "licence" | "url"> {
  const { name, licence, url } = dataSource(id);
  return { id, name, licence, url };
}

/**
 * The attribution text a list made of rows from these sources must carry: the licensed sources'
 * texts joined, in a stable order; undefined when none asks for one.
 */
export function attributionOf(ids: Iterable<string>): string | undefined {
  const texts = [...new Set(ids)]
    .map(dataSource)
    .filter((source) => source.licence !== null)
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((source) => source.attribution);
  return texts.length === 0 ? undefined : texts.join(" · ");
}
