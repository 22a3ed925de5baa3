/**
 * A match's player figures from its deliveries (super overs left out, as in official records):
 * batting (runs, balls faced, fours, sixes, dismissed), bowling (legal balls, runs conceded,
 * wickets, dot balls, maidens) and fielding (catches, stumpings, run-outs). Pure.
 */

import { BOWLER_KINDS, fielderName, isDismissal, isLegal } from "./match-play.js";
import type { SourceMatch } from "./source-shape.js";

export interface PlayerFigures {
  /** The source name of the player's team. */
  team: string;
  batted: boolean;
  runs: number;
  balls_faced: number;
  fours: number;
  sixes: number;
  dismissed: boolean;
  bowled: boolean;
  balls_bowled: number;
  runs_conceded: number;
  wickets: number;
  dot_balls: number;
  maidens: number;
  catches: number;
  stumpings: number;
  run_outs: number;
}

const blank = (team: string): PlayerFigures => ({
  team,
  batted: false,
  runs: 0,
  balls_faced: 0,
  fours: 0,
  sixes: 0,
  dismissed: false,
  bowled: false,
  balls_bowled: 0,
  runs_conceded: 0,
  wickets: 0,
  dot_balls: 0,
  maidens: 0,
  catches: 0,
  stumpings: 0,
  run_outs: 0,
});

/** Every player seen in the match's deliveries, by source name. */
export function scorecard(match: SourceMatch): Map<string, PlayerFigures> {
  const players = new Map<string, PlayerFigures>();
  const of = (name: string, team: string) => {
    let figures = players.get(name);
    if (figures === undefined) {
      figures = blank(team);
      players.set(name, figures);
    }
    return figures;
  };
  for (const innings of match.innings) {
    const fielding = innings.team === match.teams[0] ? match.teams[1] : match.teams[0];
    const superOver = innings.number > 2;
    const overRuns = new Map<string, { bowler: string; runs: number; legal: number }>();
    for (const d of innings.deliveries) {
      const batter = of(d.batter, innings.team);
      const nonStriker = of(d.nonStriker, innings.team);
      const bowler = of(d.bowler, fielding);
      for (const w of d.wickets) {
        of(w.playerOut, innings.team);
        for (const f of w.fielders) of(fielderName(f), fielding);
      }
      if (superOver) continue;
      batter.batted = true;
      nonStriker.batted = true;
      bowler.bowled = true;
      batter.runs += d.batterRuns;
      if (d.extras.wides === 0) batter.balls_faced += 1;
      if (!d.nonBoundary && d.batterRuns === 4) batter.fours += 1;
      if (!d.nonBoundary && d.batterRuns === 6) batter.sixes += 1;
      const conceded = d.totalRuns - d.extras.byes - d.extras.legbyes - d.extras.penalty;
      bowler.runs_conceded += conceded;
      if (isLegal(d)) {
        bowler.balls_bowled += 1;
        if (d.totalRuns === 0) bowler.dot_balls += 1;
      }
      const key = `${d.over}|${d.bowler}`;
      const over = overRuns.get(key) ?? { bowler: d.bowler, runs: 0, legal: 0 };
      over.runs += conceded;
      over.legal += isLegal(d) ? 1 : 0;
      overRuns.set(key, over);
      for (const w of d.wickets) {
        if (isDismissal(w.kind)) of(w.playerOut, innings.team).dismissed = true;
        if (BOWLER_KINDS.has(w.kind)) bowler.wickets += 1;
        if (w.kind === "caught and bowled") bowler.catches += 1;
        for (const f of w.fielders) {
          const fielder = of(fielderName(f), fielding);
          if (w.kind === "caught") fielder.catches += 1;
          if (w.kind === "stumped") fielder.stumpings += 1;
          if (w.kind === "run out") fielder.run_outs += 1;
        }
      }
    }
    for (const over of overRuns.values()) {
      if (over.legal === 6 && over.runs === 0) of(over.bowler, fielding).maidens += 1;
    }
  }
  return players;
}
