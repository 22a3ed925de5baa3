/**
 * The AsyncAPI document (docs/stream.asyncapi.yaml) against what the live path really sends:
 * feed messages for football, cricket, tennis and golf make every domain event type, and every
 * payload heard on the bus must validate against the `event` message's `data` union and against
 * its own type's schema, and may carry only fields that schema declares (clients are told to
 * ignore unknown fields, so an undeclared field is a field the document forgot). The sample
 * payloads of webhook test deliveries and the sandbox's test receiver must validate as well.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { parse } from "yaml";
import { type DomainEvent, EVENT_TYPES, type EventType } from "../../src/events/domain-event.js";
import { samplePayload } from "../../src/webhooks/sample-payloads.js";
import {
  eventMsg,
  fieldMessages,
  leagueMessages,
  msg,
  oddsMsg,
  statusMsg,
} from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { createLiveApp, feedApplied, type LiveTestApp } from "../live/feed-helpers.js";

const DOCUMENT = new URL("../../../../docs/stream.asyncapi.yaml", import.meta.url);

/** The schema of each event type in `components.schemas`. */
const SCHEMA_OF: Record<EventType, string> = {
  "match.started": "MatchStartedEvent",
  "match.goal": "MatchGoalEvent",
  "match.finished": "MatchFinishedEvent",
  "odds.moved": "OddsMovedEvent",
  "fixture.updated": "FixtureUpdatedEvent",
  "match.live.event": "MatchLiveEvent",
  "odds.changed": "OddsChangedEvent",
  "fixture.finished": "FixtureFinishedEvent",
};

interface SchemaNode {
  $ref?: string;
  allOf?: SchemaNode[];
  properties?: Record<string, unknown>;
}

interface AsyncApiDocument {
  asyncapi: string;
  components: {
    schemas: Record<string, SchemaNode>;
    messages: { event: { payload: { properties: { data: SchemaNode } } } };
  };
}

const doc = parse(readFileSync(DOCUMENT, "utf8")) as AsyncApiDocument;
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
// Refs in the document point at #/components/schemas/…: one root holds them all.
ajv.addSchema({ $id: "asyncapi", components: doc.components });

/** The property names a schema declares, through its `$ref`s and `allOf`s. */
function declaredFields(node: SchemaNode): Set<string> {
  const names = new Set(Object.keys(node.properties ?? {}));
  if (node.$ref !== undefined) {
    const target = doc.components.schemas[node.$ref.replace("#/components/schemas/", "")];
    assert.ok(target, `${node.$ref} exists`);
    for (const name of declaredFields(target)) names.add(name);
  }
  for (const part of node.allOf ?? []) for (const name of declaredFields(part)) names.add(name);
  return names;
}

const union = ajv.compile({ $ref: "asyncapi#/components/messages/event/payload/properties/data" });
const byType = new Map<EventType, { validate: ValidateFunction; fields: Set<string> }>(
  EVENT_TYPES.map((type) => {
    const name = SCHEMA_OF[type];
    const schema = doc.components.schemas[name];
    assert.ok(schema, `components.schemas.${name} exists`);
    const validate = ajv.compile({ $ref: `asyncapi#/components/schemas/${name}` });
    return [type, { validate, fields: declaredFields(schema) }];
  }),
);

/** Fails with every problem of a payload: the union, its own schema, undeclared fields. */
function assertValid(payload: Record<string, unknown>, where: string): void {
  const type = payload.event as EventType;
  const own = byType.get(type);
  assert.ok(own, `${where}: unknown event type ${String(payload.event)}`);
  const shown = JSON.stringify(payload);
  assert.ok(
    union(payload),
    `${where} ${type} (data union): ${ajv.errorsText(union.errors)} ${shown}`,
  );
  assert.ok(
    own.validate(payload),
    `${where} ${type}: ${ajv.errorsText(own.validate.errors)} ${shown}`,
  );
  const undeclared = Object.keys(payload).filter((field) => !own.fields.has(field));
  assert.deepEqual(undeclared, [], `${where} ${type}: fields the document does not declare`);
}

