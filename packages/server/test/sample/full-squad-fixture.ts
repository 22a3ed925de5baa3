/**
 * A stored fixture for the simulator's team-sport flows whose two sides have a full squad (every
 * position of the profile's template filled by a named player), so every event names a player.
 */
import type { TeamSportProfile } from "../../src/sample/team-sport-profile.js";
import type { FlowFixture, FlowSide } from "../../src/simulator/flow.js";
import type { Side } from "../../src/sports/types.js";

function fullSide(profile: TeamSportProfile, side: Side, strength: number): FlowSide {
  const players = profile.squadTemplate.flatMap(({ position, count }) =>
    Array.from({ length: count }, (_, i) => ({ position, i })),
  );
  return {
    teamId: `tm-${side}`,
    name: side === "home" ? "Home Side" : "Away Side",
    strength,
    players: players.map(({ position, i }, n) => ({
      id: `pl-${side}-${position}-${i}`,
      name: `Player ${side} ${position} ${i}`,
      position,
      shirtNumber: n + 1,
    })),
  };
}

export function fullSquadFixture(
  profile: TeamSportProfile,
  strengths: [home: number, away: number],
  rules: Record<string, unknown> = {},
): FlowFixture {
  return {
    id: `fx-${profile.sport}`,
    sport: profile.sport,
    home: fullSide(profile, "home", strengths[0]),
    away: fullSide(profile, "away", strengths[1]),
    participants: null,
    rules,
    round: null,
  };
}
