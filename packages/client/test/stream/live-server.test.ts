/**
 * The stream client against a real `scoreline serve` (SQLite): it rides out a restart
 * on its own and resumes with exactly the log's events — checked against `domain_events` — and
 * it meets the real server's refusals and the keyless sandbox stream.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import Database from "better-sqlite3";
import { WebSocket as WsWebSocket } from "ws";
import {
  goalMsg,
  leagueMessages,
  oddsMsg,
  statusMsg,
} from "../../../server/test/helpers/feed-messages.js";
import { waitFor } from "../../../server/test/helpers/wait.js";
import { connectStream, type StreamEvent } from "../../src/stream/index.js";
import { ADMIN_TOKEN, ScorelineServer } from "../helpers/scoreline-server.js";
import { record, seen } from "./recorder.js";

let server: ScorelineServer;
before(async () => {
  // The main host carries only the fixtures the tests feed: no demo world, and no simulator to
  // take over a scheduled fixture. The sandbox loads and plays its own world either way.
  server = await ScorelineServer.start({ demo: false, env: { SCORELINE_SIMULATOR: "off" } });
});
after(() => server.dispose());

/** Applies feed messages through the running API; returns how many domain events they made. */
async function feed(messages: unknown[]): Promise<number> {
  const response = await fetch(`${server.apiUrl}/admin/v1/feed`, {
    method: "POST",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/x-ndjson" },
    body: messages.map((m) => JSON.stringify(m)).join("\n"),
  });
  const body = (await response.json()) as { data: { applied: number; events: number } };
  assert.equal(response.status, 200, JSON.stringify(body));
  assert.equal(body.data.applied, messages.length, JSON.stringify(body));
  return body.data.events;
}

/** Applies feed messages with `scoreline feed` (straight into the store; works while it is down). */
async function feedWithCli(messages: unknown[]): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "scoreline-feed-"));
  try {
    const file = join(dir, "feed.ndjson");
    writeFileSync(file, messages.map((m) => JSON.stringify(m)).join("\n"));
    const report = JSON.parse(await server.cli(["feed", file, "--json"])) as {
      applied: number;
      events: number;
    };
    assert.equal(report.applied, messages.length);
    return report.events;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The log positions of a fixture's events between two offsets, read from the SQLite file. */
function logPositions(fixtureId: string, from: number, to: number): number[] {
  const db = new Database(server.databaseUrl.replace(/^sqlite:/, ""), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    const rows = db
      .prepare(
        "SELECT position FROM domain_events WHERE fixture_id = ? AND position BETWEEN ? AND ? ORDER BY position",
      )
      .all(fixtureId, from, to) as Array<{ position: number }>;
    return rows.map((row) => row.position);
  } finally {
    db.close();
  }
}

test("a restart is ridden out: the events fed while down arrive once, in log order", async () => {
  const fixture = `fx-client-resume-${process.pid}`;
  await feed(leagueMessages("football", fixture));
  const key = await server.createKey({ plan: "growth" });
  const stream = connectStream({
    url: `${server.streamUrl}/v1`,
    apiKey: key,
    reconnect: { initialDelayMs: 50, maxDelayMs: 500 },
  });
  const log = record(stream);
  try {
    await stream.subscribe(`fixture.${fixture}`);
    let expected = await feed([
      statusMsg("football", fixture, "live"),
      goalMsg("football", fixture),
    ]);
    await seen(log, "event", expected);

    await server.stop();
    const [dropped] = await seen(log, "reconnecting");
    assert.equal(dropped?.code, 1001, "the server's graceful shutdown");
    expected += await feedWithCli([
      goalMsg("football", fixture, "away"),
      oddsMsg("football", fixture, { "1": 2.1, X: 3.3, "2": 3.6 }),
      goalMsg("football", fixture),
      goalMsg("football", fixture, "away"),
    ]);
    await server.restart();
    await waitFor(() => log.event.length >= expected, {
      timeoutMs: 60_000,
      what: () => `${expected} events (got ${log.event.length}); ${JSON.stringify(log.error)}`,
    });
    expected += await feed([goalMsg("football", fixture)]);
    await seen(log, "event", expected);

    const offsets = log.event.map((e: StreamEvent) => e.offset);
    assert.equal(offsets.length, expected, "no duplicate");
    assert.deepEqual(log.gap, []);
    assert.ok(log.open.some((o) => o.reconnected));
    assert.ok(log.event.every((e) => e.channel === `fixture.${fixture}`));
    assert.ok(log.event.every((e) => e.data.fixture_id === fixture));
    assert.deepEqual(
      offsets,
      logPositions(fixture, offsets[0] ?? 0, offsets.at(-1) ?? 0),
      "exactly the log's rows of the fixture, in order",
    );
  } finally {
    await stream.close();
  }
});

test("the real server's refusals: a channel outside the plan, then a bad key", async () => {
  const key = await server.createKey({ plan: "free" });
  const stream = connectStream({ url: `${server.streamUrl}/v1`, apiKey: key });
  try {
    await assert.rejects(stream.subscribe(["football.live", "football.odds", "tennis.live"]), {
      code: "plan_forbidden",
      channel: "football.odds",
    });
    await stream.subscribe("football.live");
    assert.ok(stream.channels.has("football.live"));
    assert.ok(!stream.channels.has("football.odds"));
  } finally {
    await stream.close();
  }

  // The `ws` package shows the refused upgrade; a global WebSocket (Node ≥ 22) sees only a 1006
  // and retries (browser-socket.test.ts).
  const refused = connectStream({
    url: `${server.streamUrl}/v1`,
    apiKey: "sl_live_not_a_key",
    WebSocket: WsWebSocket,
  });
  const log = record(refused);
  const [closed] = await seen(log, "close");
  assert.equal(closed?.error?.code, "invalid_api_key");
  assert.equal(closed?.error?.status, 401);
  assert.equal(log.reconnecting.length, 0);
});

test("the sandbox stream, keyless, carries simulated events", async () => {
  const stream = connectStream({ url: `${server.sandboxUrl}/v1/stream` });
  const log = record(stream);
  try {
    await stream.subscribe("football.odds");
    const live = (await (await fetch(`${server.sandboxUrl}/v1/football/matches/live`)).json()) as {
      data: Array<{ fixture_id: string }>;
    };
    const fixture = live.data[0]?.fixture_id;
    assert.ok(fixture, "the sandbox has a live football match");
    // Each odds call moves that fixture's prices one step: an odds event on the stream.
    const odds = await fetch(`${server.sandboxUrl}/v1/football/odds?match_id=${fixture}`);
    assert.equal(odds.status, 200);
    await waitFor(() => log.event.some((e) => e.data.fixture_id === fixture), {
      what: "an odds event of the fixture",
    });
    const event = log.event.find((e) => e.data.fixture_id === fixture);
    assert.equal(event?.channel, "football.odds");
    assert.match(event?.data.event ?? "", /^odds\.(changed|moved)$/);
    assert.equal(typeof event?.offset, "number");
    assert.match(event?.epoch ?? "", /^ep_/);
  } finally {
    await stream.close();
  }
});
