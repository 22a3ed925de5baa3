/**
 * American football: an NFL-style 16-team league, a single round robin on Sundays with a Sunday-
 * and a Monday-night game, and regional leagues around the clock (`american-football-leagues.ts`). Each side has about eleven drives ending in a touchdown (then an extra
 * point or a two-point try), a field goal or nothing: about 22 points a side, plus the odd
 * safety. A 10-minute overtime when level, which may still end in a tie.
 */
import type { Side } from "../../sports/types.js";
import type { GenContext } from "../context.js";
import type { MarketQuote } from "../odds-pricing.js";
import { chance, halfPoint, quote, scoreLines } from "../odds-pricing.js";
import { FRANCHISE_NICKNAMES } from "../pools/index.js";
import type { Rng } from "../rng.js";
import { byPosition, countryPool, pickBest } from "../squads.js";
import { buildTeamLeague } from "../team-league.js";
import type { Lineup, MatchSides, StatCredit, TeamSportProfile } from "../team-sport-profile.js";
import { generateAmericanFootballLeagues } from "./american-football-leagues.js";
import { framePeriod, slotsAt, type TimedEvent, timed } from "./match-clock.js";
import { firstSaturdayOnOrBefore, officialNames } from "./officials-and-dates.js";
import { franchiseNames, leagueTeams } from "./team-names.js";

const QUARTERS = ["1st_quarter", "2nd_quarter", "3rd_quarter", "4th_quarter"];
const QUARTER_MINUTES = 15;
const OVERTIME_MINUTES = 10;
const OVERTIME_TIE = 0.08;
/** Possessions a side has in regulation. */
const DRIVES = 11;
/** Share of a side's points from touchdowns (the rest are field goals). */
const TOUCHDOWN_SHARE = 0.74;
const [TWO_POINT_TRY, TWO_POINT_SUCCESS, EXTRA_POINT_SUCCESS] = [0.08, 0.48, 0.94];
/** Points a touchdown brings with its try: 6, 7 or 8. */
const TOUCHDOWN_POINTS = new Map([
  [6, (1 - TWO_POINT_TRY) * (1 - EXTRA_POINT_SUCCESS) + TWO_POINT_TRY * (1 - TWO_POINT_SUCCESS)],
  [7, (1 - TWO_POINT_TRY) * EXTRA_POINT_SUCCESS],
  [8, TWO_POINT_TRY * TWO_POINT_SUCCESS],
]);
const TOUCHDOWN_VALUE = [...TOUCHDOWN_POINTS].reduce((sum, [points, p]) => sum + points * p, 0);
const CREDITS: Record<string, string> = {
  touchdown: "touchdowns",
  field_goal: "field_goals",
  extra_point: "extra_points",
  two_point_conversion: "two_point_conversions",
  safety: "safeties",
  turnover: "turnovers",
};
const RELATED_CREDITS: Record<string, string> = {
  touchdown: "passing_touchdowns",
  turnover: "interceptions",
};

type Tally = Record<Side, number>;

/** Expected points of each side in regulation. */
function pointMeans(sides: MatchSides): [number, number] {
  const diff = sides.home.strength - sides.away.strength;
  return [23 + 2.2 * diff, 21 - 2.2 * diff];
}

/** Probability that the home side wins an overtime somebody wins. */
function overtimeHome(sides: MatchSides): number {
  return 1 / (1 + Math.exp(-(0.1 + 0.35 * (sides.home.strength - sides.away.strength))));
}

/** Chances that one drive ends in a touchdown or a field goal, for a side expecting `mean`. */
const driveRates = (mean: number) => ({
  touchdown: (TOUCHDOWN_SHARE * mean) / TOUCHDOWN_VALUE / DRIVES,
  fieldGoal: ((1 - TOUCHDOWN_SHARE) * mean) / 3 / DRIVES,
});

