/**
 * Combat sports as the generator and the live simulator's flow play them obey the sport's rules
 * (issue 18): a bout is between two fighters of its weight class, or is a catchweight labelled as
 * such with the agreed limit between the two fighters' neighbouring classes; the main event is
 * the card's last bout and its only five-rounder; three different judges with plausible names
 * score every bout (no "Judge A" stand-ins); and the fighters' season statistics are the sums of
 * their bouts.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { GenContext } from "../../src/sample/context.js";
import { COUNTRY_POOLS, WEIGHT_CLASSES } from "../../src/sample/pools/index.js";
import { Rng } from "../../src/sample/rng.js";
import { COMBAT_STATS } from "../../src/sample/sports/combat-bout-stats.js";
import { generateCombatSports } from "../../src/sample/sports/combat-sports.js";
import { combatFlow } from "../../src/simulator/flows/combat-sports.js";
import { leaderStats } from "../../src/sports/stat-catalogue.js";
import type { Dataset } from "../../src/store/dataset.js";
import { assertCombatStatistics } from "./combat-statistics-checks.js";
import { anchorsOver, bareSide, seeds } from "./property-helpers.js";

const anchors = anchorsOver(4);
const LIMIT_KG: Readonly<Record<string, number>> = {
  Flyweight: 57,
  Bantamweight: 61,
  Featherweight: 66,
  Lightweight: 70,
  Welterweight: 77,
  Middleweight: 84,
  "Light Heavyweight": 93,
  Heavyweight: 120,
};
type Fixture = Dataset["fixtures"][number];
type Bout = { weight_class: string; catchweight_kg?: number; scheduled_rounds: number };

/** "Apex FC 112: Main event, Lightweight" → its card, whether main event, and its label. */
function parseRound(round: string | null): { card: string; main: boolean; label: string } {
  const match = /^(.+?): (Main event, )?(.+)$/.exec(round ?? "");
  assert.ok(match, `round "${round}" names no weight class`);
  return { card: match[1] ?? "", main: match[2] !== undefined, label: match[3] ?? "" };
}

/**
 * A name a country pool could give: a first name of its, then a surname of its (a regional
 * promotion's officials come from its own country's pool).
 */
function poolName(name: string): boolean {
  return COUNTRY_POOLS.some((pool) =>
    pool.firstNames.some(
      (first) =>
        name.startsWith(`${first} `) && pool.lastNames.includes(name.slice(first.length + 1)),
    ),
  );
}

function assertWeightClasses(dataset: Dataset): void {
  const positionOf = new Map(dataset.players.map((p) => [p.id, p.position]));
  const classOf = new Map(dataset.teams.map((t) => [t.id, positionOf.get(t.player_id ?? "")]));
  for (const fixture of dataset.fixtures) {
    const { label } = parseRound(fixture.round);
    const classes = [fixture.home_team_id, fixture.away_team_id].map((t) => classOf.get(t ?? ""));
    const catchweight = /^Catchweight \((\d+) kg\)$/.exec(label);
    if (catchweight === null) {
      assert.ok(WEIGHT_CLASSES.includes(label), `${fixture.id}: ${label} is no weight class`);
      assert.deepEqual(classes, [label, label], `${fixture.id}: a ${label} bout`);
    } else {
      const kg = Number(catchweight[1]);
      const [i, j] = classes.map((c) => WEIGHT_CLASSES.indexOf(c ?? "")) as [number, number];
      assert.equal(Math.abs(i - j), 1, `${fixture.id}: a catchweight between ${classes}`);
      const [low, high] = [Math.min(i, j), Math.max(i, j)].map(
        (k) => LIMIT_KG[WEIGHT_CLASSES[k] ?? ""] ?? 0,
      );
      assert.ok(kg > (low ?? 0) && kg < (high ?? 0), `${fixture.id}: ${kg} kg`);
    }
    const bout = (fixture.result as { bout?: Bout } | null)?.bout;
    if (fixture.status === "finished") {
      assert.equal(bout?.weight_class, catchweight === null ? label : "Catchweight");
      if (catchweight !== null) assert.equal(bout?.catchweight_kg, Number(catchweight[1]));
    }
  }
}

