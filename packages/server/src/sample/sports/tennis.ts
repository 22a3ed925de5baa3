/**
 * Tennis: a tour of weekly 32-player knockout tournaments. Those of the last five weeks are
 * complete (each round's entrants are the previous round's winners); the current week's plays
 * until the anchor and has its next round drawn; the next two weeks have their first round drawn.
 * Set scores come from ratings; `set_end` events fold into each stored score.
 */
import { slugify } from "../../lib/text.js";
import { addDays, addMinutes } from "../../lib/time.js";
import type { Side } from "../../sports/types.js";
import type { GenContext } from "../context.js";
import type { MarketQuote } from "../odds-pricing.js";
import { makePerson } from "../people.js";
import { COUNTRY_POOLS, TENNIS_TOURNAMENT_CITIES } from "../pools/index.js";
import type { Rng } from "../rng.js";
import { addOdds } from "../sample-odds.js";
import type { ScriptedEvent } from "../team-sport-profile.js";
import {
  addFinished,
  addIndividual,
  addScheduled,
  at,
  type Individual,
  mondayOnOrBefore,
  twoWay,
  useCountry,
  withinOddsWindow,
  YearCompetition,
} from "./individual-sports.js";
import { officialNames, pickBroadcast, pickOfficials, venueName } from "./officials-and-dates.js";

const TENNIS_ROUNDS = ["Round of 32", "Round of 16", "Quarter-final", "Semi-final", "Final"];
/** Days after the tournament's Monday on which each round is played. */
const ROUND_DAYS = [[0, 1], [2, 3], [4], [5], [6]] as const;
const FIRST_WEEK = -5;
const TOURNAMENTS = 8;
const BEST_OF_FIVE = 2;
/** Longest a match can take; a match counts as played when it would be over by the anchor. */
const MAX_MINUTES = 300;
const NAMES = ["Open", "Championships", "Masters", "Indoors", "Classic", "International"];

/** Set shapes as [winner games, loser games, weight]. */
// biome-ignore format: a table
const SET_SHAPES: ReadonlyArray<[number, number, number]> = [
  [6, 0, 0.05], [6, 1, 0.1], [6, 2, 0.17], [6, 3, 0.21], [6, 4, 0.22], [7, 5, 0.11], [7, 6, 0.14],
];

/** Host country of each tour city; cities missing here are listed as international. */
// biome-ignore format: a table
const CITY_COUNTRIES: Readonly<Record<string, [code: string, name: string]>> = {
  Melbourne: ["AU", "Australia"], Paris: ["FR", "France"], London: ["GB-ENG", "England"],
  "New York": ["US", "United States"], Madrid: ["ES", "Spain"], Rome: ["IT", "Italy"],
  Miami: ["US", "United States"], Cincinnati: ["US", "United States"], Toronto: ["CA", "Canada"],
  Shanghai: ["CN", "China"], Tokyo: ["JP", "Japan"], Dubai: ["AE", "United Arab Emirates"],
  Doha: ["QA", "Qatar"], Rotterdam: ["NL", "Netherlands"], Barcelona: ["ES", "Spain"],
  Hamburg: ["DE", "Germany"], Vienna: ["AT", "Austria"], Basel: ["CH", "Switzerland"],
  Stockholm: ["SE", "Sweden"], "Buenos Aires": ["AR", "Argentina"],
};

interface TennisSet {
  games: Record<Side, number>;
  tiebreak?: Record<Side, number>;
}

/** Probability that the player rated `diff` higher wins a set. */
function setProbability(diff: number): number {
  return 1 / (1 + Math.exp(-0.55 * diff));
}

export function generateTennis(ctx: GenContext): void {
  const rng = ctx.rng("tennis");
  const players = makePlayers(ctx, rng, 64);
  const umpires = officialNames(rng, rng.pick(COUNTRY_POOLS), 24, ctx.anchor);
  const monday = mondayOnOrBefore(ctx.anchor);
  rng.sample(TENNIS_TOURNAMENT_CITIES, TOURNAMENTS).forEach((city, i) => {
    const name = `${city} ${NAMES[i % NAMES.length]}`;
    const [code, country] = CITY_COUNTRIES[city] ?? ["INT", "International"];
    const tournamentRng = rng.fork(name);
    const keep = (pattern: string) => pattern.startsWith("{city}");
    const tournament: Tournament = {
      name,
      countryCode: useCountry(ctx, code, country),
      start: addDays(monday, (FIRST_WEEK + i) * 7),
      bestOf: i === BEST_OF_FIVE ? 5 : 3,
      venue: venueName(tournamentRng, "tennis", { city, name: city }, keep),
    };
    playTournament(ctx, tournamentRng, tournament, players, umpires);
  });
}

