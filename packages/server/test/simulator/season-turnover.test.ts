/**
 * Season turnover in a long-running world (ADR-0044): the rolling calendar, run past the end of
 * its leagues' seasons (its clock moved on a week at a time; the calendar reads kick-offs, so no
 * simulator is needed), starts a league's next season on its next regular match day — the gap
 * between one season's last kick-off and the next one's first is no longer than the league's
 * usual gap between kick-offs, at weekdays and times it already plays — while a league on the
 * real calendar (`rules.annual_season`) comes back a year on. On the full world, SQLite and
 * PostgreSQL; `seasonShift` is also checked on its own.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { MemoryEventBus } from "../../src/adapters/bus/memory-bus.js";
import { FeedIngestor } from "../../src/live/feed-ingestor.js";
import { WorldCalendar } from "../../src/simulator/calendar.js";
import { TEAM_SPORTS } from "../../src/simulator/flows/team-sports.js";
import { type SeasonFixture, seasonShift } from "../../src/simulator/season-turnover.js";
import type { Sport } from "../../src/sports/types.js";
import type { Store } from "../../src/store/database.js";
import { parseJson } from "../../src/store/json-columns.js";
import { seededWorld } from "../helpers/app.js";
import { TEST_NOW } from "../helpers/clock.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const HORIZON_MS = 14 * DAY;
/** Weeks the clock moves on: past the end of the regional leagues' first seasons. */
const WEEKS = 9;
const same = (x: number) => x;

/** A competition's seasons as their kick-offs (sorted), in order of their first kick-off. */
async function seasonsOf(store: Store): Promise<Map<string, number[][]>> {
  const rows = await store.db
    .selectFrom("fixtures")
    .select(["competition_id", "season_id", "kickoff"])
    .where("sport", "in", [...TEAM_SPORTS])
    .where("home_team_id", "is not", null)
    .execute();
  const bySeason = new Map<string, { competition: string; kickoffs: number[] }>();
  for (const row of rows) {
    const season = bySeason.get(row.season_id) ?? { competition: row.competition_id, kickoffs: [] };
    season.kickoffs.push(Date.parse(row.kickoff));
    bySeason.set(row.season_id, season);
  }
  const byCompetition = new Map<string, number[][]>();
  for (const { competition, kickoffs } of bySeason.values()) {
    kickoffs.sort((a, b) => a - b);
    byCompetition.set(competition, [...(byCompetition.get(competition) ?? []), kickoffs]);
  }
  for (const seasons of byCompetition.values()) seasons.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  return byCompetition;
}

async function annualCompetitions(store: Store): Promise<Set<string>> {
  const rows = await store.db.selectFrom("competitions").select(["id", "rules"]).execute();
  return new Set(
    rows
      .filter((r) => parseJson<Record<string, unknown>>(r.rules)?.annual_season === true)
      .map((r) => r.id),
  );
}

/** The longest wait between consecutive kick-offs. */
function longestGap(kickoffs: readonly number[]): number {
  return Math.max(0, ...kickoffs.slice(1).map((k, i) => k - (kickoffs[i] ?? k)));
}

/** Weekday and time of day (UTC: the sample world's offsets are fixed) of each kick-off. */
const slotsOf = (kickoffs: readonly number[]) => new Set(kickoffs.map((k) => k % WEEK));

