/**
 * The README's path, end to end, as a new user takes it (issue 34): `scoreline serve --demo`
 * running with the simulator live on a fast calendar, then open datasets beside the project
 * imported into the same store while it serves — on SQLite, and on PostgreSQL with two serving
 * processes. Every import exits 0 on its first try; the simulator adds no season, fixture or
 * event to an imported competition while it plays on; the official tables are what they were
 * right after the imports (and what the leagues published); `/healthz` and a `/v1` read answer
 * throughout; the event log keeps within its retention.
 *
 * Two sizes (ADR-0048): the test tier (`real-data-beside-demo.test.ts`) imports four datasets and
 * plays on until the sample world has finished a number of matches after them; the soak tier
 * (`test/soak/real-data-beside-demo.soak.ts`) imports all seven and plays on for minutes.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { openStore, type Store } from "../../src/store/database.js";
import { runCli, ServeProcess } from "../helpers/cli.js";
import { DIALECTS, freshUrl, type TestDialect, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";

const DATA = fileURLToPath(new URL("../../../../../shared/data/", import.meta.url));
/** Every open dataset beside the project, as the README imports them. */
export const ALL_IMPORTS: ReadonlyArray<[format: string, path: string]> = [
  ["openfootball", "football/2023-24"],
  ["fivethirtyeight-nba", "basketball"],
  ["fivethirtyeight-nfl", "american-football/data/nfl_games.csv"],
  ["cricsheet", "cricket/data"],
  ["retrosheet", "baseball/2020seve"],
  ["ufc", "combat-sports/ufc-master.csv"],
  ["harness-vic", "horse-racing/sample"],
];
/** World seconds per real second: a simulated day in a minute. */
const SPEED = 1440;
/**
 * The slowest answer allowed: far above a healthy server's (milliseconds) even on a loaded
 * machine, far below what the defect it guards did (the event loop held for 15–21 s).
 */
const MAX_LATENCY_MS = 5000;
const RETENTION_MINUTES = 10;

/** The official tables: sport, league slug, season, and a row each league published. */
const TABLES = [
  {
    sport: "football",
    league: "english-premier-league",
    season: "2023-2024",
    format: "openfootball",
  },
  { sport: "basketball", league: "nba", season: "2022-2023", format: "fivethirtyeight-nba" },
  { sport: "american-football", league: "nfl", season: "2020", format: "fivethirtyeight-nfl" },
  { sport: "cricket", league: "indian-premier-league", season: "2019", format: "cricsheet" },
  { sport: "baseball", league: "major-league-baseball", season: "2020", format: "retrosheet" },
] as const;
const PUBLISHED: ReadonlyArray<{ league: string; team: RegExp; row: Record<string, number> }> = [
  { league: "english-premier-league", team: /^Manchester City/, row: { points: 91 } },
  { league: "english-premier-league", team: /^Arsenal/, row: { points: 89 } },
  { league: "nba", team: /Bucks$/, row: { won: 58, lost: 24 } },
  { league: "nfl", team: /Chiefs$/, row: { won: 14, lost: 2 } },
  { league: "indian-premier-league", team: /^Mumbai Indians/, row: { points: 18 } },
  { league: "major-league-baseball", team: /Dodgers$/, row: { won: 43, lost: 17 } },
];

export interface RealDataScenario {
  /** The datasets imported while the demo serves. */
  imports: ReadonlyArray<readonly [format: string, path: string]>;
  /** How the simulator plays on after the imports before the store is checked again. */
  playOn: { matchesFinished: number } | { ms: number };
}

interface Row {
  team: string;
  [field: string]: unknown;
}

/** Polls `/healthz` and a `/v1` read every 100 ms; the slowest answer of each. */
class LatencyProbe {
  worst = { healthz: 0, read: 0 };
  failures: string[] = [];
  private running = true;
  private loop: Promise<void> | undefined;

