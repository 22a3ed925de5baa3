/**
 * The canonical markets: their keys (as stored and as requested), public labels and selections.
 * Bookmakers' own names for them are mapped in `market-names.ts`.
 */

/** In response order: the match result first, outrights last. */
export const MARKETS = [
  "1x2",
  "moneyline",
  "handicap",
  "totals",
  "btts",
  "player_props",
  "method_of_victory",
  "outright",
] as const;
export type Market = (typeof MARKETS)[number];

/** Named selections of each market; outright selections are participant ids instead. */
export const MARKET_SELECTIONS: Readonly<Record<Market, readonly (readonly string[])[]>> = {
  "1x2": [["home", "draw", "away"]],
  moneyline: [["home", "away"]],
  handicap: [["home", "away"]],
  totals: [["over", "under"]],
  btts: [["yes", "no"]],
  player_props: [
    ["yes", "no"],
    ["over", "under"],
  ],
  // Combat sports: who wins and how (a draw is not priced).
  method_of_victory: [
    [
      "home_ko_tko",
      "home_submission",
      "home_decision",
      "away_ko_tko",
      "away_submission",
      "away_decision",
    ],
  ],
  outright: [],
};

/** Every named selection, in the order entries show them. */
export const NAMED_SELECTIONS = ["home", "draw", "away", "over", "under", "yes", "no"] as const;
export type NamedSelection = (typeof NAMED_SELECTIONS)[number];

/** The label a response shows: `1X2` for the match result, the key for the rest. */
export function marketLabel(market: string): string {
  return market === "1x2" ? "1X2" : market;
}

export function isMarket(value: string): value is Market {
  return (MARKETS as readonly string[]).includes(value);
}

/** Lower case without separators: "Player-Props" and "player_props" both give "playerprops". */
export function compactName(text: string): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

const BY_COMPACT = new Map<string, Market>(MARKETS.map((m) => [compactName(m), m]));

/** A requested `market` value → its key, case- and separator-insensitive; undefined if unknown. */
export function parseMarketParam(text: string): Market | undefined {
  return BY_COMPACT.get(compactName(text));
}

/** Whether `selection` is one of the market's named selections (outright takes any id). */
export function isSelectionOf(market: Market, selection: string): boolean {
  if (market === "outright") return selection !== "";
  return MARKET_SELECTIONS[market].some((set) => set.includes(selection));
}

/** Sort rank of a market key; unknown keys after the known ones. */
export function marketRank(market: string): number {
  const index = (MARKETS as readonly string[]).indexOf(market);
  return index === -1 ? MARKETS.length : index;
}