const sorted = (events: readonly DomainEvent[]) => [...new Set(events.map((e) => e.type))].sort();
const ALL_TYPES = [...EVENT_TYPES].sort();

/** A football match with everything around it: lineups, a reschedule, odds, a correction. */
function footballMessages() {
  const s = "football";
  const ev = (data: Record<string, unknown>) => eventMsg(s, "fb-1", data);
  const status = (to: string, extra = {}) => statusMsg(s, "fb-1", to, extra);
  return [
    ...leagueMessages(s, "fb-1"),
    msg("lineup", s, {
      fixture_id: "fb-1",
      team_id: `${s}-north`,
      formation: "4-3-3",
      starters: [{ player_id: `${s}-n9`, shirt_number: 9 }],
    }),
    msg("fixture", s, {
      id: "fb-1",
      competition_id: `${s}-league`,
      kickoff: "2026-11-21T17:30:00Z",
      home_team_id: `${s}-north`,
      away_team_id: `${s}-south`,
      venue: "Southmere Road",
    }),
    oddsMsg(s, "fb-1", { "1": 2.1, X: 3.4, "2": 3.6 }),
    oddsMsg(s, "fb-1", { "1": 1.8, X: 3.5, "2": 4.4 }),
    oddsMsg(s, "fb-1", { over: 1.9, under: 1.9 }, { market: "Over/Under", line: 2.5 }),
    status("live"),
    ev({ event_id: "g1", type: "goal", team: "home", minute: 12, player_id: `${s}-n9` }),
    ev({ type: "yellow_card", team: `${s}-south`, minute: 20, player_id: `${s}-s9` }),
    ev({ event_id: "g2", type: "goal", team: "away", minute: 30 }),
    ev({ action: "correct", event_id: "g2", minute: 31, player_id: `${s}-s9` }),
    ev({ action: "retract", event_id: "g1" }),
    status("live", { period: "halftime", minute: 45 }),
    status("interrupted", { reason: "floodlight failure" }),
    status("live", { period: "2nd_half", minute: 46 }),
    oddsMsg(s, "fb-1", { "1": 5.5, X: 3.9, "2": 1.5 }, { is_live: true }),
    status("finished", { minute: 90 }),
    // A walkover: finished without ever being live (no score, no period).
    msg("fixture", s, {
      id: "fb-2",
      competition_id: `${s}-league`,
      kickoff: "2026-11-22T15:00:00Z",
      home_team_id: `${s}-south`,
      away_team_id: `${s}-north`,
    }),
    statusMsg(s, "fb-2", "walkover", { winner: "away" }),
  ];
}

/** A two-innings cricket match: boundaries, a wicket, each innings' total, a win by runs. */
function cricketMessages() {
  const s = "cricket";
  const ev = (data: Record<string, unknown>) => eventMsg(s, "cr-1", data);
  return [
    ...leagueMessages(s, "cr-1"),
    oddsMsg(s, "cr-1", { home: 1.9, away: 1.9 }, { market: "Match Winner" }),
    statusMsg(s, "cr-1", "live"),
    ev({ type: "four", team: "home", player_id: `${s}-n9` }),
    ev({ type: "wicket", team: "away", player_id: `${s}-s9`, related_player_id: `${s}-n9` }),
    ev({ type: "innings_end", team: "home", detail: { runs: 181, wickets: 6, overs: "20.0" } }),
    statusMsg(s, "cr-1", "live", { period: "innings_break" }),
    oddsMsg(s, "cr-1", { home: 1.4, away: 2.9 }, { market: "Match Winner", is_live: true }),
    statusMsg(s, "cr-1", "live", { period: "innings_2" }),
    ev({ type: "six", team: "away" }),
    ev({ type: "innings_end", team: "away", detail: { runs: 160, wickets: 10, overs: "19.2" } }),
    statusMsg(s, "cr-1", "finished", { decided_by: "runs" }),
  ];
}

