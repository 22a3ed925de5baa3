/**
 * `GET /v1/search` through the public surface, once per dialect, over names made for it with the
 * factories: accent-insensitive ("muller" → Müller), typo-tolerant ("Arsnal" → Arsenal), the
 * ranking tiers, the sport and type filters, venues (a home ground links to its team, a venue
 * named only on a fixture to that fixture), the plan's sports, a write seen at the next search,
 * and a 400 naming its field for every bad value.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createKey } from "../../src/accounts/accounts-service.js";
import { loadConfig } from "../../src/config/index.js";
import { loadPlans } from "../../src/config/plans.js";
import { newId } from "../../src/lib/ids.js";
import { searchable } from "../../src/lib/text.js";
import { type Dataset, emptyDataset } from "../../src/store/dataset.js";
import { writeDataset } from "../../src/store/write-dataset.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { testClock } from "../helpers/clock.js";
import { type MiniLeague, miniLeague } from "../helpers/factories.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

const STAMP = "2026-11-21T10:00:00Z";

interface Hit {
  type: string;
  id: string;
  sport: string;
  name: string;
  score: number;
  country?: string;
  link: string;
}

/** A team of `league`'s sport and country, with a home ground of its own. */
function addTeam(d: Dataset, league: MiniLeague, name: string, sport = "football"): string {
  const id = newId("tm");
  d.teams.push({
    id,
    sport,
    slug: `team-${id}`,
    name,
    short_name: name,
    abbreviation: name.slice(0, 3).toUpperCase(),
    kind: "team",
    country_code: league.dataset.countries[0]?.code ?? null,
    city: null,
    founded: null,
    venue: { name: `${name} Ground`, city: null, capacity: 1_000 },
    player_id: null,
    search_name: searchable(name),
    updated_at: STAMP,
  });
  return id;
}

function addPlayer(d: Dataset, teamId: string, first: string, last: string): string {
  const id = newId("pl");
  const name = `${first} ${last}`;
  d.players.push({
    id,
    sport: "football",
    team_id: teamId,
    slug: `player-${id}`,
    name,
    first_name: first,
    last_name: last,
    position: "Forward",
    nationality: "DE",
    date_of_birth: null,
    shirt_number: 25,
    height_cm: null,
    detail: {},
    search_name: searchable(name),
    updated_at: STAMP,
  });
  return id;
}

