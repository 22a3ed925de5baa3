/**
 * Football: four European leagues and eleven regional ones round the world (18–20 clubs, double
 * round robin; the regional ones in `football-regions.ts`, so a match is live at any hour). Goals
 * are Poisson with means from the two teams' strengths (about 2.7 a match, a quarter of matches drawn). A match's
 * goals, bookings and changes are drawn as moments first, then played in clock order, each naming
 * players on the pitch at that moment (`football-pitch.ts`).
 */
import { otherSide } from "../../sports/module-parts.js";
import type { Side } from "../../sports/types.js";
import type { GenContext } from "../context.js";
import type { KickoffSlot } from "../home-slots.js";
import { type MarketQuote, poissonTable } from "../odds-pricing.js";
import { CLUB_PATTERNS } from "../pools/index.js";
import type { Rng } from "../rng.js";
import { byPosition, clubNames, countryPool, makeTeams, pickBest, teamSlugs } from "../squads.js";
import { buildTeamLeague } from "../team-league.js";
import type {
  Lineup,
  MatchSides,
  ScriptedEvent,
  SquadPlayer,
  StatCredit,
  TeamSportProfile,
} from "../team-sport-profile.js";
import { Pitch } from "./football-pitch.js";
import { REGIONAL_LEAGUES } from "./football-regions.js";
import { type TimedEvent, timed } from "./match-clock.js";
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
    const moments: Moment[] = [];
    for (const side of ["home", "away"] as const) {
      const at = (kind: MomentKind, from: number, to: number) =>
        moments.push({ kind, side, clock: rng.float(from, to) });
      for (let g = rng.poisson(side === "home" ? homeMean : awayMean); g > 0; g--)
        at("goal", 0, 94);
      if (rng.chance(0.03)) at("missed_penalty", 4, 90);
      for (let c = rng.poisson(1.7); c > 0; c--) at("booking", 7, 93);
      if (rng.chance(0.04)) at("red_card", 7, 93);
      for (let n = rng.int(3, 5); n > 0; n--) {
        if (rng.chance(0.1)) moments.push({ kind: "substitution", side, clock: HALF });
        else at("substitution", 54, 89);
      }
    }
    // Players are picked in match order, from whoever is on the pitch at that moment.
    moments.sort((a, b) => a.clock - b.clock);
    const pitches = { home: new Pitch(sides.homeLineup), away: new Pitch(sides.awayLineup) };
    const events = moments.flatMap((moment) => happen(rng, moment, pitches));
    return { events: inHalves(events), decidedBy: "regulation" };
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
      case "second_yellow":
        // A second booking: one more yellow card, and the red that follows it.
        credits.push([player, "yellow_cards", 1], [player, "red_cards", 1]);
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

/** Match-clock minutes: the second half starts at 45 (a half-time change happens right then). */
const HALF = 45;

type MomentKind = "goal" | "missed_penalty" | "booking" | "red_card" | "substitution";

/** Something that will happen to a side at `clock`; who does it is picked when it happens. */
interface Moment {
  kind: MomentKind;
  side: Side;
  clock: number;
}

/** The events of one moment, naming players on the pitch then (none when nobody fits). */
function happen(rng: Rng, moment: Moment, pitches: Record<Side, Pitch>): TimedEvent[] {
  const { clock, side } = moment;
  const pitch = pitches[side];
  switch (moment.kind) {
    case "goal":
      return [goalEvent(rng, clock, side, pitch, pitches[otherSide(side)])];
    case "missed_penalty":
      return [timed(clock, "missed_penalty", side, scorer(rng, pitch.players).id)];
    case "booking": {
      const booking = pitch.book(rng);
      if (booking === null) return [];
      const type = booking.sentOff ? "second_yellow" : "yellow_card";
      return [timed(clock, type, side, booking.player.id)];
    }
    case "red_card": {
      const player = pitch.sendOff(rng);
      return player === null ? [] : [timed(clock, "red_card", side, player.id)];
    }
    case "substitution": {
      const change = pitch.substitute(rng);
      if (change === null) return [];
      const more = { relatedPlayerId: change.off.id };
      return [timed(clock, "substitution", side, change.on.id, more)];
    }
  }
}

