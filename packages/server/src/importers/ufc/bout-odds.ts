/**
 * A bout's closing odds as the odds model stores them: one bookmaker row (the dataset's closing
 * line, scraped from BestFightOdds; native format American) and, per bout, the `moneyline`
 * (red corner = home, blue = away; both prices needed) and the `method_of_victory` market (the
 * winner and how: `home_decision`, `home_submission`, `home_ko_tko` and the same for `away`;
 * each price the row has). Prices are converted to decimal by `parseAmerican`; the opening price
 * is the closing price (the file has no other), opened and updated at the bout's kick-off stamp.
 */
import { parseAmerican } from "../../odds/formats.js";
import type { RecordOf } from "../../store/dataset.js";
import type { Bout, CornerPrices } from "./read-bout.js";
import { SPORT } from "./ufc-competition.js";

export const BOOKMAKER: RecordOf<"bookmakers"> = {
  slug: "bestfightodds-closing",
  name: "Closing line (BestFightOdds, via Ultimate UFC Dataset)",
  native_format: "american",
};

const METHOD_MARKET = "method_of_victory";

interface Price {
  market: string;
  selection: string;
  american: number;
}

function methodPrices(method: string, prices: CornerPrices): Price[] {
  const out: Price[] = [];
  if (prices.red !== null)
    out.push({ market: METHOD_MARKET, selection: `home_${method}`, american: prices.red });
  if (prices.blue !== null)
    out.push({ market: METHOD_MARKET, selection: `away_${method}`, american: prices.blue });
  return out;
}

export function boutOdds(bout: Bout, fixtureId: string, stamp: string): Array<RecordOf<"odds">> {
  const { moneyline, decision, submission, koTko } = bout.odds;
  const prices: Price[] = [];
  if (moneyline.red !== null && moneyline.blue !== null) {
    prices.push({ market: "moneyline", selection: "home", american: moneyline.red });
    prices.push({ market: "moneyline", selection: "away", american: moneyline.blue });
  }
  prices.push(
    ...methodPrices("decision", decision),
    ...methodPrices("submission", submission),
    ...methodPrices("ko_tko", koTko),
  );
  return prices.map(({ market, selection, american }) => {
    const price = parseAmerican(american);
    return {
      sport: SPORT,
      fixture_id: fixtureId,
      bookmaker: BOOKMAKER.slug,
      market,
      market_key: `${market}||`,
      subject: "",
      line: null,
      selection,
      price,
      opening_price: price,
      opened_at: stamp,
      updated_at: stamp,
      is_live: 0,
    };
  });
}
