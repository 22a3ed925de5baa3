/**
 * History as CSV (RFC 4180): a header row, then one flattened row per match, CRLF line ends;
 * a field holding a comma, a quote or a line break is quoted, its quotes doubled.
 */
import type { presentResult } from "../presenters/fixture.js";

type ResultItem = ReturnType<typeof presentResult>;

export const CSV_COLUMNS = [
  "fixture_id",
  "sport",
  "competition",
  "competition_id",
  "season",
  "round",
  "kickoff",
  "home_team",
  "home_team_id",
  "away_team",
  "away_team_id",
  "home_score",
  "away_score",
  "score_text",
  "status",
  "outcome",
  "decided_by",
  "venue",
] as const;

type CsvValue = string | number | null | undefined;

export function csvHeader(): string {
  return csvLine(CSV_COLUMNS);
}

export function csvRow(item: ResultItem): string {
  const result = item.result ?? {};
  return csvLine([
    item.fixture_id,
    item.sport,
    item.competition,
    item.competition_id,
    item.season,
    item.round,
    item.kickoff,
    item.home_team,
    item.home_team_id,
    item.away_team,
    item.away_team_id,
    item.final_score?.home,
    item.final_score?.away,
    item.score_text,
    item.status,
    textOf(result.outcome),
    textOf(result.decided_by),
    item.venue,
  ]);
}

function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function textOf(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}