describe("seasonShift", () => {
  /** Fixtures of `home` against `away` at the given kick-offs. */
  const games = (pairs: ReadonlyArray<readonly [number, string, string]>): SeasonFixture[] =>
    pairs.map(([kickoff, home, away]) => ({ kickoff, teams: [home, away] }));

  test("a daily league moves by whole days onto its next match day", () => {
    const first = Date.parse("2026-11-20T22:00:00Z");
    // Every day at 22:00 for 66 days, the four teams in turn.
    const season = games(
      Array.from({ length: 66 }, (_, d) => [first + d * DAY, d % 2 ? "a" : "c", d % 2 ? "b" : "d"]),
    );
    const last = season.at(-1)?.kickoff ?? first;
    assert.equal(first + seasonShift(season, last, false, same), last + DAY);
  });

  test("a weekly league keeps its weekday; a league on the real calendar returns a year on", () => {
    const first = Date.parse("2026-11-21T15:00:00Z");
    const season = games(
      Array.from({ length: 30 }, (_, w) => [
        [first + w * WEEK, "a", "b"] as const,
        [first + w * WEEK + DAY, "c", "d"] as const,
      ]).flat(),
    );
    const last = season.at(-1)?.kickoff ?? first;
    assert.equal(seasonShift(season, last, false, same), 30 * WEEK);
    assert.equal(seasonShift(season, last, true, same), 52 * WEEK);
  });

  test("no team plays again sooner than the season ever asked of it", () => {
    // Sunday 20:20 opens the season; then Sundays at 13:00 and 16:25. Team a plays the last
    // game (16:25) and the first (20:20): the same Sunday would give it four hours' rest.
    const opener = Date.parse("2026-11-22T20:20:00Z");
    const sunday = (week: number, time: number) => opener - 20.33 * HOUR + week * WEEK + time;
    const season = games([
      [opener, "a", "b"],
      ...Array.from({ length: 9 }, (_, w) => [
        [sunday(w + 1, 13 * HOUR), "c", "a"] as const,
        [sunday(w + 1, 16.42 * HOUR), "b", "d"] as const,
      ]).flat(),
      [sunday(10, 13 * HOUR), "c", "d"],
      [sunday(10, 16.42 * HOUR), "a", "b"],
    ]);
    const last = season.at(-1)?.kickoff ?? opener;
    const shift = seasonShift(season, last, false, same);
    assert.ok(opener + shift - last >= 6 * DAY, `${(opener + shift - last) / HOUR} h of rest`);
    assert.equal(shift, 11 * WEEK);
  });
});

