/**
 * A match's deliveries → its events and innings: one event per delivery (type `wicket`, `six`,
 * `four` or `delivery`), an `innings_end` after each innings and a `super_over_end` after a super
 * over, each with the score after it. Innings lines carry what net run rate needs (`all_out`,
 * `max_overs`, a D/L chase's `revised_target`/`revised_overs` when the data gives them). Pure.
 */
import type { Side } from "../../sports/types.js";
import { ImportError } from "../shared/import-format.js";
import type { SourceDelivery, SourceInnings, SourceMatch } from "./source-shape.js";

/** One innings in the stored score (`src/sports/standings-overrides.ts` reads these). */
interface InningsLine {
  team: Side;
  team_id: string;
  runs: number;
  wickets: number;
  overs: string;
  all_out?: true;
  max_overs: number;
  revised_target?: number;
  revised_overs?: number;
  super_over?: true;
}

export interface CricketScore {
  home: number;
  away: number;
  innings: InningsLine[];
  super_over_winner?: Side;
  no_result?: true;
  [key: string]: unknown;
}

interface PlayedEvent {
  type: "delivery" | "wicket" | "four" | "six" | "innings_end" | "super_over_end";
  period: string;
  side: Side | null;
  /** Batter (or nobody for summaries) and bowler, by source name. */
  player: string | null;
  related: string | null;
  detail: Record<string, unknown>;
  score: CricketScore;
}

/** Dismissal kinds that are not a wicket of the side (the batter may come back). */
const NOT_OUT_KINDS = new Set(["retired hurt", "retired not out"]);
/** Dismissal kinds credited to the bowler. */
export const BOWLER_KINDS = new Set([
  "bowled",
  "caught",
  "caught and bowled",
  "lbw",
  "stumped",
  "hit wicket",
]);

export const isDismissal = (kind: string) => !NOT_OUT_KINDS.has(kind);
export const isLegal = (d: SourceDelivery) => d.extras.wides === 0 && d.extras.noballs === 0;
export const oversText = (balls: number) => `${Math.floor(balls / 6)}.${balls % 6}`;
export const fielderName = (name: string) => name.replace(/\s*\(sub\)$/, "");

export interface MatchSides {
  home: string;
  away: string;
  homeId: string;
  awayId: string;
  playerId: (name: string) => string;
}

export interface PlayedMatch {
  events: PlayedEvent[];
  score: CricketScore;
}

export function playMatch(match: SourceMatch, sides: MatchSides): PlayedMatch {
  const sideOf = (team: string): Side => (team === sides.home ? "home" : "away");
  const done: InningsLine[] = [];
  const events: PlayedEvent[] = [];
  const scoreWith = (current: InningsLine | null): CricketScore => {
    const innings = current === null ? [...done] : [...done, current];
    const runsOf = (side: Side) =>
      innings
        .filter((i) => i.team === side && i.super_over !== true)
        .reduce((sum, i) => sum + i.runs, 0);
    return { home: runsOf("home"), away: runsOf("away"), innings: innings.map((i) => ({ ...i })) };
  };
  const main = match.innings.filter((i) => i.number <= 2);
  let quota = match.overs;
  for (const [index, innings] of match.innings.entries()) {
    if (innings.number !== index + 1) {
      throw new ImportError(
        match.path,
        innings.deliveries[0]?.line ?? null,
        `innings ${index + 1} is numbered ${innings.number}`,
      );
    }
    const superOver = innings.number > 2;
    const side = sideOf(innings.team);
    const period = superOver ? "super_over" : `innings_${innings.number}`;
    const line: InningsLine = {
      team: side,
      team_id: side === "home" ? sides.homeId : sides.awayId,
      runs: innings.penaltyRunsPre,
      wickets: 0,
      overs: "0.0",
      max_overs: superOver ? 1 : quota,
      ...(superOver ? { super_over: true as const } : {}),
    };
    let legalBalls = 0;
    for (const d of innings.deliveries) {
      if (isLegal(d)) legalBalls += 1;
      line.runs += d.totalRuns;
      const dismissals = d.wickets.filter((w) => isDismissal(w.kind));
      line.wickets += dismissals.length;
      line.overs = oversText(legalBalls);
      const boundary = !d.nonBoundary && (d.batterRuns === 4 || d.batterRuns === 6);
      const type =
        dismissals.length > 0
          ? "wicket"
          : boundary
            ? d.batterRuns === 6
              ? "six"
              : "four"
            : "delivery";
      events.push({
        type,
        period,
        side,
        player: d.batter,
        related: d.bowler,
        detail: deliveryDetail(innings, d, sides),
        score: scoreWith(line),
      });
    }
    line.runs += innings.penaltyRunsPost;
    if (line.wickets >= 10 || endedAllOut(match, innings.number, legalBalls, quota)) {
      line.all_out = true;
    } else if (innings.number === 1 && shortWholeOvers(match, legalBalls, quota)) {
      // Both innings of a match shortened before it started: the first ran its whole quota.
      quota = legalBalls / 6;
      line.max_overs = quota;
    }
    done.push(line);
    events.push({
      type: "innings_end",
      period,
      side,
      player: null,
      related: null,
      detail: {
        innings: innings.number,
        runs: line.runs,
        wickets: line.wickets,
        overs: line.overs,
        all_out: line.all_out === true,
        extras: innings.deliveries.reduce((sum, d) => sum + d.extrasRuns, 0),
        ...(superOver ? { super_over: true } : {}),
      },
      score: scoreWith(null),
    });
  }
  const score = scoreWith(null);
  const outcome = match.outcome;
  if (outcome.kind === "no_result") score.no_result = true;
  if (outcome.kind === "tie" && outcome.winner !== null && match.innings.length > 2) {
    const winner = sideOf(outcome.winner);
    score.super_over_winner = winner;
    const superOvers = done.filter((i) => i.super_over === true);
    const runs = {
      home: superOvers.filter((i) => i.team === "home").reduce((s, i) => s + i.runs, 0),
      away: superOvers.filter((i) => i.team === "away").reduce((s, i) => s + i.runs, 0),
    };
    events.push({
      type: "super_over_end",
      period: "super_over",
      side: winner,
      player: null,
      related: null,
      detail: { winner, runs },
      score: { ...score },
    });
  }
  reviseChase(match, main, score);
  return { events, score };
}

