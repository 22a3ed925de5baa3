/**
 * Every cached route declares each table its answer is read from (`reads`), so a write to any
 * of them drops its kept answers. Checked by running every cached route on the demo data with
 * a plugin that records the tables each query names.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import { loadConfig } from "../../src/config/index.js";
import { createHttpApp, installReadPath } from "../../src/hosts/http-core.js";
import type { App } from "../../src/http/app-type.js";
import type { Read } from "../../src/http/read-cache.js";
import { createLogger } from "../../src/logger.js";
import { seedDemoData } from "../../src/sample/load-sample-world.js";
import { sortFields } from "../../src/services/list-sort.js";
import { leaderStats } from "../../src/sports/stat-catalogue.js";
import { SPORTS, type Sport } from "../../src/sports/types.js";
import type { Store } from "../../src/store/database.js";
import { createTestStore, type TestStore } from "../helpers/stores.js";

class TableRecorder implements KyselyPlugin {
  readonly tables = new Set<string>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind === "SelectQueryNode") this.walk(args.node);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /** Tables in FROM and JOIN positions, in the query and every subquery. */
  private walk(node: unknown): void {
    if (node === null || typeof node !== "object") return;
    const n = node as OperationNode & { froms?: unknown[]; table?: unknown };
    if (n.kind === "FromNode") for (const from of n.froms ?? []) this.add(from);
    if (n.kind === "JoinNode") this.add(n.table);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) this.walk(item);
      else this.walk(value);
    }
  }

  private add(node: unknown): void {
    const n = node as { kind?: string; node?: unknown; table?: { identifier?: { name?: string } } };
    if (n.kind === "AliasNode") this.add(n.node);
    else if (n.kind === "TableNode" && n.table?.identifier?.name !== undefined) {
      this.tables.add(n.table.identifier.name);
    }
  }
}

let test_: TestStore;
let app: App;
const recorder = new TableRecorder();
/** The cached GET routes, by URL pattern, with what they declare they read. */
const cachedRoutes = new Map<string, readonly Read[]>();

before(async () => {
  test_ = await createTestStore("sqlite");
  await seedDemoData(test_.store, { seed: 1, now: new Date(), world: "core" });
  const recording: Store = { ...test_.store, db: test_.store.db.withPlugin(recorder) };
  // The read path alone (no key needed): the same routes and caches the hosts install.
  const deps = {
    config: loadConfig({}),
    store: recording,
    logger: createLogger("silent"),
    clock: () => new Date(),
  };
  app = await createHttpApp(deps);
  app.addHook("onRoute", (route) => {
    if (route.config?.cache === true) cachedRoutes.set(route.url, route.config.reads ?? []);
  });
  await installReadPath(app, deps, { host: "live" });
});

after(async () => {
  await app?.close();
  await test_?.dispose();
});

/** The tables a route's declared reads cover. */
function covered(reads: readonly Read[]): Set<string> {
  const names = reads.map((read) => (typeof read === "string" ? read : read[0]));
  return new Set(names.map((name) => (name === "fixtures:finished" ? "fixtures" : name)));
}

test("every cached route declares every table it reads, in every sport", async () => {
  const urls = ["/v1/sports"];
  for (const sport of SPORTS) urls.push(...(await sportUrls(sport)));
  const exercised = new Set<string>();
  for (const url of urls) {
    recorder.tables.clear();
    const response = await app.inject(url);
    // Some sports have no table or no lineups; football has everything (checked below).
    if (response.statusCode !== 200 && !url.startsWith("/v1/football/")) continue;
    assert.equal(response.statusCode, 200, `${url}: ${response.body.slice(0, 200)}`);
    const path = url.split("?")[0] as string;
    const pattern = [...cachedRoutes.keys()].find((p) => matches(p, path));
    assert.ok(pattern !== undefined, `${url} is a read-cached route`);
    const declared = covered(cachedRoutes.get(pattern) ?? []);
    const missing = [...recorder.tables].filter((table) => !declared.has(table));
    assert.deepEqual(missing, [], `${url} reads tables it does not declare`);
    exercised.add(pattern);
  }
  assert.deepEqual([...exercised].sort(), [...cachedRoutes.keys()].sort());
});

