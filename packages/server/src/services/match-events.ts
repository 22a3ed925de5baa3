/** Play-by-play: a fixture's events in order of `sequence` (corrected and retracted included). */
import { parseJson } from "../store/json-columns.js";
import type { ServiceContext, Sport } from "./context.js";
import { requireFixture } from "./fixtures.js";

export async function listMatchEvents(ctx: ServiceContext, sport: Sport, fixtureId: string) {
  const fixture = await requireFixture(ctx, sport, fixtureId);
  const rows = await ctx.store.db
    .selectFrom("match_events as e")
    .leftJoin("teams as t", "t.id", "e.team_id")
    .leftJoin("players as p", "p.id", "e.player_id")
    .leftJoin("players as r", "r.id", "e.related_player_id")
    .select([
      "e.id",
      "e.sequence",
      "e.type",
      "e.period",
      "e.minute",
      "e.team_id",
      "t.name as team",
      "e.player_id",
      "p.name as player",
      "e.related_player_id",
      "r.name as related_player",
      "e.detail",
      "e.score",
      "e.state",
      "e.created_at",
      "e.updated_at",
    ])
    .where("e.fixture_id", "=", fixtureId)
    .orderBy("e.sequence")
    .execute();
  const events = rows.map((e) => ({
    event_id: e.id,
    fixture_id: fixtureId,
    sequence: e.sequence,
    type: e.type,
    period: e.period,
    minute: e.minute,
    team_id: e.team_id,
    team: e.team,
    player_id: e.player_id,
    player: e.player,
    related_player_id: e.related_player_id,
    related_player: e.related_player,
    detail: parseJson<Record<string, unknown>>(e.detail) ?? {},
    score: parseJson<Record<string, unknown>>(e.score),
    state: e.state,
    created_at: e.created_at,
    updated_at: e.updated_at,
  }));
  return { events, updatedAt: fixture.updated_at };
}
