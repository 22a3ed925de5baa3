/**
 * The aggregate record of two sides' finished meetings (ADR-0041): who won each (the result's
 * `winner_team_id`, else its `outcome`, else the sport's reading of the score), draws, meetings
 * without a result, and each side's headline score summed (goals, points, runs, sets, maps).
 */
import { SPORT_MODULES } from "../sports/registry.js";
import type { Score, Sport } from "../sports/types.js";
import { parseJson } from "../store/json-columns.js";

export interface MeetingFacts {
  home_team_id: string | null;
  home_score: number | null;
  away_score: number | null;
  score: string | null;
  result: string | null;
}

export interface HeadToHeadRecord {
  played: number;
  team_a_wins: number;
  draws: number;
  team_b_wins: number;
  no_result: number;
  team_a_score: number;
  team_b_score: number;
}

type Winner = "a" | "b" | "draw" | "none";

function winnerOf(sport: Sport, meeting: MeetingFacts, teamA: string): Winner {
  const aAtHome = meeting.home_team_id === teamA;
  const result = parseJson<{ winner_team_id?: unknown; outcome?: unknown }>(meeting.result);
  if (typeof result?.winner_team_id === "string") {
    return result.winner_team_id === teamA ? "a" : "b";
  }
  let outcome = typeof result?.outcome === "string" ? result.outcome : null;
  if (outcome === null) {
    const score = parseJson<Score>(meeting.score);
    outcome = score === null ? null : SPORT_MODULES[sport].outcome(score);
  }
  if (outcome === "draw") return "draw";
  if (outcome === "home") return aAtHome ? "a" : "b";
  if (outcome === "away") return aAtHome ? "b" : "a";
  return "none";
}

export function headToHeadRecord(
  sport: Sport,
  teamA: string,
  meetings: readonly MeetingFacts[],
): HeadToHeadRecord {
  const record: HeadToHeadRecord = {
    played: 0,
    team_a_wins: 0,
    draws: 0,
    team_b_wins: 0,
    no_result: 0,
    team_a_score: 0,
    team_b_score: 0,
  };
  for (const meeting of meetings) {
    record.played += 1;
    const winner = winnerOf(sport, meeting, teamA);
    if (winner === "a") record.team_a_wins += 1;
    else if (winner === "b") record.team_b_wins += 1;
    else if (winner === "draw") record.draws += 1;
    else record.no_result += 1;
    const aAtHome = meeting.home_team_id === teamA;
    record.team_a_score += (aAtHome ? meeting.home_score : meeting.away_score) ?? 0;
    record.team_b_score += (aAtHome ? meeting.away_score : meeting.home_score) ?? 0;
  }
  return record;
}
