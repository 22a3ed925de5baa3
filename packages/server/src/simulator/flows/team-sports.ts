/**
 * Flows of the six team sports (football, basketball, American football, cricket, baseball,
 * esports): the sample generator's match script for the two sides, its events as steps, with the
 * sport's breaks between periods and the result text the generator would write.
 */

import type { Rng } from "../../sample/rng.js";
import { americanFootballProfile } from "../../sample/sports/american-football.js";
import { baseballProfile } from "../../sample/sports/baseball.js";
import { basketballProfileFor } from "../../sample/sports/basketball.js";
import { cricketProfile } from "../../sample/sports/cricket.js";
import { esportsProfile } from "../../sample/sports/esports.js";
import { footballProfile } from "../../sample/sports/football.js";
import type { MatchScript, MatchSides, TeamSportProfile } from "../../sample/team-sport-profile.js";
import { SPORT_MODULES } from "../../sports/registry.js";
import type { Score } from "../../sports/types.js";
import type { FlowFixture, MatchFlow } from "../flow.js";
import { matchSides } from "./team-sides.js";
import { flowEvent, Timeline } from "./timeline.js";

export const TEAM_SPORTS = [
  "football",
  "basketball",
  "american-football",
  "cricket",
  "baseball",
  "esports",
] as const;
export type TeamSport = (typeof TEAM_SPORTS)[number];

/** The generator's profile for the sport; basketball's depends on the quarter length. */
export function profileFor(sport: TeamSport, rules: Record<string, unknown>): TeamSportProfile {
  switch (sport) {
    case "football":
      return footballProfile;
    case "basketball":
      return basketballProfileFor(
        typeof rules.quarter_minutes === "number" ? rules.quarter_minutes : 12,
      );
    case "american-football":
      return americanFootballProfile;
    case "cricket":
      return cricketProfile;
    case "baseball":
      return baseballProfile;
    case "esports":
      return esportsProfile;
  }
}

export function teamSportFlow(rng: Rng, fixture: FlowFixture, sport: TeamSport): MatchFlow {
  const { home, away } = fixture;
  if (home === null || away === null)
    throw new Error(`${sport} flow needs a home and an away side`);
  const profile = profileFor(sport, fixture.rules);
  const sides = matchSides(rng, profile, home, away);
  const script = profile.script(rng, sides);
  const timeline = new Timeline(sport);
  for (const event of script.events) {
    const period = event.period ?? timeline.current;
    const minute = event.minute ?? timeline.lastMinute;
    // A `period_start` opens a new period even under the same name (a second overtime).
    const restart = event.type === "period_start";
    timeline.add(minute, period, flowEvent(event.type, event.side, event), undefined, restart);
  }
  return {
    sport,
    steps: timeline.steps,
    decidedBy: script.decidedBy,
    result: { text: resultText(profile, sides, script) },
    lineups: { home: sides.homeLineup, away: sides.awayLineup },
  };
}

/** The finished result's text, as the generator's league builder writes it. */
function resultText(profile: TeamSportProfile, sides: MatchSides, script: MatchScript): string {
  const module = SPORT_MODULES[profile.sport];
  let score = module.emptyScore() as Score;
  for (const event of script.events) {
    const { type, side: team, period, minute } = event;
    score = module.applyEvent(score, { type, team, period, minute, detail: event.detail ?? {} });
  }
  const outcome = module.outcome(score);
  const scoreText = module.scoreText(score) ?? "";
  const winner = outcome === "home" || outcome === "away" ? sides[outcome].name : null;
  return profile.resultText
    ? profile.resultText(scoreText, winner, script.decidedBy, score)
    : `${sides.home.name} ${scoreText} ${sides.away.name}`;
}
