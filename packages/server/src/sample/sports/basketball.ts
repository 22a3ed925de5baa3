/**
 * Basketball: a North American league (12-minute quarters) and a Spanish one (10-minute), and the
 * regional leagues that keep a game live around the clock (`basketball-regional.ts`). Each
 * side's points per quarter are drawn from its strength and split into scoring plays; a level
 * game goes to as many 5-minute overtimes as it takes, each its own period (`overtime_1`…). A
 * free-throw trip is a shooting foul followed by the fouled player's made free throws.
 */
import { MAX_OVERTIMES, overtimePeriod } from "../../sports/basketball.js";
import { otherSide } from "../../sports/module-parts.js";
import type { Side } from "../../sports/types.js";
import type { GenContext } from "../context.js";
import type { MarketQuote } from "../odds-pricing.js";
import { halfPoint, normalCdf, quote } from "../odds-pricing.js";
import { FRANCHISE_NICKNAMES } from "../pools/index.js";
import type { Rng } from "../rng.js";
import { byPosition, clubNames, countryPool, pickBest, teamSlugs } from "../squads.js";
import { buildTeamLeague } from "../team-league.js";
import type {
  Lineup,
  MatchSides,
  SquadPlayer,
  StatCredit,
  TeamSportProfile,
} from "../team-sport-profile.js";
import { generateRegionalBasketball } from "./basketball-regional.js";
import { framePeriod, slotsAt, type TimedEvent, timed } from "./match-clock.js";
import { firstSaturdayOnOrBefore, officialNames } from "./officials-and-dates.js";
import { franchiseNames, leagueTeams } from "./team-names.js";

interface BasketballRules {
  quarterMinutes: number;
  /** Average points of a side in regulation. */
  points: number;
  durationMinutes: number;
}

const QUARTERS = ["1st_quarter", "2nd_quarter", "3rd_quarter", "4th_quarter"];
const OVERTIME_MINUTES = 5;
/** Share of scoring plays that are free-throw trips; of field goals made, the share of threes. */
const FREE_THROW_TRIP = 0.22;
/** Share of shooting fouls on a three-point attempt (three free throws), and of free throws made. */
const THREE_SHOT_FOULS = 0.08;
const FREE_THROW_PCT = 0.78;
const FIELD_GOALS: readonly string[] = ["two_pointer", "three_pointer"];
const THREE_SHARE = 0.36;
const PACE_SD = 0.035;
const SHOT_WEIGHT: Record<string, Record<string, number>> = {
  three_pointer: { guard: 1.6, forward: 1, center: 0.2 },
  two_pointer: { guard: 0.9, forward: 1.1, center: 1.4 },
  free_throw: { guard: 1, forward: 1, center: 1.1 },
  assist: { guard: 2.2, forward: 1, center: 0.6 },
};
const CREDITS: Record<string, Record<string, number>> = {
  free_throw: { points: 1, free_throws: 1 },
  two_pointer: { points: 2, field_goals: 1 },
  three_pointer: { points: 3, field_goals: 1, three_pointers: 1 },
};

/** Expected points of each side in regulation. */
function pointMeans(sides: MatchSides, rules: BasketballRules): [number, number] {
  const edge = rules.points * (0.012 + 0.03 * (sides.home.strength - sides.away.strength));
  return [rules.points + edge, rules.points - edge];
}

/** Standard deviation of one side's points in one quarter. */
const quarterSd = (rules: BasketballRules) => rules.points * 0.0425;