/** Every cached route of one sport, with ids of the demo data that have something to show. */
async function sportUrls(sport: string): Promise<string[]> {
  const db = test_.store.db;
  const fixture = await db
    .selectFrom("fixtures as f")
    .innerJoin("match_events as e", "e.fixture_id", "f.id")
    .select(["f.id", "f.competition_id"])
    .where("f.sport", "=", sport)
    .executeTakeFirst();
  const lineup = await db
    .selectFrom("lineups")
    .select("fixture_id")
    .where("sport", "=", sport)
    .executeTakeFirst();
  const priced = await db
    .selectFrom("odds")
    .select("fixture_id")
    .where("sport", "=", sport)
    .executeTakeFirst();
  const team = await db
    .selectFrom("teams")
    .select("id")
    .where("sport", "=", sport)
    .executeTakeFirst();
  const player = await db
    .selectFrom("player_season_stats")
    .select("player_id")
    .where("sport", "=", sport)
    .executeTakeFirst();
  const meeting = await db
    .selectFrom("fixtures")
    .select(["home_team_id", "away_team_id"])
    .where("sport", "=", sport)
    .where("status", "=", "finished")
    .where("home_team_id", "is not", null)
    .executeTakeFirst();
  const league =
    fixture?.competition_id ??
    (await db.selectFrom("competitions").select("id").where("sport", "=", sport).executeTakeFirst())
      ?.id;
  const base = `/v1/${sport}`;
  return [
    `${base}/competitions`,
    `${base}/countries`,
    `${base}/fixtures`,
    `${base}/matches/live`,
    `${base}/live-scores`,
    `${base}/teams`,
    `${base}/players`,
    `${base}/results`,
    ...(league === undefined
      ? []
      : [
          `${base}/fixtures?league=${league}`,
          `${base}/teams?league=${league}`,
          `${base}/results?league=${league}`,
          `${base}/standings?league=${league}`,
          `${base}/statistics?league=${league}`,
          `${base}/statistics?league=${league}&type=player`,
          `${base}/statistics/leaders?league=${league}&stat=${leaderStats(sport as Sport, "player")[0]?.stat}`,
          `${base}/teams?league=${league}&sort=-${sortFields(sport as Sport, "team").at(-1)}`,
          `${base}/players?league=${league}&sort=-${sortFields(sport as Sport, "player").at(-1)}`,
        ]),
    ...(fixture === undefined
      ? []
      : [
          `${base}/fixtures/${fixture.id}`,
          `${base}/fixtures/${fixture.id}?include=lineups,events,odds,statistics`,
          `${base}/events/${fixture.id}`,
          `${base}/fixtures/${fixture.id}/events`,
        ]),
    ...(meeting === undefined
      ? []
      : [`${base}/head-to-head?team_a=${meeting.home_team_id}&team_b=${meeting.away_team_id}`]),
    ...(lineup === undefined
      ? []
      : [`${base}/lineups/${lineup.fixture_id}`, `${base}/fixtures/${lineup.fixture_id}/lineups`]),
    ...(priced === undefined ? [] : [`${base}/odds?match_id=${priced.fixture_id}`]),
    ...(team === undefined
      ? []
      : [
          `${base}/teams/${team.id}`,
          `${base}/teams/${team.id}?include=squad`,
          `${base}/players?team=${team.id}`,
          `${base}/statistics/team/${team.id}`,
        ]),
    ...(player === undefined
      ? []
      : [`${base}/players/${player.player_id}`, `${base}/statistics/player/${player.player_id}`]),
  ];
}

function matches(pattern: string, path: string): boolean {
  const a = pattern.split("/");
  const b = path.split("/");
  return a.length === b.length && a.every((part, i) => part.startsWith(":") || part === b[i]);
}