/** Distribution of a side's regulation points (index = points), safeties aside. */
function pointsTable(mean: number): number[] {
  const { touchdown, fieldGoal } = driveRates(mean);
  const drive = new Map([
    [0, 1 - touchdown - fieldGoal],
    [3, fieldGoal],
  ]);
  for (const [points, p] of TOUCHDOWN_POINTS) drive.set(points, touchdown * p);
  let table = [1];
  for (let d = 0; d < DRIVES; d++) {
    const next = new Array<number>(table.length + 8).fill(0);
    table.forEach((p, points) => {
      for (const [value, q] of drive) next[points + value] = (next[points + value] ?? 0) + p * q;
    });
    table = next;
  }
  return table;
}

export const americanFootballProfile: TeamSportProfile = {
  sport: "american-football",
  squadTemplate: Object.entries({
    ...{ quarterback: 3, running_back: 3, wide_receiver: 6, tight_end: 3, offensive_lineman: 8 },
    ...{ defensive_lineman: 7, linebacker: 6, cornerback: 5, safety: 3, kicker: 1, punter: 1 },
  }).map(([position, count]) => ({ position, count })),
  heightCm: [188, 6],
  durationMinutes: 190,
  lineup(rng, team): Lineup {
    const front = rng.weighted(["4-3", "3-4", "4-2-5"], [0.4, 0.35, 0.25]);
    const [dl, lb, cb] = front === "4-3" ? [4, 3, 2] : front === "3-4" ? [3, 4, 2] : [4, 2, 3];
    const offence = [
      "quarterback",
      "running_back",
      "wide_receiver",
      "tight_end",
      "offensive_lineman",
    ];
    const defence = ["defensive_lineman", "linebacker", "cornerback", "safety"];
    const counts = [1, 1, 3, 1, 5, dl, lb, cb, 2];
    const starters = [...offence, ...defence].flatMap((position, i) =>
      pickBest(rng, byPosition(team, position), counts[i] ?? 0),
    );
    const specialists = [...byPosition(team, "kicker"), ...byPosition(team, "punter")];
    const rest = team.squad.filter((p) => !starters.includes(p) && !specialists.includes(p));
    const substitutes = [...specialists, ...pickBest(rng, rest, rest.length)];
    return { formation: front, starters, substitutes };
  },
  script(rng, sides) {
    const means = pointMeans(sides);
    const plays: TimedEvent[] = [];
    const score: Tally = { home: 0, away: 0 };
    // Possessions alternate; each ends in a score, a turnover, a punt or (rarely) a safety.
    const first: Side = rng.chance(0.5) ? "home" : "away";
    for (let k = 0; k < 2 * DRIVES; k++) {
      const side: Side = k % 2 === 0 ? first : first === "home" ? "away" : "home";
      const clock = ((k + rng.float(0.4, 0.95)) * 4 * QUARTER_MINUTES) / (2 * DRIVES);
      const rates = driveRates(side === "home" ? means[0] : means[1]);
      const roll = rng.next();
      if (roll < rates.touchdown) plays.push(...touchdown(rng, sides, side, clock, true, score));
      else if (roll < rates.touchdown + rates.fieldGoal)
        plays.push(fieldGoal(rng, sides, side, clock, score));
      else if (rng.chance(0.15)) plays.push(turnover(rng, sides, side, clock));
      else if (rng.chance(0.004))
        plays.push(safety(rng, sides, side === "home" ? "away" : "home", clock, score));
    }
    const events = QUARTERS.flatMap((period, q) => {
      const [start, end] = [q * QUARTER_MINUTES, (q + 1) * QUARTER_MINUTES];
      const inQuarter = plays.filter((p) => p.clock >= start && p.clock < end);
      return framePeriod(period, start, end, inQuarter);
    });
    if (score.home !== score.away) return { events, decidedBy: "regulation" };
    // Sudden death after the first possessions: the overtime ends with the deciding score.
    const start = 4 * QUARTER_MINUTES;
    const overtime = rng.chance(OVERTIME_TIE) ? [] : overtimeScores(rng, sides, start, score);
    const end =
      overtime.length === 0 ? start + OVERTIME_MINUTES : Math.ceil(overtime.at(-1)?.clock ?? start);
    return {
      events: [...events, ...framePeriod("overtime", start, end, overtime)],
      decidedBy: "overtime",
    };
  },
  quotes(_rng, sides): MarketQuote[] {
    const [homeMean, awayMean] = pointMeans(sides);
    const { margins, totals } = scoreLines(pointsTable(homeMean), pointsTable(awayMean));
    // A level game goes to overtime, usually settled by a field goal, sometimes still a tie.
    const level = margins.get(0) ?? 0;
    const otHome = overtimeHome(sides) * (1 - OVERTIME_TIE);
    margins.set(3, (margins.get(3) ?? 0) + level * otHome);
    margins.set(-3, (margins.get(-3) ?? 0) + level * (1 - OVERTIME_TIE - otHome));
    margins.set(0, level * OVERTIME_TIE);
    const [pHome, pAway] = [chance(margins, (m) => m > 0), chance(margins, (m) => m < 0)];
    const spread = -halfPoint([...margins].reduce((sum, [m, p]) => sum + m * p, 0));
    const cover = chance(margins, (m) => m + spread > 0);
    const line = halfPoint(homeMean + awayMean);
    const over = chance(totals, (t) => t > line);
    return [
      // Moneyline bets on a tie are void, so the fair prices leave it out.
      quote("moneyline", null, { home: pHome / (pHome + pAway), away: pAway / (pHome + pAway) }),
      quote("handicap", spread, { home: cover, away: 1 - cover }),
      quote("totals", line, { over, under: 1 - over }),
    ];
  },
  playerStats(event): StatCredit[] {
    const credits: StatCredit[] = [];
    const [stat, related] = [CREDITS[event.type], RELATED_CREDITS[event.type]];
    if (event.playerId != null && stat !== undefined) credits.push([event.playerId, stat, 1]);
    if (event.relatedPlayerId != null && related !== undefined) {
      credits.push([event.relatedPlayerId, related, 1]);
    }
    return credits;
  },
};

