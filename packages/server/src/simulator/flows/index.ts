/**
 * The match flows of the ten sports: `buildFlow` picks the fixture's sport. Each flow replays
 * the sample generator's model of a finished match (the same ratings, scores and texts) as a
 * timeline the live simulator can play, so a fixed seed gives the same match.
 */
import type { Rng } from "../../sample/rng.js";
import type { FlowFixture, MatchFlow } from "../flow.js";
import { combatFlow } from "./combat-sports.js";
import { golfFlow } from "./golf.js";
import { horseRacingFlow } from "./horse-racing.js";
import { teamSportFlow } from "./team-sports.js";
import { tennisFlow } from "./tennis.js";

export function buildFlow(rng: Rng, fixture: FlowFixture): MatchFlow {
  const sport = fixture.sport;
  switch (sport) {
    case "tennis":
      return tennisFlow(rng, fixture);
    case "combat-sports":
      return combatFlow(rng, fixture);
    case "golf":
      return golfFlow(rng, fixture);
    case "horse-racing":
      return horseRacingFlow(rng, fixture);
    default:
      return teamSportFlow(rng, fixture, sport);
  }
}
