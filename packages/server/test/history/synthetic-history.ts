/**
 * A synthetic football history for the history tests: two competitions, three seasons, six
 * teams (one named with a comma and a quote), finished/awarded/walkover matches in groups of
 * three sharing a kickoff (so the id breaks ties), plus unfinished fixtures that history must
 * leave out. Large selections are written in chunks, never held whole in memory.
 */
import { newId } from "../../src/lib/ids.js";
import type { Store } from "../../src/store/database.js";
import { emptyDataset, type RecordOf } from "../../src/store/dataset.js";
import { insertRows, writeDataset } from "../../src/store/write-dataset.js";

const STAMP = "2026-11-21T10:00:00Z";
const SEASONS = ["2023-2024", "2024-2025", "2025-2026"] as const;
export const AWKWARD_TEAM = 'Athletic "Reds", Leeds';

export interface HistoryWorld {
  competitions: Array<{ id: string; slug: string }>;
  /** seasonIds[competition][season] */
  seasonIds: string[][];
  teamIds: string[];
  /** Every finished match written, in no particular order. */
  finished: ExpectedMatch[];
}

export interface ExpectedMatch {
  id: string;
  kickoff: string;
  competitionId: string;
  season: string;
  homeTeamId: string;
  awayTeamId: string;
}

/** Writes the world and `count` finished matches (plus a few unfinished fixtures). */
export async function writeHistory(
  store: Store,
  count: number,
  options: { chunk?: number; keepExpected?: boolean } = {},
): Promise<HistoryWorld> {
  const world = writeWorldDataset();
  await writeDataset(store, world.dataset);
  const chunk = options.chunk ?? 5_000;
  const finished: ExpectedMatch[] = [];
  const seasonNames = new Map<string, string>();
  for (const ids of world.world.seasonIds) {
    ids.forEach((id, si) => {
      seasonNames.set(id, SEASONS[si] ?? "");
    });
  }
  await store.db.transaction().execute(async (trx) => {
    let rows: Array<RecordOf<"fixtures">> = [];
    for (const row of fixtureRecords(world.world, count)) {
      rows.push(row);
      if (options.keepExpected !== false && isFinished(row.status))
        finished.push(expected(row, seasonNames));
      if (rows.length === chunk) {
        await insertRows(trx, "fixtures", rows, 30_000);
        rows = [];
      }
    }
    await insertRows(trx, "fixtures", rows, 30_000);
  });
  return { ...world.world, finished };
}

/** Kickoff ascending, then id: the order history promises. */
export function inHistoryOrder(matches: ExpectedMatch[]): ExpectedMatch[] {
  return [...matches].sort((a, b) =>
    a.kickoff !== b.kickoff ? (a.kickoff < b.kickoff ? -1 : 1) : a.id < b.id ? -1 : 1,
  );
}

function isFinished(status: string): boolean {
  return status === "finished" || status === "awarded" || status === "walkover";
}

function expected(row: RecordOf<"fixtures">, seasonNames: Map<string, string>): ExpectedMatch {
  return {
    id: row.id,
    kickoff: row.kickoff,
    competitionId: row.competition_id,
    season: seasonNames.get(row.season_id) ?? "",
    homeTeamId: row.home_team_id ?? "",
    awayTeamId: row.away_team_id ?? "",
  };
}

