/**
 * NDJSON export lines built by the database itself (SQLite `json_object`, PostgreSQL
 * `json_build_object`): one text column per row instead of 28 values turned into JS objects,
 * presented and stringified. Each line parses to exactly `presentResult(row)` — same keys, same
 * order, same values — for every sport whose score text is its headline numbers; cricket
 * ("182/6-150/8") keeps the JS path.
 */

import { setImmediate } from "node:timers/promises";
import { type RawBuilder, sql } from "kysely";
import { headlineText } from "../../sports/module-parts.js";
import { SPORT_MODULES } from "../../sports/registry.js";
import type { Dialect } from "../../store/database.js";
import type { ServiceContext, Sport } from "../context.js";
import { inKeysetOrder, type Position } from "./keyset.js";
import { type HistorySelection, historyRows } from "./selection.js";

/** Whether the database can write this sport's lines (its score text is "home-away" or none). */
export function databaseWritesLines(sport: Sport): boolean {
  const module = SPORT_MODULES[sport];
  return module.scoreText === headlineText || module.format === "field";
}

/** [key, column] in `presentResult`'s order; `json` columns hold JSON text to embed as JSON. */
const FIELDS: ReadonlyArray<readonly [string, string, "json"?]> = [
  ["fixture_id", "f.id"],
  ["sport", "f.sport"],
  ["competition", "c.name"],
  ["league", "c.name"],
  ["competition_id", "f.competition_id"],
  ["competition_slug", "c.slug"],
  ["season", "s.name"],
  ["round", "f.round"],
  ["home_team", "h.name"],
  ["away_team", "a.name"],
  ["home_team_id", "f.home_team_id"],
  ["away_team_id", "f.away_team_id"],
  ["kickoff", "f.kickoff"],
  ["venue", "f.venue"],
  ["status", "f.status"],
  ["period", "f.period"],
  ["minute", "f.minute"],
  ["score", "f.score", "json"],
  ["participants", "f.participants", "json"],
  ["updated_at", "f.updated_at"],
];

function lineExpression(dialect: Dialect): RawBuilder<string> {
  const sqlite = dialect === "sqlite";
  const pairs = FIELDS.map(([key, column, kind]) => {
    const value = kind === "json" ? (sqlite ? `json(${column})` : `${column}::json`) : column;
    return `'${key}', ${value}`;
  });
  const finalScore = sqlite
    ? "json(case when f.score is null then null else json_object('home', f.home_score, 'away', f.away_score) end)"
    : "case when f.score is null then null else json_build_object('home', f.home_score, 'away', f.away_score) end";
  const scoreText = sqlite
    ? "case when f.score is null then null else f.home_score || '-' || f.away_score end"
    : "case when f.score is null then null else f.home_score::text || '-' || f.away_score::text end";
  const result = sqlite ? "json(f.result)" : "f.result::json";
  const body = [
    ...pairs,
    `'final_score', ${finalScore}`,
    `'score_text', ${scoreText}`,
    `'result', ${result}`,
  ].join(", ");
  return sqlite
    ? sql.raw<string>(`json_object(${body})`)
    : sql.raw<string>(`json_build_object(${body})::text`);
}

/** The selection's lines in keyset order, `batchSize` rows per query, yielding between batches. */
export async function* databaseLineBatches(
  ctx: ServiceContext,
  selection: HistorySelection,
  batchSize: number,
): AsyncGenerator<string[]> {
  const line = lineExpression(ctx.store.dialect);
  let after: Position | undefined;
  for (;;) {
    if (after !== undefined) await setImmediate();
    const rows = await inKeysetOrder(historyRows(ctx, selection), after)
      .clearSelect()
      .select([line.as("line"), "f.kickoff", "f.id"])
      .limit(batchSize)
      .execute();
    const last = rows.at(-1);
    if (last === undefined) return;
    yield rows.map((row) => row.line);
    if (rows.length < batchSize) return;
    after = { kickoff: last.kickoff, id: last.id };
  }
}