function goalEvent(rng: Rng, clock: number, side: Side, own: Pitch, opponents: Pitch): TimedEvent {
  const roll = rng.next();
  if (roll < 0.03) {
    const defenders = opponents.outfield.filter((p) => p.position === "defender");
    const unlucky = rng.pick(defenders.length > 0 ? defenders : opponents.players);
    return timed(clock, "own_goal", side, unlucky.id);
  }
  const shooter = scorer(rng, own.players);
  if (roll < 0.12) return timed(clock, "penalty_goal", side, shooter.id);
  const others = own.outfield.filter((p) => p !== shooter);
  const assist = rng.chance(0.72) && others.length > 0 ? scorer(rng, others) : null;
  return timed(clock, "goal", side, shooter.id, { relatedPlayerId: assist?.id ?? null });
}

/**
 * Frames the events (in clock order) with the two halves. Minute `m` is the clock's `m`th
 * minute: the first half's events fall in 1–45, the second half's in 46–95 (stoppage time).
 */
function inHalves(events: readonly TimedEvent[]): ScriptedEvent[] {
  const minuteOf = (clock: number) => Math.floor(clock) + 1;
  const half = (period: string, start: number, end: number, list: readonly TimedEvent[]) => {
    const framed = list.map(({ clock, event }) => ({ ...event, period, minute: minuteOf(clock) }));
    const last = Math.max(end, ...framed.map((e) => e.minute));
    return [
      { type: "period_start", period, minute: start, side: null },
      ...framed,
      { type: "period_end", period, minute: last, side: null },
    ];
  };
  const first = events.filter((e) => e.clock < HALF);
  const second = events.filter((e) => e.clock >= HALF);
  return [...half("1st_half", 0, HALF, first), ...half("2nd_half", HALF, 90, second)];
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
    // About 40 % of the season is played by the anchor date.
    const firstRoundDate = firstSaturdayOnOrBefore(ctx.anchor, 15 * 7);
    buildLeague(ctx, rng, footballProfile, { ...league, slots: SLOTS }, firstRoundDate);
  }
  if (!ctx.regions) return;
  // The regional leagues draw from their own stream: the four above stay as they were.
  const regional = ctx.rng("football:regions");
  for (const league of REGIONAL_LEAGUES) {
    // A season under way with a short history (one or two rounds played), many weeks ahead.
    const firstRound = firstSaturdayOnOrBefore(ctx.anchor, 7);
    buildLeague(ctx, regional, regionalProfile, league, firstRound, 0);
  }
}

interface LeagueSeed {
  country: string;
  slug: string;
  name: string;
  teams: number;
  slots: readonly KickoffSlot[];
}

/**
 * The regional leagues are priced on the main markets only (result, totals, both to score,
 * handicap): player props stay with the four European leagues, which keeps the seeded odds small.
 */
const regionalProfile: TeamSportProfile = {
  ...footballProfile,
  quotes: (rng, sides) =>
    footballProfile.quotes(rng, sides).filter((quote) => quote.market !== "player_props"),
};

/** One league: its clubs (named and housed in the country's style) and its season. */
function buildLeague(
  ctx: GenContext,
  rng: Rng,
  profile: TeamSportProfile,
  league: LeagueSeed,
  firstRoundDate: Date,
  /** Share of upcoming fixtures generated as postponed (0 for the regional leagues, ADR-0044). */
  postponedShare = 0.01,
): void {
  const country = countryPool(league.country);
  ctx.addCountry(country.code, country.name);
  const patterns = CLUB_PATTERNS[country.code] ?? CLUB_PATTERNS.default ?? ["{city} FC"];
  const teams = makeTeams(
    ctx,
    rng,
    profile,
    country,
    clubNames(rng, country, patterns, league.teams, teamSlugs(ctx, profile.sport)),
    {
      homeShare: 0.6,
      venueName: (r, t) =>
        venueName(r, "football", {
          city: t.city,
          name: r.pick(country.lastNames),
          country: country.code,
        }),
      capacity: [15_000, 75_000],
    },
  );
  buildTeamLeague(ctx, profile, {
    slug: league.slug,
    name: league.name,
    countryCode: country.code,
    tier: 1,
    teams,
    cycles: 2,
    firstRoundDate,
    daysBetweenRounds: 7,
    slots: league.slots,
    officials: officialNames(rng, country, 30, ctx.anchor),
    postponedShare,
  });
}
