/**
 * Which fixture the simulator plays next, and what a flow needs to know about it: the sides
 * with their squads and a strength read from the opening prices, or a field's participants.
 */
import { derivedId } from "../lib/ids.js";
import { isoSeconds } from "../lib/time.js";
import type { Rng } from "../sample/rng.js";
import { SPORT_MODULES } from "../sports/registry.js";
import type { Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";
import { parseJson } from "../store/json-columns.js";
import type { FlowFixture, FlowSide } from "./flow.js";
import { normalQuantile } from "./live-odds.js";

/** The scheduled fixture that kicks off soonest, not already being played. */
export async function nextFixture(
  store: Store,
  sport: Sport,
  busy: readonly string[],
): Promise<string | undefined> {
  let query = store.db
    .selectFrom("fixtures")
    .select("id")
    .where("sport", "=", sport)
    .where("status", "=", "scheduled")
    .orderBy("kickoff")
    .orderBy("id")
    .limit(1);
  if (busy.length > 0) query = query.where("id", "not in", busy);
  return (await query.executeTakeFirst())?.id;
}

/** What a field's entry looks like before the start (golf leaderboard rows, race cards). */
const FIELD_RESET: Partial<Record<Sport, Record<string, unknown>>> = {
  golf: {
    position: null,
    position_text: null,
    score_to_par: null,
    total_strokes: null,
    thru: null,
    rounds: [],
    status: "active",
  },
  "horse-racing": { position: null, margin: null, sp: null, status: "declared" },
};

/** How many of the latest finished fixtures a rematch is drawn from. */
const REMATCH_POOL = 60;

/**
 * A rematch of one of the sport's recently finished fixtures (drawn with `rng`, so the same
 * pair does not meet again and again), as a `fixture` message kicking off now: head-to-head
 * sides swapped, a field's entries back to their start; undefined when the sport has nothing
 * finished to copy.
 */
export async function rematch(
  store: Store,
  sport: Sport,
  label: string,
  now: Date,
  rng: Rng,
): Promise<{ fixtureId: string; message: Record<string, unknown> } | undefined> {
  const field = SPORT_MODULES[sport].format === "field";
  const recent = await store.db
    .selectFrom("fixtures")
    .select([
      "competition_id",
      "season_id",
      "home_team_id",
      "away_team_id",
      "venue",
      "round",
      "participants",
    ])
    .where("sport", "=", sport)
    .where("status", "=", "finished")
    .where(field ? "participants" : "home_team_id", "is not", null)
    .orderBy("kickoff", "desc")
    .orderBy("id")
    .limit(REMATCH_POOL)
    .execute();
  if (recent.length === 0) return undefined;
  const last = rng.pick(recent);
  const fixtureId = derivedId("fx", sport, "simulated", label);
  const sides = field
    ? {
        participants: (parseJson<Array<Record<string, unknown>>>(last.participants) ?? []).map(
          (entry) => ({ ...entry, ...FIELD_RESET[sport] }),
        ),
      }
    : { home_team_id: last.away_team_id, away_team_id: last.home_team_id };
  return {
    fixtureId,
    message: {
      id: `sim:${fixtureId}:create`,
      type: "fixture",
      sport,
      data: {
        id: fixtureId,
        competition_id: last.competition_id,
        season_id: last.season_id,
        kickoff: isoSeconds(now),
        ...sides,
        ...(last.venue !== null ? { venue: last.venue } : {}),
        round: last.round ?? "Rematch",
      },
    },
  };
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
      "f.home_team_id",
      "f.away_team_id",
      "h.name as home_name",
      "a.name as away_name",
      "c.rules",
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
