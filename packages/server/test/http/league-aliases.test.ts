/**
 * League aliases (issue 34, item 5) through the HTTP surface, once per dialect: `league=mlb`,
 * `epl`, `premier-league`, `ipl`, `ufc`, `NBA` resolve to the competitions the importers write
 * (by the id each importer derives, so a slug the importer had to change still resolves); an
 * alias never hides a real slug, nor resolves to a competition that is not there; an unknown
 * league stays a 400 `invalid_parameter` on `league` whose message names the closest matches.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { competitionKey } from "../../src/importers/cricsheet/keys.js";
import { seasonKeys } from "../../src/importers/fivethirtyeight-nba/season-keys.js";
import { competitionId as nflCompetitionId } from "../../src/importers/fivethirtyeight-nfl/competitions.js";
import { COMPETITION_ID as UFC_ID } from "../../src/importers/ufc/ufc-competition.js";
import { derivedId, newId } from "../../src/lib/ids.js";
import type { Sport } from "../../src/sports/types.js";
import { emptyDataset } from "../../src/store/dataset.js";
import { writeDataset } from "../../src/store/write-dataset.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

const STAMP = "2026-11-21T10:00:00Z";

interface Competition {
  id: string;
  sport: Sport;
  slug: string;
  name: string;
  type?: string;
}

/** The importers' ids, as they derive them (retrosheet and openfootball keep theirs private). */
const MLB: Competition = {
  id: derivedId("co", "retrosheet", "baseball", "mlb"),
  sport: "baseball",
  slug: "major-league-baseball",
  name: "Major League Baseball",
};
/** Its slug taken by another row when it was imported, so it got a suffix (`freeSlug`). */
const EPL: Competition = {
  id: derivedId("co", "openfootball", "football", "en.1"),
  sport: "football",
  slug: "english-premier-league-x1y2z3",
  name: "English Premier League",
};
const IPL: Competition = {
  id: competitionKey("IPL", "league"),
  sport: "cricket",
  slug: "indian-premier-league",
  name: "Indian Premier League",
};
const NBA: Competition = {
  id: seasonKeys("2022-2023").leagueId,
  sport: "basketball",
  slug: "nba",
  name: "NBA",
};
const NFL: Competition = {
  id: nflCompetitionId({ league: "nfl", playoffs: false }),
  sport: "american-football",
  slug: "nfl",
  name: "NFL",
};
const UFC: Competition = {
  id: UFC_ID,
  sport: "combat-sports",
  slug: "ufc",
  name: "UFC",
  type: "tour",
};
/** A real competition whose slug is an alias of another: the slug wins. */
const REAL_EPL_SLUG: Competition = {
  id: newId("co"),
  sport: "football",
  slug: "epl",
  name: "Estonian Pro League",
};
/** What holds the Premier League's own slug. */
const SLUG_HOLDER: Competition = {
  id: newId("co"),
  sport: "football",
  slug: "english-premier-league",
  name: "English Premier League (other source)",
};

const ALL = [MLB, EPL, IPL, NBA, NFL, UFC, REAL_EPL_SLUG, SLUG_HOLDER];

function dataset() {
  const d = emptyDataset();
  d.countries.push({ code: "T-ALIAS", name: "Testland", updated_at: STAMP });
  for (const c of ALL) {
    const seasonId = newId("se");
    d.competitions.push({
      id: c.id,
      sport: c.sport,
      slug: c.slug,
      name: c.name,
      country_code: "T-ALIAS",
      tier: 1,
      type: c.type ?? "league",
      gender: "men",
      current_season_id: seasonId,
      rules: {},
      source: "test",
      search_name: c.name.toLowerCase(),
      updated_at: STAMP,
    });
    d.seasons.push({
      id: seasonId,
      sport: c.sport,
      competition_id: c.id,
      name: "2020",
      start_date: "2020-01-01",
      end_date: "2020-12-31",
      updated_at: STAMP,
    });
  }
  return d;
}

