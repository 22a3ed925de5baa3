/**
 * Esports: one international Counter-Strike-style league of ten organisations from several
 * countries, two meetings per pair, best-of-three series, and the regional leagues that keep a
 * series live around the clock (`esports-regional.ts`). Maps come from a veto of the map pool;
 * a map is first to 13 rounds (12-12 goes to overtime: 16-14, 19-17…). Each map ends with the
 * `map_end` event the esports module scores.
 */
import type { Side } from "../../sports/types.js";
import type { GenContext } from "../context.js";
import type { MarketQuote } from "../odds-pricing.js";
import { quote } from "../odds-pricing.js";
import { ESPORTS_MAPS, ESPORTS_TEAM_NAMES, ESPORTS_TEAM_TAGS } from "../pools/index.js";
import type { Rng } from "../rng.js";
import { abbreviate, byPosition, countryPool, pickBest } from "../squads.js";
import { buildTeamLeague } from "../team-league.js";
import type {
  Lineup,
  MatchSides,
  ScriptedEvent,
  StatCredit,
  TeamSeed,
  TeamSportProfile,
} from "../team-sport-profile.js";
import { foundingYear, generateRegionalEsports } from "./esports-regional.js";
import { framePeriod, slotsAt, type TimedEvent, timed } from "./match-clock.js";
import { firstSaturdayOnOrBefore, officialNames } from "./officials-and-dates.js";
import { leagueTeams } from "./team-names.js";

const ROLES = ["igl", "awper", "entry", "support"] as const;
const MAP_POOL = ESPORTS_MAPS.cs ?? ["Harbor", "Foundry", "Citadel"];
/** Match-clock minutes a round takes, and the break between maps. */
const ROUND_MINUTES = 1.9;
const MAP_BREAK = 8;
const RULES = { game: "cs", format: "best_of_3", map_pool: MAP_POOL };
/** Where the organisations are based. */
const TEAM_COUNTRIES = ["SE", "DE", "FR", "GB-ENG", "RS", "BR", "US", "TR", "NL", "AU"];

/** Probability that the home side wins any one map (kept off the extremes: upsets happen). */
function mapProbability(sides: MatchSides): number {
  return 0.5 + 0.3 * Math.tanh(0.45 * (sides.home.strength - sides.away.strength));
}

