/**
 * Football's rule that a player takes part only while on the pitch (issue 18), held over the
 * sample generator's finished matches and the simulator's flows: a starter until substituted or
 * sent off, a substitute from coming on; nobody who went off comes back, and a sent-off player is
 * neither replaced nor named again.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { Rng } from "../../src/sample/rng.js";
import { footballProfile, generateFootball } from "../../src/sample/sports/football.js";
import { teamSportFlow } from "../../src/simulator/flows/team-sports.js";
import { otherSide } from "../../src/sports/module-parts.js";
import type { Side } from "../../src/sports/types.js";
import { fullSquadFixture } from "./full-squad-fixture.js";
import { generated } from "./line-score-checks.js";
import { finishedFixtures, seeds, sideOfTeam } from "./property-helpers.js";

/** An event as far as who takes part is concerned, in match order. */
interface Named {
  type: string;
  side: Side | null;
  playerId: string | null;
  relatedPlayerId: string | null;
}

type Lineups = Record<Side, { starters: string[]; substitutes: string[] }>;

/** Everything in `events` that names somebody not on the pitch (empty when the rule holds). */
function offPitchNames(events: readonly Named[], lineups: Lineups): string[] {
  const on = { home: new Set(lineups.home.starters), away: new Set(lineups.away.starters) };
  const bench = {
    home: new Set(lineups.home.substitutes),
    away: new Set(lineups.away.substitutes),
  };
  const problems: string[] = [];
  events.forEach((event, i) => {
    const { side, playerId: player, relatedPlayerId: related } = event;
    if (side === null) return;
    const playing = (s: Side, id: string | null, role: string) => {
      if (id !== null && !on[s].has(id)) problems.push(`#${i} ${event.type}: ${role} ${id} is off`);
    };
    const leaves = (s: Side, id: string | null) => id !== null && on[s].delete(id);
    switch (event.type) {
      case "goal":
        playing(side, player, "scorer");
        playing(side, related, "assist");
        break;
      case "own_goal":
        playing(otherSide(side), player, "own goal");
        break;
      case "penalty_goal":
      case "missed_penalty":
      case "yellow_card":
        playing(side, player, "player");
        break;
      case "red_card":
      case "second_yellow":
        playing(side, player, "player sent off");
        leaves(side, player);
        break;
      case "substitution":
        playing(side, related, "player going off");
        leaves(side, related);
        if (player !== null && !bench[side].delete(player)) {
          problems.push(`#${i} substitution: ${player} is not an unused substitute`);
        } else if (player !== null) on[side].add(player);
        break;
    }
  });
  return problems;
}

/** The finished matches of one generated football dataset, as events and line-ups. */
function generatedMatches(seed: number): Array<{ id: string; events: Named[]; lineups: Lineups }> {
  const dataset = generated(seed, generateFootball);
  const { match_events, lineups } = dataset;
  return finishedFixtures(dataset).map((f) => {
    const events = match_events
      .filter((e) => e.fixture_id === f.id)
      .map((e) => ({
        type: e.type,
        side: sideOfTeam(f, e.team_id),
        playerId: e.player_id,
        relatedPlayerId: e.related_player_id,
      }));
    const lineupOf = (teamId: string | null) => {
      const row = lineups.find((l) => l.fixture_id === f.id && l.team_id === teamId);
      const ids = (list: unknown) => (list as Array<{ player_id: string }>).map((p) => p.player_id);
      return { starters: ids(row?.starters ?? []), substitutes: ids(row?.substitutes ?? []) };
    };
    return {
      id: f.id,
      events,
      lineups: { home: lineupOf(f.home_team_id), away: lineupOf(f.away_team_id) },
    };
  });
}

describe("football: a player takes part only while on the pitch", () => {
  it("holds for every finished match the generator writes", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const matches = generatedMatches(seed);
        assert.ok(matches.length > 300, `${matches.length} finished matches`);
        for (const match of matches) {
          assert.deepEqual(offPitchNames(match.events, match.lineups), [], match.id);
        }
      }),
      { seed: 42, numRuns: 2 },
    );
  });

  it("holds for every simulated match", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        (seed, edge) => {
          const fixture = fullSquadFixture(footballProfile, [edge, -edge]);
          const flow = teamSportFlow(new Rng(seed), fixture, "football");
          const lineups = flow.lineups;
          assert.ok(lineups !== undefined, "a football flow publishes its line-ups");
          const ids = (players: ReadonlyArray<{ id: string }>) => players.map((p) => p.id);
          const events = flow.steps.flatMap((step) =>
            step.event === undefined
              ? []
              : [
                  {
                    type: step.event.type,
                    side: step.event.side,
                    playerId: step.event.playerId ?? null,
                    relatedPlayerId: step.event.relatedPlayerId ?? null,
                  },
                ],
          );
          assert.ok(events.some((e) => e.type === "substitution"));
          const sides: Lineups = {
            home: {
              starters: ids(lineups.home.starters),
              substitutes: ids(lineups.home.substitutes),
            },
            away: {
              starters: ids(lineups.away.starters),
              substitutes: ids(lineups.away.substitutes),
            },
          };
          assert.deepEqual(offPitchNames(events, sides), []);
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });

  it("sends a player off on a second booking, and never books anybody a third time", () => {
    const matches = generatedMatches(7);
    let secondYellows = 0;
    for (const match of matches) {
      const bookings = new Map<string, number>();
      for (const e of match.events) {
        if (e.playerId === null) continue;
        if (e.type === "yellow_card") bookings.set(e.playerId, (bookings.get(e.playerId) ?? 0) + 1);
        if (e.type === "second_yellow") {
          secondYellows++;
          assert.equal(bookings.get(e.playerId), 1, `${match.id}: ${e.playerId} had one yellow`);
        }
      }
      assert.ok(
        [...bookings.values()].every((n) => n === 1),
        match.id,
      );
    }
    assert.ok(secondYellows > 0, "some player is sent off for a second booking");
  });
});
