/**
 * Walking the generated OpenAPI document over real data: the operation shape, the ids of one
 * sport's sample records, and the URL of a documented path filled with them. Shared by the
 * schema-conformance test and the sandbox's shape-parity test.
 */
import { leaderStats } from "../../src/sports/stat-catalogue.js";
import type { Sport } from "../../src/sports/types.js";
import type { Store } from "../../src/store/database.js";

export interface Operation {
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

/** Tournaments and fields have no league table: their /standings is a 400 by design. */
export function expectedNon200(path: string, sport: Sport): boolean {
  return (
    path.endsWith("/standings") &&
    ["tennis", "golf", "horse-racing", "combat-sports"].includes(sport)
  );
}

export interface Ids {
  fixture: string;
  /** A fixture with odds (the finished one when the sport has none). */
  oddsFixture: string;
  /** Field sports (golf, horse racing) have no teams. */
  team: string | null;
  player: string;
  league: string;
  /** The two sides of `fixture` (head-to-head); null in field sports. */
  pair: [string, string] | null;
}

export async function idsFor(store: Store, sport: Sport): Promise<Ids> {
  const db = store.db;
  const fixture = await db
    .selectFrom("fixtures")
    .select(["id", "home_team_id", "away_team_id"])
    .where("sport", "=", sport)
    .where("status", "=", "finished")
    .orderBy("sequence", "desc")
    .executeTakeFirstOrThrow();
  const withOdds = await db
    .selectFrom("odds")
    .select("fixture_id")
    .where("sport", "=", sport)
    .orderBy("fixture_id")
    .executeTakeFirst();
  const team = await db
    .selectFrom("teams")
    .select("id")
    .where("sport", "=", sport)
    .orderBy("id")
    .executeTakeFirst();
  const player = await db
    .selectFrom("players")
    .select("id")
    .where("sport", "=", sport)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const league = await db
    .selectFrom("competitions")
    .select("slug")
    .where("sport", "=", sport)
    .orderBy("type")
    .orderBy("slug")
    .executeTakeFirstOrThrow();
  return {
    fixture: fixture.id,
    oddsFixture: withOdds?.fixture_id ?? fixture.id,
    team: team?.id ?? null,
    player: player.id,
    league: league.slug,
    pair:
      fixture.home_team_id === null || fixture.away_team_id === null
        ? null
        : [fixture.home_team_id, fixture.away_team_id],
  };
}

/**
 * The URL of `path` in `sport` with ids and required query parameters filled in; null when the
 * sport has no such thing (teams of a field sport). A path parameter it does not know is left
 * as `{name}` for the caller to judge.
 */
export function urlFor(path: string, operation: Operation, sport: Sport, ids: Ids): string | null {
  const needsTeam = path.includes("{team_id}") || path.startsWith("/v1/{sport}/teams/");
  if (needsTeam && ids.team === null) return null;
  if (path.endsWith("/head-to-head") && ids.pair === null) return null;
  let url = path
    .replace("{sport}", sport)
    .replace("{fixture_id}", ids.fixture)
    .replace("{team_id}", ids.team ?? "")
    .replace("{player_id}", ids.player);
  if (url.includes("{id}")) {
    if (path.startsWith("/v1/{sport}/fixtures")) url = url.replace("{id}", ids.fixture);
    else if (path.startsWith("/v1/{sport}/teams")) url = url.replace("{id}", ids.team ?? "");
    else if (path.startsWith("/v1/{sport}/players")) url = url.replace("{id}", ids.player);
  }
  const query = new URLSearchParams();
  for (const p of operation.parameters ?? []) {
    if (p.in !== "query") continue;
    if (p.name === "league" && path.endsWith("/standings")) query.set("league", ids.league);
    if (p.name === "match_id") query.set("match_id", ids.oddsFixture);
    // Search: a fragment many names share, so the answer has hits of every kind.
    if (p.name === "q" && path === "/v1/search") query.set("q", "an");
    if (p.name === "team_a" && ids.pair !== null) query.set("team_a", ids.pair[0]);
    if (p.name === "team_b" && ids.pair !== null) query.set("team_b", ids.pair[1]);
    if (p.name === "stat") query.set("stat", leaderStats(sport, "player")[0]?.stat ?? "");
  }
  const qs = query.toString();
  return qs === "" ? url : `${url}?${qs}`;
}
