/**
 * Exports a sport's finished matches to CSV, streamed: one request, records read as they
 * arrive, rows written with back-pressure, so a season or a decade takes constant memory.
 *
 *   SCORELINE_API_KEY=sl_live_… npx tsx examples/history-to-csv.ts football premier-division 2024 > out.csv
 *
 * Arguments: sport, then optionally a league (slug or id) and a first season.
 */
import { once } from "node:events";
import { Scoreline, type SportSlug } from "@scoreline/client";

const [sport = "football", league, seasonFrom] = process.argv.slice(2);
const client = new Scoreline();

const COLUMNS = [
  "fixture_id",
  "kickoff",
  "competition",
  "season",
  "home_team",
  "away_team",
  "home",
  "away",
  "decided_by",
];

/** RFC 4180: quote a field when it holds a comma, a quote or a line break. */
function csvField(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

async function write(line: string): Promise<void> {
  if (!process.stdout.write(`${line}\r\n`)) await once(process.stdout, "drain");
}

await write(COLUMNS.join(","));
let rows = 0;
for await (const match of client.sport(sport as SportSlug).history.export({
  ...(league ? { league } : {}),
  ...(seasonFrom ? { season_from: seasonFrom } : {}),
})) {
  const values = [
    match.fixture_id,
    match.kickoff,
    match.competition,
    match.season,
    match.home_team,
    match.away_team,
    match.final_score?.home,
    match.final_score?.away,
    match.result?.decided_by,
  ];
  await write(values.map(csvField).join(","));
  rows++;
}
console.error(`${rows} matches exported`);