function basketballProfile(rules: BasketballRules): TeamSportProfile {
  const quarter = rules.quarterMinutes;
  return {
    sport: "basketball",
    squadTemplate: [
      { position: "guard", count: 6 },
      { position: "forward", count: 5 },
      { position: "center", count: 3 },
    ],
    heightCm: [199, 8],
    durationMinutes: rules.durationMinutes,
    lineup(rng, team): Lineup {
      const best = (position: string, count: number) =>
        pickBest(rng, byPosition(team, position), count);
      const starters = [...best("guard", 2), ...best("forward", 2), ...best("center", 1)];
      const bench = team.squad.filter((p) => !starters.includes(p));
      return { formation: null, starters, substitutes: pickBest(rng, bench, bench.length) };
    },
    script(rng, sides) {
      const [homeMean, awayMean] = pointMeans(sides, rules);
      const pace = rng.normal(1, PACE_SD);
      const sd = quarterSd(rules);
      const draw = (mean: number, spread: number) =>
        Math.max(0, Math.round(rng.normal(mean, spread)));
      const periods: Period[] = QUARTERS.map((name, q) => ({
        name,
        start: q * quarter,
        length: quarter,
        points: [draw((homeMean * pace) / 4, sd), draw((awayMean * pace) / 4, sd)],
      }));
      const total = (i: 0 | 1) => periods.reduce((sum, p) => sum + p.points[i], 0);
      // Close games get closer at the end: a trailing side within a few points may level.
      const gap = total(0) - total(1);
      const last = periods[3]?.points ?? [0, 0];
      if (gap !== 0 && Math.abs(gap) <= 3 && rng.chance(0.22))
        last[gap > 0 ? 1 : 0] += Math.abs(gap);
      const share = (OVERTIME_MINUTES * pace) / (4 * quarter);
      // Each overtime is its own period; the last one the sport names cannot end level.
      for (let ot = 1; total(0) === total(1); ot++) {
        const points: [number, number] = [
          draw(homeMean * share, sd * 0.6),
          draw(awayMean * share, sd * 0.6),
        ];
        const start = 4 * quarter + (ot - 1) * OVERTIME_MINUTES;
        periods.push({ name: overtimePeriod(ot), start, length: OVERTIME_MINUTES, points });
        if (ot === MAX_OVERTIMES && total(0) === total(1)) points[rng.chance(0.5) ? 0 : 1] += 1;
      }
      const events = periods.flatMap((period, i) => playPeriod(rng, sides, period, i >= 4));
      return { events, decidedBy: periods.length > 4 ? "overtime" : "regulation" };
    },
    quotes(rng, sides): MarketQuote[] {
      const [homeMean, awayMean] = pointMeans(sides, rules);
      const sd = quarterSd(rules);
      const [margin, total] = [homeMean - awayMean, homeMean + awayMean];
      const marginSd = Math.sqrt(8) * sd;
      const totalSd = Math.sqrt(8 * sd * sd + (PACE_SD * total) ** 2);
      const pHome = normalCdf(margin / marginSd);
      const spread = -halfPoint(margin);
      const cover = normalCdf((margin + spread) / marginSd);
      const over = 1 - normalCdf((halfPoint(total) - total) / totalSd);
      const quotes = [
        quote("moneyline", null, { home: pHome, away: 1 - pHome }),
        quote("handicap", spread, { home: cover, away: 1 - cover }),
        quote("totals", halfPoint(total), { over, under: 1 - over }),
      ];
      for (const [lineup, mean] of [
        [sides.homeLineup, homeMean],
        [sides.awayLineup, awayMean],
      ] as const) {
        const star = pickBest(rng, lineup.starters, 1)[0];
        if (star === undefined) continue;
        const weight = (p: SquadPlayer) => shotWeight(p, lineup, "two_pointer");
        const all = rotationOf(lineup).reduce((sum, p) => sum + weight(p), 0);
        const expected = (mean * weight(star)) / all;
        const pOver = 1 - normalCdf((halfPoint(expected) - expected) / Math.max(4, 0.3 * expected));
        const selections = { over: pOver, under: 1 - pOver };
        const prop = quote("player_props", halfPoint(expected), selections);
        quotes.push({ ...prop, subject: `${star.name} points` });
      }
      return quotes;
    },
    playerStats(event): StatCredit[] {
      const player = event.playerId;
      if (player == null) return [];
      const earned = Object.entries(CREDITS[event.type] ?? {});
      const credits = earned.map(([stat, n]): StatCredit => [player, stat, n]);
      // A field goal's related player made the assist (a foul's is the player fouled).
      if (event.relatedPlayerId != null && FIELD_GOALS.includes(event.type)) {
        credits.push([event.relatedPlayerId, "assists", 1]);
      }
      return credits;
    },
  };
}

/** The ten players who share the minutes: the five starters and the first five off the bench. */
function rotationOf(lineup: Lineup): SquadPlayer[] {
  return [...lineup.starters, ...lineup.substitutes.slice(0, 5)];
}

function shotWeight(player: SquadPlayer, lineup: Lineup, type: string): number {
  const starter = lineup.starters.includes(player) ? 2.4 : 1;
  return starter * (0.4 + player.quality) * (SHOT_WEIGHT[type]?.[player.position] ?? 1);
}

interface Period {
  name: string;
  start: number;
  length: number;
  /** Points of the home and the away side. */
  points: [number, number];
}

/**
 * One quarter (or overtime): each side's points split into scoring plays, plus timeouts. A
 * free-throw trip is a shooting foul (by a player of the other side, naming the player fouled)
 * followed by that player's made free throws, all at the same moment so nothing comes between.
 */