/** A result reached without D/L: innings cut short by the weather would carry the method. */
const playedOut = (match: SourceMatch) =>
  match.outcome.kind !== "no_result" &&
  !(match.outcome.kind === "won" && match.outcome.method !== null);

/**
 * A side bowled out with fewer than ten wickets down (a batter absent hurt, which Cricsheet 0.9
 * does not record): in a match played out, a first innings that stopped in mid-over before its
 * quota, or a chase that stopped short of both the target and its quota, had no batter left.
 */
function endedAllOut(
  match: SourceMatch,
  number: number,
  legalBalls: number,
  quota: number,
): boolean {
  if (!playedOut(match) || legalBalls >= quota * 6) return false;
  if (number === 1) return legalBalls % 6 !== 0;
  const outcome = match.outcome;
  return number === 2 && outcome.kind === "won" && outcome.by === "runs";
}

const shortWholeOvers = (match: SourceMatch, legalBalls: number, quota: number) =>
  playedOut(match) && legalBalls < quota * 6 && legalBalls % 6 === 0;

/**
 * A D/L result by runs: the chase's revised target is its runs + the margin + 1, set in the overs
 * it batted (a chase not bowled out batted its whole revised quota). A D/L win by wickets does not
 * say the target or the overs: left as played (see the docs).
 */
function reviseChase(
  match: SourceMatch,
  main: readonly SourceInnings[],
  score: CricketScore,
): void {
  const outcome = match.outcome;
  if (outcome.kind !== "won" || outcome.method === null || outcome.by !== "runs") return;
  const chase = score.innings[1];
  if (chase === undefined || chase.super_over === true || main.length < 2) return;
  const [overs, balls] = chase.overs.split(".");
  if (chase.all_out === true || balls !== "0") return;
  chase.revised_target = chase.runs + outcome.margin + 1;
  chase.revised_overs = Number(overs);
  chase.max_overs = chase.revised_overs;
}

function deliveryDetail(innings: SourceInnings, d: SourceDelivery, sides: MatchSides) {
  const extras = Object.fromEntries(Object.entries(d.extras).filter(([, n]) => n > 0));
  return {
    innings: innings.number,
    over: `${d.over}.${d.ball}`,
    batter: d.batter,
    non_striker: d.nonStriker,
    non_striker_id: sides.playerId(d.nonStriker),
    bowler: d.bowler,
    bowler_id: sides.playerId(d.bowler),
    runs: { batter: d.batterRuns, extras: d.extrasRuns, total: d.totalRuns },
    extras,
    legal: isLegal(d),
    wickets: d.wickets.map((w) => ({
      kind: w.kind,
      player_out: w.playerOut,
      player_out_id: sides.playerId(w.playerOut),
      bowler_credited: BOWLER_KINDS.has(w.kind),
      fielders: w.fielders.map((f) => ({
        player_id: sides.playerId(fielderName(f)),
        name: fielderName(f),
        substitute: f !== fielderName(f),
      })),
    })),
  };
}
