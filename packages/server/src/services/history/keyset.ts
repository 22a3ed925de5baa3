/**
 * The one total order of history, kickoff ascending then id, and keyset reads in it: "the rows
 * after this (kickoff, id)" is an index range, so page 1,000 costs what page 1 costs.
 */
import type { FixtureRowQuery } from "../../store/queries/fixture-rows.js";

export interface Position {
  kickoff: string;
  id: string;
}

/** Orders by (kickoff, id) and, given a position, keeps only the rows after it. */
export function inKeysetOrder(query: FixtureRowQuery, after?: Position): FixtureRowQuery {
  let q = query;
  if (after !== undefined) {
    // The redundant `kickoff >=` lets the planner use the kickoff index as a range.
    q = q
      .where("f.kickoff", ">=", after.kickoff)
      .where((eb) => eb.or([eb("f.kickoff", ">", after.kickoff), eb("f.id", ">", after.id)]));
  }
  return q.orderBy("f.kickoff", "asc").orderBy("f.id", "asc");
}

export function positionOf(row: { kickoff: string; id: string }): Position {
  return { kickoff: row.kickoff, id: row.id };
}
