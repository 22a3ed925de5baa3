/**
 * The Ultimate UFC Dataset imported whole gives, through the REST API, the official results of
 * famous bouts (winner, method, round, time), a fighter's UFC record over the years the file
 * covers, fighter profiles, and the closing odds converted from American to decimal. Imports once
 * per dialect.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import { runImport } from "../../src/importers/shared/run-import.js";
import { ufcFormat } from "../../src/importers/ufc/ufc-format.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { testClock } from "../helpers/clock.js";
import { needsData } from "../helpers/requirements.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

const DATA = fileURLToPath(new URL("../../../../../shared/data/combat-sports/", import.meta.url));
const FILE = join(DATA, "ufc-master.csv");
const missingData = needsData(FILE, "UFC dataset");
const SPORT = "/v1/combat-sports";

interface Expected {
  card: string;
  date: string;
  red: string;
  blue: string;
  /** Team slug of the winner; null for a draw or a no contest. */
  winner: string | null;
  decidedBy: string;
  round: number | null;
  time: string | null;
}

/**
 * Official results, from UFC.com event pages and ufcstats.com fight pages. Dates are the card's
 * date as ufcstats lists it (UFC 193 in Melbourne was 15 November local time, 14 November in
 * the US, which is the date the file carries). KO and TKO are one method on ufcstats
 * ("KO/TKO"), stored as `tko`.
 */
// biome-ignore format: a table
const OFFICIAL: readonly Expected[] = [
  { card: "UFC 128", date: "2011-03-19", red: "mauricio-rua", blue: "jon-jones", winner: "jon-jones", decidedBy: "tko", round: 3, time: "2:37" },
  { card: "UFC 166", date: "2013-10-19", red: "cain-velasquez", blue: "junior-dos-santos", winner: "cain-velasquez", decidedBy: "tko", round: 5, time: "3:09" },
  { card: "UFC 193", date: "2015-11-14", red: "ronda-rousey", blue: "holly-holm", winner: "holly-holm", decidedBy: "tko", round: 2, time: "0:59" },
  { card: "UFC 194", date: "2015-12-12", red: "jose-aldo", blue: "conor-mcgregor", winner: "conor-mcgregor", decidedBy: "tko", round: 1, time: "0:13" },
  { card: "UFC 217", date: "2017-11-04", red: "michael-bisping", blue: "georges-st-pierre", winner: "georges-st-pierre", decidedBy: "submission", round: 3, time: "4:23" },
  { card: "UFC 226", date: "2018-07-07", red: "stipe-miocic", blue: "daniel-cormier", winner: "daniel-cormier", decidedBy: "tko", round: 1, time: "4:33" },
  { card: "UFC 229", date: "2018-10-06", red: "khabib-nurmagomedov", blue: "conor-mcgregor", winner: "khabib-nurmagomedov", decidedBy: "submission", round: 4, time: "3:03" },
  // Moffett's submission win was overturned to a no contest by the Colorado commission.
  { card: "UFC Fight Night 139", date: "2018-11-10", red: "chas-skelly", blue: "bobby-moffett", winner: null, decidedBy: "no_contest", round: 2, time: "2:43" },
  { card: "UFC 251", date: "2020-07-11", red: "alexander-volkanovski", blue: "max-holloway", winner: "alexander-volkanovski", decidedBy: "decision", round: 5, time: "5:00" },
  // Officially round 4, 4:29; the file has no round or time for 2020-2021 rows that lack them.
  { card: "UFC 259", date: "2021-03-06", red: "petr-yan", blue: "aljamain-sterling", winner: "aljamain-sterling", decidedBy: "disqualification", round: null, time: null },
  { card: "UFC 278", date: "2022-08-20", red: "kamaru-usman", blue: "leon-edwards", winner: "leon-edwards", decidedBy: "tko", round: 5, time: "4:04" },
  { card: "UFC 281", date: "2022-11-12", red: "israel-adesanya", blue: "alex-pereira", winner: "alex-pereira", decidedBy: "tko", round: 5, time: "2:01" },
  { card: "UFC 285", date: "2023-03-04", red: "jon-jones", blue: "ciryl-gane", winner: "jon-jones", decidedBy: "submission", round: 1, time: "2:04" },
  { card: "UFC 286", date: "2023-03-18", red: "leon-edwards", blue: "kamaru-usman", winner: "leon-edwards", decidedBy: "decision", round: 5, time: "5:00" },
  { card: "UFC 300", date: "2024-04-13", red: "justin-gaethje", blue: "max-holloway", winner: "max-holloway", decidedBy: "tko", round: 5, time: "4:59" },
  { card: "UFC 312", date: "2025-02-08", red: "jimmy-crute", blue: "rodolfo-bellato", winner: null, decidedBy: "draw", round: 3, time: "5:00" },
  // Ended by an accidental eye poke: no contest.
  { card: "UFC 321", date: "2025-10-25", red: "tom-aspinall", blue: "ciryl-gane", winner: null, decidedBy: "no_contest", round: 1, time: "4:35" },
];

