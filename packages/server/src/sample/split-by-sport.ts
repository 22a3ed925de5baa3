/**
 * A generated world cut into the parts it is loaded in (ADR-0052): the rows every sport shares
 * (countries, bookmakers), then each sport whole — its competitions, teams, players, fixtures,
 * events, line-ups, statistics and odds — so a sport is in the store completely or not at all.
 */
import { DATASET_TABLES, type Dataset, emptyDataset } from "../store/dataset.js";

/** The parts in load order: `shared` first, then football (the README's examples), then the rest. */
export interface WorldPart {
  name: string;
  rows: Dataset;
}

const SHARED_TABLES = new Set(["countries", "bookmakers"]);

export function splitBySport(dataset: Dataset, sportOrder: readonly string[]): WorldPart[] {
  const shared = emptyDataset();
  shared.countries = dataset.countries;
  shared.bookmakers = dataset.bookmakers;
  const bySport = new Map<string, Dataset>();
  const partOf = (sport: string): Dataset => {
    let part = bySport.get(sport);
    if (part === undefined) {
      part = emptyDataset();
      bySport.set(sport, part);
    }
    return part;
  };
  const sportOfCompetition = new Map(dataset.competitions.map((c) => [c.id, c.sport]));
  for (const table of DATASET_TABLES) {
    if (SHARED_TABLES.has(table)) continue;
    for (const row of dataset[table] as Array<{ sport?: string; competition_id?: string }>) {
      const sport =
        row.sport ?? (row.competition_id && sportOfCompetition.get(row.competition_id)) ?? "";
      if (sport === "") throw new Error(`a ${table} row with no sport`);
      (partOf(sport)[table] as unknown[]).push(row);
    }
  }
  const sports = [...bySport.keys()].sort(
    (a, b) => rank(sportOrder, a) - rank(sportOrder, b) || a.localeCompare(b),
  );
  return [
    { name: "shared", rows: shared },
    ...sports.map((sport) => ({ name: sport, rows: bySport.get(sport) ?? emptyDataset() })),
  ];
}

function rank(order: readonly string[], sport: string): number {
  const at = order.indexOf(sport);
  return at < 0 ? order.length : at;
}
