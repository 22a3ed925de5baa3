/**
 * The importer's pure reading half: football.json in both layouts, seasons from folders and
 * names, competition codes, and the reasons bad documents are refused.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { leagueInfo } from "../../src/importers/openfootball/leagues.js";
import {
  isCodeFileName,
  parseOpenfootballFile,
  seasonFromFolder,
  seasonFromTitle,
  titleWithoutSeason,
} from "../../src/importers/openfootball/parse-file.js";
import { SourceShapeError } from "../../src/importers/openfootball/source-shape.js";

const match = (extra: Record<string, unknown>) => ({
  round: "Matchday 1",
  date: "2024-05-19",
  time: "15:00",
  team1: "Arsenal FC",
  team2: "Everton FC",
  score: { ht: [1, 1], ft: [2, 1] },
  ...extra,
});

const parse = (matches: unknown[], path = "/data/2023-24/en.1.json") =>
  parseOpenfootballFile(path, JSON.stringify({ name: "English Premier League 2023/24", matches }));

describe("openfootball parsing", () => {
  test("seasons come from the folder, else from the name", () => {
    assert.equal(seasonFromFolder("2023-24"), "2023-2024");
    assert.equal(seasonFromFolder("1999-00"), "1999-2000");
    assert.equal(seasonFromFolder("2019"), "2019");
    assert.equal(seasonFromFolder("2023-25"), null);
    assert.equal(seasonFromFolder("downloads"), null);
    assert.equal(seasonFromTitle("English Premier League 2023/24"), "2023-2024");
    assert.equal(seasonFromTitle("Brasileiro Série A 2019"), "2019");
    assert.equal(titleWithoutSeason("Japan | J1 League 2019"), "Japan J1 League");
    assert.equal(parse([match({})], "/tmp/x/en.1.json").season, "2023-2024");
  });

  test("codes map to stable names, countries, tiers, types and table rules", () => {
    assert.deepEqual(
      { ...leagueInfo("en.1", "x"), rules: undefined },
      {
        code: "en.1",
        name: "English Premier League",
        country: { code: "GB-ENG", name: "England" },
        tier: 1,
        type: "league",
        rules: undefined,
      },
    );
    const cl = leagueInfo("uefa.cl", "UEFA Champions League");
    assert.equal(cl.type, "cup");
    assert.equal(cl.country.code, "EU");
    assert.equal(leagueInfo("sco.1", "x").country.code, "GB-SCT");
    assert.equal(leagueInfo("de.cup", "x").type, "cup");
    assert.deepEqual(leagueInfo("es.1", "x").rules.tie_breakers, [
      "head_to_head_points",
      "head_to_head_goal_difference",
      "goal_difference",
      "goals_for",
      "name",
    ]);
    assert.deepEqual(leagueInfo("en.1", "x").rules, {});
    assert.equal(leagueInfo("xx.3", "Some League").name, "Some League");
    assert.equal(leagueInfo("xx.3", "Some League").tier, 3);
    for (const name of ["en.1.json", "uefa.cl.json", "de.cup.json", "mls.json", "sco.1.json"]) {
      assert.equal(isCodeFileName(name), true, name);
    }
    for (const name of ["package.json", "notes.json", "en.1.txt", "EN.1.json", "en.1.json.bak"]) {
      assert.equal(isCodeFileName(name), false, name);
    }
  });

  test("the older layout: rounds, team objects and score1/score2 fields", () => {
    const text = JSON.stringify({
      name: "English Premier League 2015/16",
      rounds: [
        {
          name: "Matchday 1",
          matches: [
            {
              date: "2015-08-08",
              team1: { key: "manutd", name: "Manchester United", code: "MUN" },
              team2: { key: "tottenham", name: "Tottenham Hotspur", code: "TOT" },
              score1: 1,
              score2: 0,
              score1i: 1,
              score2i: 0,
            },
          ],
        },
      ],
    });
    const parsed = parseOpenfootballFile("/d/2015-16/en.1.json", text);
    assert.deepEqual(parsed.document.matches, [
      {
        round: "Matchday 1",
        stage: null,
        date: "2015-08-08",
        time: null,
        team1: "Manchester United",
        team2: "Tottenham Hotspur",
        status: null,
        score: { ft: [1, 0], ht: [1, 0] },
      },
    ]);
  });

  test("bad documents are refused with where and why", () => {
    const refused = (path: string, text: string, reason: RegExp) =>
      assert.throws(
        () => parseOpenfootballFile(path, text),
        (error: unknown) => {
          assert.ok(error instanceof SourceShapeError);
          assert.match(error.message, reason);
          return true;
        },
      );
    refused("/d/2023-24/en.1.json", "{nope", /invalid JSON/);
    refused("/d/2023-24/en.1.json", "[]", /not a JSON object/);
    refused("/d/2023-24/en.1.json", '{"name": "x"}', /neither a matches nor a rounds array/);
    refused("/d/2023-24/en.1.json", '{"name": "x 2023/24", "matches": []}', /no matches/);
    const one = (m: unknown) => JSON.stringify({ name: "x 2023/24", matches: [m] });
    refused("/d/2023-24/en.1.json", one(match({ date: "19/05/2024" })), /matches\[0\]\.date/);
    refused("/d/2023-24/en.1.json", one(match({ date: "2023-02-30" })), /matches\[0\]\.date/);
    refused("/d/2023-24/en.1.json", one(match({ time: "3pm" })), /matches\[0\]\.time/);
    refused("/d/2023-24/en.1.json", one(match({ team2: 7 })), /matches\[0\]\.team2/);
    refused("/d/2023-24/en.1.json", one(match({ score: { ft: [2] } })), /score\.ft/);
    refused("/d/2023-24/en.1.json", one(match({ status: "lost" })), /status/);
    refused("/d/misc/notes.json", one(match({})), /not a competition code/);
    refused("/d/misc/en.1.json", JSON.stringify({ name: "x", matches: [match({})] }), /season/);
  });
});
