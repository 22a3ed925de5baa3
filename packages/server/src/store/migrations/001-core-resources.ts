/**
 * The core resources of the interface for all ten sports. Written once with the schema builder
 * so SQLite and PostgreSQL get the same tables. Migrations are additive from here on.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("countries")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("competitions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sport", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("country_code", "text", (c) => c.notNull().references("countries.code"))
    .addColumn("tier", "integer", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("gender", "text", (c) => c.notNull())
    .addColumn("current_season_id", "text")
    .addColumn("rules", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("search_name", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("competitions_sport_slug", ["sport", "slug"])
    .execute();
  await db.schema
    .createIndex("competitions_country")
    .on("competitions")
    .columns(["sport", "country_code"])
    .execute();

  await db.schema
    .createTable("seasons")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sport", "text", (c) => c.notNull())
    .addColumn("competition_id", "text", (c) => c.notNull().references("competitions.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("start_date", "text", (c) => c.notNull())
    .addColumn("end_date", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("seasons_competition_name", ["competition_id", "name"])
    .execute();

  await db.schema
    .createTable("teams")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sport", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("short_name", "text", (c) => c.notNull())
    .addColumn("abbreviation", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("country_code", "text")
    .addColumn("city", "text")
    .addColumn("founded", "integer")
    .addColumn("venue", "text")
    .addColumn("player_id", "text")
    .addColumn("search_name", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("teams_sport_slug", ["sport", "slug"])
    .execute();
  await db.schema.createIndex("teams_sport_name").on("teams").columns(["sport", "name"]).execute();

  await db.schema
    .createTable("team_competitions")
    .addColumn("team_id", "text", (c) => c.notNull().references("teams.id"))
    .addColumn("competition_id", "text", (c) => c.notNull().references("competitions.id"))
    .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id"))
    .addPrimaryKeyConstraint("team_competitions_pk", ["competition_id", "season_id", "team_id"])
    .execute();
  await db.schema
    .createIndex("team_competitions_team")
    .on("team_competitions")
    .columns(["team_id", "season_id"])
    .execute();

  await db.schema
    .createTable("players")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sport", "text", (c) => c.notNull())
    .addColumn("team_id", "text", (c) => c.references("teams.id"))
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("position", "text")
    .addColumn("nationality", "text")
    .addColumn("date_of_birth", "text")
    .addColumn("shirt_number", "integer")
    .addColumn("height_cm", "integer")
    .addColumn("detail", "text", (c) => c.notNull())
    .addColumn("search_name", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("players_sport_slug", ["sport", "slug"])
    .execute();
  await db.schema.createIndex("players_team").on("players").columns(["team_id"]).execute();
  await db.schema
    .createIndex("players_sport_name")
    .on("players")
    .columns(["sport", "last_name", "first_name"])
    .execute();

  await db.schema
    .createTable("fixtures")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sport", "text", (c) => c.notNull())
    .addColumn("competition_id", "text", (c) => c.notNull().references("competitions.id"))
    .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id"))
    .addColumn("round", "text")
    .addColumn("kickoff", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("period", "text")
    .addColumn("minute", "integer")
    .addColumn("home_team_id", "text", (c) => c.references("teams.id"))
    .addColumn("away_team_id", "text", (c) => c.references("teams.id"))
    .addColumn("venue", "text")
    .addColumn("officials", "text", (c) => c.notNull())
    .addColumn("broadcast", "text", (c) => c.notNull())
    .addColumn("score", "text")
    .addColumn("home_score", "integer")
    .addColumn("away_score", "integer")
    .addColumn("result", "text")
    .addColumn("participants", "text")
    .addColumn("last_event", "text")
    .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  const fixtureIndexes: Array<[string, string[]]> = [
    ["fixtures_sport_kickoff", ["sport", "kickoff"]],
    ["fixtures_sport_status_kickoff", ["sport", "status", "kickoff"]],
    ["fixtures_competition_season", ["competition_id", "season_id", "kickoff"]],
    ["fixtures_home_team", ["home_team_id", "kickoff"]],
    ["fixtures_away_team", ["away_team_id", "kickoff"]],
    ["fixtures_sport_updated", ["sport", "updated_at"]],
  ];
  for (const [name, columns] of fixtureIndexes) {
    await db.schema.createIndex(name).on("fixtures").columns(columns).execute();
  }

  await db.schema
    .createTable("match_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sport", "text", (c) => c.notNull())
    .addColumn("fixture_id", "text", (c) => c.notNull().references("fixtures.id"))
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("period", "text")
    .addColumn("minute", "integer")
    .addColumn("team_id", "text")
    .addColumn("player_id", "text")
    .addColumn("related_player_id", "text")
    .addColumn("detail", "text", (c) => c.notNull())
    .addColumn("score", "text")
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("match_events_fixture_sequence", ["fixture_id", "sequence"])
    .execute();
  await db.schema
    .createIndex("match_events_player")
    .on("match_events")
    .columns(["player_id"])
    .execute();

  await db.schema
    .createTable("lineups")
    .addColumn("fixture_id", "text", (c) => c.notNull().references("fixtures.id"))
    .addColumn("team_id", "text", (c) => c.notNull().references("teams.id"))
    .addColumn("sport", "text", (c) => c.notNull())
    .addColumn("formation", "text")
    .addColumn("coach", "text")
    .addColumn("starters", "text", (c) => c.notNull())
    .addColumn("substitutes", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("lineups_pk", ["fixture_id", "team_id"])
    .execute();

  await db.schema
    .createTable("team_season_stats")
    .addColumn("sport", "text", (c) => c.notNull())
    .addColumn("team_id", "text", (c) => c.notNull().references("teams.id"))
    .addColumn("competition_id", "text", (c) => c.notNull().references("competitions.id"))
    .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id"))
    .addColumn("stats", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("team_season_stats_pk", ["team_id", "season_id", "competition_id"])
    .execute();

  await db.schema
    .createTable("player_season_stats")
    .addColumn("sport", "text", (c) => c.notNull())
    .addColumn("player_id", "text", (c) => c.notNull().references("players.id"))
    .addColumn("team_id", "text")
    .addColumn("competition_id", "text", (c) => c.notNull().references("competitions.id"))
    .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id"))
    .addColumn("stats", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("player_season_stats_pk", ["player_id", "season_id", "competition_id"])
    .execute();
  await db.schema
    .createIndex("player_season_stats_scope")
    .on("player_season_stats")
    .columns(["competition_id", "season_id"])
    .execute();

  await db.schema
    .createTable("standings_adjustments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sport", "text", (c) => c.notNull())
    .addColumn("competition_id", "text", (c) => c.notNull().references("competitions.id"))
    .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id"))
    .addColumn("team_id", "text", (c) => c.notNull().references("teams.id"))
    .addColumn("points", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("standings_adjustments_scope")
    .on("standings_adjustments")
    .columns(["competition_id", "season_id"])
    .execute();

  await db.schema
    .createTable("bookmakers")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("native_format", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("odds")
    .addColumn("sport", "text", (c) => c.notNull())
    .addColumn("fixture_id", "text", (c) => c.notNull().references("fixtures.id"))
    .addColumn("bookmaker", "text", (c) => c.notNull().references("bookmakers.slug"))
    .addColumn("market", "text", (c) => c.notNull())
    .addColumn("market_key", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("line", "double precision")
    .addColumn("selection", "text", (c) => c.notNull())
    .addColumn("price", "double precision", (c) => c.notNull())
    .addColumn("opening_price", "double precision", (c) => c.notNull())
    .addColumn("opened_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("is_live", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("odds_pk", ["fixture_id", "bookmaker", "market_key", "selection"])
    .execute();
  await db.schema
    .createIndex("odds_sport_updated")
    .on("odds")
    .columns(["sport", "updated_at"])
    .execute();

  await db.schema
    .createTable("store_meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  const tables = [
    "store_meta",
    "odds",
    "bookmakers",
    "standings_adjustments",
    "player_season_stats",
    "team_season_stats",
    "lineups",
    "match_events",
    "fixtures",
    "players",
    "team_competitions",
    "teams",
    "seasons",
    "competitions",
    "countries",
  ];
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
