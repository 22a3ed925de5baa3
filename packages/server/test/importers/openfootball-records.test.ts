/**
 * The importer's pure building half: statuses and scores, companion competitions per stage,
 * ids derived from the source, and one club across its spellings.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { buildRecords } from "../../src/importers/openfootball/build-records.js";
import { parseOpenfootballFile } from "../../src/importers/openfootball/parse-file.js";
import { clubIdentity } from "../../src/importers/openfootball/teams.js";

const NOW = new Date("2024-06-01T12:00:00Z");

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

const decidedBy = (result: unknown) => (result as { decided_by?: string } | null)?.decided_by;

const build = (matches: unknown[], path?: string) => buildRecords(parse(matches, path), NOW);

describe("openfootball records", () => {
  test("statuses and scores: regulation, extra time, penalties, awarded, unplayed", () => {
    const records = build([
      match({}),
      match({ team1: "Chelsea FC", score: { ht: [0, 0], ft: [1, 1], et: [2, 2], p: [4, 3] } }),
      match({ team1: "Fulham FC", score: { ft: [0, 1], et: [0, 2] } }),
      match({ team1: "Luton Town FC", status: "awarded", score: { ft: [3, 0] } }),
      match({ team1: "Burnley FC", status: "cancelled", score: {} }),
      match({ team1: "Brentford FC", date: "2024-05-20", time: undefined, score: {} }),
      match({ team1: "Wolverhampton Wanderers FC", date: "2024-08-20", score: {} }),
    ]);
    const fixtures = records.sections[0]?.fixtures ?? [];
    const [regular, shootout, extraTime, awarded, cancelled, past, future] = fixtures;
    assert.equal(regular?.status, "finished");
    assert.deepEqual(regular?.score, { home: 2, away: 1, halftime: { home: 1, away: 1 } });
    assert.deepEqual(regular?.result, {
      outcome: "home",
      winner_team_id: regular?.home_team_id,
      decided_by: "regulation",
      text: "Arsenal FC 2-1 Everton FC",
    });
    assert.deepEqual(shootout?.score, {
      home: 2,
      away: 2,
      halftime: { home: 0, away: 0 },
      full_time: { home: 1, away: 1 },
      extra_time: { home: 2, away: 2 },
      penalties: { home: 4, away: 3 },
    });
    assert.deepEqual(shootout?.result, {
      outcome: "home",
      winner_team_id: shootout?.home_team_id,
      decided_by: "penalties",
      text: "Chelsea FC 2-2 Everton FC (a.e.t., 4-3 on penalties)",
    });
    assert.equal(decidedBy(extraTime?.result), "extra_time");
    assert.equal(extraTime?.away_score, 2);
    assert.equal(awarded?.status, "awarded");
    assert.equal(decidedBy(awarded?.result), "awarded");
    assert.equal(cancelled?.status, "cancelled");
    assert.equal(cancelled?.score, null);
    assert.equal(past?.status, "postponed");
    assert.equal(past?.kickoff, "2024-05-20T00:00:00Z");
    assert.equal(future?.status, "scheduled");
    assert.equal(future?.kickoff, "2024-08-20T14:00:00Z", "15:00 in London in summer (BST)");
    assert.ok(fixtures.every((f) => f.source === "openfootball"));
  });

  test("kick-offs are local times of the competition's zone, stored as UTC", () => {
    const kickoffs = (path: string, matches: unknown[]) =>
      build(matches, path).sections[0]?.fixtures.map((f) => f.kickoff);
    // Burnley–Manchester City, 2023-08-11 20:00 in Burnley: 19:00 UTC (BST, UTC+1).
    const burnley = { team1: "Burnley FC", team2: "Manchester City FC", date: "2023-08-11" };
    assert.deepEqual(kickoffs("/d/2023-24/en.1.json", [match({ ...burnley, time: "20:00" })]), [
      "2023-08-11T19:00:00Z",
    ]);
    // Winter in England is UTC itself; the clocks change on the last Sunday of March.
    assert.deepEqual(
      kickoffs("/d/2023-24/en.1.json", [
        match({ date: "2023-12-30", time: "15:00" }),
        match({ team1: "Chelsea FC", date: "2024-03-30", time: "15:00" }),
        match({ team1: "Fulham FC", date: "2024-03-31", time: "15:00" }),
      ]),
      ["2023-12-30T15:00:00Z", "2024-03-30T15:00:00Z", "2024-03-31T14:00:00Z"],
    );
    const one = (path: string, date: string, time: string) =>
      kickoffs(path, [match({ date, time })])?.[0];
    assert.equal(one("/d/2023-24/de.1.json", "2023-08-18", "20:30"), "2023-08-18T18:30:00Z");
    assert.equal(one("/d/2023-24/es.1.json", "2024-01-20", "21:00"), "2024-01-20T20:00:00Z");
    assert.equal(one("/d/2023-24/pt.1.json", "2023-08-11", "20:15"), "2023-08-11T19:15:00Z");
    assert.equal(one("/d/2023-24/tr.1.json", "2024-01-20", "19:00"), "2024-01-20T16:00:00Z");
    // UEFA publishes Central European Time: the 2017 final in Cardiff, 20:45 CEST = 19:45 BST.
    assert.equal(one("/d/2016-17/uefa.cl.json", "2017-06-03", "20:45"), "2017-06-03T18:45:00Z");
    // A World Cup in its host's zone: Qatar–Ecuador, 19:00 in Al Khor (UTC+3).
    assert.equal(one("/d/2022/worldcup.json", "2022-11-20", "19:00"), "2022-11-20T16:00:00Z");
    // No known zone (venue-local times across zones): kept as given.
    assert.equal(one("/d/2025/mls.json", "2025-02-22", "16:45"), "2025-02-22T16:45:00Z");
    // No time: date-only, whatever the zone.
    assert.deepEqual(kickoffs("/d/2023-24/de.1.json", [match({ time: undefined })]), [
      "2024-05-19T00:00:00Z",
    ]);
  });

  test("a stage apart from the regular season is a companion cup competition", () => {
    const records = build(
      [
        match({ stage: "Regular" }),
        match({
          team1: "Luton Town FC",
          team2: "Coventry City FC",
          stage: "Playoffs",
          round: undefined,
        }),
      ],
      "/d/2022-23/en.2.json",
    );
    const [league, playoffs] = records.sections;
    assert.equal(league?.competition.slug, "english-championship");
    assert.equal(league?.competition.type, "league");
    assert.equal(league?.fixtures.length, 1);
    assert.equal(playoffs?.competition.slug, "english-championship-playoffs");
    assert.equal(playoffs?.competition.type, "cup");
    assert.equal(playoffs?.fixtures[0]?.round, "Playoffs");
    assert.equal(league?.season.name, "2022-2023");
  });

  test("ids derive from the source: the same file gives the same ids; repeat pairings differ", () => {
    const matches = [match({}), match({ date: "2024-05-26" })];
    const first = build(matches);
    const again = build(matches);
    assert.deepEqual(first, again);
    const ids = first.sections[0]?.fixtures.map((f) => f.id) ?? [];
    assert.equal(new Set(ids).size, 2);
    assert.equal(first.sections[0]?.season.start_date, "2024-05-19");
    assert.equal(first.sections[0]?.season.end_date, "2024-05-26");
  });

  test("one club across spellings; a cup suffix gives the country", () => {
    const plain = clubIdentity("Aston Villa");
    const suffixed = clubIdentity("Aston Villa FC (ENG)");
    assert.equal(plain.id, suffixed.id);
    assert.equal(suffixed.name, "Aston Villa FC");
    assert.equal(suffixed.country?.code, "GB-ENG");
    assert.equal(clubIdentity("SC Heerenveen").id, clubIdentity("sc Heerenveen").id);
    assert.notEqual(clubIdentity("FC Barcelona").id, clubIdentity("Barcelona SC (ECU)").id);
    assert.equal(clubIdentity("Manchester City FC").abbreviation, "MCI");
    const records = build([match({ team1: "Aston Villa", team2: "Aston Villa FC" })]);
    assert.equal(records.sections[0]?.teams.length, 1);
    assert.equal(records.sections[0]?.teams[0]?.name, "Aston Villa FC");
  });
});
