/**
 * A quote → the public odds entry (ADR-0007): the `1X2` label, the market's named price
 * fields, the uniform `selections` map, opening prices, margin and no-vig probabilities. Prices
 * are shown in the requested format; margin and probabilities always come from decimal prices.
 */
import { pricingOf } from "../../odds/consensus.js";
import { formatPrice, type OddsFormat } from "../../odds/formats.js";
import { marketLabel, NAMED_SELECTIONS, type NamedSelection } from "../../odds/market.js";
import type { Quote } from "./lines.js";

/** A price in the requested format: numbers (decimal, American) or text (fractional). */
type PriceValue = number | string;

export type OddsEntry = {
  market: string;
  bookmaker: string;
  bookmaker_name: string;
  line: number | null;
  subject: string | null;
  selections: Record<string, PriceValue>;
  /** Outright markets: participant name per selection id. */
  selection_names?: Record<string, string>;
  opening: Record<string, PriceValue>;
  opened_at: string;
  updated_at: string;
  is_live: boolean;
  margin: number;
  implied_probability: Record<string, number>;
} & Partial<Record<NamedSelection, PriceValue>>;

function formatAll(prices: Record<string, number>, format: OddsFormat): Record<string, PriceValue> {
  const out: Record<string, PriceValue> = {};
  for (const [selection, price] of Object.entries(prices)) {
    out[selection] = formatPrice(price, format);
  }
  return out;
}

/** The market's named price fields, or for an outright the participants' names. */
function labelled(
  quote: Quote,
  selections: Record<string, PriceValue>,
  names: Readonly<Record<string, string>>,
): Partial<Pick<OddsEntry, NamedSelection | "selection_names">> {
  if (quote.market === "outright") {
    const selection_names: Record<string, string> = {};
    for (const id of Object.keys(selections)) selection_names[id] = names[id] ?? id;
    return { selection_names };
  }
  const named: Partial<Record<NamedSelection, PriceValue>> = {};
  for (const selection of NAMED_SELECTIONS) {
    const price = selections[selection];
    if (price !== undefined) named[selection] = price;
  }
  return named;
}

export function presentQuote(
  quote: Quote,
  format: OddsFormat,
  names: Readonly<Record<string, string>> = {},
): OddsEntry {
  const selections = formatAll(quote.prices, format);
  const extra = labelled(quote, selections, names);
  const { margin, implied_probability } = pricingOf(quote.prices);
  return {
    market: marketLabel(quote.market),
    bookmaker: quote.bookmaker,
    bookmaker_name: quote.bookmakerName,
    line: quote.line,
    subject: quote.subject === "" ? null : quote.subject,
    ...extra,
    selections,
    opening: formatAll(quote.opening, format),
    opened_at: quote.openedAt,
    updated_at: quote.updatedAt,
    is_live: quote.isLive,
    margin,
    implied_probability,
  };
}
