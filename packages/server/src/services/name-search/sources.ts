/**
 * What search indexes, read from the store one sport at a time:
 * - competitions (the hit links to the competition's fixtures, `/fixtures?league=<slug>`: there
 *   is no single-competition endpoint), teams and players (their profiles). Tennis players and
 *   fighters are a player and an `individual` team at once; they are indexed once, as players.
 * - venues. A venue has no resource of its own: a team's home ground (`teams.venue`) links to the
 *   team; a venue named only on fixtures (golf courses, racecourses, arenas, tournament sites)
 *   links to the latest fixture held there. Its `id` is the slug of its name.
 */

import { slugify } from "../../lib/text.js";
import type { Sport } from "../../sports/types.js";
import type { Store } from "../../store/database.js";
import { parseJson } from "../../store/json-columns.js";
import { searchKey } from "./match.js";
import type { IndexedName } from "./name-index.js";

/** One sport's competitions, teams, players and the teams' home grounds. */
export async function readNames(store: Store, sport: Sport): Promise<IndexedName[]> {
  const [competitions, teams, players] = await Promise.all([
    store.db
      .selectFrom("competitions")
      .select(["id", "slug", "name", "country_code"])
      .where("sport", "=", sport)
      .execute(),
    store.db
      .selectFrom("teams")
      .select(["id", "name", "country_code", "venue", "player_id"])
      .where("sport", "=", sport)
      .execute(),
    store.db
      .selectFrom("players")
      .select(["id", "name", "nationality"])
      .where("sport", "=", sport)
      .execute(),
  ]);
  // By id, in this process: the same order on every dialect and collation (the first team of a
  // shared ground is the one its venue links to).
  teams.sort(byId);
  const names: IndexedName[] = [];
  for (const c of competitions) {
    const link = `/v1/${sport}/fixtures?league=${encodeURIComponent(c.slug)}`;
    names.push(hit("competition", c.id, sport, c.name, c.country_code, link));
  }
  const grounds = new Set<string>();
  for (const t of teams) {
    const link = `/v1/${sport}/teams/${t.id}`;
    if (t.player_id === null) names.push(hit("team", t.id, sport, t.name, t.country_code, link));
    const ground = homeGround(t.venue);
    const key = ground === undefined ? "" : searchKey(ground);
    if (ground === undefined || key === "" || grounds.has(key)) continue;
    grounds.add(key);
    names.push(hit("venue", venueId(ground), sport, ground, t.country_code, link));
  }
  for (const p of players) {
    const link = `/v1/${sport}/players/${p.id}`;
    names.push(hit("player", p.id, sport, p.name, p.nationality, link));
  }
  return names;
}

/** Venues named on a sport's fixtures that are no team's home ground, each with its latest fixture. */
export async function readFixtureVenues(store: Store, sport: Sport): Promise<IndexedName[]> {
  const [fixtures, teams, competitions] = await Promise.all([
    store.db
      .selectFrom("fixtures")
      .select(["id", "venue", "kickoff", "competition_id"])
      .where("sport", "=", sport)
      .where("venue", "is not", null)
      .execute(),
    store.db.selectFrom("teams").select("venue").where("sport", "=", sport).execute(),
    store.db
      .selectFrom("competitions")
      .select(["id", "country_code"])
      .where("sport", "=", sport)
      .execute(),
  ]);
  const grounds = new Set<string>();
  for (const t of teams) {
    const ground = homeGround(t.venue);
    if (ground !== undefined) grounds.add(searchKey(ground));
  }
  const latest = new Map<
    string,
    { id: string; venue: string; kickoff: string; competition: string }
  >();
  for (const f of fixtures) {
    const venue = f.venue?.trim() ?? "";
    const key = searchKey(venue);
    if (key === "" || grounds.has(key)) continue;
    const seen = latest.get(key);
    if (
      seen === undefined ||
      f.kickoff > seen.kickoff ||
      (f.kickoff === seen.kickoff && f.id > seen.id)
    ) {
      latest.set(key, { id: f.id, venue, kickoff: f.kickoff, competition: f.competition_id });
    }
  }
  const countries = new Map(competitions.map((c) => [c.id, c.country_code]));
  return [...latest.values()].map((v) =>
    hit(
      "venue",
      venueId(v.venue),
      sport,
      v.venue,
      countries.get(v.competition) ?? null,
      `/v1/${sport}/fixtures/${v.id}`,
    ),
  );
}

function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function hit(
  type: IndexedName["type"],
  id: string,
  sport: Sport,
  name: string,
  country: string | null,
  link: string,
): IndexedName {
  return { type, id, sport, name, country, link };
}

/** The name of a team's home ground, from its `venue` document (`{name, city, capacity}`). */
function homeGround(venue: string | null): string | undefined {
  const document = parseJson<{ name?: unknown }>(venue);
  const name = document?.name;
  return typeof name === "string" && name.trim() !== "" ? name.trim() : undefined;
}

function venueId(name: string): string {
  return slugify(name) || searchKey(name).replace(/ /g, "-");
}
