/**
 * Bookmakers' own market and selection names → the canonical model ("normalised across books",
 * ADR-0007). The feed calls these; an undefined answer means "not a market we carry".
 */
import { compactName, isSelectionOf, type Market } from "./market.js";

/** Exact names (compared without case or separators), including every sample book's names. */
const ALIASES: Readonly<Record<Market, readonly string[]>> = {
  "1x2": [
    "1X2",
    "Match Result",
    "Full Time Result",
    "FT Result",
    "3-Way Moneyline",
    "Moneyline 3-Way",
    "Three Way",
    "Win-Draw-Win",
    "Regulation Time Result",
    "Match Odds",
    "Match Betting",
    "Result",
  ],
  moneyline: [
    "Moneyline",
    "Money Line",
    "To Win",
    "To Win Match",
    "Match Winner",
    "Winner",
    "Head to Head",
    "H2H",
    "Match Betting (Two Way)",
    "Two Way",
    "Moneyline 2-Way",
  ],
  handicap: [
    "Handicap",
    "Asian Handicap",
    "Handicap Betting",
    "Handicap Match Result",
    "Spread",
    "Point Spread",
    "Run Line",
    "Puck Line",
    "Line",
    "AH",
  ],
  totals: [
    "Totals",
    "Total",
    "Over/Under",
    "O/U",
    "Total Goals Over/Under",
    "Over/Under Goals",
    "Total Goals",
    "Total Match Goals",
    "Game Total",
    "Goal Line",
    "Total Points",
    "Total Runs",
    "Total Games",
    "Total Maps",
    "Total Rounds",
  ],
  btts: [
    "BTTS",
    "Both Teams To Score",
    "Both Teams to Score - Yes/No",
    "Both Sides To Score",
    "Goal/No Goal",
    "GG/NG",
  ],
  player_props: [
    "Player Props",
    "Player Prop",
    "Player Specials",
    "Player Markets",
    "Player Performance",
    "Player Bets",
    "Anytime Goalscorer",
  ],
  method_of_victory: [
    "Method of Victory",
    "Method of Result",
    "Winning Method",
    "Fight Result Method",
    "Method",
  ],
  outright: [
    "Outright",
    "Outrights",
    "Outright Winner",
    "To Win Outright",
    "Tournament Winner",
    "Race Winner",
    "Win Only",
    "Win",
  ],
};

const EXACT = new Map<string, Market>(
  Object.entries(ALIASES).flatMap(([market, names]) =>
    names.map((name) => [compactName(name), market as Market] as const),
  ),
);

/** Fallback keywords, most specific first ("Player Total Points" is a prop, not a total). */
const KEYWORDS: readonly (readonly [RegExp, Market])[] = [
  [/player|scorer/, "player_props"],
  [/both (teams|sides)|btts|no goal/, "btts"],
  [/handicap|spread|run ?line|puck ?line/, "handicap"],
  [/total|over ?\/? ?under/, "totals"],
  [/outright|tournament winner|race winner|win only/, "outright"],
  [/method|how .*win/, "method_of_victory"],
  [/1x2|3-? ?way|three[- ]way|win[- ]draw[- ]win|result|match odds/, "1x2"],
  [/two[- ]?way|2-? ?way|money ?line|head to head|winner|to win/, "moneyline"],
];

/** Golf and horse racing have one winner market: the outright. */
const FIELD_SPORTS = new Set(["golf", "horse-racing"]);

/**
 * A bookmaker's market name → the canonical key: the exact alias table first, then keywords.
 * For a field sport (golf, horse racing) a "winner" market is the outright.
 */
export function normaliseMarketName(text: string, sport?: string): Market | undefined {
  const compact = compactName(text);
  if (compact === "") return undefined;
  let market = EXACT.get(compact);
  if (market === undefined) {
    const words = text.toLowerCase();
    market = KEYWORDS.find(([pattern]) => pattern.test(words))?.[1];
  }
  if (
    sport !== undefined &&
    FIELD_SPORTS.has(sport) &&
    (market === "moneyline" || market === "1x2")
  ) {
    return "outright";
  }
  return market;
}

const SELECTION_NAMES: Readonly<Record<string, string>> = {
  "1": "home",
  home: "home",
  h: "home",
  hometeam: "home",
  x: "draw",
  draw: "draw",
  d: "draw",
  tie: "draw",
  "2": "away",
  away: "away",
  a: "away",
  awayteam: "away",
  over: "over",
  o: "over",
  under: "under",
  u: "under",
  yes: "yes",
  y: "yes",
  gg: "yes",
  no: "no",
  n: "no",
  ng: "no",
};

/**
 * A bookmaker's selection name → the canonical one ("1"/"X"/"2" → home/draw/away, "O"/"U" →
 * over/under, "GG"/"NG" → yes/no), checked against the market. Outright selections are
 * participant ids and pass through trimmed.
 */
export function normaliseSelection(market: Market, text: string): string | undefined {
  if (market === "outright") return text.trim() || undefined;
  const name = SELECTION_NAMES[compactName(text)];
  return name !== undefined && isSelectionOf(market, name) ? name : undefined;
}
