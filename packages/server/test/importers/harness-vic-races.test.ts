/**
 * Victorian harness meetings imported from Australian Racing Open Data give the official HRV
 * sectional record through the REST API: finishing order by saddlecloth with margins, runners
 * per meeting, sectionals, the approximate kick-off convention, no invented names, and the
 * source's attribution. Imports once per dialect.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { harnessVicFormat } from "../../src/importers/harness-vic/harness-vic-format.js";
import { type ImportRunSummary, runImport } from "../../src/importers/shared/run-import.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { testClock } from "../helpers/clock.js";
import { needsData } from "../helpers/requirements.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

const DATA = fileURLToPath(
  new URL("../../../../../shared/data/horse-racing/sample/", import.meta.url),
);
const missingData = needsData(DATA, "harness sectionals");

/**
 * [saddlecloth, metres behind the winner] in finishing order, from the HRV sectional reports
 * (PJ Data timing) as published in harness_sectionals_vic_2025.csv, the official record here.
 */
const PLACINGS: Record<string, Array<[number, number]>> = {
  "Echuca 2025-01-01 Race 1": [
    [11, 0],
    [1, 1.1],
    [9, 10.8],
    [4, 14.1],
    [7, 16.7],
    [10, 18.4],
    [5, 29.6],
    [8, 34.3],
    [3, 39.7],
    [2, 148.2],
  ],
  "Melton 2025-01-02 Race 2": [
    [11, 0],
    [1, 0.1],
    [3, 9.8],
    [7, 11.1],
    [2, 12.3],
    [8, 18.2],
    [10, 19.2],
  ],
  "Melton 2025-01-02 Race 8": [
    [7, 0],
    [4, 27.8],
    [1, 30.5],
    [5, 49.5],
    [2, 81.7],
    [9, 90.9],
    [8, 131.6],
    [6, 135.3],
    [3, 165.7],
  ],
};

/** Runners per race, race 1 first: 59 at Echuca and 67 at Melton, 126 in all. */
const FIELDS = {
  "echuca-harness": [10, 8, 8, 9, 10, 6, 8],
  "melton-harness": [10, 7, 9, 9, 7, 7, 9, 9],
};

const SOURCE_OBJECT = {
  id: "harness-vic",
  name: "Australian Racing Open Data (PandaVision)",
  licence: "ODC-BY-1.0",
  url: "https://github.com/brucem1967/au-racing-open-data",
};

interface Runner {
  runner_id: string;
  number: number;
  position: number;
  margin_m: number;
  horse: unknown;
  jockey: unknown;
  trainer: unknown;
  time: string;
  sectionals: Record<string, number | null>;
  note: string;
}

interface Race {
  fixture_id: string;
  competition: string;
  competition_slug: string;
  season: string;
  round: string;
  kickoff: string;
  venue: string;
  status: string;
  participants: Runner[];
  result: Record<string, unknown>;
}

