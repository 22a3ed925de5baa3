/**
 * Round-robin schedules (issue 18): every pair meets once per cycle, the second cycle mirrors
 * the first, and in each cycle every team's home and away games differ by at most one, with
 * never more than two in a row at home or away. Also checked on the leagues the generator builds.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { GenContext } from "../../src/sample/context.js";
import { roundSlots } from "../../src/sample/home-slots.js";
import { type Pairing, roundRobin } from "../../src/sample/schedule.js";
import { generateFootball } from "../../src/sample/sports/football.js";

/** Each team's venues in round order: "H" or "A" per game of the pairings given. */
function venues(pairings: readonly Pairing[], teamCount: number): string[] {
  const byTeam = Array.from({ length: teamCount }, () => "");
  for (const p of [...pairings].sort((a, b) => a.round - b.round)) {
    byTeam[p.home] += "H";
    byTeam[p.away] += "A";
  }
  return byTeam;
}

const count = (text: string, letter: string) => [...text].filter((c) => c === letter).length;

describe("round-robin schedule", () => {
  for (let teams = 4; teams <= 24; teams++) {
    for (const cycles of [1, 2]) {
      it(`${teams} teams, ${cycles} cycle${cycles > 1 ? "s" : ""}: balanced home and away`, () => {
        const pairings = roundRobin(teams, cycles);
        const roundsPerCycle = teams % 2 === 0 ? teams - 1 : teams;
        assert.equal(pairings.length, (cycles * teams * (teams - 1)) / 2);
        for (let cycle = 0; cycle < cycles; cycle++) {
          const first = cycle * roundsPerCycle;
          const games = pairings.filter(
            (p) => p.round > first && p.round <= first + roundsPerCycle,
          );
          const pairs = new Set(
            games.map((p) => `${Math.min(p.home, p.away)}-${Math.max(p.home, p.away)}`),
          );
          assert.equal(pairs.size, (teams * (teams - 1)) / 2, "every pair meets once a cycle");
          for (let round = first + 1; round <= first + roundsPerCycle; round++) {
            const playing = games.filter((p) => p.round === round).flatMap((p) => [p.home, p.away]);
            assert.equal(
              new Set(playing).size,
              playing.length,
              `round ${round}: a team plays twice`,
            );
          }
          venues(games, teams).forEach((seen, team) => {
            const gap = Math.abs(count(seen, "H") - count(seen, "A"));
            assert.ok(gap <= 1, `cycle ${cycle + 1}, team ${team}: ${seen}`);
            assert.ok(!/HHH|AAA/.test(seen), `cycle ${cycle + 1}, team ${team}: ${seen}`);
          });
        }
        if (cycles === 2) {
          const key = (p: Pairing) => `${p.round % roundsPerCycle}:${p.home}-${p.away}`;
          const mirrored = (p: Pairing) => ({ ...p, home: p.away, away: p.home });
          const firstCycle = pairings.filter((p) => p.round <= roundsPerCycle);
          const second = new Set(pairings.filter((p) => p.round > roundsPerCycle).map(key));
          for (const p of firstCycle) assert.ok(second.has(key(mirrored(p))), "cycle 2 mirrors 1");
        }
      });
    }
  }

  it("gives every club of the generated football leagues as many home as away games", () => {
    const ctx = new GenContext(7, new Date("2026-11-21T00:00:00Z"));
    generateFootball(ctx);
    for (const team of ctx.dataset.teams) {
      const home = ctx.dataset.fixtures.filter((f) => f.home_team_id === team.id).length;
      const away = ctx.dataset.fixtures.filter((f) => f.away_team_id === team.id).length;
      assert.equal(home, away, team.name);
      // By the anchor (about 40 % of the season played), the split is still even.
      const played = ctx.dataset.fixtures.filter(
        (f) =>
          f.status === "finished" && (f.home_team_id === team.id || f.away_team_id === team.id),
      );
      const playedHome = played.filter((f) => f.home_team_id === team.id).length;
      assert.ok(
        Math.abs(2 * playedHome - played.length) <= 2,
        `${team.name}: ${playedHome}/${played.length}`,
      );
    }
  });
});

describe("habitual home kick-off slots", () => {
  it("gives each football club most of its home games at the same weekday and time", () => {
    const ctx = new GenContext(7, new Date("2026-11-21T00:00:00Z"));
    generateFootball(ctx);
    const { fixtures, teams } = ctx.dataset;
    const shares: number[] = [];
    for (const team of teams) {
      const home = fixtures.filter((f) => f.home_team_id === team.id);
      const slots = new Map<string, number>();
      for (const f of home) {
        const key = `${new Date(f.kickoff).getUTCDay()} ${f.kickoff.slice(11, 16)}`;
        slots.set(key, (slots.get(key) ?? 0) + 1);
      }
      const share = Math.max(...slots.values()) / home.length;
      assert.ok(share >= 0.3, `${team.name}: ${share.toFixed(2)} of home games in one slot`);
      shares.push(share);
    }
    const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
    // Kick-offs dealt out in fixture order gave a club about a fifth of its home games in one slot.
    assert.ok(mean >= 0.75, `mean share in the habitual slot ${mean.toFixed(2)}`);
  });

  it("still uses each of a round's slots once", () => {
    const ctx = new GenContext(7, new Date("2026-11-21T00:00:00Z"));
    generateFootball(ctx);
    const byRound = new Map<string, string[]>();
    for (const f of ctx.dataset.fixtures) {
      const key = `${f.competition_id} ${f.round}`;
      const when = `${new Date(f.kickoff).getUTCDay()} ${f.kickoff.slice(11, 16)}`;
      byRound.set(key, [...(byRound.get(key) ?? []), when]);
    }
    const perLeague = new Map<string, string>();
    for (const [key, times] of byRound) {
      const league = key.split(" ")[0] ?? "";
      const round = times.sort().join(",");
      assert.equal(round, perLeague.get(league) ?? round, `${key}: the round's slots differ`);
      perLeague.set(league, round);
    }
  });

  it("deals a round's slots as a permutation, habits first", () => {
    assert.deepEqual(roundSlots([0, 1, 2, 3], [3, 3, 0, 1], 4), [3, 2, 0, 1]);
    assert.deepEqual(roundSlots([5, 4], [0, 9, 0, 1, 1, 0], 2), [0, 1]);
  });
});
