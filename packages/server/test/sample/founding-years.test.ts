/**
 * Teams are founded when their kind of team could have been (issue 18): a T20 franchise no
 * earlier than the IPL's first season (2008), esports organisations from about 2000, the North
 * American franchise leagues' teams after their leagues began, football clubs from the 1870s —
 * and every one before the anchor's year.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { GenContext } from "../../src/sample/context.js";
import { generateAmericanFootball } from "../../src/sample/sports/american-football.js";
import { generateBaseball } from "../../src/sample/sports/baseball.js";
import { generateBasketball } from "../../src/sample/sports/basketball.js";
import { generateCricket } from "../../src/sample/sports/cricket.js";
import { generateEsports } from "../../src/sample/sports/esports.js";
import { generateFootball } from "../../src/sample/sports/football.js";
import type { Sport } from "../../src/sports/types.js";

const ANCHOR = new Date("2026-11-21T00:00:00Z");

/** The years each sport's teams may have been founded in, in the full world. */
const PLAUSIBLE: ReadonlyArray<[Sport, (ctx: GenContext) => void, number, number]> = [
  ["cricket", generateCricket, 2003, 2025],
  ["esports", generateEsports, 2000, 2022],
  ["american-football", generateAmericanFootball, 1920, 2025],
  ["baseball", generateBaseball, 1876, 2025],
  ["basketball", generateBasketball, 1891, 2025],
  ["football", generateFootball, 1857, 2025],
];

describe("team founding years", () => {
  for (const [sport, generate, first, last] of PLAUSIBLE) {
    it(`${sport}: founded ${first}–${last}`, () => {
      for (const seed of [3, 18]) {
        const ctx = new GenContext(seed, ANCHOR, true);
        generate(ctx);
        const teams = ctx.dataset.teams.filter((t) => t.sport === sport);
        assert.ok(teams.length >= 8, `${sport}: ${teams.length} teams`);
        for (const team of teams) {
          const year = team.founded;
          assert.ok(
            year !== null && year >= first && year <= last,
            `${sport} ${team.name}: founded ${year}`,
          );
        }
      }
    });
  }
});
