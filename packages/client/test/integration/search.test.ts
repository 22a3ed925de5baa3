/**
 * `client.search(...)` against a real `scoreline serve` (demo data), on each dialect: a team by
 * its whole name and with a typo, an accented player typed without accents, the `type` list and
 * `sport` filters, page iteration, the plan's sports, and a bad `q` as an InvalidParameterError
 * naming the field.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  InvalidParameterError,
  PermissionError,
  Scoreline,
  type SearchHit,
} from "../../src/index.js";
import { DIALECTS } from "../helpers/dialects.js";
import { ScorelineServer } from "../helpers/scoreline-server.js";

/** Lower case without accents, as the server compares names. */
function plain(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

for (const dialect of DIALECTS) {
  describe(`client.search against a real server (${dialect.name})`, { skip: dialect.skip }, () => {
    let server: ScorelineServer;
    let client: Scoreline;
    let free: Scoreline;

    before(async () => {
      server = await ScorelineServer.start({
        database: dialect.database,
        roles: "api",
        world: "still",
      });
      client = new Scoreline({
        apiKey: await server.createKey({ plan: "growth" }),
        baseUrl: server.apiUrl,
      });
      free = new Scoreline({
        apiKey: await server.createKey({ plan: "free" }),
        baseUrl: server.apiUrl,
      });
    });
    after(async () => {
      await server?.dispose();
    });

    test("a team by its whole name, and with a typo", async () => {
      const teams = await client.football.teams.list({ per_page: 100 });
      const team = teams.data.find((t) => /^[A-Za-z ]{9,}$/.test(t.name));
      assert.ok(team, "a football team with a long plain name");
      const exact = await client.search({ q: team.name, sport: "football" });
      const hit = exact.data.find((h) => h.id === team.team_id) as SearchHit;
      assert.deepEqual(
        { type: hit.type, score: hit.score, link: hit.link },
        { type: "team", score: 1, link: `/v1/football/teams/${team.team_id}` },
      );
      assert.equal(exact.data[0]?.score, 1);
      const typo = team.name.slice(0, 4) + team.name.slice(5);
      const fuzzy = await client.search({ q: typo, type: "team" });
      assert.ok(
        fuzzy.data.slice(0, 5).some((hit) => hit.id === team.team_id),
        `${typo}: ${JSON.stringify(fuzzy.data.map((h) => h.name))}`,
      );
    });

    test("an accented player typed without accents", async () => {
      let accented: { player_id: string; name: string } | undefined;
      for await (const player of client.football.players.list({ per_page: 100 })) {
        if (plain(player.name) !== player.name.toLowerCase()) {
          accented = player;
          break;
        }
      }
      assert.ok(accented, "a player with an accent");
      const hits = await client.search({
        q: plain(accented.name),
        type: ["player"],
        sport: "football",
      });
      // Namesakes share the whole-name score; the player is among them.
      const whole = hits.data.filter((hit) => hit.score === 1);
      assert.ok(whole.some((hit) => hit.id === accented?.player_id && hit.name === accented.name));
    });

    test("type list, sport filter, and iteration over every page", async () => {
      const page = await client.search({ q: "an", type: ["team", "competition"], per_page: 20 });
      assert.ok(page.pagination.total > 20, `${page.pagination.total} hits`);
      let walked = 0;
      const kinds = new Set<string>();
      for await (const hit of client.search({
        q: "an",
        type: ["team", "competition"],
        per_page: 100,
      })) {
        kinds.add(hit.type);
        walked++;
      }
      assert.equal(walked, page.pagination.total);
      assert.deepEqual([...kinds].sort(), ["competition", "team"]);
      const golf = await client.search({ q: "an", sport: "golf" });
      assert.ok(golf.data.length > 0 && golf.data.every((hit) => hit.sport === "golf"));
    });

    test("a free key sees its plan's sports only", async () => {
      const hits = await free.search({ q: "an", per_page: 100 });
      assert.ok(hits.data.every((hit) => ["football", "basketball", "tennis"].includes(hit.sport)));
      await assert.rejects(free.search({ q: "an", sport: "golf" }), PermissionError);
    });

    test("a bad q is an InvalidParameterError naming it", async () => {
      await assert.rejects(
        client.search({ q: "a" }),
        (error: unknown) => error instanceof InvalidParameterError && error.field === "q",
      );
    });
  });
}
