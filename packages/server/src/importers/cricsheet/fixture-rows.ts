/**
 * One scheduled match → its fixture row and its match events (one per delivery, then the innings
 * and super-over summaries). The result carries `decided_by` from the cricket module's list, the
 * toss, the player of the match and, for a D/L result, the method.
 */
import type { Side } from "../../sports/types.js";
import type { RecordOf } from "../../store/dataset.js";
import { eventKey, fixtureKey, SOURCE, SPORT } from "./keys.js";
import { type CricketScore, type MatchSides, type PlayedMatch, playMatch } from "./match-play.js";
import type { ScheduledMatch } from "./schedule.js";
import type { SourceMatch } from "./source-shape.js";

export interface FixtureRows {
  fixture: RecordOf<"fixtures">;
  events: Array<RecordOf<"match_events">>;
  played: PlayedMatch;
}

export interface FixtureContext {
  competitionId: string;
  seasonId: string;
  sides: MatchSides;
  /** Team names as the source spells them this season, by side. */
  names: { home: string; away: string };
}

export function fixtureRows(scheduled: ScheduledMatch, ctx: FixtureContext): FixtureRows {
  const { match, kickoff } = scheduled;
  const played = playMatch(match, ctx.sides);
  const fixtureId = fixtureKey(match.matchId);
  const teamId = (side: Side | null) =>
    side === null ? null : side === "home" ? ctx.sides.homeId : ctx.sides.awayId;
  const events = played.events.map(
    (event, i): RecordOf<"match_events"> => ({
      id: eventKey(match.matchId, i + 1),
      sport: SPORT,
      fixture_id: fixtureId,
      sequence: i + 1,
      type: event.type,
      period: event.period,
      minute: null,
      team_id: teamId(event.side),
      player_id: event.player === null ? null : ctx.sides.playerId(event.player),
      related_player_id: event.related === null ? null : ctx.sides.playerId(event.related),
      detail: event.detail,
      score: event.score,
      state: "active",
      created_at: kickoff,
      updated_at: kickoff,
    }),
  );
  const lastScoring = [...played.events]
    .reverse()
    .find((e) => e.type === "innings_end" || e.type === "super_over_end");
  const lastSide = lastScoring?.side ?? null;
  const venue =
    match.city === null || match.venue.includes(match.city)
      ? match.venue
      : `${match.venue}, ${match.city}`;
  const fixture: RecordOf<"fixtures"> = {
    id: fixtureId,
    sport: SPORT,
    competition_id: ctx.competitionId,
    season_id: ctx.seasonId,
    round: scheduled.round,
    kickoff,
    status: "finished",
    period: null, // a finished fixture has no in-play period (ADR-0043)
    minute: null,
    home_team_id: ctx.sides.homeId,
    away_team_id: ctx.sides.awayId,
    venue,
    officials: match.umpires.map((name) => ({ role: "umpire", name })),
    broadcast: [],
    score: played.score,
    home_score: played.score.home,
    away_score: played.score.away,
    result: result(match, ctx, played.score),
    participants: null,
    last_event:
      lastScoring === undefined
        ? null
        : {
            type: lastScoring.type,
            team: lastSide === null ? null : ctx.names[lastSide],
            minute: null,
          },
    sequence: events.length,
    source: SOURCE,
    created_at: kickoff,
    updated_at: kickoff,
  };
  return { fixture, events, played };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function result(match: SourceMatch, ctx: FixtureContext, score: CricketScore) {
  const sideOf = (team: string): Side => (team === ctx.sides.home ? "home" : "away");
  const toss = {
    team_id: ctx.sides[sideOf(match.toss.winner) === "home" ? "homeId" : "awayId"],
    team: match.toss.winner,
    decision: match.toss.decision,
  };
  const extra = { toss, player_of_match: match.playerOfMatch };
  const outcome = match.outcome;
  if (outcome.kind === "no_result") {
    return {
      outcome: "no_result",
      winner_team_id: null,
      decided_by: "no_result",
      text: "No result",
      ...extra,
    };
  }
  if (outcome.kind === "tie") {
    if (outcome.winner === null) {
      return {
        outcome: "draw",
        winner_team_id: null,
        decided_by: "tie",
        text: "Match tied",
        ...extra,
      };
    }
    const side = sideOf(outcome.winner);
    return {
      outcome: side,
      winner_team_id: ctx.sides[side === "home" ? "homeId" : "awayId"],
      decided_by: "super_over",
      text: `Match tied; ${outcome.winner} won the super over`,
      ...extra,
    };
  }
  const side = sideOf(outcome.winner);
  let text = `${outcome.winner} won by ${plural(outcome.margin, outcome.by === "runs" ? "run" : "wicket")}`;
  const chase = score.innings[1];
  if (outcome.by === "wickets" && chase !== undefined && outcome.method === null) {
    const [overs = "0", balls = "0"] = chase.overs.split(".");
    const left = chase.max_overs * 6 - (Number(overs) * 6 + Number(balls));
    if (left > 0) text += ` (${plural(left, "ball")} left)`;
  }
  if (outcome.method !== null) text += ` (${outcome.method} method)`;
  return {
    outcome: side,
    winner_team_id: ctx.sides[side === "home" ? "homeId" : "awayId"],
    decided_by: outcome.method === null ? outcome.by : "dls",
    text,
    margin: { [outcome.by]: outcome.margin },
    ...(outcome.method === null ? {} : { method: outcome.method }),
    ...extra,
  };
}
