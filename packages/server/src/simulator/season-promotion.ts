/**
 * A season becomes its competition's current one when its first fixture kicks off: the calendar
 * schedules seasons ahead without making them current (`calendar.ts`).
 */

import type { Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";
import { seasonMessages } from "./calendar-copies.js";
import type { SampleWorldFeed } from "./sample-world.js";

/**
 * Makes a fixture's season its competition's current one when the fixture is the first of a
 * later season to kick off; a fixture of the current or an earlier season changes nothing.
 */
export async function promoteSeason(
  store: Store,
  ingestor: SampleWorldFeed,
  fixtureId: string,
  sport: Sport,
): Promise<void> {
  const row = await store.db
    .selectFrom("fixtures as f")
    .innerJoin("competitions as c", "c.id", "f.competition_id")
    .innerJoin("seasons as s", "s.id", "f.season_id")
    .leftJoin("seasons as cur", "cur.id", "c.current_season_id")
    .select([
      "f.competition_id",
      "s.id",
      "s.name",
      "s.start_date",
      "s.end_date",
      "c.current_season_id",
      "cur.start_date as current_start",
    ])
    .where("f.id", "=", fixtureId)
    .executeTakeFirst();
  if (row === undefined || row.id === row.current_season_id) return;
  if (row.current_start !== null && row.current_start >= row.start_date) return;
  const season = {
    id: row.id,
    name: row.name,
    start_date: row.start_date,
    end_date: row.end_date,
    current: true,
  };
  const messages = await seasonMessages(store, sport, row.competition_id, season, []);
  await ingestor.ingestMessages(messages);
}
