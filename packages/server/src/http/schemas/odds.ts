/** Query and response schemas of GET /v1/{sport}/odds (docs/odds.md). */
import { Type } from "@sinclair/typebox";
import { ODDS_FORMATS, type OddsFormat } from "../../odds/formats.js";
import { MARKETS } from "../../odds/market.js";
import { Id, Nullable, Timestamp } from "./common.js";

export const OddsQuery = Type.Object({
  match_id: Type.Optional(Type.String({ minLength: 1, description: "Fixture id (required)" })),
  fixture_id: Type.Optional(Type.String({ minLength: 1, description: "Alias of match_id" })),
  market: Type.Optional(
    Type.String({
      minLength: 1,
      description: `One market, any case: ${MARKETS.join(", ")}`,
      examples: ["1x2", "totals", "player_props"],
    }),
  ),
  bookmaker: Type.Optional(
    Type.String({
      minLength: 1,
      description: "One bookmaker's slug or name, or `consensus` for the consensus entries only",
      examples: ["kestrel-sports", "consensus"],
    }),
  ),
  odds_format: Type.Optional(
    Type.Unsafe<OddsFormat>(
      Type.String({
        enum: [...ODDS_FORMATS],
        default: "decimal",
        description: "Price format of every price field",
      }),
    ),
  ),
});

const Price = Type.Union([Type.Number(), Type.String()], {
  description: 'Decimal (2.5) or American (150, -109.89) number, or fractional text ("3/2")',
});
const PriceMap = Type.Record(Type.String(), Price, {
  description: "Price per selection: home/draw/away, over/under, yes/no, or participant ids",
});

const namedPrice = (what: string) =>
  Type.Optional(Type.Union([Type.Number(), Type.String()], { description: what }));

export const OddsEntry = Type.Object({
  market: Type.String({ description: '"1X2" for the match result; other markets by key' }),
  bookmaker: Type.String({ description: 'Bookmaker slug, or "consensus"' }),
  bookmaker_name: Type.String(),
  line: Nullable(Type.Number({ description: "Handicap or total line; null without one" })),
  subject: Nullable(Type.String({ description: "The player of a player prop; otherwise null" })),
  home: namedPrice("Home win (1X2, moneyline) or home cover (handicap)"),
  draw: namedPrice("Draw (1X2)"),
  away: namedPrice("Away win (1X2, moneyline) or away cover (handicap)"),
  over: namedPrice("Over the line (totals, player props)"),
  under: namedPrice("Under the line (totals, player props)"),
  yes: namedPrice("Yes (btts, player props)"),
  no: namedPrice("No (btts, player props)"),
  selections: PriceMap,
  selection_names: Type.Optional(
    Type.Record(Type.String(), Type.String(), {
      description: "Outright markets: the participant's name per selection id",
    }),
  ),
  opening: PriceMap,
  opened_at: Timestamp,
  updated_at: Timestamp,
  is_live: Type.Boolean(),
  margin: Type.Number({ description: "Σ(1/decimal price) − 1, 4 decimals" }),
  implied_probability: Type.Record(Type.String(), Type.Number(), {
    description: "No-vig probability per selection: (1/price) / Σ(1/price), 4 decimals",
  }),
});

export const OddsMeta = {
  fixture_id: Id,
  match_id: Id,
  odds_format: Type.String({ enum: [...ODDS_FORMATS] }),
};
