/**
 * The two sides of a team-sport flow in the shape the sample generator's match scripts take: a
 * `TeamSeed` per side (strength and squad from the fixture, placeholders for the rest, which only
 * the generator reads) and the lineup the sport's profile picks. Positions the stored squad cannot
 * fill get unnamed stand-ins with empty ids, so a script never runs short of players; events by a
 * stand-in carry no player.
 */
import type { Rng } from "../../sample/rng.js";
import type {
  MatchSides,
  SquadPlayer,
  TeamSeed,
  TeamSportProfile,
} from "../../sample/team-sport-profile.js";
import type { FlowSide } from "../flow.js";

/** Everybody in a stored squad is rated alike; stand-ins are picked only when nobody else is left. */
const PLAYER_QUALITY = 0.5;
const STAND_IN_QUALITY = 0.05;

type StoredPlayer = FlowSide["players"][number];

export function matchSides(
  rng: Rng,
  profile: TeamSportProfile,
  home: FlowSide,
  away: FlowSide,
): MatchSides {
  const homeTeam = teamSeed(profile, home);
  const awayTeam = teamSeed(profile, away);
  return {
    home: homeTeam,
    away: awayTeam,
    homeLineup: profile.lineup(rng, homeTeam),
    awayLineup: profile.lineup(rng, awayTeam),
  };
}

function teamSeed(profile: TeamSportProfile, side: FlowSide): TeamSeed {
  return {
    id: side.teamId,
    slug: side.teamId,
    name: side.name,
    shortName: side.name,
    abbreviation: side.name.slice(0, 3).toUpperCase(),
    city: "",
    countryCode: "",
    founded: 0,
    venue: { name: "", city: "", capacity: 0 },
    strength: side.strength,
    coach: "",
    squad: squadFor(profile, side.players),
  };
}

/**
 * The stored players under their own positions; players whose position the sport's template does
 * not know fill the template's gaps in order, then stand-ins fill what is still missing.
 */
function squadFor(profile: TeamSportProfile, players: readonly StoredPlayer[]): SquadPlayer[] {
  const known = new Set(profile.squadTemplate.map((slot) => slot.position));
  const squad: SquadPlayer[] = [];
  const spare: StoredPlayer[] = [];
  for (const player of players) {
    if (player.position !== null && known.has(player.position)) {
      squad.push(squadPlayer(player, player.position, PLAYER_QUALITY));
    } else spare.push(player);
  }
  for (const { position, count } of profile.squadTemplate) {
    const have = squad.filter((p) => p.position === position).length;
    for (let n = have; n < count; n++) {
      const player = spare.shift();
      squad.push(
        player === undefined
          ? squadPlayer({ id: "", name: "", shirtNumber: null }, position, STAND_IN_QUALITY)
          : squadPlayer(player, position, PLAYER_QUALITY),
      );
    }
  }
  return squad;
}

function squadPlayer(
  player: Pick<StoredPlayer, "id" | "name" | "shirtNumber">,
  position: string,
  quality: number,
): SquadPlayer {
  const [firstName = "", ...rest] = player.name.split(" ");
  return {
    id: player.id,
    slug: player.id,
    name: player.name,
    firstName,
    lastName: rest.join(" "),
    dateOfBirth: "",
    nationality: "",
    position,
    shirtNumber: player.shirtNumber ?? 0,
    heightCm: 0,
    quality,
  };
}