for (const dialect of DIALECTS) {
  describe(`league aliases on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect);
      await writeDataset(t.store, dataset());
    });
    after(async () => {
      await t?.dispose();
    });

    const standingsOf = async (sport: string, league: string) => {
      const url = `/v1/${sport}/standings?league=${encodeURIComponent(league)}`;
      const { status, body } = await getJson(t.app, url);
      assert.equal(status, 200, `${url}: ${JSON.stringify(body.error)}`);
      return body.meta.competition_id as string;
    };

    test("the names users type resolve to the imported competitions", async () => {
      for (const [sport, league, expected] of [
        ["baseball", "mlb", MLB],
        ["baseball", "MLB", MLB],
        // The Premier League's slug is suffixed here: the alias finds it by its importer's id.
        ["football", "premier-league", EPL],
        ["football", "Premier League", EPL],
        ["football", "premier_league ", EPL],
        // An exact slug is never an alias: this one is another competition's.
        ["football", "english-premier-league", SLUG_HOLDER],
        ["cricket", "ipl", IPL],
        ["basketball", "NBA", NBA],
        ["basketball", "national-basketball-association", NBA],
        ["american-football", "National Football League", NFL],
      ] as const) {
        assert.equal(await standingsOf(sport, league), expected.id, `${sport} ${league}`);
      }
      // The same resolution for every `league` filter, and for `competition_id`.
      const fixtures = await getJson(t.app, "/v1/combat-sports/fixtures?league=ufc");
      assert.equal(fixtures.status, 200, JSON.stringify(fixtures.body.error));
      const aliased = await getJson(
        t.app,
        "/v1/combat-sports/fixtures?league=Ultimate%20Fighting%20Championship",
      );
      assert.equal(aliased.status, 200, JSON.stringify(aliased.body.error));
      const teams = await getJson(t.app, "/v1/baseball/teams?competition_id=mlb");
      assert.equal(teams.status, 200, JSON.stringify(teams.body.error));
      const mlb = await getJson(t.app, "/v1/baseball/standings?competition_id=mlb");
      assert.equal(mlb.body.meta.competition_id, MLB.id);
    });

    test("an alias never hides a real slug, nor crosses sports, nor names what is not there", async () => {
      // `epl` is a real slug here: it names that competition, not the Premier League.
      assert.equal(await standingsOf("football", "epl"), REAL_EPL_SLUG.id);
      assert.equal(await standingsOf("football", "EPL"), REAL_EPL_SLUG.id);
      assert.equal(await standingsOf("football", REAL_EPL_SLUG.id), REAL_EPL_SLUG.id);
      // `mlb` is a baseball alias; no football competition is `ipl`'s.
      for (const url of ["/v1/football/standings?league=mlb", "/v1/football/fixtures?league=ipl"]) {
        const { status, body } = await getJson(t.app, url);
        assert.equal(status, 400, url);
        assert.equal(body.error.code, "invalid_parameter");
        assert.equal(body.error.field, "league");
      }
    });

    test("an unknown league is a 400 on league naming the closest matches", async () => {
      const { status, body } = await getJson(t.app, "/v1/football/standings?league=premier-leauge");
      assert.equal(status, 400);
      assert.equal(body.error.code, "invalid_parameter");
      assert.equal(body.error.field, "league");
      const message =
        'league "premier-leauge" is not a football competition; did you mean "premier-league"?';
      assert.equal(body.error.message, message);
      assert.deepEqual(body.errors, [{ code: "invalid_parameter", message, field: "league" }]);

      const typo = await getJson(t.app, "/v1/baseball/fixtures?league=mbl");
      assert.equal(typo.status, 400);
      assert.equal(
        typo.body.error.message,
        'league "mbl" is not a baseball competition; did you mean "mlb"?',
      );
      // Words of a name: the aliases and slugs that hold them, shortest first.
      const word = await getJson(t.app, "/v1/football/standings?league=premier");
      assert.equal(
        word.body.error.message,
        'league "premier" is not a football competition; did you mean "premier-league", "english-premier-league" or "english-premier-league-x1y2z3"?',
      );
      // Nothing close: the message as before.
      const far = await getJson(t.app, "/v1/cricket/standings?league=zzzzzz");
      assert.equal(far.status, 400);
      assert.equal(far.body.error.message, 'league "zzzzzz" is not a cricket competition');
    });
  });
}
