/**
 * A process that keeps committing to a store until told to stop, for tests that need writes from
 * another process (the backup test). Each commit is one transaction of `LEAGUES_PER_COMMIT` small
 * leagues (competition, season, two teams, a fixture with events and odds), written by the
 * product's dataset writer; after each commit it prints `committed <n> <competition ids…>`.
 * It stops after the commit in progress when its standard input closes.
 * Run as `node --import tsx test/helpers/sqlite-writer.ts <database url>`.
 */
import { setImmediate } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { openStore } from "../../src/store/database.js";
import { DATASET_TABLES, type Dataset, emptyDataset } from "../../src/store/dataset.js";
import { migrate } from "../../src/store/migrate.js";
import { writeDataset } from "../../src/store/write-dataset.js";
import { miniLeague } from "./factories.js";

export const WRITER_SCRIPT = fileURLToPath(import.meta.url);
export const LEAGUES_PER_COMMIT = 8;

/** One line the writer prints after a commit. */
export interface Commit {
  n: number;
  competitionIds: string[];
}

export function parseCommit(line: string): Commit | undefined {
  const match = /^committed (\d+) (.+)$/.exec(line);
  if (match === null) return undefined;
  return { n: Number(match[1]), competitionIds: (match[2] ?? "").split(" ") };
}

async function main(url: string): Promise<void> {
  const store = openStore(url);
  await migrate(store);
  let stopping = false;
  process.stdin.on("end", () => {
    stopping = true;
  });
  process.stdin.resume();
  for (let n = 1; !stopping; n++) {
    const batch = emptyDataset();
    const ids: string[] = [];
    for (let i = 0; i < LEAGUES_PER_COMMIT; i++) {
      const league = miniLeague();
      ids.push(league.competitionId);
      append(batch, ownCountry(league.dataset, `W-${n}-${i}`));
    }
    await writeDataset(store, batch);
    process.stdout.write(`committed ${n} ${ids.join(" ")}\n`);
    // The writes are synchronous underneath: let the end of stdin be heard between commits.
    await setImmediate();
  }
  await store.close();
}

/** The factory's country code is short; each league here gets one of its own. */
function ownCountry(dataset: Dataset, code: string): Dataset {
  for (const table of DATASET_TABLES) {
    for (const record of dataset[table] as unknown as Array<Record<string, unknown>>) {
      if ("country_code" in record && record.country_code !== null) record.country_code = code;
      if (table === "countries") record.code = code;
    }
  }
  return dataset;
}

function append(into: Dataset, from: Dataset): void {
  for (const table of DATASET_TABLES) {
    (into[table] as unknown[]).push(...(from[table] as unknown[]));
  }
}

if (process.argv[1] === WRITER_SCRIPT) {
  const url = process.argv[2];
  if (url === undefined) throw new Error("usage: sqlite-writer.ts <database url>");
  await main(url);
}
