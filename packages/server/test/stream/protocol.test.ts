/**
 * Protocol errors: every bad client message gets an `error` message (with the message's `id`
 * when it had one) and the connection stays open; only a message over 64 KiB closes it (1009).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { leagueMessages, msg } from "../helpers/feed-messages.js";
import { TestClient } from "../helpers/ws-client.js";
import { assertAllApplied, createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import { keyOf, startStream, type TestStream } from "./stream-helpers.js";

describe("stream protocol errors", () => {
  let t: LiveTestApp;
  let stream: TestStream;
  let free: string;
  let growth: string;
  before(async () => {
    t = await createLiveApp("sqlite");
    assertAllApplied(
      await t.feed([
        ...leagueMessages("football", "fx-1"),
        ...leagueMessages("cricket", "cx-1"),
        ...Array.from({ length: 98 }, (_, i) =>
          msg("fixture", "football", {
            id: `f-${i}`,
            competition_id: "football-league",
            kickoff: "2026-11-22T15:00:00Z",
            home_team_id: "football-north",
            away_team_id: "football-south",
          }),
        ),
      ]),
    );
    stream = await startStream(t.store, t.bus);
    free = await keyOf(t.store, "free");
    growth = await keyOf(t.store, "growth");
  });
  after(async () => {
    await stream?.close();
    await t?.dispose();
  });

  /** Sends raw text and waits for the error it must produce. */
  async function errorFor(client: TestClient, text: string | Buffer) {
    const before = client.of("error").length;
    client.ws.send(text);
    const errors = await client.waitFor((m) => m.type === "error", before + 1);
    return errors.at(-1);
  }

  test("malformed messages: an error each, with the message's id, and the connection stays open", async () => {
    const client = await TestClient.connect(`${stream.url}/v1?token=${growth}`);
    const cases: Array<[string, string | RegExp, unknown?]> = [
      ["{not json", /not valid JSON/],
      ["[1,2]", /JSON object/],
      ["42", /JSON object/],
      ['{"subscribe":"football.live","id":1,"channel":"x"}', /unknown field: channel/, 1],
      ['{"subscribe":"football.live","unsubscribe":"football.live","id":"a"}', /exactly one/, "a"],
      ['{"id":{"n":2}}', /exactly one/, { n: 2 }],
      ['{"subscribe":5,"id":null}', /channel name/, null],
      ['{"subscribe":[]}', /non-empty list/],
      ['{"subscribe":["football.live",7]}', /channel names/],
      ['{"subscribe":"football.live","since":5}', /"since" is an object/],
      ['{"subscribe":"football.live","since":{"offset":-1,"epoch":"e"}}', /non-negative integer/],
      ['{"subscribe":"football.live","since":{"offset":1}}', /epoch/],
      ['{"subscribe":"football.live","since":{"offset":1,"epoch":"e","x":1}}', /unknown field/],
      ['{"unsubscribe":"football.live","since":{"offset":1,"epoch":"e"}}', /with "subscribe"/],
    ];
    for (const [text, message, id] of cases) {
      const error = await errorFor(client, text);
      assert.equal(error?.code, "invalid_message", text);
      assert.match(String(error?.message), message instanceof RegExp ? message : /./, text);
      if (id === undefined) assert.ok(!(error && "id" in error), `no id for ${text}`);
      else assert.deepEqual(error?.id, id, text);
    }
    const binary = await errorFor(client, Buffer.from('{"subscribe":"football.live"}'));
    assert.equal(binary?.code, "invalid_message");
    assert.deepEqual(Object.keys(binary ?? {}), ["type", "code", "message"]);
    const [ok] = await client.subscribe("football.live");
    assert.equal(ok?.type, "subscribed", "the connection is still usable");
    await client.close();
  });

  test("unknown channels, unknown fixtures and channels the plan lacks are errors", async () => {
    const client = await TestClient.connect(`${stream.url}/v1?token=${free}`);
    const expect: Array<[string, string]> = [
      ["football.scores", "unknown_channel"],
      ["curling.live", "unknown_channel"],
      ["live", "unknown_channel"],
      ["fixture.", "unknown_channel"],
      ["fixture.nope", "not_found"],
      ["cricket.live", "plan_forbidden"],
      ["football.odds", "plan_forbidden"],
      ["fixture.cx-1", "plan_forbidden"],
    ];
    for (const [channel, code] of expect) {
      const [answer] = await client.subscribe(channel, { id: channel });
      assert.equal(answer?.type, "error", channel);
      assert.equal(answer?.code, code, channel);
      assert.equal(answer?.id, channel);
      assert.ok(String(answer?.message).length > 0);
    }
    const mixed = await client.subscribe(["football.live", "curling.live"], { id: "mix" });
    assert.deepEqual(
      mixed.map((m) => [m.type, m.channel ?? m.code]),
      [
        ["subscribed", "football.live"],
        ["error", "unknown_channel"],
      ],
    );
    await client.close();
  });

  test("at most 128 channels per connection", async () => {
    const client = await TestClient.connect(`${stream.url}/v1?token=${growth}`);
    const sports = [
      "football",
      "basketball",
      "american-football",
      "cricket",
      "tennis",
      "horse-racing",
      "baseball",
      "esports",
      "golf",
      "combat-sports",
    ];
    const channels = [
      ...sports.flatMap((s) => [`${s}.live`, `${s}.odds`, `${s}.fixtures`]),
      ...Array.from({ length: 98 }, (_, i) => `fixture.f-${i}`),
    ];
    assert.equal(channels.length, 128);
    client.send({ subscribe: [...channels, "fixture.fx-1"], id: "all" });
    const [tooMany] = await client.waitFor((m) => m.id === "all");
    assert.equal(tooMany?.code, "too_many_channels");
    const answers = await client.subscribe(channels, { id: "128" });
    assert.equal(answers.filter((m) => m.type === "subscribed").length, 128);
    const [over] = await client.subscribe("fixture.fx-1", { id: "129" });
    assert.equal(over?.code, "too_many_channels");
    const [again] = await client.subscribe("football.live", { id: "again" });
    assert.equal(again?.type, "subscribed", "re-subscribing a held channel is fine");
    client.send({ unsubscribe: "fixture.f-0" });
    const [room] = await client.subscribe("fixture.fx-1", { id: "room" });
    assert.equal(room?.type, "subscribed");
    await client.close();
  });

  test("a message of 64 KiB is read; one byte more closes the connection with 1009", async () => {
    const client = await TestClient.connect(`${stream.url}/v1?token=${growth}`);
    const shell = JSON.stringify({ subscribe: "football.live", id: "" });
    const id = "x".repeat(64 * 1024 - shell.length);
    const exact = JSON.stringify({ subscribe: "football.live", id });
    assert.equal(Buffer.byteLength(exact), 64 * 1024);
    client.send(exact);
    await client.waitFor((m) => m.type === "subscribed" && m.id === id);
    client.send(JSON.stringify({ subscribe: "football.live", id: `${id}y` }));
    const closed = await client.closed;
    assert.equal(closed.code, 1009);
  });
});