function makePlayers(ctx: GenContext, rng: Rng, count: number): Individual[] {
  const seeds = Array.from({ length: count }, () => ({
    person: makePerson(rng, rng.pick(COUNTRY_POOLS), ctx.anchor, [19, 34]),
    rating: rng.normal(0, 1),
  })).sort((a, b) => b.rating - a.rating);
  return seeds.map(({ person, rating }, i) => {
    useCountry(ctx, person.nationality);
    const detail = {
      plays: rng.chance(0.87) ? "right-handed" : "left-handed",
      backhand: rng.chance(0.8) ? "two-handed" : "one-handed",
      ranking: i + 1,
      ranking_points: Math.round(9000 * Math.exp(-i / 14)),
    };
    const heightCm = Math.round(rng.normal(186, 7));
    const spec = { person, rating, position: "player", heightCm, detail, withTeam: true };
    return addIndividual(ctx, "tennis", spec);
  });
}

/** Bracket slots → seed numbers, so that seeds 1 and 2 can meet only in the final. */
function seedOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const n = order.length * 2;
    order = order.flatMap((seed) => [seed, n + 1 - seed]);
  }
  return order;
}

interface Tournament {
  name: string;
  countryCode: string;
  start: Date;
  bestOf: number;
  venue: string;
}

function playTournament(
  ctx: GenContext,
  rng: Rng,
  spec: Tournament,
  pool: Individual[],
  umpires: string[],
): void {
  const slug = slugify(spec.name);
  const surface = rng.pick(["hard", "clay", "grass", "indoor hard"]);
  const competition = new YearCompetition(ctx, "tennis", {
    slug,
    name: spec.name,
    countryCode: spec.countryCode,
    type: "tournament",
    current: spec.start,
    rules: { best_of: spec.bestOf, draw_size: 32, surface },
  });
  const form = new Map(pool.map((p) => [p, p.rating + rng.normal(0, 0.6)]));
  const entrants = [...pool].sort((a, b) => (form.get(b) ?? 0) - (form.get(a) ?? 0)).slice(0, 32);
  const unseeded = rng.shuffle(entrants.slice(8));
  let alive = seedOrder(32).map((s) => (s <= 8 ? entrants[s - 1] : unseeded[s - 9]) as Individual);
  for (let r = 0; r < TENNIS_ROUNDS.length && alive.length > 1; r++) {
    const days = ROUND_DAYS[r] ?? [6];
    const matches = alive.length / 2;
    const perDay = Math.ceil(matches / days.length);
    const winners: Individual[] = [];
    for (let m = 0; m < matches; m++) {
      const [home, away] = [alive[2 * m], alive[2 * m + 1]] as [Individual, Individual];
      const day = addDays(spec.start, days[Math.floor(m / perDay)] ?? 0);
      const kickoff = addMinutes(at(day, 10), (m % perDay) * 75);
      const id = ctx.id("fx", "tennis", slug, spec.start.toISOString(), r + 1, m + 1);
      const matchRng = rng.fork(id);
      const fixture = {
        id,
        sport: "tennis" as const,
        competition,
        round: TENNIS_ROUNDS[r] ?? "",
        kickoff,
        venue: spec.venue,
        home,
        away,
        officials: pickOfficials(matchRng, "tennis", umpires),
        broadcast: pickBroadcast(matchRng, spec.countryCode),
      };
      if (addMinutes(kickoff, MAX_MINUTES) > ctx.anchor) {
        addScheduled(ctx, fixture);
        if (!withinOddsWindow(ctx, kickoff)) continue;
        addOdds(ctx, matchRng, "tennis", id, quotes(home, away, spec.bestOf));
        continue;
      }
      const script = playMatch(matchRng, home, away, spec.bestOf);
      const [winner, loser] = script.winner === "home" ? [home, away] : [away, home];
      const text = `${winner.name} def. ${loser.name} ${script.setsText}`;
      const endedAt = addMinutes(kickoff, script.events.at(-1)?.minute ?? 0);
      addFinished(ctx, fixture, script.events, { decided_by: script.decidedBy, text }, endedAt);
      winners.push(winner);
    }
    if (winners.length < matches) return;
    alive = winners;
  }
}

/** A scripted tennis match: set by set, with its winner and the sets as the result text shows them. */
export interface TennisScript {
  events: ScriptedEvent[];
  winner: Side;
  decidedBy: "regulation" | "retirement";
  /** Set scores from the winner's side: "6-4 3-6 7-6(5)". */
  setsText: string;
}