/** A two-set tennis match with an ace and a break. */
function tennisMessages() {
  const s = "tennis";
  const ev = (data: Record<string, unknown>) => eventMsg(s, "tn-1", data);
  const setEnd = (team: string, home: number, away: number) =>
    ev({ type: "set_end", team, detail: { games: { home, away } } });
  return [
    ...leagueMessages(s, "tn-1"),
    oddsMsg(s, "tn-1", { home: 1.5, away: 2.6 }, { market: "Match Winner" }),
    statusMsg(s, "tn-1", "live"),
    ev({ type: "ace", team: "home" }),
    setEnd("home", 6, 4),
    statusMsg(s, "tn-1", "live", { period: "set_2" }),
    ev({ type: "break_of_serve", team: "away" }),
    oddsMsg(s, "tn-1", { home: 1.2, away: 4.5 }, { market: "Match Winner", is_live: true }),
    setEnd("home", 7, 5),
    statusMsg(s, "tn-1", "finished"),
  ];
}

/** A golf tournament: leaderboards instead of teams, outright odds on players, rounds. */
function golfMessages() {
  const s = "golf";
  const board = (ana: number, ben: number) => [
    { player_id: "g1", name: "Ana Fairway", position: ana <= ben ? 1 : 2, to_par: ana },
    { player_id: "g2", name: "Ben Bunker", position: ana <= ben ? 2 : 1, to_par: ben },
  ];
  return [
    ...fieldMessages(s, "gf-1", board(0, 0)),
    oddsMsg(s, "gf-1", { g1: 3.5, g2: 4.0 }, { market: "Winner" }),
    statusMsg(s, "gf-1", "live"),
    eventMsg(s, "gf-1", {
      type: "birdie",
      detail: { player_id: "g2", hole: 4 },
      participants: board(0, -1),
    }),
    statusMsg(s, "gf-1", "live", { period: "round_2", participants: board(-1, -1) }),
    oddsMsg(s, "gf-1", { g1: 2.2, g2: 4.0 }, { market: "Winner", is_live: true }),
    statusMsg(s, "gf-1", "finished", {
      participants: board(-2, -1),
      result: { text: "Ana Fairway wins at -2", winner_participant_id: "g1" },
    }),
  ];
}

const SPORTS = [
  { sport: "football", messages: footballMessages, types: ALL_TYPES },
  { sport: "cricket", messages: cricketMessages, types: ALL_TYPES },
  { sport: "tennis", messages: tennisMessages, types: ALL_TYPES },
  // Golf has no scoring events (its leaderboard is in `participants`): no match.goal.
  {
    sport: "golf",
    messages: golfMessages,
    types: ALL_TYPES.filter((type) => type !== "match.goal"),
  },
];

test("the event message's data is the union of one schema per event type", () => {
  assert.equal(doc.asyncapi, "3.0.0");
  const data = doc.components.messages.event.payload.properties.data;
  assert.deepEqual(data, { $ref: "#/components/schemas/EventPayload" });
  const oneOf = (doc.components.schemas.EventPayload as { oneOf?: SchemaNode[] }).oneOf ?? [];
  assert.deepEqual(
    oneOf.map((s) => s.$ref).sort(),
    Object.values(SCHEMA_OF)
      .map((name) => `#/components/schemas/${name}`)
      .sort(),
  );
});

test("the webhook sample payloads (test deliveries, the sandbox's receiver) validate", () => {
  for (const type of EVENT_TYPES) {
    assertValid(samplePayload(type, new Date("2026-11-21T15:00:00Z")), "sample");
  }
});

for (const dialect of DIALECTS) {
  describe(`live payloads match the AsyncAPI schemas on ${dialect}`, {
    skip: unavailable(dialect),
  }, () => {
    let t: LiveTestApp;
    const produced: DomainEvent[] = [];
    before(async () => {
      t = await createLiveApp(dialect);
    });
    after(async () => {
      await t?.dispose();
    });

    for (const { sport, messages, types } of SPORTS) {
      test(`${sport}: every event the feed produces validates`, async () => {
        const events = await feedApplied(t, messages());
        for (const event of events) assertValid(event.payload, `${sport} #${event.sequence}`);
        assert.deepEqual(sorted(events), types, `${sport}: the event types produced`);
        produced.push(...events);
      });
    }

    test("every event type was produced and checked", () => {
      assert.deepEqual(sorted(produced), ALL_TYPES);
    });
  });
}
