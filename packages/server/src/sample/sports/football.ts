/**
 * Football: four domestic leagues (18–20 clubs, double round robin). Goals are Poisson with
 * means from the two teams' strengths (about 2.7 a match, a quarter of matches drawn).
 */
import type { Side } from "../../sports/types.js";
import type { GenContext } from "../context.js";
import { type MarketQuote, poissonTable } from "../odds-pricing.js";
import { CLUB_PATTERNS } from "../pools/index.js";
import type { Rng } from "../rng.js";
import { byPosition, clubNames, countryPool, makeTeams, pickBest } from "../squads.js";
import { buildTeamLeague, type KickoffSlot } from "../team-league.js";
import type {
  Lineup,
  MatchSides,
  ScriptedEvent,
  SquadPlayer,
  StatCredit,
  TeamSportProfile,
} from "../team-sport-profile.js";
import { firstSaturdayOnOrBefore, officialNames, venueName } from "./officials-and-dates.js";

const FORMATIONS: Record<string, [number, number, number]> = {
  "4-3-3": [4, 3, 3],
  "4-2-3-1": [4, 5, 1],
  "4-4-2": [4, 4, 2],
  "3-5-2": [3, 5, 2],
  "3-4-3": [3, 4, 3],
  "5-3-2": [5, 3, 2],
};

function goalMeans(sides: MatchSides): [number, number] {
  const diff = sides.home.strength - sides.away.strength;
  return [1.5 * Math.exp(0.2 * diff), 1.15 * Math.exp(-0.2 * diff)];
}

