/**
 * `scoreline feed <file|->` as a user runs it: real processes over a temporary SQLite database.
 * A small league and a match kicked off with a goal are applied from an NDJSON file; the same
 * messages again from stdin are all duplicates; a rejected message, an unreadable file and a bad
 * option each exit with their status and say why. The store is then read directly.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { openStore } from "../../src/store/database.js";
import { parseJson } from "../../src/store/json-columns.js";
import { type CliRun, runCli } from "../helpers/cli.js";
import { eventMsg, leagueMessages, msg, oddsMsg, statusMsg } from "../helpers/feed-messages.js";

const SPORT = "football";

/** Runs `scoreline feed …` on `url`, writing `stdin` to its standard input when given. */
function feed(url: string, args: string[], stdin?: string): Promise<CliRun> {
  return runCli(["feed", ...args], {
    env: { DATABASE_URL: url },
    ...(stdin === undefined ? {} : { stdin }),
  });
}

const ndjson = (messages: readonly unknown[]) =>
  `${messages.map((m) => JSON.stringify(m)).join("\n")}\n`;

/** The store the CLI wrote, read directly. */
async function inStore(url: string, fixtureId: string) {
  const store = openStore(url);
  try {
    const fixture = await store.db
      .selectFrom("fixtures")
      .select(["status", "period", "score", "sequence"])
      .where("id", "=", fixtureId)
      .executeTakeFirst();
    const events = await store.db
      .selectFrom("match_events")
      .select(["type", "state"])
      .where("fixture_id", "=", fixtureId)
      .orderBy("sequence")
      .execute();
    const log = await store.db
      .selectFrom("domain_events")
      .select("type")
      .where("fixture_id", "=", fixtureId)
      .orderBy("position")
      .execute();
    const messages = await store.db.selectFrom("feed_messages").select("id").execute();
    const total = await store.db.selectFrom("domain_events").select("id").execute();
    return {
      status: fixture?.status,
      period: fixture?.period,
      score: parseJson<Record<string, unknown>>(fixture?.score ?? null),
      sequence: Number(fixture?.sequence),
      events,
      log: log.map((e) => e.type),
      messages: messages.length,
      domainEvents: total.length,
    };
  } finally {
    await store.close();
  }
}

