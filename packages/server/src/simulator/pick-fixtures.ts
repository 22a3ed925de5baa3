/**
 * Which fixture the simulator plays next, and what a flow needs to know about it: the sides
 * with their squads and a strength read from the opening prices, or a field's participants.
 */

import { isoSeconds } from "../lib/time.js";
import type { Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";
import { parseJson } from "../store/json-columns.js";
import type { FlowFixture, FlowSide } from "./flow.js";
import { TEAM_SPORTS } from "./flows/team-sports.js";
import { normalQuantile } from "./live-odds.js";
import { inSampleWorld } from "./sample-world.js";

/**
 * Scheduled fixtures whose kick-off has come (at or before `now`), soonest first: what the
 * simulator kicks off. Only fixtures with both sides or a field, so a draw slot still to be filled
 * waits.
 */
export async function dueFixtures(
  store: Store,
  sports: readonly Sport[],
  now: Date,
  limit: number,
): Promise<Array<{ id: string; sport: Sport; kickoff: string }>> {
  const rows = await store.db
    .selectFrom("fixtures")
    .select(["id", "sport", "kickoff"])
    .where("sport", "in", [...sports])
    .where("status", "=", "scheduled")
    .where("kickoff", "<=", isoSeconds(now))
    .where(inSampleWorld("competition_id"))
    .where((eb) =>
      eb.or([
        eb.and([eb("home_team_id", "is not", null), eb("away_team_id", "is not", null)]),
        eb("participants", "is not", null),
      ]),
    )
    .orderBy("kickoff")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows as Array<{ id: string; sport: Sport; kickoff: string }>;
}

/**
 * Scheduled team-sport fixtures kicking off by `to` that have no line-ups yet: the ones whose
 * line-ups the simulator announces now (before kick-off, or before it kicks off an overdue one).
 */
export async function lineupsDue(
  store: Store,
  sports: readonly Sport[],
  to: Date,
): Promise<Array<{ id: string; sport: Sport }>> {
  const teamSports = sports.filter((sport) => (TEAM_SPORTS as readonly Sport[]).includes(sport));
  if (teamSports.length === 0) return [];
  const rows = await store.db
    .selectFrom("fixtures as f")
    .select(["f.id", "f.sport"])
    .where("f.sport", "in", teamSports)
    .where("f.status", "=", "scheduled")
    .where("f.kickoff", "<=", isoSeconds(to))
    .where("f.home_team_id", "is not", null)
    .where("f.away_team_id", "is not", null)
    .where(inSampleWorld("f.competition_id"))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("lineups as l").select("l.fixture_id").whereRef("l.fixture_id", "=", "f.id"),
        ),
      ),
    )
    .orderBy("f.kickoff")
    .orderBy("f.id")
    .limit(500)
    .execute();
  return rows as Array<{ id: string; sport: Sport }>;
}

export async function loadFlowFixture(
  store: Store,
  sport: Sport,
  fixtureId: string,
): Promise<FlowFixture | undefined> {
  const row = await store.db
    .selectFrom("fixtures as f")
    .innerJoin("competitions as c", "c.id", "f.competition_id")
    .leftJoin("teams as h", "h.id", "f.home_team_id")
    .leftJoin("teams as a", "a.id", "f.away_team_id")
    .select([
      "f.id",
      "f.round",
      "f.participants",
      "f.officials",
      "f.home_team_id",
      "f.away_team_id",
      "h.name as home_name",
      "a.name as away_name",
      "c.rules",
      "c.country_code",
    ])
    .where("f.id", "=", fixtureId)
    .where("f.sport", "=", sport)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const strength = await homeEdge(store, fixtureId);
  const side = async (teamId: string | null, name: string | null, edge: number) =>
    teamId === null ? null : await flowSide(store, teamId, name ?? "", edge);
  return {
    id: row.id,
    sport,
    home: await side(row.home_team_id, row.home_name, strength / 2),
    away: await side(row.away_team_id, row.away_name, -strength / 2),
    participants: parseJson<unknown[]>(row.participants),
    rules: parseJson<Record<string, unknown>>(row.rules) ?? {},
    round: row.round,
    officials: parseJson<Array<{ role?: unknown; name?: unknown }>>(row.officials) ?? [],
    countryCode: row.country_code,
  };
}

async function flowSide(
  store: Store,
  teamId: string,
  name: string,
  strength: number,
): Promise<FlowSide> {
  const players = await store.db
    .selectFrom("players")
    .select(["id", "name", "position", "shirt_number"])
    .where("team_id", "=", teamId)
    .orderBy("shirt_number")
    .orderBy("id")
    .execute();
  return {
    teamId,
    name,
    strength,
    players: players.map((p) => ({
      id: p.id,
      name: p.name,
      position: p.position,
      shirtNumber: p.shirt_number,
    })),
  };
}

/** Home minus away strength (sd ~1 units) from the average opening match-winner prices; 0 without odds. */
async function homeEdge(store: Store, fixtureId: string): Promise<number> {
  const rows = await store.db
    .selectFrom("odds")
    .select(["selection", "opening_price"])
    .where("fixture_id", "=", fixtureId)
    .where("market", "in", ["1x2", "moneyline"])
    .where("selection", "in", ["home", "away"])
    .execute();
  const mean = (selection: string) => {
    const prices = rows.filter((r) => r.selection === selection).map((r) => 1 / r.opening_price);
    return prices.length === 0 ? undefined : prices.reduce((a, b) => a + b, 0) / prices.length;
  };
  const home = mean("home");
  const away = mean("away");
  if (home === undefined || away === undefined) return 0;
  return normalQuantile(home / (home + away)) * 1.5;
}