interface Result {
  fixture_id: string;
  season: string;
  round: string;
  kickoff: string;
  venue: string;
  home_team_id: string;
  away_team_id: string;
  score: { home: number; away: number; method?: string; round?: number; time?: string };
  result: {
    outcome: string;
    winner_team_id: string | null;
    decided_by: string | null;
    round?: number;
    time?: string;
    decision?: string;
    bout: { weight_class: string; title_bout: boolean; scheduled_rounds: number; gender: string };
  };
}

for (const dialect of DIALECTS) {
  describe(`ufc import: official results on ${dialect}`, {
    skip: unavailable(dialect) ?? missingData,
  }, () => {
    let t: TestApp;
    const teamIds = new Map<string, string>();
    const teamId = async (slug: string): Promise<string> => {
      const known = teamIds.get(slug);
      if (known !== undefined) return known;
      const word = slug.split("-").at(-1) ?? slug;
      const teams = await getJson(t.app, `${SPORT}/teams?search=${word}&per_page=100`);
      assert.equal(teams.status, 200, JSON.stringify(teams.body));
      const team = (teams.body.data as Array<{ slug: string; team_id: string }>).find(
        (x) => x.slug === slug,
      );
      assert.ok(team, `team ${slug}`);
      teamIds.set(slug, team.team_id);
      return team.team_id;
    };
    const bout = async (date: string, slug: string): Promise<Result> => {
      const list = await getJson(t.app, `${SPORT}/results?date=${date}&team=${slug}`);
      assert.equal(list.status, 200, JSON.stringify(list.body));
      assert.equal(list.body.data.length, 1, `${slug} on ${date}`);
      return list.body.data[0];
    };

    /** Every finished bout of the fighter in the seasons given, through the history endpoint. */
    const history = async (slug: string, from: number, to: number): Promise<Result[]> => {
      const bouts: Result[] = [];
      let cursor: string | null = null;
      do {
        const query = `team=${slug}&season_from=${from}&season_to=${to}&per_page=100`;
        const page = await getJson(
          t.app,
          `${SPORT}/history/matches?${query}${cursor === null ? "" : `&cursor=${cursor}`}`,
        );
        assert.equal(page.status, 200, JSON.stringify(page.body));
        bouts.push(...(page.body.data as Result[]));
        cursor = page.body.pagination.next_cursor;
      } while (cursor !== null);
      return bouts;
    };
    const record = (bouts: readonly Result[], id: string) => {
      const out = { wins: 0, losses: 0, draws: 0, no_contests: 0 };
      for (const r of bouts) {
        if (r.result.outcome === "draw") out.draws += 1;
        else if (r.result.outcome === "no_result") out.no_contests += 1;
        else if (r.result.winner_team_id === id) out.wins += 1;
        else out.losses += 1;
      }
      return out;
    };

    before(async () => {
      t = await createTestApp(dialect, { clock: testClock });
      const summary = await runImport({ store: t.store, clock: testClock }, ufcFormat, [DATA]);
      assert.deepEqual(summary.errors, []);
      assert.equal(summary.matches, 7177);
    });
    after(async () => {
      await t?.dispose();
    });

    test("famous bouts have the official winner, method, round and time", async () => {
      for (const expected of OFFICIAL) {
        const found = await bout(expected.date, expected.red);
        const label = `${expected.card}: ${expected.red} v ${expected.blue}`;
        assert.equal(found.home_team_id, await teamId(expected.red), label);
        assert.equal(found.away_team_id, await teamId(expected.blue), label);
        const winner = expected.winner === null ? null : await teamId(expected.winner);
        assert.equal(found.result.winner_team_id, winner, label);
        assert.equal(found.result.decided_by, expected.decidedBy, label);
        assert.equal(found.result.round ?? null, expected.round, label);
        assert.equal(found.result.time ?? null, expected.time, label);
        assert.equal(found.season, expected.date.slice(0, 4), label);
        assert.equal(found.kickoff, `${expected.date}T12:00:00Z`, label);
        const outcome =
          expected.decidedBy === "draw"
            ? "draw"
            : expected.decidedBy === "no_contest"
              ? "no_result"
              : expected.winner === expected.red
                ? "home"
                : "away";
        assert.equal(found.result.outcome, outcome, label);
        assert.deepEqual(
          [found.score.home, found.score.away],
          outcome === "home" ? [1, 0] : outcome === "away" ? [0, 1] : [0, 0],
          label,
        );
      }
    });

    test("a card is a round of fixtures with the bout's terms in the result", async () => {
      const main = await bout("2018-10-06", "khabib-nurmagomedov");
      assert.equal(main.round, "2018-10-06 Las Vegas, Nevada, USA");
      assert.equal(main.venue, "Las Vegas, Nevada, USA");
      assert.deepEqual(main.result.bout, {
        weight_class: "Lightweight",
        gender: "men",
        title_bout: true,
        scheduled_rounds: 5,
        card_position: 1,
      });
      assert.equal(main.score.method, "submission");
      // UFC 229 had 12 bouts (UFC.com).
      const card = await getJson(t.app, `${SPORT}/results?date=2018-10-06&per_page=50`);
      assert.equal(card.body.data.length, 12);
      const detail = await getJson(t.app, `${SPORT}/fixtures/${main.fixture_id}`);
      assert.equal(detail.body.data.sequence, 1);
      const events = await getJson(t.app, `${SPORT}/fixtures/${main.fixture_id}/events`);
      assert.equal(events.status, 200);
      assert.equal(events.body.data[0].type, "finish");
      assert.equal(events.body.data[0].period, "round_4");
      const women = await bout("2015-11-14", "holly-holm");
      assert.equal(women.result.bout.gender, "women");
      assert.equal(women.result.bout.weight_class, "Women's Bantamweight");
      const decision = await bout("2023-03-18", "leon-edwards");
      assert.equal(decision.result.decision, "majority");
    });

    test("a fighter's record over the file matches the file and the official UFC record", async () => {
      // Max Holloway's UFC record from his debut (UFC on FX 1, 4 February 2012) to the end of
      // 2024 (UFC 308, a loss to Ilia Topuria): 22 wins, 8 losses (UFC.com athlete page,
      // ufcstats; his professional record then was 26-8 with 4-0 before the UFC).
      const official = { wins: 22, losses: 8, draws: 0, no_contests: 0 };
      const bouts = await history("max-holloway", 2012, 2024);
      assert.equal(bouts.length, 30);
      const api = record(bouts, await teamId("max-holloway"));
      assert.deepEqual(api, official);
      assert.deepEqual(api, fileRecord("Max Holloway", 2012, 2024));
      // Khabib Nurmagomedov's whole UFC career (2012-2020) is in the file: 13-0 (UFC.com).
      const khabib = await history("khabib-nurmagomedov", 2010, 2026);
      const khabibRecord = record(khabib, await teamId("khabib-nurmagomedov"));
      assert.deepEqual(khabibRecord, { wins: 13, losses: 0, draws: 0, no_contests: 0 });
      assert.deepEqual(khabibRecord, fileRecord("Khabib Nurmagomedov", 2010, 2026));
    });

    test("fighters are individual teams linked to a player with their profile", async () => {
      const team = await getJson(t.app, `${SPORT}/teams/${await teamId("jon-jones")}`);
      assert.equal(team.body.data.kind, "individual");
      const player = await getJson(t.app, `${SPORT}/players/${team.body.data.player_id}`);
      assert.equal(player.status, 200);
      assert.equal(player.body.data.team_id, team.body.data.team_id);
      // ufcstats.com: 6' 4" (193 cm), reach 84" (213 cm), orthodox; heavyweight since 2023.
      assert.equal(player.body.data.height_cm, 193);
      assert.equal(player.body.data.profile.stance, "orthodox");
      assert.equal(Math.round(player.body.data.profile.reach_cm), 213);
      assert.equal(player.body.data.profile.weight_class, "Heavyweight");
    });

    test("closing odds are stored in decimal and shown in any format", async () => {
      // UFC 245: Holloway -200, Volkanovski +170 (the file's closing line).
      const fight = await bout("2019-12-14", "max-holloway");
      const decimal = await getJson(t.app, `${SPORT}/odds?match_id=${fight.fixture_id}`);
      assert.equal(decimal.status, 200, JSON.stringify(decimal.body));
      const entries = decimal.body.data as Array<Record<string, unknown>>;
      const moneyline = entries.find(
        (e) => e.market === "moneyline" && e.bookmaker === "bestfightodds-closing",
      );
      assert.ok(moneyline, "moneyline entry");
      assert.equal(moneyline.home, 1.5);
      assert.equal(moneyline.away, 2.7);
      assert.equal(
        moneyline.bookmaker_name,
        "Closing line (BestFightOdds, via Ultimate UFC Dataset)",
      );
      const american = await getJson(
        t.app,
        `${SPORT}/odds?match_id=${fight.fixture_id}&odds_format=american`,
      );
      const line = (american.body.data as Array<Record<string, unknown>>).find(
        (e) => e.market === "moneyline" && e.bookmaker === "bestfightodds-closing",
      );
      assert.equal(line?.home, -200);
      assert.equal(line?.away, 170);
      const method = entries.find((e) => e.market === "method_of_victory");
      assert.ok(method, "method of victory entry");
      const selections = method.selections as Record<string, number>;
      assert.deepEqual(Object.keys(selections).sort(), [
        "away_decision",
        "away_ko_tko",
        "away_submission",
        "home_decision",
        "home_ko_tko",
        "home_submission",
      ]);
      for (const price of Object.values(selections)) assert.ok(price >= 1.01);
      const only = await getJson(
        t.app,
        `${SPORT}/odds?match_id=${fight.fixture_id}&market=method-of-victory`,
      );
      assert.equal(only.status, 200, JSON.stringify(only.body.error));
      const markets = new Set((only.body.data as Array<{ market: string }>).map((e) => e.market));
      assert.deepEqual([...markets], ["method_of_victory"]);
    });
  });
}

/** Wins, losses, draws and no contests of `name` in the file's rows of the years given. */
function fileRecord(name: string, from: number, to: number) {
  const rows = parse(readFileSync(FILE), { columns: true }) as Array<Record<string, string>>;
  const record = { wins: 0, losses: 0, draws: 0, no_contests: 0 };
  for (const row of rows) {
    const year = Number(row.date?.slice(0, 4));
    if (year < from || year > to) continue;
    const corner = row.R_fighter === name ? "Red" : row.B_fighter === name ? "Blue" : null;
    if (corner === null) continue;
    if (row.finish === "Overturned" || row.finish === "CNC" || row.Winner === "No Contest")
      record.no_contests += 1;
    else if (row.Winner === "Draw") record.draws += 1;
    else if (row.Winner === corner) record.wins += 1;
    else record.losses += 1;
  }
  return record;
}