describe("scoreline feed", { concurrency: true }, () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "scoreline-feed-cli-"));
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  test("applies an NDJSON file, then the same messages from stdin are all duplicates", async () => {
    const url = `sqlite:${join(dir, "match.db")}`;
    const fixture = "fx-cli-1";
    const messages = [
      ...leagueMessages(SPORT, fixture),
      statusMsg(SPORT, fixture, "live"),
      eventMsg(SPORT, fixture, {
        event_id: "goal-1",
        type: "goal",
        team: "home",
        minute: 12,
        player_id: `${SPORT}-n9`,
      }),
    ];
    const file = join(dir, "match.ndjson");
    writeFileSync(file, ndjson(messages));

    const first = await feed(url, [file]);
    assert.equal(first.status, 0, first.stderr);
    assert.equal(first.stderr, "");
    const applied = await inStore(url, fixture);
    assert.equal(
      first.stdout,
      `8 messages: 8 applied, 0 duplicates, 0 rejected; ${applied.domainEvents} domain events.\n`,
    );
    assert.equal(applied.status, "live");
    assert.equal(applied.period, "1st_half");
    assert.deepEqual(applied.score, { home: 1, away: 0 });
    assert.deepEqual(applied.events, [{ type: "goal", state: "active" }]);
    for (const type of ["match.started", "match.live.event", "match.goal"]) {
      assert.ok(applied.log.includes(type), `${type} in the durable log: ${applied.log}`);
    }
    assert.equal(applied.messages, 8);

    // The same body again, from standard input, with the machine-readable report.
    const again = await feed(url, ["-", "--json"], ndjson(messages));
    assert.equal(again.status, 0, again.stderr);
    const report = JSON.parse(again.stdout);
    assert.deepEqual(
      { ...report, results: undefined },
      { received: 8, applied: 0, duplicates: 8, rejected: 0, events: 0, results: undefined },
    );
    assert.deepEqual(
      report.results,
      messages.map((m, index) => ({ index, id: m.id, status: "duplicate" })),
    );
    assert.deepEqual(await inStore(url, fixture), applied, "nothing was applied twice");
  });

  test("a rejected message: exit 1, its index and field on stderr, the others applied", async () => {
    const url = `sqlite:${join(dir, "rejected.db")}`;
    const fixture = "fx-cli-2";
    const setup = [...leagueMessages(SPORT, fixture), statusMsg(SPORT, fixture, "live")];
    const messages = [
      ...setup,
      eventMsg(SPORT, fixture, { type: "touchdown", team: "home", minute: 3 }),
      oddsMsg(SPORT, fixture, { "1": 1.8, X: 3.5, "2": 4.2 }),
      msg("status", SPORT, { fixture_id: "fx-nobody", status: "live" }),
    ];
    const file = join(dir, "rejected.ndjson");
    writeFileSync(file, `${ndjson(messages)}this line is not json\n`);

    const result = await feed(url, [file, "--json"]);
    assert.equal(result.status, 1, result.stderr);
    const lines = result.stderr.trimEnd().split("\n");
    assert.equal(lines.length, 3, result.stderr);
    assert.match(
      lines[0] ?? "",
      /^scoreline: message 7 data\.type: "touchdown" is not a football event/,
    );
    assert.match(lines[1] ?? "", /^scoreline: message 9 data\.fixture_id: .*fx-nobody/);
    assert.match(lines[2] ?? "", /^scoreline: message 10 line 11 is not valid JSON/);
    const report = JSON.parse(result.stdout);
    assert.equal(report.received, 11);
    assert.equal(report.applied, 8);
    assert.equal(report.rejected, 3);
    assert.deepEqual(
      report.results.map((r: { index: number }) => r.index),
      [...Array(11).keys()],
    );
    const applied = report.results.filter((r: { status: string }) => r.status === "applied");
    assert.equal(applied.length, 8);
    assert.equal(
      applied.reduce((sum: number, r: { events: number }) => sum + r.events, 0),
      report.events,
    );
    const rejected = report.results.filter((r: { status: string }) => r.status === "rejected");
    assert.deepEqual(
      rejected.map((r: { index: number; error: { field: string } }) => [r.index, r.error.field]),
      [
        [7, "data.type"],
        [9, "data.fixture_id"],
        [10, ""],
      ],
    );
    const stored = await inStore(url, fixture);
    assert.equal(stored.status, "live");
    assert.deepEqual(stored.score, { home: 0, away: 0 }, "the rejected event changed nothing");
    assert.deepEqual(stored.events, []);
    assert.ok(stored.log.includes("odds.changed"), "the message after the rejection applied");
    assert.equal(stored.messages, 8, "only the applied messages are recorded");
  });

  test("a missing file and a bad option exit 2 and say why", async () => {
    const url = `sqlite:${join(dir, "untouched.db")}`;
    const missing = join(dir, "no-such-feed.ndjson");
    const present = join(dir, "one.ndjson");
    writeFileSync(present, ndjson(leagueMessages(SPORT, "fx-cli-3")));
    const [gone, option] = await Promise.all([
      feed(url, [missing]),
      feed(url, ["--odds-move-threshold", "7", present]),
    ]);
    assert.equal(gone.status, 2, gone.stderr);
    assert.equal(gone.stdout, "");
    assert.match(gone.stderr, /^scoreline: .*no-such-feed\.ndjson: no such file or directory$/m);
    assert.equal(option.status, 2, option.stderr);
    assert.equal(option.stdout, "");
    assert.match(option.stderr, /--odds-move-threshold/);
    assert.match(option.stderr, /"7"/);
    assert.equal(existsSync(join(dir, "untouched.db")), false, "no store was opened");
  });
});
