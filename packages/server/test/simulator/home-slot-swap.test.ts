/**
 * A league's next season swaps home and away; each swapped game takes, within its round, the
 * kick-off of its new home club's habitual slot (`home-slot-swap.ts`), so a club that plays at
 * home on Friday night keeps doing so after the swap.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { swappedSlots } from "../../src/simulator/home-slot-swap.js";
import type { TemplateFixture } from "../../src/simulator/template-fixture.js";

const FRIDAY = "2026-11-20T19:45:00Z";
const SATURDAY = "2026-11-21T15:00:00Z";
const week = (iso: string, n: number) =>
  new Date(Date.parse(iso) + n * 7 * 86_400_000).toISOString().replace(".000", "");

function game(id: string, round: string | null, kickoff: string, home: string, away: string) {
  const fixture: TemplateFixture = {
    id,
    kickoff,
    round,
    season_id: "se_1",
    home_team_id: home,
    away_team_id: away,
    venue: null,
    officials: null,
    broadcast: null,
    participants: null,
  };
  return fixture;
}

describe("swappedSlots", () => {
  // Four clubs: A and C at home on Friday nights, B and D on Saturday afternoons.
  const season = [
    game("g1", "1", FRIDAY, "A", "B"),
    game("g2", "1", SATURDAY, "D", "C"),
    game("g3", "2", week(FRIDAY, 1), "C", "A"),
    game("g4", "2", week(SATURDAY, 1), "B", "D"),
    game("g5", "3", week(FRIDAY, 2), "A", "D"),
    game("g6", "3", week(SATURDAY, 2), "B", "C"),
  ];

  test("a swapped game takes its new home club's habitual slot within its round", () => {
    const slots = swappedSlots(season);
    // Round 1 swapped: B–A goes to Saturday (B's habit), C–D to Friday (C's).
    assert.equal(slots.get("g1")?.id, "g2");
    assert.equal(slots.get("g2")?.id, "g1");
    // Round 2 swapped: A–C on Friday (A's habit), D–B on Saturday (D's): as they were.
    assert.equal(slots.get("g3")?.id, "g3");
    assert.equal(slots.get("g4")?.id, "g4");
    // Round 3 swapped: D–A on Saturday, C–B on Friday.
    assert.equal(slots.get("g5")?.id, "g6");
    assert.equal(slots.get("g6")?.id, "g5");
  });

  test("every round keeps its kick-offs: each is taken exactly once", () => {
    // Two clubs with the same habit in one round: one gets it, the other the slot left.
    const clash = [
      game("h1", "1", FRIDAY, "A", "B"),
      game("h2", "1", SATURDAY, "C", "D"),
      game("h3", "2", week(FRIDAY, 1), "B", "C"),
      game("h4", "2", week(SATURDAY, 1), "D", "A"),
      game("h5", "3", week(FRIDAY, 2), "B", "A"),
      game("h6", "3", week(FRIDAY, 2), "D", "C"),
      game("h7", "4", week(FRIDAY, 3), "C", "A"),
      game("solo", null, week(SATURDAY, 5), "A", "C"),
    ];
    const slots = swappedSlots(clash);
    assert.equal(slots.size, clash.length);
    for (const round of ["1", "2", "3", "4"]) {
      const games = clash.filter((g) => g.round === round);
      const taken = games.map((g) => slots.get(g.id)?.id).sort();
      assert.deepEqual(taken, games.map((g) => g.id).sort(), `round ${round}`);
    }
    assert.equal(slots.get("solo")?.id, "solo", "a game without a round keeps its kick-off");
  });
});