export const footballProfile: TeamSportProfile = {
  sport: "football",
  squadTemplate: [
    { position: "goalkeeper", count: 3 },
    { position: "defender", count: 8 },
    { position: "midfielder", count: 8 },
    { position: "forward", count: 5 },
  ],
  heightCm: [181, 6],
  cleanSheets: true,
  durationMinutes: 115,
  lineup(rng, team): Lineup {
    const formation = rng.pick(Object.keys(FORMATIONS));
    const [df, mf, fw] = FORMATIONS[formation] as [number, number, number];
    const starters = [
      ...pickBest(rng, byPosition(team, "goalkeeper"), 1),
      ...pickBest(rng, byPosition(team, "defender"), df),
      ...pickBest(rng, byPosition(team, "midfielder"), mf),
      ...pickBest(rng, byPosition(team, "forward"), fw),
    ];
    const bench = team.squad.filter((p) => !starters.includes(p));
    const substitutes = [
      ...pickBest(
        rng,
        bench.filter((p) => p.position === "goalkeeper"),
        1,
      ),
      ...pickBest(
        rng,
        bench.filter((p) => p.position !== "goalkeeper"),
        8,
      ),
    ];
    return { formation, starters, substitutes };
  },
  script(rng, sides) {
    const [homeMean, awayMean] = goalMeans(sides);
    const events: ScriptedEvent[] = [];
    for (const side of ["home", "away"] as const) {
      const lineup = side === "home" ? sides.homeLineup : sides.awayLineup;
      const opponents = side === "home" ? sides.awayLineup : sides.homeLineup;
      const goals = rng.poisson(side === "home" ? homeMean : awayMean);
      for (let g = 0; g < goals; g++) events.push(goalEvent(rng, side, lineup, opponents));
      if (rng.chance(0.03)) {
        events.push({
          type: "missed_penalty",
          period: null,
          minute: rng.int(5, 90),
          side,
          playerId: scorer(rng, lineup.starters).id,
        });
      }
      for (let c = rng.poisson(1.7); c > 0; c--)
        events.push(cardEvent(rng, side, lineup, "yellow_card"));
      if (rng.chance(0.04)) events.push(cardEvent(rng, side, lineup, "red_card"));
      events.push(...substitutions(rng, side, lineup));
    }
    return { events: withPeriods(events), decidedBy: "regulation" };
  },
  quotes(rng, sides): MarketQuote[] {
    const [homeMean, awayMean] = goalMeans(sides);
    const home = poissonTable(homeMean, 10);
    const away = poissonTable(awayMean, 10);
    let pHome = 0;
    let pDraw = 0;
    home.forEach((ph, h) => {
      away.forEach((pa, a) => {
        if (h > a) pHome += ph * pa;
        else if (h === a) pDraw += ph * pa;
      });
    });
    const total = poissonTable(homeMean + awayMean, 20);
    const under25 = (total[0] ?? 0) + (total[1] ?? 0) + (total[2] ?? 0);
    const btts = (1 - Math.exp(-homeMean)) * (1 - Math.exp(-awayMean));
    const quotes: MarketQuote[] = [
      {
        market: "1x2",
        subject: "",
        line: null,
        selections: { home: pHome, draw: pDraw, away: 1 - pHome - pDraw },
      },
      {
        market: "totals",
        subject: "",
        line: 2.5,
        selections: { over: 1 - under25, under: under25 },
      },
      { market: "btts", subject: "", line: null, selections: { yes: btts, no: 1 - btts } },
      { market: "handicap", subject: "", line: -0.5, selections: { home: pHome, away: 1 - pHome } },
    ];
    for (const [side, mean] of [
      ["home", homeMean],
      ["away", awayMean],
    ] as const) {
      const lineup = side === "home" ? sides.homeLineup : sides.awayLineup;
      const striker = pickBest(
        rng,
        lineup.starters.filter((p) => p.position === "forward"),
        1,
      )[0];
      if (striker === undefined) continue;
      const anytime = 1 - Math.exp(-mean * 0.35);
      quotes.push({
        market: "player_props",
        subject: `${striker.name} to score`,
        line: null,
        selections: { yes: anytime, no: 1 - anytime },
      });
    }
    return quotes;
  },
  playerStats(event): StatCredit[] {
    const credits: StatCredit[] = [];
    const player = event.playerId;
    const related = event.relatedPlayerId;
    if (player == null) return credits;
    switch (event.type) {
      case "goal":
        credits.push([player, "goals", 1]);
        if (related != null) credits.push([related, "assists", 1]);
        break;
      case "penalty_goal":
        credits.push([player, "goals", 1], [player, "penalties_scored", 1]);
        break;
      case "own_goal":
        credits.push([player, "own_goals", 1]);
        break;
      case "missed_penalty":
        credits.push([player, "penalties_missed", 1]);
        break;
      case "yellow_card":
        credits.push([player, "yellow_cards", 1]);
        break;
      case "red_card":
        credits.push([player, "red_cards", 1]);
        break;
      case "substitution":
        credits.push([player, "appearances", 1], [player, "substitute_appearances", 1]);
        break;
    }
    return credits;
  },
};

function scorer(rng: Rng, players: readonly SquadPlayer[]): SquadPlayer {
  const weights = players.map(
    (p) =>
      ({ forward: 5, midfielder: 2.5, defender: 0.8, goalkeeper: 0.01 })[p.position as "forward"] ??
      1,
  );
  return rng.weighted(players, weights);
}

function goalEvent(rng: Rng, side: Side, lineup: Lineup, opponents: Lineup): ScriptedEvent {
  const minute = rng.int(1, 94);
  const roll = rng.next();
  if (roll < 0.03) {
    const unlucky = rng.pick(opponents.starters.filter((p) => p.position === "defender"));
    return { type: "own_goal", period: null, minute, side, playerId: unlucky?.id ?? null };
  }
  const shooter = scorer(rng, lineup.starters);
  if (roll < 0.12)
    return { type: "penalty_goal", period: null, minute, side, playerId: shooter.id };
  const others = lineup.starters.filter((p) => p !== shooter && p.position !== "goalkeeper");
  const assist = rng.chance(0.72) ? scorer(rng, others) : null;
  return {
    type: "goal",
    period: null,
    minute,
    side,
    playerId: shooter.id,
    relatedPlayerId: assist?.id ?? null,
  };
}

function cardEvent(rng: Rng, side: Side, lineup: Lineup, type: string): ScriptedEvent {
  const player = rng.pick(lineup.starters.filter((p) => p.position !== "goalkeeper"));
  return { type, period: null, minute: rng.int(8, 93), side, playerId: player.id };
}

