/**
 * The shapes a feed body may take, once per dialect: one JSON object (compact or pretty-printed),
 * a JSON array, NDJSON with blank lines and CRLF; sent as application/json, application/x-ndjson
 * or text/plain, whatever the body. The same messages give the same report and the same state in
 * each. Then duplicates: a message id seen before (in the same body, an earlier request, or an
 * earlier chunk of a large body) is acknowledged and not applied again.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { eventMsg, leagueMessages, msg, statusMsg } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import {
  ADMIN_TOKEN,
  createLiveApp,
  type FeedAnswer,
  feedApplied,
  getBody,
  type LiveTestApp,
  tableSnapshot,
} from "./feed-helpers.js";

const F = "football";
const kickoff = (fixtureId: string) => statusMsg(F, fixtureId, "live");
const goal = (fixtureId: string, team: string, id?: string) =>
  msg("event", F, { fixture_id: fixtureId, type: "goal", team }, id);
const extraFixture = (id: string) =>
  msg("fixture", F, {
    id,
    competition_id: "football-league",
    kickoff: "2026-11-21T17:30:00Z",
    home_team_id: "football-north",
    away_team_id: "football-south",
  });

type Encode = (messages: unknown[]) => string;
const FORMATS: Array<{ name: string; contentType: string; encode: Encode; single?: boolean }> = [
  {
    name: "a JSON array as application/json",
    contentType: "application/json",
    encode: (m) => JSON.stringify(m),
  },
  {
    name: "a pretty-printed JSON array as text/plain",
    contentType: "text/plain",
    encode: (m) => JSON.stringify(m, null, 2),
  },
  {
    name: "NDJSON with blank lines as application/x-ndjson",
    contentType: "application/x-ndjson",
    encode: (m) => `\n${m.map((x) => JSON.stringify(x)).join("\n\n")}\n\n`,
  },
  {
    name: "NDJSON with CRLF as text/plain",
    contentType: "text/plain; charset=utf-8",
    encode: (m) => m.map((x) => JSON.stringify(x)).join("\r\n"),
  },
  {
    name: "NDJSON sent as application/json",
    contentType: "application/json; charset=utf-8",
    encode: (m) => m.map((x) => JSON.stringify(x)).join("\n"),
  },
];

for (const dialect of DIALECTS) {
  describe(`feed body formats on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: LiveTestApp;
    const post = async (payload: string, contentType: string) => {
      const response = await t.rawInject({
        method: "POST",
        url: "/admin/v1/feed",
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": contentType },
        payload,
      });
      return { status: response.statusCode, body: response.json() } as FeedAnswer;
    };
    before(async () => {
      t = await createLiveApp(dialect);
      await feedApplied(t, [
        ...leagueMessages(F),
        ...FORMATS.map((_, i) => extraFixture(`fmt-${i}`)),
        extraFixture("fmt-single"),
        extraFixture("fmt-pretty"),
      ]);
    });
    after(async () => {
      await t?.dispose();
    });

    for (const [i, format] of FORMATS.entries()) {
      test(`${format.name}: three messages, each reported by index, all applied`, async () => {
        const fixture = `fmt-${i}`;
        const messages = [kickoff(fixture), goal(fixture, "home"), goal(fixture, "away")];
        const answer = await post(format.encode(messages), format.contentType);
        assert.equal(answer.status, 200);
        const report = answer.body.data;
        assert.deepEqual(
          report.results.map((r) => [r.index, r.id, r.status, r.events]),
          messages.map((m, index) => [index, m.id, "applied", 2]),
        );
        assert.deepEqual(
          [report.received, report.applied, report.duplicates, report.rejected, report.events],
          [3, 3, 0, 0, 6],
        );
        const detail = await getBody(t, `/v1/${F}/fixtures/${fixture}`);
        assert.equal(detail.data.status, "live");
        assert.deepEqual(detail.data.score, { home: 1, away: 1 });
      });
    }

    test("one JSON object, compact or pretty-printed, is one message", async () => {
      const compact = await post(JSON.stringify(kickoff("fmt-single")), "application/json");
      assert.equal(compact.status, 200);
      assert.equal(compact.body.data.received, 1);
      assert.equal(compact.body.data.results[0]?.status, "applied");

      // Pretty-printed: many lines, none of them JSON alone, yet one message.
      const pretty = await post(
        JSON.stringify(kickoff("fmt-pretty"), null, 4),
        "application/x-ndjson",
      );
      assert.equal(pretty.status, 200);
      assert.deepEqual([pretty.body.data.received, pretty.body.data.applied], [1, 1]);
      const live = await getBody(t, `/v1/${F}/matches/live`);
      const ids = live.data.map((m: { fixture_id: string }) => m.fixture_id);
      assert.ok(ids.includes("fmt-single") && ids.includes("fmt-pretty"), ids.join());
    });

    test("a JSON array with a bad element: indices follow the array, the rest apply", async () => {
      const answer = await post(
        JSON.stringify([goal("fmt-0", "home"), "not a message", goal("fmt-0", "away")]),
        "application/json",
      );
      assert.deepEqual(
        answer.body.data.results.map((r) => [r.index, r.status]),
        [
          [0, "applied"],
          [1, "rejected"],
          [2, "applied"],
        ],
      );
      const detail = await getBody(t, `/v1/${F}/fixtures/fmt-0`);
      assert.deepEqual(detail.data.score, { home: 2, away: 2 });
    });

    test("an empty JSON array is a 200 with nothing received", async () => {
      const answer = await post("[]", "application/json");
      assert.equal(answer.status, 200);
      assert.deepEqual(
        [answer.body.data.received, answer.body.data.applied, answer.body.data.results],
        [0, 0, []],
      );
    });
  });

  describe(`feed duplicates on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: LiveTestApp;
    before(async () => {
      t = await createLiveApp(dialect);
      await feedApplied(t, [...leagueMessages(F), kickoff("fx-1")]);
    });
    after(async () => {
      await t?.dispose();
    });

    const matchEvents = () =>
      t.store.db.selectFrom("match_events").selectAll().where("fixture_id", "=", "fx-1").execute();

    test("the same message twice in one body applies once", async () => {
      const before = (await matchEvents()).length;
      const published = t.published.length;
      const message = goal("fx-1", "home", "dup-body");
      const answer = await t.feed([message, message]);
      assert.deepEqual(
        answer.body.data.results.map((r) => [r.index, r.id, r.status]),
        [
          [0, "dup-body", "applied"],
          [1, "dup-body", "duplicate"],
        ],
      );
      assert.deepEqual([answer.body.data.applied, answer.body.data.duplicates], [1, 1]);
      assert.equal(answer.body.data.events, 2);
      assert.equal((await matchEvents()).length, before + 1);
      assert.deepEqual(
        t.published.slice(published).map((e) => e.type),
        ["match.live.event", "match.goal"],
      );
    });

    test("the same id in a later request is a duplicate, even with other content", async () => {
      const message = goal("fx-1", "away", "dup-requests");
      const first = await t.feed([message]);
      assert.equal(first.body.data.results[0]?.status, "applied");
      const snapshot = await tableSnapshot(t.store);
      const published = t.published.length;

      const again = await t.feed([message]);
      const changed = await t.feed([{ ...message, data: { ...message.data, team: "home" } }]);
      for (const answer of [again, changed]) {
        assert.equal(answer.status, 200);
        assert.deepEqual(answer.body.data.results, [
          { index: 0, id: "dup-requests", status: "duplicate" },
        ]);
        assert.deepEqual([answer.body.data.duplicates, answer.body.data.events], [1, 0]);
      }
      assert.deepEqual(await tableSnapshot(t.store), snapshot);
      assert.equal(t.published.length, published);
      const detail = await getBody(t, `/v1/${F}/fixtures/fx-1`);
      assert.deepEqual(detail.data.score, { home: 1, away: 1 });
    });

    test("a duplicate in a later chunk of a large body is still caught", async () => {
      const players = Array.from({ length: 260 }, (_, i) =>
        msg(
          "player",
          F,
          { id: `bulk-${i}`, name: `Bulk Player ${i}`, team_id: "football-north" },
          `bulk-msg-${i}`,
        ),
      );
      const repeat = goal("fx-1", "home", "dup-chunk");
      const answer = await t.feed([repeat, ...players, repeat]);
      const results = answer.body.data.results;
      assert.equal(results.length, 262);
      assert.equal(results[0]?.status, "applied");
      assert.equal(results[261]?.status, "duplicate");
      assert.equal(results[261]?.index, 261);
      assert.deepEqual([answer.body.data.applied, answer.body.data.duplicates], [261, 1]);
      const goals = (await matchEvents()).filter((e) => e.type === "goal");
      assert.equal(goals.length, 3);
    });

    test("messages without an id cannot be recognised, so each one applies", async () => {
      const before = (await matchEvents()).length;
      const card = {
        type: "event",
        sport: F,
        data: { fixture_id: "fx-1", type: "yellow_card", team: "away" },
      };
      const answer = await t.feed([card, card]);
      assert.deepEqual(
        answer.body.data.results.map((r) => [r.id, r.status]),
        [
          [null, "applied"],
          [null, "applied"],
        ],
      );
      assert.equal((await matchEvents()).length, before + 2);
      // The event's own id is what makes a match event unique: a repeated event_id is refused.
      const keyed = eventMsg(F, "fx-1", { event_id: "card-7", type: "yellow_card", team: "away" });
      const twice = await t.feed([keyed, { ...keyed, id: "other-message-id" }]);
      assert.deepEqual(
        twice.body.data.results.map((r) => [r.status, r.error?.field ?? null]),
        [
          ["applied", null],
          ["rejected", "data.event_id"],
        ],
      );
    });
  });
}
