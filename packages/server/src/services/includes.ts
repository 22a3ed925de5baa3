/**
 * `include` (ADR-0042): the single fixture embeds its lineups, events, odds and its teams'
 * statistics, the team profile its squad — each part made by the verb of the endpoint it saves a
 * call to, so it is exactly that endpoint's `data`.
 */
import { invalidParameter } from "../errors/service-error.js";
import type { ServiceContext, Sport } from "./context.js";
import { getLineups } from "./lineups.js";
import { listMatchEvents } from "./match-events.js";
import { listOdds } from "./odds/list-odds.js";
import { presentPlayer } from "./players.js";
import { teamStatistics } from "./statistics.js";

export const FIXTURE_INCLUDES = ["lineups", "events", "odds", "statistics"] as const;
export const TEAM_INCLUDES = ["squad"] as const;

export type FixtureInclude = (typeof FIXTURE_INCLUDES)[number];
export type TeamInclude = (typeof TEAM_INCLUDES)[number];

/**
 * The names of a comma-separated `include`, each once, in the order of `allowed`; an empty
 * entry or a name not allowed is a 400 naming the allowed ones.
 */
export function parseIncludes<Name extends string>(
  text: string | undefined,
  allowed: readonly Name[],
): Name[] {
  if (text === undefined) return [];
  const asked = new Set(text.split(","));
  for (const name of asked) {
    if (!(allowed as readonly string[]).includes(name)) {
      throw invalidParameter(
        "include",
        `include must be a comma-separated list of ${allowed.join(", ")}; ${JSON.stringify(name)} is not one`,
      );
    }
  }
  return allowed.filter((name) => asked.has(name));
}

/** Whether a raw `include` parameter (before validation) asks for odds. */
export function includesOdds(raw: unknown): boolean {
  const text = Array.isArray(raw) ? raw.join(",") : raw;
  return typeof text === "string" && text.split(",").includes("odds");
}

/** What a fixture's parts are read by: its id, its competition and season, its two teams. */
export interface FixtureKeys {
  fixture_id: string;
  competition_id: string;
  season: string;
  home_team_id: string | null;
  away_team_id: string | null;
}

export async function fixtureIncluded(
  ctx: ServiceContext,
  sport: Sport,
  fixture: FixtureKeys,
  names: readonly FixtureInclude[],
) {
  const id = fixture.fixture_id;
  const scope = { competition: fixture.competition_id, season: fixture.season };
  const sideStatistics = (teamId: string | null) =>
    teamId === null ? null : teamStatistics(ctx, sport, teamId, scope);
  const parts = await Promise.all(
    names.map(async (name) => {
      switch (name) {
        case "lineups":
          return [name, await getLineups(ctx, sport, id)] as const;
        case "events":
          return [name, (await listMatchEvents(ctx, sport, id)).events] as const;
        case "odds":
          return [name, (await listOdds(ctx, sport, { matchId: id, format: "decimal" })).entries];
        case "statistics": {
          const [home, away] = await Promise.all([
            sideStatistics(fixture.home_team_id),
            sideStatistics(fixture.away_team_id),
          ]);
          return [name, { home, away }] as const;
        }
      }
    }),
  );
  return Object.fromEntries(parts);
}

/** The team's squad as `/players?team_id=` lists it (same presenter, same order), unpaged. */
export async function teamIncluded(
  ctx: ServiceContext,
  sport: Sport,
  teamId: string,
  names: readonly TeamInclude[],
) {
  if (!names.includes("squad")) return {};
  const rows = await ctx.store.db
    .selectFrom("players as p")
    .leftJoin("teams as t", "t.id", "p.team_id")
    .where("p.sport", "=", sport)
    .where("p.team_id", "=", teamId)
    .selectAll("p")
    .select("t.name as team_name")
    .orderBy("p.last_name")
    .orderBy("p.first_name")
    .orderBy("p.id")
    .execute();
  return { squad: rows.map(presentPlayer) };
}