function substitutions(rng: Rng, side: Side, lineup: Lineup): ScriptedEvent[] {
  const off = rng.sample(
    lineup.starters.filter((p) => p.position !== "goalkeeper"),
    rng.int(3, 5),
  );
  const on = rng.sample(
    lineup.substitutes.filter((p) => p.position !== "goalkeeper"),
    off.length,
  );
  return on.map((player, i) => ({
    type: "substitution",
    period: null,
    minute: rng.chance(0.1) ? 46 : rng.int(55, 89),
    side,
    playerId: player.id,
    relatedPlayerId: off[i]?.id ?? null,
  }));
}

/** Orders events by minute and frames them with the periods; stoppage time stays in its half. */
function withPeriods(events: ScriptedEvent[]): ScriptedEvent[] {
  const firstHalf = events.filter((e) =>
    (e.minute ?? 0) <= 45 || (e.minute ?? 0) > 90 ? (e.minute ?? 0) <= 45 : false,
  );
  const secondHalf = events.filter((e) => !firstHalf.includes(e));
  const byMinute = (a: ScriptedEvent, b: ScriptedEvent) => (a.minute ?? 0) - (b.minute ?? 0);
  const frame = (
    period: string,
    start: number,
    end: number,
    list: ScriptedEvent[],
  ): ScriptedEvent[] => [
    { type: "period_start", period, minute: start, side: null },
    ...list.sort(byMinute).map((e) => ({
      ...e,
      period,
      minute: Math.min(Math.max(e.minute ?? start, start + 1), end + 5),
    })),
    {
      type: "period_end",
      period,
      minute: Math.max(end, ...list.map((e) => e.minute ?? 0)),
      side: null,
    },
  ];
  return [...frame("1st_half", 0, 45, firstHalf), ...frame("2nd_half", 45, 90, secondHalf)];
}

const LEAGUES = [
  { country: "GB-ENG", slug: "premier-division", name: "Premier Division", teams: 20 },
  { country: "ES", slug: "primera-liga", name: "Primera Liga", teams: 20 },
  { country: "DE", slug: "erste-liga", name: "Erste Liga", teams: 18 },
  { country: "IT", slug: "serie-prima", name: "Serie Prima", teams: 20 },
] as const;

const SLOTS: KickoffSlot[] = [
  { day: 0, hour: 12, minute: 30 },
  { day: 0, hour: 15, minute: 0 },
  { day: 0, hour: 15, minute: 0 },
  { day: 0, hour: 17, minute: 30 },
  { day: 1, hour: 14, minute: 0 },
  { day: 1, hour: 16, minute: 30 },
  { day: 0, hour: 15, minute: 0 },
  { day: 1, hour: 19, minute: 0 },
  { day: 2, hour: 20, minute: 0 },
  { day: -1, hour: 19, minute: 45 },
];

export function generateFootball(ctx: GenContext): void {
  const rng = ctx.rng("football");
  for (const league of LEAGUES) {
    const country = countryPool(league.country);
    ctx.addCountry(country.code, country.name);
    const patterns = CLUB_PATTERNS[country.code] ?? CLUB_PATTERNS.default ?? ["{city} FC"];
    const teams = makeTeams(
      ctx,
      rng,
      footballProfile,
      country,
      clubNames(rng, country, patterns, league.teams),
      {
        homeShare: 0.6,
        venueName: (r, t) =>
          venueName(r, "football", { city: t.city, name: r.pick(country.lastNames) }),
        capacity: [15_000, 75_000],
      },
    );
    buildTeamLeague(ctx, footballProfile, {
      slug: league.slug,
      name: league.name,
      countryCode: country.code,
      tier: 1,
      teams,
      cycles: 2,
      // About 40 % of the season is played by the anchor date.
      firstRoundDate: firstSaturdayOnOrBefore(ctx.anchor, 15 * 7),
      daysBetweenRounds: 7,
      slots: SLOTS,
      officials: officialNames(rng, country, 30, ctx.anchor),
    });
  }
}
