/**
 * Feed instruments, once per dialect, through POST /admin/v1/feed: every message counted by its
 * type and outcome (applied, duplicate, rejected; a type outside the nine as `unknown`), each
 * rejection by reason, and one ingest-to-bus observation per event published.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { goalMsg, leagueMessages, msg, statusMsg } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import { scrape } from "./scrape.js";

const LIVE = { host: "live" };

for (const dialect of DIALECTS) {
  describe(`feed metrics on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: LiveTestApp;
    before(async () => {
      t = await createLiveApp(dialect);
    });
    after(async () => {
      await t?.dispose();
    });

    test("messages by type and outcome, rejections by reason, events to the bus", async () => {
      const goal = goalMsg("football", "fx-1");
      const messages = [
        ...leagueMessages("football", "fx-1"),
        statusMsg("football", "fx-1", "live"),
        goal,
        goal, // the same id again: a duplicate
        statusMsg("football", "no-such-fixture", "live"), // not_found
        statusMsg("football", "fx-1", "scheduled"), // live → scheduled: invalid_transition
        msg("weather", "football", { sky: "grey" }), // not a message type: unknown, invalid_message
        msg("status", "football", {}), // a status without its fields: invalid_message
      ];
      const before = await scrape({ inject: t.rawInject });
      const published = t.published.length;
      const answer = await t.feed(messages);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const after = await scrape({ inject: t.rawInject });

      const expected = new Map<string, number>();
      const reasons = new Map<string, number>();
      for (const result of answer.body.data.results) {
        const raw = messages[result.index]?.type ?? "";
        const type = raw === "weather" ? "unknown" : raw;
        const outcome = `${type}/${result.status}`;
        expected.set(outcome, (expected.get(outcome) ?? 0) + 1);
        if (result.error !== undefined) {
          const reason = `${type}/${result.error.code}`;
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        }
      }
      assert.deepEqual(
        [...reasons.keys()].sort(),
        [
          "status/invalid_message",
          "status/invalid_transition",
          "status/not_found",
          "unknown/invalid_message",
        ],
        "the body exercises every reason",
      );
      assert.equal(expected.get("event/duplicate"), 1);
      for (const [key, n] of expected) {
        const [type, outcome] = key.split("/") as [string, string];
        const labels = { ...LIVE, type, outcome };
        assert.equal(
          after.value("scoreline_feed_messages_total", labels) -
            before.value("scoreline_feed_messages_total", labels),
          n,
          key,
        );
      }
      for (const [key, n] of reasons) {
        const [type, reason] = key.split("/") as [string, string];
        const labels = { ...LIVE, type, reason };
        assert.equal(
          after.value("scoreline_feed_rejections_total", labels) -
            before.value("scoreline_feed_rejections_total", labels),
          n,
          key,
        );
      }
      const total = (s: typeof after) => s.sum("scoreline_feed_messages_total", LIVE);
      assert.equal(total(after) - total(before), messages.length, "every message once");

      const events = t.published.length - published;
      assert.ok(events >= 2, `the status and the goal made events (${events})`);
      const count = "scoreline_feed_ingest_to_bus_seconds_count";
      assert.equal(after.value(count, LIVE) - before.value(count, LIVE), events);
      const sum = "scoreline_feed_ingest_to_bus_seconds_sum";
      const seconds = after.value(sum, LIVE) - before.value(sum, LIVE);
      assert.ok(seconds > 0 && seconds < 60 * events, `ingest to bus ${seconds} s in all`);
    });
  });
}
