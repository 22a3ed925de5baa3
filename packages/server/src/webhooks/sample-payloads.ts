/**
 * Sample payloads of every event type, shaped exactly like the live path's (docs/feed.md) and
 * marked `"test": true`: what `POST /v1/webhooks/{id}/test` (and the sandbox's test receiver)
 * sends, so a receiver can be built and checked before any match is played.
 */
import type { EventPayload, EventType } from "../events/domain-event.js";
import { newId } from "../lib/ids.js";
import { isoSeconds } from "../lib/time.js";
import { liveEventSignature } from "../live/signature.js";

const FIXTURE = "fx_sample0000000001";
const TEAMS = {
  home_team: "Northbridge Rovers",
  away_team: "Southmere Athletic",
  home_team_id: "tm_sample000000home",
  away_team_id: "tm_sample000000away",
};
const SCORE = { score: { home: 2, away: 1 }, score_text: "2-1" };
const GOAL = {
  match_event_id: "ev_sample0000000017",
  type: "goal",
  team: TEAMS.home_team,
  team_id: TEAMS.home_team_id,
  side: "home",
  player_id: "pl_sample00000000009",
  related_player_id: null,
  period: "2nd_half",
  minute: 78,
  detail: {},
};
const LINE = { bookmaker: "northgate", market: "1x2", line: null, subject: null, is_live: true };

const FIELDS: Record<EventType, Record<string, unknown>> = {
  "match.started": {
    ...TEAMS,
    kickoff: "2026-11-21T15:00:00Z",
    period: "1st_half",
    score: { home: 0, away: 0 },
    score_text: "0-0",
  },
  "match.goal": { ...GOAL, ...SCORE },
  "match.finished": {
    ...TEAMS,
    final_score: "2-1",
    result: {
      outcome: "home",
      winner_team_id: TEAMS.home_team_id,
      decided_by: "regulation",
      text: "Northbridge Rovers 2-1 Southmere Athletic",
    },
  },
  "fixture.finished": {
    ...TEAMS,
    final_score: { home: 2, away: 1 },
    score: { home: 2, away: 1, halftime: { home: 1, away: 1 } },
    result: {
      outcome: "home",
      winner_team_id: TEAMS.home_team_id,
      decided_by: "regulation",
      text: "Northbridge Rovers 2-1 Southmere Athletic",
    },
  },
  "fixture.updated": {
    changes: ["period"],
    previous_status: "live",
    status: "live",
    period: "2nd_half",
    minute: 46,
    ...SCORE,
  },
  "match.live.event": {
    action: "added",
    ...GOAL,
    ...SCORE,
    signature: liveEventSignature(FIXTURE, GOAL.match_event_id, "added", "goal", "home", 78),
  },
  "odds.changed": {
    ...LINE,
    prices: [
      { selection: "home", price: 1.36, previous_price: 1.91, opening_price: 2.1 },
      { selection: "draw", price: 4.6, previous_price: 3.4, opening_price: 3.3 },
      { selection: "away", price: 9.5, previous_price: 4.2, opening_price: 3.6 },
    ],
  },
  "odds.moved": {
    ...LINE,
    moves: [{ selection: "home", price: 1.36, previous_price: 1.91, change: -0.288 }],
    change: -0.288,
    threshold: 0.05,
  },
};

export function samplePayload(event: EventType, now: Date): EventPayload {
  return {
    event,
    event_id: newId("dev"),
    sport: "football",
    fixture_id: FIXTURE,
    match_id: FIXTURE,
    competition_id: "co_sample0000league",
    ...FIELDS[event],
    sequence: 1,
    timestamp: isoSeconds(now),
    test: true,
  };
}
