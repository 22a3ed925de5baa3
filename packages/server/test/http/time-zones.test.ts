/**
 * `timezone=` on the fixture, result, live and history reads (ADR-0042), once per dialect,
 * through app.inject: local calendar days for `date`/`date_from`/`date_to` (a fixture at 23:30
 * UTC is on the next day in Asia/Kolkata; a day the clocks change is 23 or 25 hours long), the
 * exact `kickoff_local`, the canonical zone name, every bad value a 400 naming `timezone`, the
 * default window moving at local midnight, and the read cache keeping zones apart.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { newId } from "../../src/lib/ids.js";
import { writeDataset } from "../../src/store/write-dataset.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { type ManualClock, manualClock } from "../helpers/clock.js";
import { type MiniLeague, miniLeague } from "../helpers/factories.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

type FixtureRecord = MiniLeague["dataset"]["fixtures"][number];

/** A fixture like the mini league's finished one, at `kickoff`, with `overrides`. */
function fixtureAt(league: MiniLeague, kickoff: string, overrides: Partial<FixtureRecord> = {}) {
  const base = league.dataset.fixtures[0] as FixtureRecord;
  const fixture: FixtureRecord = { ...base, id: newId("fx"), kickoff, ...overrides };
  league.dataset.fixtures.push(fixture);
  return fixture.id;
}

const ids = (body: { data: Array<{ fixture_id: string }> }) =>
  body.data.map((item) => item.fixture_id).sort();

