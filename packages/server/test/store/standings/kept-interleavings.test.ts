/**
 * Property: under any interleaving of the writes that can change a table — final results (one
 * or several in a feed chunk), results corrected (awarded to a side), walkovers, results moved
 * to another season or re-dated, clubs renamed, the competition's points rules changed, point
 * deductions — made through the public write paths (the feed and the deductions service), both
 * seasons' tables, read through the service and the REST API, equal a from-scratch computation
 * after every step. fast-check with a fixed seed; each run plays in a league of its own.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { recordDeduction } from "../../../src/services/deductions.js";
import { getStandings } from "../../../src/services/standings.js";
import { testClock } from "../../helpers/clock.js";
import { goalMsg, msg, statusMsg } from "../../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../../helpers/stores.js";
import {
  assertAllApplied,
  createLiveApp,
  getBody,
  type LiveTestApp,
} from "../../live/feed-helpers.js";
import { referenceTable } from "./reference-table.js";

const SPORT = "football";
const SEASON_NAMES = ["2026", "2027"] as const;
const TEAM_COUNT = 5;
const RULES = [
  {},
  { points: { win: 2, draw: 1, loss: 0 } },
  { tie_breakers: ["name"] },
  { tie_breakers: ["wins", "goals_for"], points: { win: 3, draw: 2, loss: 1 } },
];

/** One write; `pick` chooses among the fixtures (or teams) it applies to. */
const step = fc.oneof(
  fc.record({
    kind: fc.constant("finish" as const),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    goals: fc.array(fc.constantFrom("home" as const, "away" as const), { maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constantFrom("award" as const, "walkover" as const),
    pick: fc.nat(),
    winner: fc.constantFrom("home", "away"),
  }),
  fc.record({ kind: fc.constantFrom("move" as const, "redate" as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant("deduct" as const),
    pick: fc.nat(),
    season: fc.constantFrom(0, 1),
    points: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant("rename" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("rules" as const), pick: fc.nat() }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

interface Fixture {
  id: string;
  home: string;
  away: string;
  season: string;
  kickoff: string;
  status: "scheduled" | "finished" | "awarded" | "walkover";
}

/** A league of its own for one run: two seasons, five clubs in both, every pairing scheduled. */
function league(run: number) {
  const id = `kl-${run}`;
  const seasons = SEASON_NAMES.map((name) => ({
    id: `${id}-${name}`,
    name,
    start_date: `${name}-01-01`,
    end_date: `${name}-12-31`,
  }));
  const teams = Array.from({ length: TEAM_COUNT }, (_, i) => `${id}-t${i}`);
  const fixtures: Fixture[] = [];
  for (const [h, home] of teams.entries()) {
    for (const [a, away] of teams.entries()) {
      if (home === away) continue;
      const day = String(1 + ((h * TEAM_COUNT + a) % 28)).padStart(2, "0");
      fixtures.push({
        id: `${id}-f${h}${a}`,
        home,
        away,
        season: seasons[0]?.id ?? "",
        kickoff: `2026-03-${day}T15:00:00Z`,
        status: "scheduled",
      });
    }
  }
  const competition = (season?: (typeof seasons)[number], rules?: unknown) =>
    msg("competition", SPORT, {
      id,
      name: `Kept League ${run}`,
      country_code: "ZZ",
      country_name: "Testland",
      ...(season ? { season } : {}),
      ...(rules ? { rules } : {}),
    });
  // The later season first, so the first stays the competition's current one.
  const setup = [...seasons].reverse().map((season) => competition(season));
  for (const [i, team] of teams.entries()) {
    for (const season of seasons) {
      setup.push(
        msg("team", SPORT, {
          id: team,
          name: `Club ${run}-${i}`,
          competition_id: id,
          season_id: season.id,
        }),
      );
    }
  }
  setup.push(...fixtures.map(fixtureMsg(id)));
  return { id, seasons, teams, fixtures, setup, competition };
}

function fixtureMsg(competitionId: string) {
  return (f: Fixture) =>
    msg("fixture", SPORT, {
      id: f.id,
      competition_id: competitionId,
      season_id: f.season,
      kickoff: f.kickoff,
      home_team_id: f.home,
      away_team_id: f.away,
    });
}

function nth<T>(items: readonly T[], pick: number): T | undefined {
  return items.length === 0 ? undefined : items[pick % items.length];
}

for (const dialect of DIALECTS) {
  describe(`kept standings under random writes on ${dialect}`, {
    skip: unavailable(dialect),
  }, () => {
    let t: LiveTestApp;
    let runs = 0;
    before(async () => {
      t = await createLiveApp(dialect);
    });
    after(async () => {
      await t?.dispose();
    });

    async function assertTables(l: ReturnType<typeof league>, label: string) {
      const ctx = { store: t.store, clock: testClock };
      for (const season of l.seasons) {
        const expected = await referenceTable(t.store, {
          sport: SPORT,
          competitionId: l.id,
          seasonId: season.id,
          seasonName: season.name,
        });
        const kept = await getStandings(ctx, SPORT, { league: l.id, season: season.name });
        assert.equal(
          JSON.stringify(kept.rows),
          JSON.stringify(expected),
          `${label} ${season.name}`,
        );
        const url = `/v1/${SPORT}/standings?league=${l.id}&season=${season.name}`;
        assert.deepEqual((await getBody(t, url)).data, expected, `${label} ${season.name} (REST)`);
      }
    }

    /** Applies one step; false when it applies to nothing in the league's state. */
    async function apply(l: ReturnType<typeof league>, s: Step, run: number, index: number) {
      const feed = async (messages: unknown[]) => {
        assertAllApplied(await t.feed(messages));
      };
      const scheduled = l.fixtures.filter((f) => f.status === "scheduled");
      const decided = l.fixtures.filter((f) => f.status !== "scheduled");
      switch (s.kind) {
        case "finish": {
          const chosen = [...new Set(s.picks.map((p) => nth(scheduled, p)))].filter(
            (f): f is Fixture => f !== undefined,
          );
          if (chosen.length === 0) return false;
          await feed(
            chosen.flatMap((f) => {
              f.status = "finished";
              return [
                statusMsg(SPORT, f.id, "live"),
                ...s.goals.map((side) => goalMsg(SPORT, f.id, side)),
                statusMsg(SPORT, f.id, "finished"),
              ];
            }),
          );
          return true;
        }
        case "award":
        case "walkover": {
          const from = s.kind === "award" ? "finished" : "scheduled";
          const f = nth(
            l.fixtures.filter((x) => x.status === from),
            s.pick,
          );
          if (f === undefined) return false;
          f.status = s.kind === "award" ? "awarded" : "walkover";
          await feed([statusMsg(SPORT, f.id, f.status, { winner: s.winner })]);
          return true;
        }
        case "move":
        case "redate": {
          const f = nth(decided, s.pick);
          if (f === undefined) return false;
          if (s.kind === "move") {
            const [first, second] = l.seasons;
            f.season = f.season === first?.id ? (second?.id ?? "") : (first?.id ?? "");
          } else {
            f.kickoff = `2026-0${4 + (s.pick % 5)}-1${s.pick % 9}T18:30:00Z`;
          }
          await feed([fixtureMsg(l.id)(f)]);
          return true;
        }
        case "deduct":
          await recordDeduction(
            { store: t.store, clock: testClock },
            {
              sport: SPORT,
              league: l.id,
              season: s.season === 0 ? SEASON_NAMES[0] : SEASON_NAMES[1],
              team: nth(l.teams, s.pick) ?? "",
              points: s.points,
              reason: `breach ${run}-${index}`,
            },
          );
          return true;
        case "rename":
          await feed([
            msg("team", SPORT, {
              id: nth(l.teams, s.pick),
              name: `${nth(["Alder", "Birch", "Cedar", "Elm"], s.pick)} ${run}-${index}`,
            }),
          ]);
          return true;
        case "rules":
          await feed([l.competition(undefined, nth(RULES, s.pick))]);
          return true;
      }
    }

    test("every step leaves both seasons' tables as computed from scratch", async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
          const run = ++runs;
          const l = league(run);
          await t.feed(l.setup).then(assertAllApplied);
          for (const [index, s] of steps.entries()) {
            if (await apply(l, s, run, index)) await assertTables(l, `step ${index} ${s.kind}`);
          }
        }),
        { seed: 33, numRuns: 12 },
      );
    });
  });
}
