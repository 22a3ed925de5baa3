/**
 * History as CSV (RFC 4180): a header row, then one flattened row per match, CRLF line ends;
 * a field holding a comma, a quote or a line break is quoted, its quotes doubled. Exported in a
 * time zone, each row ends with `kickoff_local` and `timezone` (ADR-0042).
 */
import type { LocalKickoff } from "../local-times.js";
import type { presentResult } from "../presenters/fixture.js";

export type ExportItem = ReturnType<typeof presentResult> & Partial<LocalKickoff>;

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

/** The columns a time zone adds, last so a reader of the usual columns is unaffected. */
const LOCAL_COLUMNS = ["kickoff_local", "timezone"] as const;

type CsvValue = string | number | null | undefined;

export function csvHeader(local = false): string {
  return csvLine(local ? [...CSV_COLUMNS, ...LOCAL_COLUMNS] : CSV_COLUMNS);
}

export function csvRow(item: ExportItem): string {
  const result = item.result ?? {};
  const local = item.kickoff_local === undefined ? [] : [item.kickoff_local, item.timezone];
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
    ...local,
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
