/**
 * `lineup` messages (a side's starters and substitutes for one fixture, announced as a
 * `fixture.updated`) and `statistics` messages (a team's or player's season numbers).
 */
import type { Batch } from "../batch.js";
import { saveSequence } from "../fixture-writes.js";
import type { FeedMessage } from "../messages.js";
import { FeedRejection } from "../rejection.js";
import { requireOwn, seasonFor } from "./reference.js";

type Of<K extends FeedMessage["type"]> = Extract<FeedMessage, { type: K }>;

export async function applyLineup(batch: Batch, message: Of<"lineup">): Promise<void> {
  const { data, sport } = message;
  const state = await batch.fixture(sport, data.fixture_id);
  if (state.home?.id !== data.team_id && state.away?.id !== data.team_id) {
    throw new FeedRejection(
      "data.team_id",
      `team "${data.team_id}" does not play in fixture ${state.id}`,
    );
  }
  const names = await playerNames(
    batch,
    [...data.starters, ...(data.substitutes ?? [])].map((p) => p.player_id),
  );
  const people = (list: typeof data.starters, field: string) =>
    list.map((p, i) => {
      const name = p.name ?? names.get(p.player_id);
      if (name === undefined) {
        throw new FeedRejection(
          `data.${field}[${i}].player_id`,
          `no ${sport} player has id "${p.player_id}"; send the name`,
        );
      }
      return {
        player_id: p.player_id,
        name,
        position: p.position ?? null,
        shirt_number: p.shirt_number ?? null,
      };
    });
  const row = {
    sport,
    formation: data.formation ?? null,
    coach: data.coach ?? null,
    starters: JSON.stringify(people(data.starters, "starters")),
    substitutes: JSON.stringify(people(data.substitutes ?? [], "substitutes")),
    updated_at: batch.stamp,
  };
  await batch.trx
    .insertInto("lineups")
    .values({ fixture_id: state.id, team_id: data.team_id, ...row })
    .onConflict((oc) => oc.columns(["fixture_id", "team_id"]).doUpdateSet(row))
    .execute();
  const sequence = batch.emit(state, [
    {
      type: "fixture.updated",
      fields: { changes: ["lineups"], team_id: data.team_id, status: state.status },
    },
  ]);
  saveSequence(batch, state, sequence, true);
}

async function playerNames(batch: Batch, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await batch.trx
    .selectFrom("players")
    .select(["id", "name"])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function applyStatistics(batch: Batch, message: Of<"statistics">): Promise<void> {
  const { data, sport } = message;
  const { trx, stamp } = batch;
  await requireOwn(trx, "competitions", sport, data.competition_id, "data.competition_id");
  const seasonId = await seasonFor(trx, data.competition_id, data.season_id);
  const stats = JSON.stringify(data.stats);
  if (data.scope === "team") {
    if (data.team_id === undefined)
      throw new FeedRejection("data.team_id", "team statistics need team_id");
    await requireOwn(trx, "teams", sport, data.team_id, "data.team_id");
    await trx
      .insertInto("team_season_stats")
      .values({
        sport,
        team_id: data.team_id,
        competition_id: data.competition_id,
        season_id: seasonId,
        stats,
        updated_at: stamp,
      })
      .onConflict((oc) =>
        oc
          .columns(["team_id", "competition_id", "season_id"])
          .doUpdateSet({ stats, updated_at: stamp }),
      )
      .execute();
    return;
  }
  if (data.player_id === undefined)
    throw new FeedRejection("data.player_id", "player statistics need player_id");
  const player = await trx
    .selectFrom("players")
    .select(["sport", "team_id"])
    .where("id", "=", data.player_id)
    .executeTakeFirst();
  if (player === undefined || player.sport !== sport) {
    throw new FeedRejection(
      "data.player_id",
      `no ${sport} player has id "${data.player_id}"`,
      "not_found",
    );
  }
  await trx
    .insertInto("player_season_stats")
    .values({
      sport,
      player_id: data.player_id,
      team_id: data.team_id ?? player.team_id,
      competition_id: data.competition_id,
      season_id: seasonId,
      stats,
      updated_at: stamp,
    })
    .onConflict((oc) =>
      oc
        .columns(["player_id", "competition_id", "season_id"])
        .doUpdateSet({ stats, updated_at: stamp }),
    )
    .execute();
}