for (const dialect of DIALECTS) {
  describe(`GET /v1/search on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    let football: MiniLeague;
    let muller: string;
    let arsenal: string;
    let freeKey: string;

    before(async () => {
      t = await createTestApp(dialect);
      football = miniLeague("football");
      const basketball = miniLeague("basketball");
      const golf = miniLeague("golf");
      const d = football.dataset;
      // A venue named only on the fixture: no team plays there.
      (d.fixtures[0] as { venue: string }).venue = "Riverside Links";
      arsenal = addTeam(d, football, "Arsenal");
      addTeam(d, football, "Arsenal Tula");
      addTeam(d, football, "FC Arsenal Kyiv");
      addTeam(d, football, "Barsenal Rovers");
      addTeam(d, football, "Arsenol");
      muller = addPlayer(d, football.teamIds[0], "Thomas", "Müller");
      addTeam(basketball.dataset, basketball, "Arsenal Hoops", "basketball");
      const golfCompetition = golf.dataset.competitions[0] as { name: string; search_name: string };
      golfCompetition.name = "Arsenal Invitational";
      golfCompetition.search_name = "arsenal invitational";
      for (const league of [football, basketball, golf])
        await writeDataset(t.store, league.dataset);
      const config = loadConfig({});
      const free = await createKey(
        { store: t.store, clock: testClock, plans: loadPlans(config.plansFile) },
        { kind: "live", plan: "free" },
      );
      freeKey = free.key;
    });
    after(async () => {
      await t?.dispose();
    });

    const search = async (query: string, key?: string) => {
      const response = await t.app.inject({
        method: "GET",
        url: `/v1/search?${query}`,
        ...(key === undefined ? {} : { headers: { authorization: `Bearer ${key}` } }),
      });
      return { status: response.statusCode, body: response.json() };
    };
    const hits = async (query: string, key?: string): Promise<Hit[]> => {
      const { status, body } = await search(query, key);
      assert.equal(status, 200, JSON.stringify(body.error));
      return body.data;
    };

    test("“muller” finds the player Müller (and the team Müller Athletic), with a link", async () => {
      const found = await hits("q=muller");
      const player = found.find((h) => h.id === muller);
      assert.ok(player, JSON.stringify(found));
      assert.deepEqual(player, {
        type: "player",
        id: muller,
        sport: "football",
        name: "Thomas Müller",
        score: player.score,
        country: "DE",
        link: `/v1/football/players/${muller}`,
      });
      assert.ok(player.score > 0.7 && player.score < 1, `a word of the name: ${player.score}`);
      assert.ok(found.some((h) => h.type === "team" && h.name === "Müller Athletic"));
      // The link is the resource.
      const profile = await getJson(t.app, player.link);
      assert.equal(profile.status, 200);
      assert.equal(profile.body.data.name, "Thomas Müller");
      // Accents in the query are ignored too.
      assert.ok((await hits("q=M%C3%9CLLER")).some((h) => h.id === muller));
    });

    test("“Arsnal” finds Arsenal first, a match with a typo", async () => {
      const found = await hits("q=Arsnal");
      assert.equal(found[0]?.id, arsenal, JSON.stringify(found));
      assert.ok((found[0]?.score ?? 1) < 0.45, "a fuzzy score");
      assert.equal(found[0]?.link, `/v1/football/teams/${arsenal}`);
    });

    test("ranking: exact > prefix > substring > fuzzy, scores descending", async () => {
      const found = await hits("q=arsenal&sport=football&type=team");
      assert.deepEqual(
        found.map((h) => h.name),
        ["Arsenal", "Arsenal Tula", "FC Arsenal Kyiv", "Barsenal Rovers", "Arsenol"],
      );
      assert.equal(found[0]?.score, 1);
      const scores = found.map((h) => h.score);
      assert.deepEqual(
        scores,
        [...scores].sort((a, b) => b - a),
      );
      assert.ok((found[3]?.score ?? 0) > 0.5 && (found[4]?.score ?? 1) < 0.45);
    });

    test("sport and type filters; pagination over the hits", async () => {
      const all = await hits("q=arsenal");
      assert.deepEqual([...new Set(all.map((h) => h.sport))].sort(), [
        "basketball",
        "football",
        "golf",
      ]);
      const basketball = await hits("q=arsenal&sport=basketball");
      assert.ok(basketball.length > 0 && basketball.every((h) => h.sport === "basketball"));
      const competitions = await hits("q=arsenal&type=competition");
      assert.deepEqual(
        competitions.map((h) => [h.type, h.sport, h.name]),
        [["competition", "golf", "Arsenal Invitational"]],
      );
      assert.match(competitions[0]?.link ?? "", /^\/v1\/golf\/fixtures\?league=/);
      const both = await hits("q=arsenal&type=team,competition");
      assert.ok(both.every((h) => h.type === "team" || h.type === "competition"));
      const page1 = await search("q=arsenal&per_page=2");
      const page2 = await search("q=arsenal&per_page=2&page=2");
      assert.equal(page1.body.pagination.total, all.length);
      assert.deepEqual(
        [...page1.body.data, ...page2.body.data].map((h: Hit) => h.id),
        all.slice(0, 4).map((h) => h.id),
      );
    });

    test("venues: a home ground links to its team, a venue named on a fixture to the fixture", async () => {
      const ground = await hits("q=arsenal%20ground&type=venue");
      assert.equal(ground[0]?.name, "Arsenal Ground");
      assert.equal(ground[0]?.id, "arsenal-ground");
      assert.equal(ground[0]?.link, `/v1/football/teams/${arsenal}`);
      const links = await hits("q=riverside&type=venue");
      assert.deepEqual(
        links.map((h) => [h.name, h.link]),
        [["Riverside Links", `/v1/football/fixtures/${football.fixtureId}`]],
      );
      assert.equal((await getJson(t.app, links[0]?.link ?? "")).status, 200);
    });

    test("a key sees only its plan's sports; asking for another is a 403", async () => {
      const found = await hits("q=arsenal", freeKey);
      assert.ok(found.length > 0);
      assert.ok(
        found.every((h) => ["football", "basketball", "tennis"].includes(h.sport)),
        JSON.stringify(found.map((h) => h.sport)),
      );
      const golf = await search("q=arsenal&sport=golf", freeKey);
      assert.equal(golf.status, 403);
      assert.equal(golf.body.error.code, "plan_forbidden");
    });

    test("a name written after a search is found by the next one", async () => {
      assert.deepEqual(await hits("q=zeta%20wanderers"), []);
      const d = emptyDataset();
      const id = addTeam(d, football, "Zeta Wanderers");
      d.team_competitions.push({
        team_id: id,
        competition_id: football.competitionId,
        season_id: football.seasonId,
      });
      await writeDataset(t.store, d);
      const found = await hits("q=zeta%20wanderers&type=team");
      assert.deepEqual(
        found.map((h) => [h.type, h.id]),
        [["team", id]],
      );
    });

    test("every bad value is a 400 naming its field", async () => {
      const cases: Array<[string, string]> = [
        ["", "q"],
        ["q=", "q"],
        ["q=a", "q"],
        ["q=%20a%20%20", "q"],
        [`q=${"x".repeat(101)}`, "q"],
        ["q=ab&type=teams", "type"],
        ["q=ab&type=team,", "type"],
        ["q=ab&sport=curling", "sport"],
        ["q=ab&per_page=0", "per_page"],
        ["q=ab&page=0", "page"],
        ["q=ab&q=cd", "q"],
        ["q=ab&search=cd", "search"],
        ["q=ab&query=cd", "query"],
      ];
      for (const [query, field] of cases) {
        const { status, body } = await search(query);
        assert.equal(status, 400, `${query} → ${status}`);
        assert.equal(body.error.code, "invalid_parameter", query);
        assert.equal(body.error.field, field, `${query}: ${body.error.message}`);
      }
      // A hundred characters once trimmed is fine, and so is one of every type.
      assert.equal((await search(`q=%20${"x".repeat(100)}%20`)).status, 200);
      assert.equal((await search("q=ab&type=team,player,competition,venue")).status, 200);
    });
  });
}
