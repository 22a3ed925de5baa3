/**
 * What a generated team looks like (issue 18): venues named in the country's language where the
 * pools have patterns for it, and esports organisations as young as the sport with short tags.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { GenContext } from "../../src/sample/context.js";
import { ESPORTS_TEAM_TAGS, SPORT_VENUE_PATTERNS } from "../../src/sample/pools/index.js";
import { Rng } from "../../src/sample/rng.js";
import { generateEsports } from "../../src/sample/sports/esports.js";
import { generateFootball } from "../../src/sample/sports/football.js";
import { venueName, venuePatterns } from "../../src/sample/sports/officials-and-dates.js";

const ANCHOR = new Date("2026-11-21T00:00:00Z");

/** Whether `name` is what one of `patterns` spells for some city and name. */
function spelledBy(name: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    const parts = pattern
      .split(/\{city\}|\{name\}/)
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    return new RegExp(`^${parts.join(".+")}$`, "u").test(name);
  });
}

describe("venue names", () => {
  it("are in the language of the club's country", () => {
    const ctx = new GenContext(11, ANCHOR);
    generateFootball(ctx);
    const teams = ctx.dataset.teams;
    assert.ok(teams.length >= 78);
    for (const team of teams) {
      const venue = (team.venue as { name: string }).name;
      const local = venuePatterns("football", team.country_code ?? "");
      const patterns = local ?? SPORT_VENUE_PATTERNS.football ?? [];
      assert.ok(spelledBy(venue, patterns), `${team.country_code} ${team.name}: ${venue}`);
    }
    const byCountry = (code: string) =>
      teams.filter((t) => t.country_code === code).map((t) => (t.venue as { name: string }).name);
    assert.ok(byCountry("ES").every((v) => /^(Estadio|Nuevo Estadio|Campo) /.test(v)));
    assert.ok(byCountry("IT").every((v) => v.startsWith("Stadio ")));
    assert.ok(byCountry("DE").every((v) => /[Ss]tadion|Sportpark/.test(v)));
    assert.ok(byCountry("GB-ENG").every((v) => !/Stadio|Estadio|Stadion|Stade/.test(v)));
  });

  it("fall back to the sport's own patterns for a country without any", () => {
    const name = venueName(new Rng(1), "football", { city: "Leeds", name: "Hart", country: "ZZ" });
    assert.ok(spelledBy(name, SPORT_VENUE_PATTERNS.football ?? []), name);
    const spanish = venueName(new Rng(1), "basketball", {
      city: "Elche",
      name: "Gómez",
      country: "ES",
    });
    assert.ok(spelledBy(spanish, venuePatterns("basketball", "ES") ?? []), spanish);
  });
});

describe("esports organisations", () => {
  it("were founded in the esports era and carry a short uppercase tag of their own", () => {
    for (const seed of [1, 7, 42]) {
      const ctx = new GenContext(seed, ANCHOR);
      generateEsports(ctx);
      const teams = ctx.dataset.teams;
      // Ten in the Nova Pro Circuit, 80 in the regional leagues.
      assert.equal(teams.length, 90);
      for (const team of teams) {
        assert.ok(
          team.founded !== null && team.founded >= 2000 && team.founded <= 2022,
          `${team.name}: ${team.founded}`,
        );
        assert.match(team.abbreviation ?? "", /^[A-Z0-9]{2,5}$/, team.name);
        const pooled = ESPORTS_TEAM_TAGS[team.name];
        if (pooled !== undefined) assert.equal(team.abbreviation, pooled, team.name);
      }
      const own = teams.map((t) => t.abbreviation);
      assert.equal(new Set(own).size, own.length, "every organisation has a tag of its own");
    }
    const tags = Object.values(ESPORTS_TEAM_TAGS);
    assert.equal(new Set(tags).size, tags.length, "tags are distinct");
  });
});
