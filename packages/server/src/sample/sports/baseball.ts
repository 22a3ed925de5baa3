/**
 * Baseball: an MLB-style league (April–September) and leagues around the world on their own
 * calendars (`baseball-leagues.ts`). Runs come half-inning
 * by half-inning (most score nothing; about 4.5 a side per game) as run-scoring hits and home
 * runs, with errors charged to the fielding side, strikeouts and pitching changes. The bottom of
 * the 9th is skipped when the home side leads; extra innings until somebody wins.
 */
import { ordinal } from "../../sports/module-parts.js";
import type { Side } from "../../sports/types.js";
import type { GenContext } from "../context.js";
import type { MarketQuote } from "../odds-pricing.js";
import { chance, halfPoint, quote, scoreLines } from "../odds-pricing.js";
import { FRANCHISE_NICKNAMES } from "../pools/index.js";
import type { Rng } from "../rng.js";
import { byPosition, countryPool, pickBest } from "../squads.js";
import { buildTeamLeague } from "../team-league.js";
import type {
  Lineup,
  MatchSides,
  ScriptedEvent,
  SquadPlayer,
  StatCredit,
  TeamSportProfile,
} from "../team-sport-profile.js";
import { BASEBALL_RULES, generateBaseballLeagues } from "./baseball-leagues.js";
import { officialNames } from "./officials-and-dates.js";
import { localSlots } from "./regional-league.js";
import {
  addPreviousSeason,
  daysBetween,
  type SeasonWindow,
  seasonAround,
} from "./season-window.js";
import { franchiseNames, leagueTeams } from "./team-names.js";

/** A half-inning scores with probability SCORE × the side's factor; then 1, 2, 3… runs geometrically. */
const SCORE = 0.285;
const MORE_RUNS = 0.43;
const MAX_INNINGS = 20;
const HOME_RUN_SIZES = [1, 2, 3, 4];
const HOME_RUN_WEIGHTS = [0.58, 0.28, 0.11, 0.03];
const CREDITS: Record<string, string[]> = {
  hit: ["hits"],
  home_run: ["hits", "home_runs", "runs"],
  run: ["runs"],
  strikeout: ["strikeouts"],
  error: ["errors"],
  // A reliever appears in the game: each relief appearance is an appearance too.
  pitching_change: ["relief_appearances", "appearances"],
};
/** Fielding positions in a lineup, as the Retrosheet importer writes them (DH bats only). */
const INFIELD = ["1B", "2B", "3B", "SS"];
const OUTFIELD = ["LF", "CF", "RF"];

/** Each side's scoring factor (offence against the other's pitching, a little home advantage). */
function factors(sides: MatchSides): [number, number] {
  const diff = sides.home.strength - sides.away.strength;
  return [Math.exp(0.1 * diff + 0.05), Math.exp(-0.1 * diff - 0.05)];
}

/** Distribution of the runs in one half-inning (index = runs). */
function halfInning(factor: number): number[] {
  const score = Math.min(0.6, SCORE * factor);
  const runs = (n: number) =>
    n === 0 ? 1 - score : score * (1 - MORE_RUNS) * MORE_RUNS ** (n - 1);
  return Array.from({ length: 16 }, (_, n) => runs(n));
}

/** Distribution of the runs in nine innings. */
function nineInnings(factor: number): number[] {
  const inning = halfInning(factor);
  let table = inning;
  for (let i = 1; i < 9; i++) {
    const next = new Array<number>(table.length + inning.length - 1).fill(0);
    table.forEach((p, a) => {
      inning.forEach((q, b) => {
        next[a + b] = (next[a + b] ?? 0) + p * q;
      });
    });
    table = next;
  }
  return table;
}