function lineupOf(sides: MatchSides, side: Side): Lineup {
  return side === "home" ? sides.homeLineup : sides.awayLineup;
}

/** Overtime under modern rules: the winner scores first or answers the loser's field goal. */
function overtimeScores(rng: Rng, sides: MatchSides, start: number, score: Tally): TimedEvent[] {
  const winner: Side = rng.chance(overtimeHome(sides)) ? "home" : "away";
  const loser: Side = winner === "home" ? "away" : "home";
  const [a, b, c] = [rng.float(1, 4), rng.float(4, 7), rng.float(7, 9.9)].map((t) => start + t);
  const roll = rng.next();
  if (roll < 0.3) return touchdown(rng, sides, winner, a ?? start, false, score);
  if (roll < 0.7) return [fieldGoal(rng, sides, winner, b ?? start, score)];
  const opener = fieldGoal(rng, sides, loser, a ?? start, score);
  if (roll < 0.85) return [opener, ...touchdown(rng, sides, winner, b ?? start, false, score)];
  return [
    opener,
    fieldGoal(rng, sides, winner, b ?? start, score),
    fieldGoal(rng, sides, winner, c ?? start, score),
  ];
}

/**
 * A touchdown and the try that follows at the same moment, unless the touchdown ends an
 * overtime: the game is then over and no try is attempted (NFL rules).
 */
function touchdown(
  rng: Rng,
  sides: MatchSides,
  side: Side,
  clock: number,
  withTry: boolean,
  score: Tally,
): TimedEvent[] {
  const lineup = lineupOf(sides, side);
  const passing = rng.chance(0.6);
  const quarterback = lineup.starters.find((p) => p.position === "quarterback");
  const weights: Record<string, number> = passing
    ? { wide_receiver: 3, tight_end: 1.5, running_back: 0.5 }
    : { running_back: 5, quarterback: 0.8, wide_receiver: 0.3 };
  const candidates = lineup.starters.filter((p) => (weights[p.position] ?? 0) > 0);
  const scorer = rng.weighted(
    candidates,
    candidates.map((p) => (weights[p.position] ?? 0) * (0.5 + p.quality)),
  );
  const detail = { kind: passing ? "pass" : "rush", yards: rng.int(1, passing ? 75 : 40) };
  const thrower = passing ? (quarterback?.id ?? null) : null;
  const events = [timed(clock, "touchdown", side, scorer.id, { relatedPlayerId: thrower, detail })];
  score[side] += 6;
  if (!withTry) return events;
  // The try is always an event, made or missed, so a line score never hides a missed kick.
  if (rng.chance(TWO_POINT_TRY)) {
    const made = rng.chance(TWO_POINT_SUCCESS);
    const type = made ? "two_point_conversion" : "two_point_conversion_failed";
    events.push(timed(clock, type, side, scorer.id));
    if (made) score[side] += 2;
  } else {
    const made = rng.chance(EXTRA_POINT_SUCCESS);
    events.push(timed(clock, made ? "extra_point" : "extra_point_missed", side, kicker(lineup)));
    if (made) score[side] += 1;
  }
  return events;
}