function assertCards(dataset: Dataset): void {
  const roundsOf = new Map<string, number[]>();
  for (const e of dataset.match_events) {
    const rounds = roundsOf.get(e.fixture_id) ?? [];
    rounds.push(Number(e.period?.replace("round_", "")));
    roundsOf.set(e.fixture_id, rounds);
  }
  const cards = new Map<string, Fixture[]>();
  for (const f of dataset.fixtures) {
    const { card } = parseRound(f.round);
    cards.set(card, [...(cards.get(card) ?? []), f]);
  }
  for (const [card, bouts] of cards) {
    const ordered = [...bouts].sort((a, b) => a.kickoff.localeCompare(b.kickoff));
    const mains = ordered.filter((f) => parseRound(f.round).main);
    assert.deepEqual(mains, ordered.slice(-1), `${card}: the main event is the last bout`);
    for (const f of ordered) {
      const main = parseRound(f.round).main;
      const bout = (f.result as { bout?: Bout } | null)?.bout;
      if (bout !== undefined) assert.equal(bout.scheduled_rounds, main ? 5 : 3);
      const rounds = roundsOf.get(f.id) ?? [];
      assert.ok(
        rounds.every((r) => r <= (main ? 5 : 3)),
        `${f.id}: past its scheduled rounds`,
      );
    }
  }
}

function assertJudges(dataset: Dataset): void {
  for (const fixture of dataset.fixtures) {
    const officials = fixture.officials as Array<{ role: string; name: string }>;
    const judges = officials.filter((o) => o.role.startsWith("judge")).map((o) => o.name);
    assert.equal(judges.length, 3, fixture.id);
    assert.equal(new Set(officials.map((o) => o.name)).size, officials.length, fixture.id);
    for (const name of officials.map((o) => o.name)) {
      assert.ok(poolName(name), `${fixture.id}: "${name}" is no name from the pools`);
    }
    const cards = (fixture.score as { scorecards?: Array<{ judge: string }> } | null)?.scorecards;
    if (cards !== undefined)
      assert.deepEqual(
        cards.map((c) => c.judge),
        judges,
        fixture.id,
      );
  }
}

describe("combat sports rules", () => {
  it("generated bouts: one weight class or a labelled catchweight, named judges, statistics that sum", () => {
    let catchweights = 0;
    fc.assert(
      fc.property(seeds, anchors, (seed, anchor) => {
        const ctx = new GenContext(seed, anchor);
        generateCombatSports(ctx);
        assertWeightClasses(ctx.dataset);
        assertCards(ctx.dataset);
        assertJudges(ctx.dataset);
        assertCombatStatistics(ctx.dataset);
        catchweights += ctx.dataset.fixtures.filter((f) => f.round?.includes("Catchweight")).length;
      }),
      { seed: 42, numRuns: 12 },
    );
    assert.ok(catchweights > 0, "no catchweight bout was ever made");
  });

  it("every statistic a season row carries is one the leaders can rank", () => {
    const ranked = leaderStats("combat-sports", "player").map((s) => s.stat);
    for (const stat of COMBAT_STATS) assert.ok(ranked.includes(stat), stat);
  });

  it("the simulator's flow: named judges on the cards, five rounds for a main event", () => {
    let decisions = 0;
    let longest = 0;
    fc.assert(
      fc.property(seeds, fc.boolean(), (seed, main) => {
        const flow = combatFlow(new Rng(seed), {
          id: "fx",
          sport: "combat-sports",
          home: bareSide("red", 0.2),
          away: bareSide("blue", -0.2),
          participants: null,
          rules: { rounds: 3, main_event_rounds: 5 },
          round: `Apex FC 120: ${main ? "Main event, " : ""}Welterweight`,
        });
        const finish = flow.steps.at(-1)?.event;
        const cards = finish?.detail?.scorecards as Array<{ judge: string }> | undefined;
        if (cards !== undefined) {
          decisions++;
          const names = cards.map((c) => c.judge);
          assert.equal(new Set(names).size, 3, `${names}`);
          assert.ok(names.every(poolName), `${names}`);
        }
        const rounds = flow.steps.map((s) => Number(s.period?.replace("round_", "") || 0));
        const last = Math.max(...rounds.filter((r) => !Number.isNaN(r)));
        assert.ok(last <= (main ? 5 : 3), `round ${last}`);
        if (main) longest = Math.max(longest, last);
      }),
      { seed: 42, numRuns: 120 },
    );
    assert.ok(decisions > 0 && longest === 5, `${decisions} decisions, ${longest} rounds at most`);
  });
});