function writeWorldDataset() {
  const d = emptyDataset();
  const country = `H-${newId("co").slice(-6).toUpperCase()}`;
  d.countries.push({ code: country, name: "Historyland", updated_at: STAMP });
  const competitions = ["Premier Test", "Cup Test"].map((name) => {
    const id = newId("co");
    return { id, slug: `${name.toLowerCase().replace(" ", "-")}-${id.slice(-6)}`, name };
  });
  const seasonIds = competitions.map(() => SEASONS.map(() => newId("se")));
  competitions.forEach((c, ci) => {
    d.competitions.push({
      id: c.id,
      sport: "football",
      slug: c.slug,
      name: c.name,
      country_code: country,
      tier: 1,
      type: "league",
      gender: "men",
      current_season_id: seasonIds[ci]?.[2] ?? null,
      rules: {},
      source: "test",
      search_name: c.name.toLowerCase(),
      updated_at: STAMP,
    });
    SEASONS.forEach((name, si) => {
      const start = Number(name.slice(0, 4));
      d.seasons.push({
        id: seasonIds[ci]?.[si] ?? "",
        sport: "football",
        competition_id: c.id,
        name,
        start_date: `${start}-08-01`,
        end_date: `${start + 1}-05-31`,
        updated_at: STAMP,
      });
    });
  });
  const names = [AWKWARD_TEAM, "Borough United", "City Rovers", "Dale Town", "East End", "Fen FC"];
  const teamIds = names.map(() => newId("tm"));
  names.forEach((name, i) => {
    const id = teamIds[i] ?? "";
    d.teams.push({
      id,
      sport: "football",
      slug: `team-${id}`,
      name,
      short_name: name.slice(0, 10),
      abbreviation: name.slice(0, 3).toUpperCase(),
      kind: "team",
      country_code: country,
      city: null,
      founded: null,
      venue: null,
      player_id: null,
      search_name: name.toLowerCase(),
      updated_at: STAMP,
    });
  });
  return {
    dataset: d,
    world: { competitions: competitions.map(({ id, slug }) => ({ id, slug })), seasonIds, teamIds },
  };
}

/** `count` finished matches spread evenly over the seasons, then 30 unfinished fixtures. */
function* fixtureRecords(
  world: Omit<HistoryWorld, "finished">,
  count: number,
): Generator<RecordOf<"fixtures">> {
  const perSeason = Math.ceil(count / SEASONS.length);
  // Each season's matches spread over its first 300 days, in groups of three per kickoff.
  const step = Math.floor((300 * 86_400_000) / Math.ceil(perSeason / 3) / 1_000) * 1_000;
  for (let i = 0; i < count + 30; i++) {
    const unfinished = i >= count;
    const si = unfinished ? 2 : Math.floor(i / perSeason);
    const ci = i % 2;
    const slot = Math.floor((i % perSeason) / 3);
    const start = Date.UTC(2023 + si, 7, 1, 12);
    const kickoff = `${new Date(start + slot * step).toISOString().slice(0, 19)}Z`;
    const home = world.teamIds[i % 6] ?? null;
    const away = world.teamIds[(i + 1 + (i % 5)) % 6] ?? null;
    const status = unfinished
      ? (["scheduled", "live", "postponed"][i % 3] ?? "scheduled")
      : i % 50 === 7
        ? "awarded"
        : i % 50 === 13
          ? "walkover"
          : "finished";
    const h = i % 4;
    const a = (i * 7) % 3;
    yield {
      id: newId("fx"),
      sport: "football",
      competition_id: world.competitions[ci]?.id ?? "",
      season_id: world.seasonIds[ci]?.[si] ?? "",
      round: `Round ${slot + 1}`,
      kickoff,
      status,
      period: null,
      minute: null,
      home_team_id: home,
      away_team_id: away,
      venue: i % 10 === 0 ? null : "Stadium, North Stand",
      officials: [],
      broadcast: [],
      score: unfinished && status !== "live" ? null : { home: h, away: a },
      home_score: h,
      away_score: a,
      result: unfinished
        ? null
        : {
            outcome: h > a ? "home" : h < a ? "away" : "draw",
            winner_team_id: h > a ? home : h < a ? away : null,
            decided_by: status === "finished" ? "regulation" : status,
            text: `${h}-${a}`,
          },
      participants: null,
      last_event: null,
      sequence: 0,
      source: "test",
      created_at: STAMP,
      updated_at: i % 4 === 0 ? "2026-11-01T00:00:00Z" : STAMP,
    };
  }
}