function kicker(lineup: Lineup): string | null {
  return lineup.substitutes.find((p) => p.position === "kicker")?.id ?? null;
}

function fieldGoal(
  rng: Rng,
  sides: MatchSides,
  side: Side,
  clock: number,
  score: Tally,
): TimedEvent {
  score[side] += 3;
  const yards = Math.min(61, 18 + Math.round(Math.abs(rng.normal(0, 18))));
  return timed(clock, "field_goal", side, kicker(lineupOf(sides, side)), { detail: { yards } });
}

/** Two points for `side`: the other side's ball carrier tackled in his own end zone. */
function safety(rng: Rng, sides: MatchSides, side: Side, clock: number, score: Tally): TimedEvent {
  score[side] += 2;
  const rushers = lineupOf(sides, side).starters.filter((p) =>
    /defensive|linebacker/.test(p.position),
  );
  return timed(clock, "safety", side, rng.pick(rushers).id);
}

/** An interception (credited to a defender) or a lost fumble; `side` lost the ball. */
function turnover(rng: Rng, sides: MatchSides, side: Side, clock: number): TimedEvent {
  const lineup = lineupOf(sides, side);
  if (rng.chance(0.55)) {
    const thrower = lineup.starters.find((p) => p.position === "quarterback")?.id ?? null;
    const defence = lineupOf(sides, side === "home" ? "away" : "home").starters;
    const backs = defence.filter((p) => /cornerback|safety|linebacker/.test(p.position));
    const more = { relatedPlayerId: rng.pick(backs).id, detail: { kind: "interception" } };
    return timed(clock, "turnover", side, thrower, more);
  }
  const ballCarriers = ["running_back", "wide_receiver", "tight_end", "quarterback"];
  const carriers = lineup.starters.filter((p) => ballCarriers.includes(p.position));
  return timed(clock, "turnover", side, rng.pick(carriers).id, { detail: { kind: "fumble" } });
}

export function generateAmericanFootball(ctx: GenContext): void {
  const rng = ctx.rng("american-football");
  const us = countryPool("US");
  const profile = americanFootballProfile;
  const names = franchiseNames(rng, us, FRANCHISE_NICKNAMES, 16);
  buildTeamLeague(ctx, profile, {
    slug: "north-american-gridiron-league",
    name: "North American Gridiron League",
    countryCode: us.code,
    tier: 1,
    teams: leagueTeams(ctx, rng, profile, us, names, [45_000, 80_000], 0.85),
    cycles: 1,
    // 15 weekly rounds, 6 of them played by the anchor.
    firstRoundDate: firstSaturdayOnOrBefore(ctx.anchor, 6 * 7),
    daysBetweenRounds: 7,
    // Sunday 1 pm, 4:05 and 4:25 pm Eastern, Sunday night and Monday night, in UTC.
    slots: [
      ...slotsAt(1, "18:00", "18:00", "18:00", "18:00", "21:05", "21:25"),
      ...slotsAt(2, "01:20"),
      ...slotsAt(3, "01:15"),
    ],
    rules: { quarter_minutes: QUARTER_MINUTES, overtime_minutes: OVERTIME_MINUTES },
    officials: officialNames(rng, us, 28, ctx.anchor),
  });
  if (ctx.regions) generateAmericanFootballLeagues(ctx, profile);
}
