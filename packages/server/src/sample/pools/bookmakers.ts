/**
 * Invented bookmakers. Each simulates a differently shaped source feed: its own margin, its
 * native odds format and its own names for our canonical markets
 * (`1x2`, `totals`, `handicap`, `moneyline`, `btts`, `player_props`).
 */

export interface BookmakerPool {
  slug: string;
  name: string;
  /** The overround the book aims for, e.g. 0.05 for 105 %. */
  marginTarget: number;
  oddsFormat: "decimal" | "american" | "fractional";
  /** Canonical market key → this bookmaker's own market name. */
  marketNames: Readonly<Record<string, string>>;
}

export const BOOKMAKERS: readonly BookmakerPool[] = [
  {
    slug: "northgate-bet",
    name: "Northgate Bet",
    marginTarget: 0.05,
    oddsFormat: "fractional",
    marketNames: {
      "1x2": "Match Result",
      totals: "Total Goals Over/Under",
      handicap: "Asian Handicap",
      moneyline: "To Win",
      btts: "Both Teams To Score",
      player_props: "Player Specials",
    },
  },
  {
    slug: "kestrel-sports",
    name: "Kestrel Sports",
    marginTarget: 0.045,
    oddsFormat: "decimal",
    marketNames: {
      "1x2": "Full Time Result",
      totals: "Over/Under",
      handicap: "Handicap",
      moneyline: "Match Winner",
      btts: "BTTS",
      player_props: "Player Markets",
    },
  },
  {
    slug: "betharbour",
    name: "BetHarbour",
    marginTarget: 0.06,
    oddsFormat: "decimal",
    marketNames: {
      "1x2": "1X2",
      totals: "Totals",
      handicap: "Asian Handicap",
      moneyline: "Head to Head",
      btts: "Goal/No Goal",
      player_props: "Player Props",
    },
  },
  {
    slug: "lumen-odds",
    name: "Lumen Odds",
    marginTarget: 0.035,
    oddsFormat: "american",
    marketNames: {
      "1x2": "3-Way Moneyline",
      totals: "Total",
      handicap: "Spread",
      moneyline: "Money Line",
      btts: "Both Teams to Score - Yes/No",
      player_props: "Player Props",
    },
  },
  {
    slug: "pinewood-wagers",
    name: "Pinewood Wagers",
    marginTarget: 0.07,
    oddsFormat: "fractional",
    marketNames: {
      "1x2": "Win-Draw-Win",
      totals: "Over/Under Goals",
      handicap: "Handicap Betting",
      moneyline: "To Win Match",
      btts: "Both Teams To Score",
      player_props: "Player Specials",
    },
  },
  {
    slug: "atlas-sportsbook",
    name: "Atlas Sportsbook",
    marginTarget: 0.048,
    oddsFormat: "american",
    marketNames: {
      "1x2": "Regulation Time Result",
      totals: "Game Total",
      handicap: "Point Spread",
      moneyline: "Moneyline",
      btts: "Both Teams to Score",
      player_props: "Player Props",
    },
  },
  {
    slug: "tidewater-bet",
    name: "Tidewater Bet",
    marginTarget: 0.04,
    oddsFormat: "decimal",
    marketNames: {
      "1x2": "Match Odds",
      totals: "Goal Line",
      handicap: "Line",
      moneyline: "Winner",
      btts: "Both Sides To Score",
      player_props: "Player Performance",
    },
  },
  {
    slug: "halberd-sports",
    name: "Halberd Sports",
    marginTarget: 0.075,
    oddsFormat: "fractional",
    marketNames: {
      "1x2": "Match Betting",
      totals: "Total Match Goals",
      handicap: "Handicap Match Result",
      moneyline: "Match Betting (Two Way)",
      btts: "Both Teams To Score",
      player_props: "Player Bets",
    },
  },
];