export const baseballProfile: TeamSportProfile = {
  sport: "baseball",
  squadTemplate: [
    { position: "pitcher", count: 13 },
    { position: "catcher", count: 2 },
    { position: "infielder", count: 6 },
    { position: "outfielder", count: 5 },
  ],
  heightCm: [187, 6],
  durationMinutes: 210,
  lineup(rng, team): Lineup {
    const pitchers = [...byPosition(team, "pitcher")].sort((a, b) => b.quality - a.quality);
    const starting = rng.pick(pitchers.slice(0, 5));
    // One player per fielding position, and a designated hitter from the spare infielders and
    // outfielders (never the second catcher); lineups name the fielding position, as imported
    // MLB lineups do.
    const roles = new Map<SquadPlayer, string>();
    const assign = (players: SquadPlayer[], positions: readonly string[]) => {
      for (const [i, p] of players.entries()) roles.set(p, positions[i] ?? p.position);
    };
    const best = (position: string, n: number) => pickBest(rng, byPosition(team, position), n);
    assign(best("catcher", 1), ["C"]);
    assign(best("infielder", 4), INFIELD);
    assign(best("outfielder", 3), OUTFIELD);
    const spare = team.squad.filter((p) => /fielder/.test(p.position) && !roles.has(p));
    assign(pickBest(rng, spare, 1), ["DH"]);
    const battingOrder = pickBest(rng, [...roles.keys()], 9).map((p) => ({
      ...p,
      position: roles.get(p) ?? p.position,
    }));
    const bullpen = pickBest(
      rng,
      pitchers.filter((p) => p !== starting),
      12,
    );
    const bench = team.squad.filter((p) => p.position !== "pitcher" && !roles.has(p));
    return {
      formation: null,
      starters: [...battingOrder, { ...starting, position: "P" }],
      substitutes: [...bullpen, ...bench],
    };
  },
  script(rng, sides) {
    const [homeFactor, awayFactor] = factors(sides);
    const game = new Game(rng, sides);
    for (let inning = 1; inning <= MAX_INNINGS; inning++) {
      game.half(inning, "away", awayFactor);
      if (inning >= 9 && game.runs.home > game.runs.away) break;
      game.half(inning, "home", homeFactor);
      if (inning >= 9 && game.runs.home !== game.runs.away) {
        return { events: game.events, decidedBy: inning > 9 ? "extra_innings" : "regulation" };
      }
    }
    return { events: game.events, decidedBy: "regulation" };
  },
  quotes(_rng, sides): MarketQuote[] {
    const [homeFactor, awayFactor] = factors(sides);
    const { margins, totals } = scoreLines(nineInnings(homeFactor), nineInnings(awayFactor));
    // Extra innings go to whoever outscores the other in an inning, usually by a run.
    const inning = scoreLines(halfInning(homeFactor), halfInning(awayFactor)).margins;
    const extraHome = chance(inning, (m) => m > 0) / chance(inning, (m) => m !== 0);
    const level = margins.get(0) ?? 0;
    margins.delete(0);
    margins.set(1, (margins.get(1) ?? 0) + level * extraHome);
    margins.set(-1, (margins.get(-1) ?? 0) + level * (1 - extraHome));
    const pHome = chance(margins, (m) => m > 0);
    const runLine = pHome >= 0.5 ? -1.5 : 1.5;
    const cover = chance(margins, (m) => m + runLine > 0);
    const line = halfPoint([...totals].reduce((sum, [t, p]) => sum + t * p, 0));
    const over = chance(totals, (t) => t > line);
    return [
      quote("moneyline", null, { home: pHome, away: 1 - pHome }),
      quote("handicap", runLine, { home: cover, away: 1 - cover }),
      quote("totals", line, { over, under: 1 - over }),
    ];
  },
  playerStats(event): StatCredit[] {
    const player = event.playerId;
    if (player == null) return [];
    const credits = (CREDITS[event.type] ?? []).map((stat): StatCredit => [player, stat, 1]);
    const runs = typeof event.detail?.runs === "number" ? event.detail.runs : 1;
    if (event.type === "home_run") credits.push([player, "rbi", runs]);
    if (event.type === "run" && event.relatedPlayerId != null) {
      credits.push([event.relatedPlayerId, "rbi", runs]);
    }
    return credits;
  },
};