export const esportsProfile: TeamSportProfile = {
  sport: "esports",
  squadTemplate: [
    { position: "igl", count: 1 },
    { position: "awper", count: 1 },
    { position: "entry", count: 1 },
    { position: "support", count: 1 },
    { position: "rifler", count: 2 },
  ],
  heightCm: [179, 7],
  durationMinutes: 210,
  lineup(rng, team): Lineup {
    const roles = ROLES.flatMap((role) => byPosition(team, role).slice(0, 1));
    const starters = [...roles, ...pickBest(rng, byPosition(team, "rifler"), 1)];
    return {
      formation: null,
      starters,
      substitutes: team.squad.filter((p) => !starters.includes(p)),
    };
  },
  script(rng, sides) {
    const p = mapProbability(sides);
    const maps = rng.sample(MAP_POOL, 3);
    const won = { home: 0, away: 0 };
    const events: ScriptedEvent[] = [];
    let start = 0;
    for (let n = 1; won.home < 2 && won.away < 2; n++) {
      const winner: Side = rng.chance(p) ? "home" : "away";
      won[winner]++;
      const loser: Side = winner === "home" ? "away" : "home";
      const [winnerRounds, loserRounds] = mapRounds(rng, Math.abs(p - 0.5));
      const rounds = { [winner]: winnerRounds, [loser]: loserRounds };
      const length = Math.round((winnerRounds + loserRounds) * ROUND_MINUTES + rng.int(2, 8));
      const lineup = winner === "home" ? sides.homeLineup : sides.awayLineup;
      const mvp = rng.weighted(
        lineup.starters,
        lineup.starters.map((pl) => 0.5 + pl.quality),
      );
      const plays: TimedEvent[] = [];
      if (rng.chance(0.25)) {
        // An ace: one player kills all five opponents in a round.
        const side: Side = rng.chance(0.6) ? winner : loser;
        const ace = rng.pick((side === "home" ? sides.homeLineup : sides.awayLineup).starters);
        const clock = start + rng.float(1, length - 1);
        plays.push(timed(clock, "kill_streak", side, ace.id, { detail: { kills: 5 } }));
      }
      const map = maps[n - 1] ?? "Harbor";
      plays.push(timed(start + length, "map_end", winner, mvp.id, { detail: { map, rounds } }));
      events.push(...framePeriod(`map_${n}`, start, start + length, plays, { map }));
      start += length + MAP_BREAK;
    }
    return { events, decidedBy: "regulation" };
  },
  quotes(_rng, sides): MarketQuote[] {
    const p = mapProbability(sides);
    const q = 1 - p;
    const series = p * p * (3 - 2 * p);
    const favourite = p >= 0.5;
    // The favourite gives 1.5 maps: it covers only with a 2-0.
    const cover = favourite ? p * p : 1 - q * q;
    const threeMaps = 2 * p * q;
    return [
      quote("moneyline", null, { home: series, away: 1 - series }),
      quote("handicap", favourite ? -1.5 : 1.5, { home: cover, away: 1 - cover }),
      quote("totals", 2.5, { over: threeMaps, under: 1 - threeMaps }),
    ];
  },
  playerStats(event): StatCredit[] {
    if (event.playerId == null) return [];
    if (event.type === "map_end") return [[event.playerId, "map_mvps", 1]];
    if (event.type === "kill_streak") return [[event.playerId, "aces", 1]];
    return [];
  },
};

/** Rounds of the map's winner and loser: first to 13, or overtime (best of six) from 12-12. */
function mapRounds(rng: Rng, mismatch: number): [number, number] {
  if (rng.chance(0.1)) {
    let extra = 0;
    while (rng.chance(0.2)) extra += 3;
    return [16 + extra, rng.int(12, 14) + extra];
  }
  return [13, Math.min(11, Math.max(0, Math.round(rng.normal(8 - 8 * mismatch, 2.6))))];
}

export function generateEsports(ctx: GenContext): void {
  const rng = ctx.rng("esports");
  ctx.addCountry("INT", "International");
  const teams: TeamSeed[] = rng.sample(ESPORTS_TEAM_NAMES, 10).flatMap((name) => {
    const country = countryPool(rng.pick(TEAM_COUNTRIES));
    const naming = { name, city: rng.pick(country.cities) };
    const founded = foundingYear(rng, ctx.anchor);
    const abbreviation = ESPORTS_TEAM_TAGS[name] ?? abbreviate(name);
    return leagueTeams(ctx, rng, esportsProfile, country, [naming], [1_000, 12_000], 0.6).map(
      (team) => ({ ...team, abbreviation, founded }),
    );
  });
  buildTeamLeague(ctx, esportsProfile, {
    slug: "nova-pro-circuit",
    name: "Nova Pro Circuit",
    countryCode: "INT",
    tier: 1,
    teams,
    cycles: 2,
    // 18 weekly rounds, 7 of them played by the anchor.
    firstRoundDate: firstSaturdayOnOrBefore(ctx.anchor, 7 * 7),
    daysBetweenRounds: 7,
    // Friday and Saturday evenings and a Sunday afternoon, Central European time.
    slots: [
      ...slotsAt(-1, "16:00", "19:00"),
      ...slotsAt(0, "14:00", "17:00"),
      ...slotsAt(1, "15:00"),
    ],
    rules: RULES,
    officials: officialNames(rng, countryPool("GB-ENG"), 10, ctx.anchor),
  });
  if (ctx.regions) generateRegionalEsports(ctx, esportsProfile, RULES);
}
