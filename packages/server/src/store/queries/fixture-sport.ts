/** The sport a fixture id belongs to (ids are sport-scoped), or undefined for an unknown id. */
import type { Kysely } from "kysely";
import type { Sport } from "../../sports/types.js";
import type { Tables } from "../tables.js";

export async function fixtureSport(db: Kysely<Tables>, id: string): Promise<Sport | undefined> {
  const row = await db
    .selectFrom("fixtures")
    .select("sport")
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.sport as Sport | undefined;
}