/** The state of a game being scripted: runs, batting orders, pitchers, the match clock. */
class Game {
  readonly events: ScriptedEvent[] = [];
  readonly runs: Record<Side, number> = { home: 0, away: 0 };
  private minute = 0;
  private readonly next: Record<Side, number> = { home: 0, away: 0 };
  private readonly pitcher: Record<Side, SquadPlayer | undefined>;
  private readonly bullpen: Record<Side, SquadPlayer[]>;
  private readonly starterInnings: Record<Side, number>;

  constructor(
    private readonly rng: Rng,
    private readonly sides: MatchSides,
  ) {
    const relievers = (l: Lineup) => l.substitutes.filter((p) => p.position === "pitcher");
    this.pitcher = { home: sides.homeLineup.starters[9], away: sides.awayLineup.starters[9] };
    this.bullpen = { home: relievers(sides.homeLineup), away: relievers(sides.awayLineup) };
    this.starterInnings = { home: rng.int(5, 7), away: rng.int(5, 7) };
  }

  /** Plays one half-inning: `batting` bats, the other side fields. */
  half(inning: number, batting: Side, factor: number): void {
    const rng = this.rng;
    const fielding: Side = batting === "home" ? "away" : "home";
    const period = `${batting === "away" ? "top" : "bottom"}_${ordinal(inning)}`;
    const plays: ScriptedEvent[] = [];
    const play = (
      type: string,
      side: Side,
      playerId: string | null,
      more: Partial<ScriptedEvent> = {},
    ) => plays.push({ type, period, minute: null, side, playerId, ...more });
    if (inning > this.starterInnings[fielding] && rng.chance(inning >= 8 ? 0.9 : 0.6)) {
      const reliever = this.bullpen[fielding].shift();
      if (reliever !== undefined) {
        const relieved = this.pitcher[fielding]?.id ?? null;
        play("pitching_change", fielding, reliever.id, { relatedPlayerId: relieved });
        this.pitcher[fielding] = reliever;
      }
    }
    // Extra innings start with a runner on second, so they score more often.
    const table = halfInning(inning > 9 ? 1.6 * factor : factor);
    let runs = rng.weighted(
      table.map((_, n) => n),
      table,
    );
    const deficit = this.runs.away - this.runs.home;
    const walkOff = batting === "home" && inning >= 9;
    if (walkOff) runs = Math.min(runs, deficit + 1);
    if (walkOff && inning === MAX_INNINGS) runs = deficit + 1;
    const onBase: SquadPlayer[] = [];
    // A batter reaches on a hit or, now and then, on a fielding error.
    const reach = (batter: SquadPlayer, errorRate: number) => {
      if (!rng.chance(errorRate)) play("hit", batting, batter.id);
      else play("error", fielding, this.fielder(fielding).id, { relatedPlayerId: batter.id });
    };
    const putOnBase = () => {
      const batter = this.batter(batting);
      reach(batter, 0.05);
      onBase.push(batter);
    };
    for (let k = rng.poisson(0.45); k > 0; k--) putOnBase();
    for (let left = runs; left > 0; ) {
      // A home run brings home everybody on base.
      if (onBase.length < left && rng.chance(0.42)) {
        const size = Math.min(left, rng.weighted(HOME_RUN_SIZES, HOME_RUN_WEIGHTS));
        while (onBase.length < size - 1) putOnBase();
        play("home_run", batting, this.batter(batting).id, { detail: { runs: onBase.length + 1 } });
        left -= onBase.length + 1;
        onBase.length = 0;
        continue;
      }
      const scoring = Math.min(left, rng.chance(0.25) ? 2 : 1);
      while (onBase.length < scoring) putOnBase();
      const batter = this.batter(batting);
      reach(batter, 0.07);
      for (const runner of onBase.splice(0, scoring)) {
        play("run", batting, runner.id, { relatedPlayerId: batter.id, detail: { runs: 1 } });
      }
      onBase.push(batter);
      left -= scoring;
    }
    this.runs[batting] += runs;
    if (!(walkOff && this.runs.home > this.runs.away)) this.strikeouts(plays, period, fielding);
    const length = 4 + plays.length + rng.int(0, 2);
    plays.forEach((event, i) => {
      const minute = this.minute + Math.floor(((i + 1) * length) / (plays.length + 1));
      this.events.push({ ...event, minute });
    });
    this.minute += length;
    const hits = plays.filter((e) => e.type === "hit" || e.type === "home_run").length;
    const detail = { runs, hits, left_on_base: onBase.length };
    this.events.push({ type: "inning_end", period, minute: this.minute, side: batting, detail });
    this.minute += 2;
  }