  start(base: string, key: string): void {
    this.loop = (async () => {
      while (this.running) {
        await this.time("healthz", `${base}/healthz`, {});
        await this.time("read", `${base}/v1/sports`, { authorization: `Bearer ${key}` });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  private async time(which: "healthz" | "read", url: string, headers: Record<string, string>) {
    const started = performance.now();
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.status !== 200) this.failures.push(`${url}: ${response.status}`);
    } catch (error) {
      this.failures.push(`${url}: ${String(error)}`);
    }
    this.worst[which] = Math.max(this.worst[which], performance.now() - started);
  }
}

/** Each imported competition's seasons and fixtures, counted, and fixtures of another source. */
async function importedShape(store: Store) {
  const perCompetition = (table: "seasons" | "fixtures") =>
    store.db
      // Both tables have `competition_id`; typed as one of them.
      .selectFrom(`${table} as r` as "fixtures as r")
      .innerJoin("competitions as c", "c.id", "r.competition_id")
      .select(["c.slug", "c.sport", (eb) => eb.fn.countAll<number>().as("n")])
      .where("c.source", "not in", ["sample", "feed"])
      .groupBy(["c.slug", "c.sport"])
      .orderBy("c.sport")
      .orderBy("c.slug")
      .execute();
  const seasons = await perCompetition("seasons");
  const fixtures = await perCompetition("fixtures");
  const foreign = await store.db
    .selectFrom("fixtures as f")
    .innerJoin("competitions as c", "c.id", "f.competition_id")
    .select(["f.id", "f.source", "c.slug"])
    .where("c.source", "not in", ["sample", "feed"])
    .whereRef("f.source", "!=", "c.source")
    .limit(5)
    .execute();
  const events = await store.db
    .selectFrom("match_events as e")
    .innerJoin("fixtures as f", "f.id", "e.fixture_id")
    .innerJoin("competitions as c", "c.id", "f.competition_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("c.source", "not in", ["sample", "feed"])
    .executeTakeFirstOrThrow();
  const count = (rows: ReadonlyArray<{ slug: string; sport: string; n: unknown }>) =>
    Object.fromEntries(rows.map((r) => [`${r.sport}/${r.slug}`, Number(r.n)]));
  return { seasons: count(seasons), fixtures: count(fixtures), foreign, events: Number(events.n) };
}

async function table(base: string, key: string, t: (typeof TABLES)[number]): Promise<Row[]> {
  const url = `${base}/v1/${t.sport}/standings?league=${t.league}&season=${t.season}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  const text = await response.text();
  assert.equal(response.status, 200, `${url}: ${text}`);
  return (JSON.parse(text) as { data: Row[] }).data;
}

async function tables(
  base: string,
  key: string,
  formats: ReadonlySet<string>,
): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = {};
  for (const t of TABLES) if (formats.has(t.format)) out[t.league] = await table(base, key, t);
  return out;
}

/** Sample-world matches finished since `since` (ISO seconds). */
async function sampleMatchesFinished(store: Store, since: string): Promise<number> {
  const played = await store.db
    .selectFrom("fixtures as f")
    .innerJoin("competitions as c", "c.id", "f.competition_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("c.source", "=", "sample")
    .where("f.status", "=", "finished")
    .where("f.updated_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(played.n);
}

/** The scenario on every dialect available here. */
export function describeRealDataBesideDemo(scenario: RealDataScenario): void {
  const formats = new Set(scenario.imports.map(([format]) => format));
  for (const dialect of DIALECTS) describeOn(dialect, scenario, formats);
}

function describeOn(
  dialect: TestDialect,
  scenario: RealDataScenario,
  formats: ReadonlySet<string>,
) {
  describe(`real data imported beside the live demo (${dialect}, ${formats.size} datasets)`, {
    skip: unavailable(dialect),
  }, () => {
    const processes: ServeProcess[] = [];
    let store: Store;
    let url: string;
    let cleanup: () => Promise<void>;
    let base = "";
    let key = "";
    const probe = new LatencyProbe();
    const env = () => ({
      DATABASE_URL: url,
      SCORELINE_API_PORT: "0",
      SCORELINE_SIM_SPEED: String(SPEED),
      SCORELINE_EVENT_LOG_RETENTION_MINUTES: String(RETENTION_MINUTES),
      SCORELINE_LOG_LEVEL: "info",
    });

    before(async () => {
      assert.ok(existsSync(DATA), `the open datasets are beside the project: ${DATA}`);
      ({ url, cleanup } = freshUrl(dialect));
      // One server with the demo (it seeds the store and prints a key)…
      const first = ServeProcess.start(env(), ["serve", "--demo", "--roles", "api,worker"]);
      processes.push(first);
      base = await first.apiUrl();
      // The banner, once every role listens, shows the key (ADR-0052).
      await waitFor(() => first.stdout.includes("Try it:"), {
        timeoutMs: 180_000,
        what: () => `the banner:\n${first.output.slice(-2000)}`,
      });
      key = /sl_live_[A-Za-z0-9_-]+/.exec(first.stdout)?.[0] ?? "";
      assert.ok(key, `the demo printed a key:\n${first.output.slice(-2000)}`);
      await first.waitForLog(/^simulator: elected/);
      // …and on PostgreSQL a second node on the same store, as a deployment has.
      if (dialect === "postgres") {
        const second = ServeProcess.start(env(), ["serve", "--demo", "--roles", "api,worker"]);
        processes.push(second);
        await second.apiUrl();
      }
      store = openStore(url, { poolSize: 2 });
      probe.start(base, key);
    });

    after(async () => {
      await probe.stop();
      await Promise.all(processes.map((p) => p.kill("SIGKILL")));
      await store?.close();
      await cleanup?.();
    });

    test("imports while serving, and the simulator never touches them", async (t) => {
      for (const [format, path] of scenario.imports) {
        const started = performance.now();
        const run = await runCli(["import", format, `${DATA}${path}`, "--json"], {
          env: { DATABASE_URL: url },
        });
        assert.equal(run.status, 0, `import ${format} on its first try: ${run.stderr}`);
        t.diagnostic(`import ${format}: ${Math.round(performance.now() - started)} ms`);
      }
      t.diagnostic(`slowest during the imports: /healthz ${Math.round(probe.worst.healthz)} ms`);
      const imported = await importedShape(store);
      assert.deepEqual(imported.foreign, [], "imported competitions hold only their own fixtures");
      const official = await tables(base, key, formats);
      for (const published of PUBLISHED) {
        if (official[published.league] === undefined) continue; // not imported in this size
        const row = official[published.league]?.find((r) => published.team.test(r.team));
        assert.ok(row, `${published.league}: ${published.team}`);
        for (const [field, value] of Object.entries(published.row)) {
          assert.equal(row[field], value, `${published.league} ${row.team} ${field}`);
        }
      }
      // The running server found them: its search index follows the store's changes.
      if (formats.has("fivethirtyeight-nba")) {
        const search = await fetch(`${base}/v1/search?q=Milwaukee%20Bucks`, {
          headers: { authorization: `Bearer ${key}` },
        });
        const found = (await search.json()) as { data: Array<{ name: string }> };
        assert.ok(
          found.data.some((hit) => hit.name === "Milwaukee Bucks"),
          JSON.stringify(found).slice(0, 500),
        );
      }
      if (formats.has("retrosheet")) {
        const mlb = official["major-league-baseball"] ?? [];
        // Games behind are counted within each division: every division has a leader at 0.
        const leaders = mlb.filter((r) => r.games_behind === 0).length;
        assert.ok(leaders >= 6, `six division leaders at 0 games behind, found ${leaders}`);
      }

      // The simulator plays on: for a while (soak), or until it has finished enough matches —
      // each finished on a tick, and every tick runs the calendar that once copied seasons into
      // imported competitions (issue 34).
      const started = Date.now();
      const since = new Date(started).toISOString().slice(0, 19);
      const playOn = scenario.playOn;
      for (;;) {
        for (const p of processes) assert.equal(p.child.exitCode, null, p.output.slice(-2000));
        const finished = await sampleMatchesFinished(store, since);
        if (
          "ms" in playOn ? Date.now() - started >= playOn.ms : finished >= playOn.matchesFinished
        ) {
          t.diagnostic(
            `played on ${Math.round((Date.now() - started) / 1000)} s: ${finished} matches finished`,
          );
          assert.ok(finished > 0, "the sample world played on meanwhile");
          break;
        }
        // A hang guard, not a timing bound: at this speed matches finish every few seconds.
        assert.ok(Date.now() - started < 300_000, `only ${finished} matches finished in 5 min`);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      assert.deepEqual(await importedShape(store), imported, "no season, fixture or event added");
      assert.deepEqual(
        await tables(base, key, formats),
        official,
        "the official tables are unchanged",
      );
      const oldest = await store.db
        .selectFrom("domain_events")
        .select((eb) => eb.fn.min("created_at").as("at"))
        .executeTakeFirstOrThrow();
      const bound = Date.now() - (RETENTION_MINUTES + 2) * 60_000;
      assert.ok(
        oldest.at === null || Date.parse(String(oldest.at)) >= bound,
        `event log within retention: oldest ${oldest.at}`,
      );
      for (const p of processes) {
        const locked = p.lines.filter((l) => /database is locked|busy/i.test(JSON.stringify(l)));
        assert.deepEqual(locked, [], "no write waited past its bound");
        const failed = p.lines.filter((l) => /simulator tick failed/.test(String(l.msg)));
        assert.deepEqual(failed, [], "no simulator tick failed");
      }
      await probe.stop();
      t.diagnostic(
        `slowest overall: /healthz ${Math.round(probe.worst.healthz)} ms, /v1 read ${Math.round(probe.worst.read)} ms`,
      );
      assert.deepEqual(probe.failures, [], "every probe answered 200");
      assert.ok(
        probe.worst.healthz < MAX_LATENCY_MS && probe.worst.read < MAX_LATENCY_MS,
        `slowest /healthz ${Math.round(probe.worst.healthz)} ms, /v1 read ${Math.round(probe.worst.read)} ms`,
      );
    });
  });
}
