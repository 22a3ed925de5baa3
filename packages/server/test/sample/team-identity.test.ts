/**
 * What a generated team looks like (issue 18): venues named in the country's language where the
 * pools have patterns for it, esports organisations as young as the sport with short tags, and
 * names no other team of the sport has.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { GenContext } from "../../src/sample/context.js";
import { ESPORTS_TEAM_TAGS, SPORT_VENUE_PATTERNS } from "../../src/sample/pools/index.js";
import { Rng } from "../../src/sample/rng.js";
import { generateEsports } from "../../src/sample/sports/esports.js";
import { generateFootball } from "../../src/sample/sports/football.js";
import { venueName, venuePatterns } from "../../src/sample/sports/officials-and-dates.js";
import { clubNames, countryPool } from "../../src/sample/squads.js";

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

describe("team names", () => {
  it("are unique within a sport across its leagues (seed 1 named two Newcastle Wanderers)", () => {
    // The full world's football: England's league and Australia's regional one both have a
    // Newcastle; with seed 1 both drew "{city} Wanderers", and the world failed to load.
    const ctx = new GenContext(1, new Date("2026-12-07T00:00:00Z"), true);
    generateFootball(ctx);
    const slugs = ctx.dataset.teams.map((t) => t.slug);
    const twice = slugs.filter((slug, i) => slugs.indexOf(slug) !== i);
    assert.deepEqual(twice, []);
    assert.ok(ctx.dataset.teams.some((t) => t.name === "Newcastle Wanderers"));
  });

  it("clubNames passes over a name the sport has already, and a city with none left", () => {
    const taken = new Set(["newcastle-wanderers"]);
    const au = countryPool("AU");
    // Whatever order the generator's draws put the cities and patterns in.
    for (let seed = 1; seed <= 20; seed++) {
      const another = clubNames(
        new Rng(seed),
        { ...au, cities: ["Newcastle"] },
        ["{city} Wanderers", "{city} FC"],
        1,
        taken,
      );
      assert.deepEqual(another, [{ city: "Newcastle", name: "Newcastle FC" }], `seed ${seed}`);
      const skipped = clubNames(
        new Rng(seed),
        { ...au, cities: ["Newcastle", "Perth"] },
        ["{city} Wanderers"],
        1,
        taken,
      );
      assert.deepEqual(skipped, [{ city: "Perth", name: "Perth Wanderers" }], `seed ${seed}`);
    }
  });
});