  /** Up to three strikeouts for the pitcher, slotted in among the half-inning's plays. */
  private strikeouts(plays: ScriptedEvent[], period: string, fielding: Side): void {
    const first = plays[0]?.type === "pitching_change" ? 1 : 0;
    for (let k = 0; k < 3; k++) {
      const batter = this.batter(fielding === "home" ? "away" : "home");
      if (!this.rng.chance(0.3)) continue;
      const pitcher = this.pitcher[fielding]?.id ?? null;
      const strikeout = {
        type: "strikeout",
        period,
        minute: null,
        side: fielding,
        playerId: pitcher,
      };
      plays.splice(this.rng.int(first, plays.length), 0, {
        ...strikeout,
        relatedPlayerId: batter.id,
      });
    }
  }

  private batter(side: Side): SquadPlayer {
    const order = (side === "home" ? this.sides.homeLineup : this.sides.awayLineup).starters;
    return order[this.next[side]++ % 9] as SquadPlayer;
  }

  private fielder(side: Side): SquadPlayer {
    const lineup = side === "home" ? this.sides.homeLineup : this.sides.awayLineup;
    const fielding = ["C", ...INFIELD, ...OUTFIELD];
    return this.rng.pick(lineup.starters.filter((p) => fielding.includes(p.position)));
  }
}

/** MLB style: early April to the end of September (US time zones in daylight saving time). */
const PREMIER_SEASON: SeasonWindow = { opens: [4, 2], closes: [9, 27] };

export function generateBaseball(ctx: GenContext): void {
  const rng = ctx.rng("baseball");
  const us = countryPool("US");
  const names = franchiseNames(rng, us, FRANCHISE_NICKNAMES, 16);
  // The whole season (its real span) when the anchor falls in it; in the off-season the next
  // one, scheduled, and the one played last is current. A round spreads over two days: each team
  // plays every other day, 4 games a day (a June anchor's history half MLB's daily slate).
  const season = seasonAround(ctx.anchor, PREMIER_SEASON);
  const days = daysBetween(season.opens, season.closes);
  buildTeamLeague(ctx, baseballProfile, {
    slug: "premier-baseball-league",
    name: "Premier Baseball League",
    countryCode: us.code,
    tier: 1,
    teams: leagueTeams(ctx, rng, baseballProfile, us, names, [25_000, 50_000], 0.6),
    // 15 rounds a cycle, 2 days a round: 6 cycles, 180 days from opening day.
    cycles: Math.ceil(days / 30),
    firstRoundDate: season.opens,
    daysBetweenRounds: 2,
    // First pitch 1:05, 4:05, 6:05 and 7:35 pm Eastern (UTC-4), both days of a round.
    slots: [0, 1].flatMap((day) => localSlots(-4, day, "13:05", "16:05", "18:05", "19:35")),
    rules: BASEBALL_RULES,
    officials: officialNames(rng, us, 24, ctx.anchor),
  });
  if (!season.inSeason) addPreviousSeason(ctx, "baseball", "premier-baseball-league", season);
  generateBaseballLeagues(ctx, baseballProfile);
}
