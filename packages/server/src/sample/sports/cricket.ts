/**
 * Cricket: a ten-franchise T20 league in India, two meetings per pair, one or two matches a day,
 * and the regional T20 leagues around the world (`cricket-leagues.ts`).
 * The side batting first makes about 165 (sd 25); the chase stops on the ball that passes the
 * target. Every ball is an event (`delivery`, `four`, `six` or `wicket`) the cricket module folds
 * into the live score (see `cricket-deliveries.ts`), fifties and hundreds are marked, and each
 * innings ends with the `innings_end` summary. A tie goes to a super over.
 */
import { addDays, startOfUtcDay } from "../../lib/time.js";
import { type InningsSummary, oversToDecimal } from "../../sports/cricket.js";
import { oversText } from "../../sports/cricket-innings.js";
import type { Side } from "../../sports/types.js";
import type { GenContext } from "../context.js";
import type { MarketQuote } from "../odds-pricing.js";
import { halfPoint, normalCdf, quote } from "../odds-pricing.js";
import { CRICKET_FRANCHISE_NICKNAMES } from "../pools/index.js";
import type { Rng } from "../rng.js";
import { byPosition, countryPool, pickBest } from "../squads.js";
import { buildTeamLeague } from "../team-league.js";
import type { Lineup, MatchSides, StatCredit, TeamSportProfile } from "../team-sport-profile.js";
import { type BattingLine, type InningsPlan, playBalls } from "./cricket-deliveries.js";
import { generateRegionalT20, T20_RULES } from "./cricket-leagues.js";
import { framePeriod, slotsAt, timed } from "./match-clock.js";
import { officialNames } from "./officials-and-dates.js";
import { franchiseNames, leagueTeams } from "./team-names.js";

const BALLS = 120;
const RUNS_SD = 25;
/** Match-clock minutes an innings of 20 overs takes, and the break between innings. */
const INNINGS_MINUTES = 85;
const BREAK_MINUTES = 20;

/** Expected first-innings runs of each side when it bats first. */
function battingMeans(sides: MatchSides): [number, number] {
  const diff = sides.home.strength - sides.away.strength;
  return [167 + 9 * diff, 163 - 9 * diff];
}

const clampInt = (x: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.round(x)));

export const cricketProfile: TeamSportProfile = {
  sport: "cricket",
  squadTemplate: [
    { position: "batter", count: 6 },
    { position: "wicket_keeper", count: 2 },
    { position: "all_rounder", count: 4 },
    { position: "bowler", count: 6 },
  ],
  heightCm: [177, 7],
  durationMinutes: 215,
  lineup(rng, team): Lineup {
    const best = (position: string, n: number) => pickBest(rng, byPosition(team, position), n);
    const batters = best("batter", 4);
    batters.splice(rng.int(0, 4), 0, ...best("wicket_keeper", 1));
    // The batting order: specialists, then all-rounders, then bowlers.
    const starters = [...batters, ...best("all_rounder", 3), ...best("bowler", 3)];
    const rest = team.squad.filter((p) => !starters.includes(p));
    return { formation: null, starters, substitutes: pickBest(rng, rest, rest.length) };
  },
  script(rng, sides) {
    const means = battingMeans(sides);
    const first: Side = rng.chance(0.5) ? "home" : "away";
    const chaser: Side = first === "home" ? "away" : "home";
    const mean = (side: Side) => (side === "home" ? means[0] : means[1]);
    const runs1 = Math.max(70, Math.round(rng.normal(mean(first), RUNS_SD)));
    const plan1 = setInnings(rng, first, runs1, mean(first));
    const potential = Math.max(60, Math.round(rng.normal(mean(chaser), RUNS_SD)));
    let plan2: InningsPlan;
    if (potential > runs1) {
      // The chase ends on the ball that passes the target, sometimes with a boundary to spare.
      const runs = runs1 + 1 + rng.weighted([0, 1, 2, 3, 5], [0.55, 0.15, 0.1, 0.12, 0.08]);
      const balls = clampInt((BALLS * (runs1 + 1)) / potential + rng.normal(0, 4), 66, BALLS);
      const wickets = clampInt(rng.normal(4.5 + (balls - 100) / 15, 1.8), 0, 9);
      // The winning hit brings at least what was still needed, a boundary maybe more.
      const need = runs - runs1;
      const lastHit = Math.max(need, rng.weighted([need, 4, 6], [0.6, 0.25, 0.15]));
      plan2 = { side: chaser, runs, wickets, balls, lastHit };
    } else plan2 = setInnings(rng, chaser, Math.min(potential, runs1), mean(chaser));
    const end1 = (plan1.balls * INNINGS_MINUTES) / BALLS;
    const start2 = Math.ceil(end1) + BREAK_MINUTES;
    const events = playInnings(rng, sides, plan1, "innings_1", 0);
    events.push(...playInnings(rng, sides, plan2, "innings_2", start2));
    if (plan2.runs > plan1.runs) return { events, decidedBy: "wickets" };
    if (plan2.runs < plan1.runs) return { events, decidedBy: "runs" };
    const start = (events.at(-1)?.minute ?? 0) + 10;
    const winner: Side = rng.chance(normalCdf((means[0] - means[1]) / 40)) ? "home" : "away";
    const loserRuns = rng.int(4, 17);
    const runs = {
      [winner]: loserRuns + rng.int(1, 8),
      [chaser === winner ? first : chaser]: loserRuns,
    };
    const decider = timed(start + 14, "super_over_end", winner, null, { detail: { winner, runs } });
    events.push(...framePeriod("super_over", start, start + 15, [decider]));
    return { events, decidedBy: "super_over" };
  },
  quotes(_rng, sides): MarketQuote[] {
    const [home, away] = battingMeans(sides);
    const pHome = normalCdf((home - away) / (RUNS_SD * Math.SQRT2));
    // Who bats first is decided by the toss: the first-innings total is a 50/50 mixture.
    const line = halfPoint((home + away) / 2);
    const under = (normalCdf((line - home) / RUNS_SD) + normalCdf((line - away) / RUNS_SD)) / 2;
    return [
      quote("moneyline", null, { home: pHome, away: 1 - pHome }),
      quote("totals", line, { over: 1 - under, under }),
    ];
  },
  playerStats(event): StatCredit[] {
    const player = event.playerId;
    const bowler = event.detail?.kind === "run_out" ? null : event.relatedPlayerId;
    if (event.type === "wicket" && bowler != null) return [[bowler, "wickets", 1]];
    if (event.type === "fifty" && player != null) return [[player, "fifties", 1]];
    if (event.type === "hundred" && player != null) return [[player, "hundreds", 1]];
    if (event.type !== "innings_end" || !Array.isArray(event.detail?.batting)) return [];
    return (event.detail.batting as BattingLine[]).flatMap((b): StatCredit[] => {
      const credits: StatCredit[] = [
        [b.player_id, "innings", 1],
        [b.player_id, "runs", b.runs],
      ];
      credits.push([b.player_id, "balls_faced", b.balls]);
      if (!b.out) credits.push([b.player_id, "not_outs", 1]);
      return credits;
    });
  },
  resultText(_scoreText, winner, decidedBy, score) {
    const innings = ((score as { innings?: InningsSummary[] }).innings ?? []).slice(0, 2);
    const [first, second] = innings;
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
    if (winner === null) return "Match tied";
    if (decidedBy === "super_over") return `Match tied; ${winner} won the super over`;
    if (decidedBy === "wickets" && second !== undefined) {
      const left = BALLS - Math.round(oversToDecimal(second.overs) * 6);
      const balls = left > 0 ? ` (${plural(left, "ball")} left)` : "";
      return `${winner} won by ${plural(10 - second.wickets, "wicket")}${balls}`;
    }
    return `${winner} won by ${plural((first?.runs ?? 0) - (second?.runs ?? 0), "run")}`;
  },
};