for (const dialect of DIALECTS) {
  describe(`timezone on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    let clock: ManualClock;
    let league: MiniLeague;
    /** 23:30 UTC on 21 November: 05:00 on the 22nd in Kolkata. */
    let lateKickoff: string;
    /** Around the start of British Summer Time, 2026-03-29 01:00 UTC. */
    const dst: Record<string, string> = {};
    /** In play, kicked off at 09:30 UTC. */
    let live: string;
    /** 12:00 and 19:00 UTC on 21 November: the 21st and the 22nd in Kolkata. */
    let noon: string;
    let evening: string;

    before(async () => {
      clock = manualClock("2026-11-21T10:00:00Z");
      t = await createTestApp(dialect, { clock });
      league = miniLeague();
      const scheduled = { status: "scheduled", score: null, result: null, sequence: 0 } as const;
      lateKickoff = fixtureAt(league, "2026-11-21T23:30:00Z", scheduled);
      noon = fixtureAt(league, "2026-11-21T12:00:00Z", scheduled);
      evening = fixtureAt(league, "2026-11-21T19:00:00Z", scheduled);
      live = fixtureAt(league, "2026-11-21T09:30:00Z", {
        status: "live",
        period: "1st_half",
        minute: 30,
        score: { home: 0, away: 0 },
      });
      // Finished matches: 28 March 23:30 GMT; 29 March 00:30 GMT, 23:30 BST (22:30 UTC);
      // 30 March 00:30 BST (29 March 23:30 UTC).
      for (const [name, kickoff] of [
        ["before", "2026-03-28T23:30:00Z"],
        ["first", "2026-03-29T00:30:00Z"],
        ["last", "2026-03-29T22:30:00Z"],
        ["after", "2026-03-29T23:30:00Z"],
      ] as const) {
        dst[name] = fixtureAt(league, kickoff);
      }
      await writeDataset(t.store, league.dataset);
    });
    after(async () => {
      await t?.dispose();
    });

    const get = (url: string) => getJson(t.app, url);
    const expect400 = async (url: string) => {
      const { status, body } = await get(url);
      assert.equal(status, 400, `${url} → ${status}`);
      assert.equal(body.error.code, "invalid_parameter");
      assert.equal(body.error.field, "timezone", `${url}: field ${body.error.field}`);
      assert.equal(body.errors[0].field, "timezone");
    };
    const league_ = () => `league=${league.competitionId}`;

    test("a fixture at 23:30 UTC is on the next local day in Asia/Kolkata", async () => {
      const local = await get(
        `/v1/football/fixtures?${league_()}&date=2026-11-22&timezone=Asia/Kolkata`,
      );
      assert.equal(local.status, 200);
      assert.deepEqual(ids(local.body), [evening, lateKickoff].sort());
      const item = local.body.data.find(
        (f: { fixture_id: string }) => f.fixture_id === lateKickoff,
      );
      assert.equal(item.kickoff, "2026-11-21T23:30:00Z", "the canonical kickoff stays UTC");
      assert.equal(item.kickoff_local, "2026-11-22T05:00:00+05:30");
      assert.equal(item.timezone, "Asia/Kolkata");
      assert.deepEqual(Object.keys(item).slice(-2), ["kickoff_local", "timezone"]);
      assert.equal(local.body.meta.timezone, "Asia/Kolkata");

      const previous = await get(
        `/v1/football/fixtures?${league_()}&date=2026-11-21&timezone=Asia/Kolkata`,
      );
      assert.deepEqual(ids(previous.body), [live, noon].sort());
      const utc = await get(`/v1/football/fixtures?${league_()}&date=2026-11-21`);
      assert.deepEqual(ids(utc.body), [lateKickoff, live, noon, evening].sort());
      assert.ok(utc.body.data.every((f: object) => !("kickoff_local" in f) && !("timezone" in f)));
      assert.equal("timezone" in utc.body.meta, false, "without the parameter, nothing changes");

      const range = await get(
        `/v1/football/fixtures?${league_()}&date_from=2026-11-22&date_to=2026-11-22&timezone=Asia/Kolkata`,
      );
      assert.deepEqual(ids(range.body), [evening, lateKickoff].sort());
    });

    test("a day the clocks go forward is 23 hours long (Europe/London, 2026-03-29)", async () => {
      const day = await get(
        `/v1/football/results?${league_()}&date=2026-03-29&timezone=Europe/London`,
      );
      assert.equal(day.status, 200);
      assert.deepEqual(ids(day.body), [dst.first, dst.last].sort());
      const byId = new Map(
        day.body.data.map((r: { fixture_id: string; kickoff_local: string }) => [
          r.fixture_id,
          r.kickoff_local,
        ]),
      );
      assert.equal(byId.get(dst.first as string), "2026-03-29T00:30:00+00:00");
      assert.equal(byId.get(dst.last as string), "2026-03-29T23:30:00+01:00");
      const next = await get(
        `/v1/football/results?${league_()}&date=2026-03-30&timezone=Europe/London`,
      );
      assert.deepEqual(ids(next.body), [dst.after]);
      const utc = await get(`/v1/football/results?${league_()}&date=2026-03-29`);
      assert.deepEqual(ids(utc.body), [dst.first, dst.last, dst.after].sort());
    });

    test("history pages and exports read the same local days", async () => {
      const query = `${league_()}&date_from=2026-03-29&date_to=2026-03-29&timezone=europe/london`;
      const page = await get(`/v1/football/history/matches?${query}`);
      assert.equal(page.status, 200);
      assert.deepEqual(ids(page.body), [dst.first, dst.last].sort());
      assert.equal(page.body.meta.timezone, "Europe/London");
      const ndjson = await t.app.inject(`/v1/football/history/matches?${query}&format=ndjson`);
      const lines = ndjson.body
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      assert.deepEqual(lines, page.body.data, "each line is the paged item, local fields included");
      const csv = await t.app.inject(`/v1/football/history/matches?${query}&format=csv`);
      const [header, ...rows] = csv.body.trim().split("\r\n");
      assert.match(header as string, /,venue,kickoff_local,timezone$/);
      assert.ok(rows.some((row) => row.endsWith(",2026-03-29T23:30:00+01:00,Europe/London")));
      const plain = await t.app.inject(
        `/v1/football/history/matches?${league_()}&date=2026-03-29&format=csv`,
      );
      assert.match(plain.body.split("\r\n")[0] as string, /,venue$/);
    });

    test("live and the single fixture carry the local kickoff", async () => {
      const list = await get("/v1/football/matches/live?timezone=America/New_York");
      assert.equal(list.status, 200);
      const item = list.body.data.find((m: { fixture_id: string }) => m.fixture_id === live);
      assert.equal(item.kickoff_local, "2026-11-21T04:30:00-05:00");
      assert.equal(item.timezone, "America/New_York");
      assert.equal(list.body.meta.timezone, "America/New_York");
      const alias = await get("/v1/football/live-scores?timezone=America/New_York");
      assert.deepEqual(alias.body.data, list.body.data);

      const one = await get(`/v1/football/fixtures/${lateKickoff}?timezone=Australia/Sydney`);
      assert.equal(one.status, 200);
      assert.equal(one.body.data.kickoff_local, "2026-11-22T10:30:00+11:00");
      assert.equal(one.body.meta.timezone, "Australia/Sydney");
      const plain = await get(`/v1/football/fixtures/${lateKickoff}`);
      assert.equal("kickoff_local" in plain.body.data, false);
      const { kickoff_local: _, timezone: __, ...rest } = one.body.data;
      assert.deepEqual(rest, plain.body.data);
    });

    test("a zone is answered in its canonical spelling", async () => {
      for (const [given, canonical] of [
        ["asia/kolkata", "Asia/Kolkata"],
        ["Asia/Calcutta", "Asia/Kolkata"],
        ["utc", "UTC"],
        ["Etc/UTC", "UTC"],
        ["US/Eastern", "America/New_York"],
      ]) {
        const { status, body } = await get(
          `/v1/football/fixtures/${lateKickoff}?timezone=${encodeURIComponent(given as string)}`,
        );
        assert.equal(status, 200, given);
        assert.equal(body.data.timezone, canonical, given);
        assert.equal(body.meta.timezone, canonical, given);
      }
      const utc = await get(`/v1/football/fixtures/${lateKickoff}?timezone=UTC`);
      assert.equal(utc.body.data.kickoff_local, "2026-11-21T23:30:00+00:00");
    });

    test("every bad timezone is a 400 naming timezone, on every endpoint that takes one", async () => {
      const paths = [
        "/v1/football/fixtures",
        `/v1/football/fixtures/${lateKickoff}`,
        "/v1/football/results",
        "/v1/football/matches/live",
        "/v1/football/live-scores",
        "/v1/football/history/matches",
      ];
      for (const path of paths) {
        for (const zone of ["Mars/Olympus_Mons", "%2B05:30", "", "Europe/London%20", "GMT%2B1"]) {
          await expect400(`${path}?timezone=${zone}`);
        }
      }
      await expect400(`/v1/football/history/matches?timezone=Nowhere&format=csv`);
      const twice = await get("/v1/football/fixtures?timezone=UTC&timezone=Europe/London");
      assert.equal(twice.status, 400);
      assert.equal(twice.body.error.field, "timezone");
      const { body } = await get("/v1/football/fixtures?timezone=Nowhere/Land");
      assert.match(body.error.message, /IANA time zone/);
    });

    test("the default window is local today … +14 days, and a kept answer ends at local midnight", async () => {
      clock.set("2026-11-21T18:00:00Z"); // 23:30 in Kolkata
      const url = `/v1/football/fixtures?${league_()}&timezone=Asia/Kolkata&per_page=100`;
      const before = await t.app.inject(url);
      assert.ok(ids(before.json()).includes(noon), "17:30 in Kolkata is today there");
      const again = await t.app.inject(url);
      assert.equal(again.headers["x-cache"], "hit");
      clock.set("2026-11-21T18:45:00Z"); // 00:15 on the 22nd in Kolkata, still the 21st in UTC
      const after = await t.app.inject(url);
      assert.notEqual(after.headers["x-cache"], "hit", "the local day changed");
      assert.deepEqual(ids(after.json()), [evening, lateKickoff].sort());
      const utc = await get(`/v1/football/fixtures?${league_()}&per_page=100`);
      assert.deepEqual(ids(utc.body), [lateKickoff, live, noon, evening].sort());
      clock.set("2026-11-21T10:00:00Z");
    });

    test("a kept answer in one zone is never served for another", async () => {
      const base = `/v1/football/fixtures?${league_()}&date=2026-11-22`;
      const kolkata = await t.app.inject(`${base}&timezone=Asia/Kolkata`);
      await t.app.inject(`${base}&timezone=Asia/Kolkata`);
      const london = await t.app.inject(`${base}&timezone=Europe/London`);
      assert.notEqual(london.headers["x-cache"], "hit");
      assert.deepEqual(ids(kolkata.json()), [evening, lateKickoff].sort());
      assert.deepEqual(ids(london.json()), []);
      const utc = await t.app.inject(base);
      assert.deepEqual(ids(utc.json()), []);
      assert.equal("timezone" in utc.json().meta, false);
    });
  });
}