for (const dialect of DIALECTS) {
  describe(`harness-vic races on ${dialect}`, { skip: unavailable(dialect) ?? missingData }, () => {
    let t: TestApp;
    let summary: ImportRunSummary;
    let races: Race[];
    const raceCalled = (name: string) => {
      const race = races.find(
        (r) => `${r.venue} ${r.kickoff.slice(0, 10)} ${r.round.split(" — ")[0]}` === name,
      );
      assert.ok(race, `${name} is listed`);
      return race;
    };

    before(async () => {
      t = await createTestApp(dialect);
      summary = await runImport({ store: t.store, clock: testClock }, harnessVicFormat, [DATA]);
      const page = await getJson(
        t.app,
        "/v1/horse-racing/results?date_from=2025-01-01&date_to=2025-01-02&per_page=100",
      );
      assert.equal(page.status, 200, JSON.stringify(page.body));
      races = page.body.data;
    });
    after(async () => {
      await t?.dispose();
    });

    test("the sample imports as 2 meetings, 15 races and 126 runners", () => {
      assert.deepEqual(summary.errors, []);
      assert.deepEqual(summary.units, { found: 1, imported: 1, failed: 0 });
      assert.equal(summary.records, 126);
      assert.equal(summary.matches, 15);
      assert.deepEqual(summary.tables.competitions, { created: 2, updated: 0, unchanged: 0 });
      assert.deepEqual(summary.tables.fixtures, { created: 15, updated: 0, unchanged: 0 });
      assert.equal(races.length, 15);
      assert.ok(races.every((r) => r.status === "finished"));
    });

    test("named races finish in the official order with the official margins", async () => {
      for (const [name, placings] of Object.entries(PLACINGS)) {
        const listed = raceCalled(name);
        const detail = await getJson(t.app, `/v1/horse-racing/fixtures/${listed.fixture_id}`);
        assert.equal(detail.status, 200);
        const runners: Runner[] = detail.body.data.participants;
        assert.deepEqual(
          runners.map((r) => [r.number, r.margin_m]),
          placings,
          name,
        );
        assert.deepEqual(
          runners.map((r) => r.position),
          placings.map((_, i) => i + 1),
        );
        assert.equal(detail.body.data.result.winner_number, placings[0]?.[0]);
        assert.equal(detail.body.data.result.winner_runner_id, runners[0]?.runner_id);
      }
    });

    test("every race places its runners 1..n with the winner 0 m behind", () => {
      for (const race of races) {
        const places = race.participants.map((r) => r.position);
        assert.deepEqual(
          places,
          places.map((_, i) => i + 1),
          race.round,
        );
        assert.equal(race.participants[0]?.margin_m, 0);
        const numbers = new Set(race.participants.map((r) => r.number));
        assert.equal(numbers.size, race.participants.length, "each saddlecloth once");
      }
    });

    test("each meeting has its races in order with the published field sizes", () => {
      let total = 0;
      for (const [slug, fields] of Object.entries(FIELDS)) {
        const meeting = races
          .filter((r) => r.competition_slug === slug)
          .sort((a, b) => a.kickoff.localeCompare(b.kickoff));
        assert.deepEqual(
          meeting.map((r) => r.participants.length),
          fields,
          slug,
        );
        assert.deepEqual(
          meeting.map((r) => Number(/^Race (\d+)/.exec(r.round)?.[1])),
          fields.map((_, i) => i + 1),
        );
        total += meeting.reduce((sum, r) => sum + r.participants.length, 0);
      }
      assert.equal(total, 126);
    });

    test("sectionals, distance and time come through; names are null, never invented", async () => {
      const race = raceCalled("Echuca 2025-01-01 Race 1");
      assert.equal(race.round, "Race 1 — 2160 m");
      assert.equal(race.competition, "Echuca Harness");
      assert.equal(race.season, "2025");
      assert.equal(race.result.distance_m, 2160);
      assert.equal(race.result.winning_time, "2:43.70");
      const second = race.participants[1];
      assert.equal(second?.time, "2:43.79");
      assert.deepEqual(second?.sectionals, {
        position_800m_m: 18.6,
        wide_800m: 0,
        position_400m_m: 4.2,
        wide_400m: 1,
        own_third_quarter_sec: 30.67,
        own_fourth_quarter_sec: 30.66,
        gain_loss_q2_q3_m: 14.4,
        gain_loss_q3_finish_m: 3.1,
      });
      // An empty gain/loss in the CSV is null, not 0.
      assert.equal(race.participants.at(-1)?.sectionals.gain_loss_q3_finish_m, null);
      for (const runner of races.flatMap((r) => r.participants)) {
        assert.equal(runner.horse, null);
        assert.equal(runner.jockey, null);
        assert.equal(runner.trainer, null);
        assert.match(runner.note, /No horse, driver or trainer names/);
      }
      assert.match(String(race.result.text), /^No\. 11 won in 2:43\.70 .*not in the source/);
    });

    test("kick-offs follow the convention: race 1 at 12:00 Melbourne time, 30 min apart", () => {
      // 2025-01 is daylight saving time in Victoria (AEDT, UTC+11).
      assert.equal(raceCalled("Echuca 2025-01-01 Race 1").kickoff, "2025-01-01T01:00:00Z");
      assert.equal(raceCalled("Melton 2025-01-02 Race 8").kickoff, "2025-01-02T04:30:00Z");
      assert.ok(races.every((r) => r.result.kickoff_approximate === true));
    });

    test("the source and its attribution are on the answers", async () => {
      const list = await getJson(t.app, "/v1/horse-racing/fixtures?date=2025-01-02");
      assert.equal(list.status, 200);
      assert.equal(list.body.data.length, 8);
      assert.match(list.body.meta.attribution, /Australian Racing Open Data \(PandaVision\)/);
      assert.match(list.body.meta.attribution, /ODC-BY 1\.0/);
      const detail = await getJson(t.app, `/v1/horse-racing/fixtures/${races[0]?.fixture_id}`);
      assert.deepEqual(detail.body.data.source, SOURCE_OBJECT);
      const results = await getJson(t.app, "/v1/horse-racing/results?date=2025-01-01");
      assert.match(results.body.meta.attribution, /Australian Racing Open Data/);
      const competitions = await getJson(t.app, "/v1/horse-racing/competitions");
      const echuca = competitions.body.data.find(
        (c: { slug: string }) => c.slug === "echuca-harness",
      );
      assert.equal(echuca.type, "meeting");
      assert.deepEqual(echuca.country, { code: "AU", name: "Australia" });
      assert.deepEqual(echuca.source, SOURCE_OBJECT);
      assert.match(competitions.body.meta.attribution, /ODC-BY 1\.0/);
    });
  });
}
