import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { isMarket, MARKETS, marketLabel, parseMarketParam } from "../../src/odds/market.js";
import { normaliseMarketName, normaliseSelection } from "../../src/odds/market-names.js";
import { BOOKMAKERS } from "../../src/sample/pools/index.js";

describe("market names", () => {
  test("every sample bookmaker's own market names map to the canonical market", () => {
    for (const book of BOOKMAKERS) {
      for (const [market, name] of Object.entries(book.marketNames)) {
        assert.equal(normaliseMarketName(name), market, `${book.slug}: ${JSON.stringify(name)}`);
      }
    }
  });

  test("canonical keys and labels normalise to themselves", () => {
    for (const market of MARKETS) {
      assert.equal(normaliseMarketName(market), market);
      assert.equal(normaliseMarketName(marketLabel(market)), market);
    }
  });

  test("names outside the table fall back to keywords", () => {
    assert.equal(normaliseMarketName("Alternative Asian Handicap"), "handicap");
    assert.equal(normaliseMarketName("Total Corners Over/Under"), "totals");
    assert.equal(normaliseMarketName("Player Total Points"), "player_props");
    assert.equal(normaliseMarketName("Full Match Result (90 mins)"), "1x2");
    assert.equal(normaliseMarketName("Draw No Bet"), undefined);
    assert.equal(normaliseMarketName("  "), undefined);
  });

  test("winner markets are outrights in golf and horse racing", () => {
    assert.equal(normaliseMarketName("To Win", "horse-racing"), "outright");
    assert.equal(normaliseMarketName("Winner", "golf"), "outright");
    assert.equal(normaliseMarketName("Winner", "tennis"), "moneyline");
    assert.equal(normaliseMarketName("Race Winner"), "outright");
  });

  test("the request parameter matches keys in any case and spelling", () => {
    assert.equal(parseMarketParam("1X2"), "1x2");
    assert.equal(parseMarketParam("TOTALS"), "totals");
    assert.equal(parseMarketParam("player-props"), "player_props");
    assert.equal(parseMarketParam("Player Props"), "player_props");
    assert.equal(parseMarketParam("corners"), undefined);
    assert.equal(marketLabel("1x2"), "1X2");
    assert.equal(marketLabel("totals"), "totals");
    assert.ok(isMarket("outright") && !isMarket("1X2"));
  });

  test("bookmakers' selection names normalise within their market", () => {
    assert.equal(normaliseSelection("1x2", "1"), "home");
    assert.equal(normaliseSelection("1x2", "X"), "draw");
    assert.equal(normaliseSelection("1x2", "2"), "away");
    assert.equal(normaliseSelection("moneyline", "X"), undefined);
    assert.equal(normaliseSelection("totals", "O"), "over");
    assert.equal(normaliseSelection("btts", "GG"), "yes");
    assert.equal(normaliseSelection("player_props", "Under"), "under");
    assert.equal(normaliseSelection("outright", " rn_1 "), "rn_1");
  });
});
