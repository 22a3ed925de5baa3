/**
 * Shirt numbers fit the player's position and sport and are unique within a squad (issue 18):
 * a football goalkeeper wears 1 or a usual keeper's number, NFL positions follow the league's
 * numbering rules, basketball 0–99, the other sports 1–99. The ranges here are written out from
 * the rules, not read from the generator.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import type { GenContext } from "../../src/sample/context.js";
import { Rng } from "../../src/sample/rng.js";
import { assignShirtNumbers } from "../../src/sample/shirt-numbers.js";
import {
  americanFootballProfile,
  generateAmericanFootball,
} from "../../src/sample/sports/american-football.js";
import { baseballProfile, generateBaseball } from "../../src/sample/sports/baseball.js";
import { basketballProfileFor, generateBasketball } from "../../src/sample/sports/basketball.js";
import { cricketProfile } from "../../src/sample/sports/cricket.js";
import { esportsProfile } from "../../src/sample/sports/esports.js";
import { footballProfile, generateFootball } from "../../src/sample/sports/football.js";
import type { TeamSportProfile } from "../../src/sample/team-sport-profile.js";
import type { Sport } from "../../src/sports/types.js";
import { generated } from "./line-score-checks.js";

type Ranges = Array<[number, number]>;

const KEEPER_NUMBERS = [1, 12, 13, 16, 21, 22, 23, 25, 26, 30, 31, 32, 33, 40, 41, 99];
/** NFL numbering rules (without 0). */
const NFL: Record<string, Ranges> = {
  quarterback: [[1, 19]],
  kicker: [[1, 19]],
  punter: [[1, 19]],
  running_back: [[1, 49]],
  cornerback: [[1, 49]],
  safety: [[1, 49]],
  linebacker: [
    [1, 59],
    [90, 99],
  ],
  offensive_lineman: [[50, 79]],
  defensive_lineman: [
    [50, 79],
    [90, 99],
  ],
  wide_receiver: [
    [1, 49],
    [80, 89],
  ],
  tight_end: [
    [1, 49],
    [80, 89],
  ],
};

function fits(sport: Sport, position: string, n: number): boolean {
  const inRanges = (ranges: Ranges) => ranges.some(([from, to]) => n >= from && n <= to);
  switch (sport) {
    case "football":
      return position === "goalkeeper" ? KEEPER_NUMBERS.includes(n) : n >= 2 && n <= 99;
    case "american-football": {
      const ranges = NFL[position];
      assert.ok(ranges !== undefined, `an NFL position: ${position}`);
      return inRanges(ranges);
    }
    case "basketball":
      return n >= 0 && n <= 99;
    default:
      return n >= 1 && n <= 99;
  }
}

function assertSquad(
  sport: Sport,
  squad: ReadonlyArray<{ position: string; shirt: number }>,
): void {
  for (const { position, shirt } of squad) {
    assert.ok(
      Number.isInteger(shirt) && fits(sport, position, shirt),
      `${sport} ${position} #${shirt}`,
    );
  }
  const shirts = squad.map((p) => p.shirt);
  assert.equal(new Set(shirts).size, shirts.length, `${sport}: a number twice in ${shirts}`);
  if (sport === "football") {
    const keepers = squad.filter((p) => p.position === "goalkeeper").map((p) => p.shirt);
    assert.ok(keepers.includes(1), `football keepers ${keepers}: nobody wears 1`);
  }
}

const PROFILES: TeamSportProfile[] = [
  footballProfile,
  basketballProfileFor(12),
  americanFootballProfile,
  baseballProfile,
  cricketProfile,
  esportsProfile,
];

describe("shirt numbers fit positions and are unique per squad", () => {
  for (const profile of PROFILES) {
    it(`${profile.sport}: for any seed`, () => {
      const positions = profile.squadTemplate.flatMap(({ position, count }) =>
        Array.from({ length: count }, () => position),
      );
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
          const shirts = assignShirtNumbers(new Rng(seed), profile.sport, positions);
          assertSquad(
            profile.sport,
            positions.map((position, i) => ({ position, shirt: shirts[i] ?? Number.NaN })),
          );
        }),
        { seed: 42, numRuns: 200 },
      );
    });
  }

  const GENERATORS: Array<[Sport, (ctx: GenContext) => void]> = [
    ["american-football", generateAmericanFootball],
    ["football", generateFootball],
    ["basketball", generateBasketball],
    ["baseball", generateBaseball],
  ];
  for (const [sport, generate] of GENERATORS) {
    it(`${sport}: in the generated squads`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
          const dataset = generated(seed, generate);
          const squads = new Map<string, Array<{ position: string; shirt: number }>>();
          for (const p of dataset.players) {
            const squad = squads.get(p.team_id ?? "") ?? [];
            squad.push({ position: p.position ?? "", shirt: p.shirt_number ?? Number.NaN });
            squads.set(p.team_id ?? "", squad);
          }
          assert.ok(squads.size > 0);
          for (const squad of squads.values()) assertSquad(sport, squad);
        }),
        { seed: 42, numRuns: 2 },
      );
    });
  }
});
