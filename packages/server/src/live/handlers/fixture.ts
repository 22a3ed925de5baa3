/**
 * `fixture` messages: a fixture created (`scheduled` or `tbd`) or its schedule changed —
 * kick-off, venue, round, officials, broadcast, the field of a golf event or a race. A change to
 * an existing fixture is a `fixture.updated` naming what changed; its status moves only through
 * `status` messages.
 */
import { isoSeconds } from "../../lib/time.js";
import { SPORT_MODULES } from "../../sports/registry.js";
import { isFinishedStatus, NOT_STARTED } from "../../sports/statuses.js";
import type { FixtureStatus } from "../../sports/types.js";
import type { StaleTables } from "../../store/standings/kept-tables.js";
import type { Batch } from "../batch.js";
import type { FeedMessage } from "../messages.js";
import { sourceOf } from "../producer-scope.js";
import { FeedRejection } from "../rejection.js";
import { requireOwn, seasonFor } from "./reference.js";

type FixtureMessage = Extract<FeedMessage, { type: "fixture" }>;

export async function applyFixture(
  batch: Batch,
  message: FixtureMessage,
  stale: StaleTables,
): Promise<void> {
  const { data, sport } = message;
  const { trx, stamp } = batch;
  const module = SPORT_MODULES[sport];
  // Checked before formatting: toISOString throws on an invalid date (e.g. month 13).
  if (Number.isNaN(Date.parse(data.kickoff)) || !isCalendarDay(data.kickoff))
    throw new FeedRejection("data.kickoff", "kickoff is not a real time");
  const kickoff = isoSeconds(new Date(data.kickoff));
  await requireOwn(trx, "competitions", sport, data.competition_id, "data.competition_id");
  const seasonId = await seasonFor(trx, data.competition_id, data.season_id);
  const headToHead = module.format === "head_to_head";
  for (const side of ["home_team_id", "away_team_id"] as const) {
    const team = data[side];
    if (headToHead && (team === undefined || team === null)) {
      throw new FeedRejection(`data.${side}`, `a ${sport} fixture needs ${side}`);
    }
    if (!headToHead && team !== undefined && team !== null) {
      throw new FeedRejection(`data.${side}`, `${sport} fixtures have participants, not teams`);
    }
    if (team !== undefined && team !== null)
      await requireOwn(trx, "teams", sport, team, `data.${side}`);
  }
  if (headToHead && data.home_team_id === data.away_team_id) {
    throw new FeedRejection("data.away_team_id", "a team cannot play itself");
  }
  if (headToHead && data.participants !== undefined) {
    throw new FeedRejection("data.participants", `${sport} fixtures have no participants`);
  }
  // This message reads and writes the fixture row itself: the buffered writes go first.
  const fixtures = await batch.flushed();
  const existing = await fixtures
    .selectFrom("fixtures")
    .selectAll()
    .where("id", "=", data.id)
    .executeTakeFirst();
  if (existing !== undefined && existing.sport !== sport) {
    throw new FeedRejection("data.id", `id "${data.id}" is a ${existing.sport} fixture`);
  }
  const schedule = {
    competition_id: data.competition_id,
    season_id: seasonId,
    round: data.round ?? existing?.round ?? null,
    kickoff,
    home_team_id: data.home_team_id ?? null,
    away_team_id: data.away_team_id ?? null,
    venue: data.venue !== undefined ? data.venue : (existing?.venue ?? null),
    officials:
      data.officials !== undefined ? JSON.stringify(data.officials) : (existing?.officials ?? "[]"),
    broadcast:
      data.broadcast !== undefined ? JSON.stringify(data.broadcast) : (existing?.broadcast ?? "[]"),
    participants:
      data.participants !== undefined
        ? JSON.stringify(data.participants)
        : (existing?.participants ?? null),
  };
  if (existing === undefined) {
    await fixtures
      .insertInto("fixtures")
      .values({
        id: data.id,
        sport,
        ...schedule,
        status: data.status ?? "scheduled",
        ...NOT_STARTED,
        source: sourceOf(batch.scope),
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    return;
  }
  if (data.status !== undefined && data.status !== existing.status) {
    throw new FeedRejection(
      "data.status",
      "an existing fixture's status changes only through status messages",
    );
  }
  if (
    existing.home_team_id !== schedule.home_team_id ||
    existing.away_team_id !== schedule.away_team_id
  ) {
    if (existing.status !== "scheduled" && existing.status !== "tbd") {
      throw new FeedRejection(
        "data.home_team_id",
        `the sides of a ${existing.status} fixture cannot change`,
      );
    }
  }
  const changes = (Object.keys(schedule) as Array<keyof typeof schedule>).filter(
    (key) => schedule[key] !== existing[key],
  );
  if (changes.length === 0) return;
  batch.forget(sport, data.id);
  const state = await batch.fixture(sport, data.id, "data.id");
  const sequence = batch.emit(state, [
    {
      type: "fixture.updated",
      fields: {
        changes,
        status: existing.status,
        kickoff,
        previous_kickoff: existing.kickoff,
        venue: schedule.venue,
        round: schedule.round,
      },
    },
  ]);
  await fixtures
    .updateTable("fixtures")
    .set({ ...schedule, sequence, updated_at: stamp })
    .where("id", "=", data.id)
    .execute();
  batch.forget(sport, data.id);
  // A result moved to another season, or re-dated (the order of `form`), changes both tables.
  if (isFinishedStatus(existing.status as FixtureStatus)) {
    stale.season(existing.competition_id, existing.season_id);
    stale.season(schedule.competition_id, schedule.season_id);
  }
}

/** `2026-02-30T…` parses (as 2 March): the day must exist in its month. */
function isCalendarDay(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
