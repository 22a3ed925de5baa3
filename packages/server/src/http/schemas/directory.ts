/** Response schemas of the directories: teams, players, competitions, countries. */
import { Type } from "@sinclair/typebox";
import {
  DataSourceObject,
  DateOnly,
  Document,
  Id,
  Nullable,
  PageQuery,
  Timestamp,
} from "./common.js";

export const Team = Type.Object({
  team_id: Id,
  sport: Type.String(),
  name: Type.String(),
  short_name: Type.String(),
  abbreviation: Type.String(),
  slug: Type.String(),
  kind: Type.String({ enum: ["team", "individual"] }),
  country: Nullable(Type.String()),
  city: Nullable(Type.String()),
  founded: Nullable(Type.Integer()),
  venue: Nullable(Document),
  player_id: Nullable(Id),
  updated_at: Timestamp,
  links: Type.Object({ self: Type.String(), players: Type.String(), statistics: Type.String() }),
});

export const TeamDetail = Type.Composite([
  Team,
  Type.Object({
    squad: Type.Array(
      Type.Object({
        player_id: Id,
        name: Type.String(),
        position: Nullable(Type.String()),
        shirt_number: Nullable(Type.Integer()),
        nationality: Nullable(Type.String()),
        date_of_birth: Nullable(Type.String()),
      }),
    ),
    competitions: Type.Array(
      Type.Object({
        competition_id: Id,
        competition: Type.String(),
        season: Type.String(),
        statistics: Type.String(),
      }),
    ),
  }),
]);

export const Player = Type.Object({
  player_id: Id,
  sport: Type.String(),
  name: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  slug: Type.String(),
  position: Nullable(Type.String()),
  nationality: Nullable(Type.String()),
  date_of_birth: Nullable(DateOnly),
  shirt_number: Nullable(Type.Integer()),
  height_cm: Nullable(Type.Integer()),
  team_id: Nullable(Id),
  team: Nullable(Type.String()),
  profile: Document,
  updated_at: Timestamp,
  links: Type.Object({ self: Type.String(), statistics: Type.String() }),
});

const CareerRecord = Type.Object(
  {
    wins: Type.Integer({ minimum: 0 }),
    losses: Type.Integer({ minimum: 0 }),
    draws: Type.Integer({ minimum: 0 }),
    no_contests: Type.Integer({
      minimum: 0,
      description: "Bouts ruled a no contest (`decided_by: no_contest`, overturned results too)",
    }),
    text: Type.String({
      description: 'Wins-losses-draws, no contests in brackets when there are any: "20-3-1 (1 NC)"',
      examples: ["20-3-1 (1 NC)"],
    }),
  },
  {
    description:
      "An individual competitor's (a fighter's, a tennis player's) record over every finished fixture in the store: all competitions and seasons. Null for a player of a team, and for golfers and jockeys.",
  },
);

export const PlayerDetail = Type.Composite([
  Player,
  Type.Object({
    record: Nullable(CareerRecord),
    season_stats: Type.Array(
      Type.Object({
        competition_id: Id,
        competition: Type.String(),
        season: Type.String(),
        stats: Document,
      }),
    ),
  }),
]);

export const Competition = Type.Object({
  competition_id: Id,
  sport: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  country: Type.Object({ code: Type.String(), name: Type.String() }),
  tier: Type.Integer(),
  type: Type.String(),
  gender: Type.String(),
  current_season: Nullable(
    Type.Object({
      season_id: Id,
      name: Nullable(Type.String()),
      start_date: Nullable(Type.String()),
      end_date: Nullable(Type.String()),
    }),
  ),
  rules: Document,
  source: DataSourceObject,
  attribution: Type.String({ description: "The credit the data's licence asks users to see" }),
  updated_at: Timestamp,
});

export const Country = Type.Object({
  code: Type.String({ description: "ISO 3166-1 alpha-2, or a region code such as GB-ENG or INT" }),
  name: Type.String(),
  competitions: Type.Integer(),
});

const Search = Type.String({
  minLength: 1,
  maxLength: 100,
  description: "Name search: case- and accent-insensitive",
});
const League = Type.String({ minLength: 1, description: "Competition slug or id" });

/** `sort`: checked against the sport's fields by the service (a 400 names the allowed ones). */
const Sort = (profile: string, example: string) =>
  Type.String({
    minLength: 1,
    maxLength: 200,
    description: `Comma-separated fields, a leading \`-\` for descending (e.g. \`${example}\`). Profile fields: ${profile}. Statistics: the sport's \`sort_fields\` in \`/v1/sports\` (their totals over each competition's current season, or \`league\`'s only). Default: name.`,
    examples: [example],
  });

export const TeamListQuery = Type.Object({
  league: Type.Optional(League),
  competition_id: Type.Optional(Type.String({ minLength: 1, description: "Alias of league" })),
  search: Type.Optional(Search),
  country: Type.Optional(Type.String({ minLength: 2, maxLength: 8 })),
  sort: Type.Optional(Sort("`name`, `founded`, `country`, `updated_at`", "-won,name")),
  ...PageQuery,
});

export const PlayerListQuery = Type.Object({
  league: Type.Optional(League),
  competition_id: Type.Optional(Type.String({ minLength: 1, description: "Alias of league" })),
  team: Type.Optional(Type.String({ minLength: 1, description: "Team slug or id" })),
  team_id: Type.Optional(Type.String({ minLength: 1, description: "Alias of team" })),
  search: Type.Optional(Search),
  position: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  nationality: Type.Optional(Type.String({ minLength: 2, maxLength: 8 })),
  sort: Type.Optional(
    Sort("`name`, `shirt_number`, `date_of_birth`, `height_cm`, `updated_at`", "-goals,name"),
  ),
  ...PageQuery,
});

export const CompetitionListQuery = Type.Object({
  country: Type.Optional(Type.String({ minLength: 2, maxLength: 8 })),
  type: Type.Optional(Type.String({ enum: ["league", "cup", "tournament", "tour", "meeting"] })),
  search: Type.Optional(Search),
  ...PageQuery,
});