function playPeriod(rng: Rng, sides: MatchSides, period: Period, overtime: boolean) {
  const { start, length, points } = period;
  const plays: TimedEvent[] = [];
  (["home", "away"] as const).forEach((side, i) => {
    const lineup = side === "home" ? sides.homeLineup : sides.awayLineup;
    const defenders = rotationOf(side === "home" ? sides.awayLineup : sides.homeLineup);
    const rotation = rotationOf(lineup);
    const pick = (type: string, except?: SquadPlayer) => {
      const candidates = rotation.filter((p) => p !== except);
      const weights = candidates.map((p) => shotWeight(p, lineup, type));
      return rng.weighted(candidates, weights);
    };
    for (let left = points[i] ?? 0; left > 0; ) {
      const clock = start + rng.next() * length;
      if (left === 1 || rng.chance(FREE_THROW_TRIP)) {
        const trip = freeThrowTrip(rng, clock, side, pick("free_throw"), rng.pick(defenders), left);
        plays.push(...trip.plays);
        left -= trip.made;
        continue;
      }
      const type = left >= 3 && rng.chance(THREE_SHARE) ? "three_pointer" : "two_pointer";
      const shooter = pick(type);
      const assist = rng.chance(0.6) ? pick("assist", shooter) : null;
      plays.push(timed(clock, type, side, shooter.id, { relatedPlayerId: assist?.id ?? null }));
      left -= type === "three_pointer" ? 3 : 2;
    }
    if (!overtime && rng.chance(0.6)) {
      plays.push(timed(start + rng.float(0.3, 0.95) * length, "timeout", side));
    }
  });
  return framePeriod(period.name, start, start + length, plays);
}

/**
 * A shooting foul and the free throws it gives `shooter`: two attempts (three after a foul on a
 * three-point shot), each made at about the league's rate; at most `pointsLeft` go in, and a
 * trip may score nothing. Only made free throws are events; each says which attempt it was.
 */
function freeThrowTrip(
  rng: Rng,
  clock: number,
  side: Side,
  shooter: SquadPlayer,
  fouler: SquadPlayer,
  pointsLeft: number,
): { plays: TimedEvent[]; made: number } {
  const attempts = rng.chance(THREE_SHOT_FOULS) ? 3 : 2;
  const detail = { free_throws: attempts };
  const plays = [
    timed(clock, "foul", otherSide(side), fouler.id, { relatedPlayerId: shooter.id, detail }),
  ];
  let made = 0;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (made === pointsLeft || !rng.chance(FREE_THROW_PCT)) continue;
    made++;
    plays.push(timed(clock, "free_throw", side, shooter.id, { detail: { attempt, attempts } }));
  }
  return { plays, made };
}

const NORTH_AMERICAN = basketballProfile({ quarterMinutes: 12, points: 111, durationMinutes: 150 });
const EUROPEAN = basketballProfile({ quarterMinutes: 10, points: 84, durationMinutes: 120 });
/** The profile of a league with `quarterMinutes`-minute quarters: 10 is European, else North American. */
export function basketballProfileFor(quarterMinutes: number): TeamSportProfile {
  return quarterMinutes === 10 ? EUROPEAN : NORTH_AMERICAN;
}

const SPANISH_CLUB_PATTERNS = ["Baloncesto {city}", "Club Baloncesto {city}", "{city} Básquet"];

export function generateBasketball(ctx: GenContext): void {
  const rng = ctx.rng("basketball");
  const us = countryPool("US");
  const franchises = franchiseNames(rng, us, FRANCHISE_NICKNAMES, 16);
  buildTeamLeague(ctx, NORTH_AMERICAN, {
    slug: "pro-basketball-league",
    name: "Pro Basketball League",
    countryCode: us.code,
    tier: 1,
    teams: leagueTeams(ctx, rng, NORTH_AMERICAN, us, franchises, [12_000, 21_000]),
    cycles: 4,
    // 60 rounds two days apart: the 25th tips off on the anchor's night (40 % played).
    firstRoundDate: firstSaturdayOnOrBefore(ctx.anchor, 46),
    daysBetweenRounds: 2,
    // 7–10:30 pm on the US east and west coasts is after midnight UTC.
    slots: slotsAt(1, "00:00", "00:30", "00:30", "01:00", "01:00", "02:00", "03:00", "03:30"),
    rules: { quarter_minutes: 12, overtime_minutes: OVERTIME_MINUTES },
    officials: officialNames(rng, us, 36, ctx.anchor),
  });
  const es = countryPool("ES");
  const clubs = clubNames(rng, es, SPANISH_CLUB_PATTERNS, 16, teamSlugs(ctx, "basketball"));
  buildTeamLeague(ctx, EUROPEAN, {
    slug: "liga-iberica-baloncesto",
    name: "Liga Ibérica de Baloncesto",
    countryCode: es.code,
    tier: 1,
    teams: leagueTeams(ctx, rng, EUROPEAN, es, clubs, [4_000, 15_000], 0.55),
    cycles: 2,
    // 30 weekly rounds, 12 of them played by the anchor.
    firstRoundDate: firstSaturdayOnOrBefore(ctx.anchor, 12 * 7),
    daysBetweenRounds: 7,
    // Saturday evening and Sunday, Spanish time.
    slots: [
      ...slotsAt(0, "17:00", "19:30"),
      ...slotsAt(1, "10:30", "15:00", "16:00", "17:00", "17:30", "19:00"),
    ],
    rules: { quarter_minutes: 10, overtime_minutes: OVERTIME_MINUTES },
    officials: officialNames(rng, es, 24, ctx.anchor),
  });
  if (ctx.regions) generateRegionalBasketball(ctx, basketballProfileFor);
}