/** A completed innings: wickets follow the runs (a low total usually means many wickets). */
function setInnings(rng: Rng, side: Side, runs: number, mean: number): InningsPlan {
  const wickets = clampInt(rng.normal(6.3 - (runs - mean) / 11, 1.8), 3, 10);
  const allOut = clampInt(BALLS - Math.abs(rng.normal(0, 12)) - 1, 84, BALLS - 1);
  const balls = wickets === 10 ? allOut : BALLS;
  return { side, runs, wickets, balls };
}

/** One innings ball by ball, closed by the `innings_end` summary the cricket module scores. */
function playInnings(
  rng: Rng,
  sides: MatchSides,
  plan: InningsPlan,
  period: "innings_1" | "innings_2",
  start: number,
) {
  const order = (plan.side === "home" ? sides.homeLineup : sides.awayLineup).starters;
  const fielders = (plan.side === "home" ? sides.awayLineup : sides.homeLineup).starters;
  const bowlers = fielders.filter((p) => /bowler|all_rounder/.test(p.position));
  const bowlerWeights = bowlers.map(
    (p) => (p.position === "bowler" ? 1.5 : 0.8) * (0.5 + p.quality),
  );
  const clock = (ball: number) => start + (ball * INNINGS_MINUTES) / BALLS;
  const number = period === "innings_1" ? 1 : 2;
  const played = playBalls(rng, plan, { order, bowlers, bowlerWeights, fielders }, number, clock);
  const { runs, wickets } = plan;
  const { extras, batting } = played;
  const detail = { runs, wickets, overs: oversText(plan.balls), extras, batting };
  const end = clock(plan.balls);
  const events = [...played.events, timed(end, "innings_end", plan.side, null, { detail })];
  return framePeriod(period, start, Math.ceil(end), events);
}

export function generateCricket(ctx: GenContext): void {
  const rng = ctx.rng("cricket");
  const india = countryPool("IN");
  const names = franchiseNames(rng, india, CRICKET_FRANCHISE_NICKNAMES, 10);
  buildTeamLeague(ctx, cricketProfile, {
    slug: "grand-t20-league",
    name: "Grand T20 League",
    countryCode: india.code,
    tier: 1,
    teams: leagueTeams(ctx, rng, cricketProfile, india, names, [25_000, 90_000], 0.75),
    cycles: 2,
    // 18 rounds of three days; the 8th starts on the anchor day (7 of 18 played).
    firstRoundDate: startOfUtcDay(addDays(ctx.anchor, -21)),
    daysBetweenRounds: 3,
    // 3:30 pm and 7:30 pm India time: one match on a round's first day, two on the next two.
    slots: [
      ...slotsAt(0, "14:00"),
      ...slotsAt(1, "10:00", "14:00"),
      ...slotsAt(2, "10:00", "14:00"),
    ],
    rules: T20_RULES,
    officials: officialNames(rng, india, 20, ctx.anchor),
  });
  if (ctx.regions) generateRegionalT20(ctx, cricketProfile);
}
