/**
 * A number inside a JSON document stored as text, in SQL: the value of one top-level key, or
 * NULL when it is absent or not a number (so a sum or an order never fails on odd data).
 */
import { type Expression, type RawBuilder, sql } from "kysely";
import type { Dialect } from "../database.js";

export function jsonNumber(
  dialect: Dialect,
  document: Expression<string>,
  key: string,
): RawBuilder<number | null> {
  if (dialect === "sqlite") {
    const path = `$.${JSON.stringify(key)}`;
    return sql<
      number | null
    >`(case when json_type(${document}, ${path}) in ('integer', 'real') then json_extract(${document}, ${path}) end)`;
  }
  return sql<
    number | null
  >`(case when jsonb_typeof(cast(${document} as jsonb) -> ${key}::text) = 'number' then cast(cast(${document} as jsonb) ->> ${key}::text as double precision) end)`;
}