for (const dialect of DIALECTS) {
  describe(`season turnover on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestStore;
    let calendar: (sports: readonly Sport[]) => WorldCalendar;

    before(async () => {
      t = await createTestStore(dialect, seededWorld("full"));
      const ingestor = new FeedIngestor({
        store: t.store,
        bus: new MemoryEventBus(),
        clock: () => new Date(TEST_NOW),
      });
      calendar = (sports) =>
        new WorldCalendar({
          store: t.store,
          ingestor,
          sports,
          horizonMs: HORIZON_MS,
          timeScale: 1,
        });
    });
    after(async () => await t?.dispose());

    test("a league's next season starts on its next match day, at the times it plays", async () => {
      const world = calendar(TEAM_SPORTS);
      for (let week = 0; week <= WEEKS; week++) {
        await world.extend(new Date(TEST_NOW.getTime() + week * WEEK));
      }
      const annual = await annualCompetitions(t.store);
      let turned = 0;
      for (const [competition, seasons] of await seasonsOf(t.store)) {
        if (annual.has(competition)) continue;
        for (let i = 1; i < seasons.length; i++) {
          const [before, next] = [seasons[i - 1] ?? [], seasons[i] ?? []];
          const gap = (next[0] ?? 0) - (before.at(-1) ?? 0);
          assert.ok(gap > 0, `${competition}: the next season starts after the last kick-off`);
          assert.ok(
            gap <= longestGap(before),
            `${competition}: ${gap / HOUR} h between seasons, at most ${longestGap(before) / HOUR} h within`,
          );
          const played = slotsOf(before);
          for (const k of next) {
            assert.ok(played.has(k % WEEK), `${competition}: ${new Date(k).toISOString()}`);
          }
          turned++;
        }
      }
      // Most regional leagues' first seasons end within the weeks run (22 of them on seed 7).
      assert.ok(turned >= 20, `${turned} seasons turned over`);
    });

    test("clubs keep their habitual home slots into the next season", async () => {
      // Runs after the test above has turned the seasons over. A club's habit in a season is the
      // share of its home games in its most frequent home slot (weekday and time); the swap of
      // home and away must not scatter them over its opponents' slots.
      const rows = await t.store.db
        .selectFrom("fixtures")
        .select(["competition_id", "season_id", "home_team_id", "kickoff"])
        .where("sport", "in", [...TEAM_SPORTS])
        .where("home_team_id", "is not", null)
        .execute();
      const annual = await annualCompetitions(t.store);
      const firstOf = new Map<string, number>();
      const slots = new Map<string, Map<string, number[]>>();
      for (const row of rows) {
        if (annual.has(row.competition_id)) continue;
        const kickoff = Date.parse(row.kickoff);
        firstOf.set(row.season_id, Math.min(firstOf.get(row.season_id) ?? kickoff, kickoff));
        const teams = slots.get(row.season_id) ?? new Map<string, number[]>();
        const home = row.home_team_id ?? "";
        teams.set(home, [...(teams.get(home) ?? []), kickoff % WEEK]);
        slots.set(row.season_id, teams);
      }
      const habitShare = (homes: readonly number[]) => {
        const counts = new Map<number, number>();
        for (const slot of homes) counts.set(slot, (counts.get(slot) ?? 0) + 1);
        return Math.max(...counts.values()) / homes.length;
      };
      const byCompetition = new Map<string, string[]>();
      for (const row of rows) {
        const seasons = byCompetition.get(row.competition_id) ?? [];
        if (!seasons.includes(row.season_id) && slots.has(row.season_id))
          seasons.push(row.season_id);
        byCompetition.set(row.competition_id, seasons);
      }
      const shares = { before: [] as number[], next: [] as number[] };
      for (const seasons of byCompetition.values()) {
        if (seasons.length < 2) continue;
        seasons.sort((a, b) => (firstOf.get(a) ?? 0) - (firstOf.get(b) ?? 0));
        for (const [which, season] of [
          ["before", seasons[0]],
          ["next", seasons[1]],
        ] as const) {
          for (const homes of slots.get(season ?? "")?.values() ?? []) {
            shares[which].push(habitShare(homes));
          }
        }
      }
      const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      assert.ok(shares.next.length >= 100, `${shares.next.length} clubs in a next season`);
      const [before, next] = [mean(shares.before), mean(shares.next)];
      assert.ok(
        next >= before - 0.05,
        `home games in the habitual slot: ${before.toFixed(3)} before, ${next.toFixed(3)} next season`,
      );
    });

    test("a league on the real calendar comes back a year on, from its real opening day", async () => {
      // A baseball league the sample joined in mid-season (its games start after its season's
      // opening day): its next season opens a year after that day, its first days filled with
      // the copied season's first days again, then the copied season itself, 52 weeks on.
      const annual = await annualCompetitions(t.store);
      const seasons = await seasonsOf(t.store);
      const rows = await t.store.db
        .selectFrom("seasons")
        .innerJoin("competitions", "competitions.current_season_id", "seasons.id")
        .select(["competitions.id as competition", "seasons.start_date"])
        .execute();
      const opening = new Map(rows.map((r) => [r.competition, Date.parse(r.start_date)]));
      const [id, first] = [...seasons]
        .filter(([competition, s]) => annual.has(competition) && s.length === 1)
        .map(([competition, s]) => [competition, s[0] ?? []] as const)
        .filter(([competition, s]) => (opening.get(competition) ?? 0) < (s[0] ?? 0) - 2 * DAY)
        .sort(([, a], [, b]) => (a.at(-1) ?? 0) - (b.at(-1) ?? 0))[0] ?? ["", []];
      assert.ok(first.length > 0, "a league on the real calendar joined in mid-season");
      await calendar(["baseball"]).extend(new Date((first.at(-1) ?? 0) - HORIZON_MS + HOUR));
      const next = (await seasonsOf(t.store)).get(id)?.[1] ?? [];
      const copied = new Set(next);
      for (const k of first)
        assert.ok(copied.has(k + 52 * WEEK), `${id}: ${new Date(k).toISOString()} a year on`);
      const opensAgain = (opening.get(id) ?? 0) + 52 * WEEK;
      assert.equal(
        new Date(next[0] ?? 0).toISOString().slice(0, 10),
        new Date(opensAgain).toISOString().slice(0, 10),
      );
      assert.ok(next.length > first.length, `${id}: its opening days are played too`);
      // Every day from the real opening to the copied season's first game has a game.
      const filled = new Set(
        next.filter((k) => k < (first[0] ?? 0) + 52 * WEEK).map((k) => Math.floor(k / DAY)),
      );
      assert.equal(
        filled.size,
        Math.floor(((first[0] ?? 0) + 52 * WEEK) / DAY) - Math.floor(opensAgain / DAY),
      );
    });
  });
}