/** Plays a match set by set from the two players' ratings (2 % of matches end in a retirement). */
export function playMatch(
  rng: Rng,
  home: Pick<Individual, "rating">,
  away: Pick<Individual, "rating">,
  bestOf: number,
): TennisScript {
  const pSet = setProbability(home.rating - away.rating);
  const need = (bestOf + 1) / 2;
  const retireIn = rng.chance(0.02) ? rng.int(1, bestOf) : 0;
  const won = { home: 0, away: 0 };
  const events: ScriptedEvent[] = [];
  const sets: TennisSet[] = [];
  let minute = 0;
  for (let n = 1; won.home < need && won.away < need; n++) {
    const period = `set_${n}`;
    if (n === retireIn) {
      const retired: Side = rng.chance(0.5) ? "home" : "away";
      minute += rng.int(8, 40);
      events.push({ type: "retirement", period, minute, side: null, detail: { retired } });
      const winner: Side = retired === "home" ? "away" : "home";
      const text = `${setsText(sets, winner)} ret.`.trim();
      return { events, winner, decidedBy: "retirement", setsText: text };
    }
    const side: Side = rng.chance(pSet) ? "home" : "away";
    const other: Side = side === "home" ? "away" : "home";
    const [w, l] = rng.weighted(
      SET_SHAPES,
      SET_SHAPES.map((s) => s[2]),
    );
    const games = { [side]: w, [other]: l } as Record<Side, number>;
    const setMinutes = Math.round((w + l) * rng.float(3.6, 4.6));
    if (l <= 4) {
      const when = minute + rng.int(5, Math.max(6, setMinutes - 5));
      events.push({ type: "break_of_serve", period, minute: when, side });
    }
    minute += setMinutes;
    const set: TennisSet = { games };
    if (l === 6) {
      const lost = rng.chance(0.25)
        ? rng.int(6, 10)
        : rng.weighted([0, 1, 2, 3, 4, 5], [1, 2, 4, 6, 7, 7]);
      set.tiebreak = { [side]: Math.max(7, lost + 2), [other]: lost } as Record<Side, number>;
      minute += 8;
    }
    events.push({ type: "set_end", period, minute, side, detail: { ...set } });
    sets.push(set);
    won[side]++;
  }
  const winner: Side = won.home === need ? "home" : "away";
  return { events, winner, decidedBy: "regulation", setsText: setsText(sets, winner) };
}

function setsText(sets: readonly TennisSet[], winner: Side): string {
  const loser: Side = winner === "home" ? "away" : "home";
  const text = ({ games, tiebreak }: TennisSet) =>
    `${games[winner]}-${games[loser]}${tiebreak ? `(${Math.min(tiebreak.home, tiebreak.away)})` : ""}`;
  return sets.map(text).join(" ");
}

type Outcome = { p: number; homeWins: boolean; total: number; diff: number };

/** Exact distribution of (winner, total games, home − away games) under the set model. */
function matchDistribution(pSet: number, bestOf: number): Outcome[] {
  const need = (bestOf + 1) / 2;
  const weight = SET_SHAPES.reduce((sum, s) => sum + s[2], 0);
  let open = new Map([["0|0|0|0", 1]]);
  const done: Outcome[] = [];
  const sides = [
    [1, pSet],
    [0, 1 - pSet],
  ] as const;
  while (open.size > 0) {
    const next = new Map<string, number>();
    for (const [key, p] of open) {
      const [h, a, total, diff] = key.split("|").map(Number) as [number, number, number, number];
      for (const [w, l, sw] of SET_SHAPES) {
        for (const [won, ps] of sides) {
          const q = (p * ps * sw) / weight;
          const [sh, sa, st, sd] = [
            h + won,
            a + 1 - won,
            total + w + l,
            diff + (won ? w - l : l - w),
          ];
          if (sh === need || sa === need)
            done.push({ p: q, homeWins: sh === need, total: st, diff: sd });
          else next.set(`${sh}|${sa}|${st}|${sd}`, (next.get(`${sh}|${sa}|${st}|${sd}`) ?? 0) + q);
        }
      }
    }
    open = next;
  }
  return done;
}

/** The x.5 line that splits the distribution most evenly, and P(value > line). */
function evenLine(dist: readonly Outcome[], value: (o: Outcome) => number): [number, number] {
  let best: [number, number] = [0.5, 0];
  for (let line = -40.5; line <= 70.5; line++) {
    const over = dist.reduce((sum, d) => sum + (value(d) > line ? d.p : 0), 0);
    if (Math.abs(over - 0.5) < Math.abs(best[1] - 0.5)) best = [line, over];
  }
  return best;
}

function quotes(home: Individual, away: Individual, bestOf: number): MarketQuote[] {
  const dist = matchDistribution(setProbability(home.rating - away.rating), bestOf);
  const pHome = dist.reduce((sum, d) => sum + (d.homeWins ? d.p : 0), 0);
  const [totalLine, over] = evenLine(dist, (d) => d.total);
  // Home covers a line of −x when it wins more than x games more than the opponent.
  const [diffLine, covers] = evenLine(dist, (d) => d.diff);
  return [
    { market: "moneyline", subject: "", line: null, selections: twoWay(pHome, "home", "away") },
    { market: "totals", subject: "", line: totalLine, selections: twoWay(over, "over", "under") },
    {
      market: "handicap",
      subject: "",
      line: -diffLine,
      selections: twoWay(covers, "home", "away"),
    },
  ];
}
