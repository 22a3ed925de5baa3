/**
 * Golf: the World Golf Tour and regional tours (`golf-tours.ts`; `tour` competitions, season =
 * year), each with a tournament every week, each a
 * fixture with the leaderboard in `participants`. A regular tour event: a field of 132–156, four
 * rounds of about par + 0.7 (sd 2.6), the cut after 36 holes to the top 65 and ties (some 65–80
 * play the weekend), a playoff when the lead is shared. Each round ends when its last group is in
 * (`golf-tee-times.ts`). Finished tournaments lie wholly before the anchor, scheduled ones after;
 * one under way at the anchor is scheduled with its kick-off passed (the simulator joins it). Golfers get season statistics from the
 * finished tournaments, birdies and eagles from each round's holes (`golf-holes.ts`).
 */
import { slugify } from "../../lib/text.js";
import { addDays, addMinutes, startOfUtcDay } from "../../lib/time.js";
import type { GenContext } from "../context.js";
import { GOLF_OUTRIGHT_BAND } from "../outright-pricing.js";
import { makePerson } from "../people.js";
import { COUNTRY_POOLS, type CountryPool, GOLF_COURSE_NAMES } from "../pools/index.js";
import type { Rng } from "../rng.js";
import { addOdds } from "../sample-odds.js";
import { countryPool } from "../squads.js";
import type { ScriptedEvent } from "../team-sport-profile.js";
import { coursePars, holeStrokes } from "./golf-holes.js";
import { addGolfSeasonStats, type PlayedTournament } from "./golf-season-stats.js";
import { playoffMinutes, roundEndMinute } from "./golf-tee-times.js";
import { type GolfTourSpec, REGIONAL_TOURS } from "./golf-tours.js";
import {
  addFinished,
  addIndividual,
  addScheduled,
  at,
  type Individual,
  mondayOnOrBefore,
  softmax,
  useCountry,
  withinOddsWindow,
  YearCompetition,
} from "./individual-sports.js";
import { pickBroadcast, venueName } from "./officials-and-dates.js";

const WEEKS = { first: -6, last: 2 };
const TOUR_SIZE = 220;
const FIELD_SIZES = [132, 144, 156];
const FIELD_SIZE_WEIGHTS = [1, 2, 2];
/** The cut after round two: the top 65 and ties play the weekend. */
export const CUT_TOP = 65;
const ROUNDS = 4;
/** Win probability ∝ exp(scale × skill): skill moves a 72-hole total about as much as luck. */
export const WIN_SCALE = 1.1;

/**
 * A tournament's outright market: each golfer's chance the softmax of the field's ratings over
 * `WIN_SCALE`, priced within the golf outright band (the generator's and the calendar's).
 */
export function golfOutrightQuote(field: ReadonlyArray<{ id: string; rating: number }>) {
  const chances = softmax(
    field.map((g) => g.rating),
    WIN_SCALE,
  );
  return {
    market: "outright",
    subject: "",
    line: null,
    selections: Object.fromEntries(field.map((g, k) => [g.id, chances[k] ?? 0])),
    outright: GOLF_OUTRIGHT_BAND,
  };
}
const TITLES = ["Classic", "Open", "Championship", "Invitational"];
const HOST_COUNTRIES = ["US", "US", "US", "GB-SCT", "GB-ENG", "IE", "AU", "ZA", "ES", "JP"];

type Golfer = Individual;

export interface GolfEntry {
  player_id: string;
  name: string;
  country: string;
  position: number | null;
  position_text: string | null;
  score_to_par: number | null;
  total_strokes: number | null;
  thru: "F" | null;
  rounds: number[];
  status: "active" | "cut" | "withdrawn";
}

export function generateGolf(ctx: GenContext): void {
  const rng = ctx.rng("golf");
  const tour = new YearCompetition(ctx, "golf", {
    slug: "world-golf-tour",
    name: "World Golf Tour",
    countryCode: useCountry(ctx, "US"),
    type: "tour",
    rules: tourRules(CUT_TOP),
  });
  const golfers = Array.from({ length: TOUR_SIZE }, () =>
    makeGolfer(ctx, rng, rng.pick(COUNTRY_POOLS)),
  );
  const courses = rng.sample(GOLF_COURSE_NAMES, WEEKS.last - WEEKS.first + 1);
  const thursday = addDays(mondayOnOrBefore(ctx.anchor), 3);
  const weeks = courses.map((course, i) => ({
    title: `${course} ${TITLES[i % TITLES.length]}`,
    course,
    host: HOST_COUNTRIES[i % HOST_COUNTRIES.length] ?? "US",
    kickoff: at(addDays(thursday, (WEEKS.first + i) * 7), 7),
  }));
  playTour(ctx, rng, { tour, golfers, cutTop: CUT_TOP, weeks });
  if (ctx.regions) for (const spec of REGIONAL_TOURS) generateRegionalTour(ctx, spec);
}

function tourRules(cutTop: number, fieldSizes: readonly number[] = FIELD_SIZES) {
  return {
    rounds: ROUNDS,
    field_size: { min: fieldSizes[0], max: fieldSizes.at(-1) },
    cut: { after_round: 2, top: cutTop, ties: true },
  };
}

function makeGolfer(ctx: GenContext, rng: Rng, pool: CountryPool): Golfer {
  const person = makePerson(rng, pool, ctx.anchor, [21, 45]);
  useCountry(ctx, person.nationality);
  const plays = rng.chance(0.9) ? "right-handed" : "left-handed";
  const detail = { plays, turned_pro: rng.int(2000, 2024) };
  const heightCm = Math.round(rng.normal(181, 6));
  const rating = rng.normal(0, 0.8);
  const spec = { person, rating, position: "golfer", heightCm, detail, withTeam: false };
  return addIndividual(ctx, "golf", spec);
}

/** A regional tour (`golf-tours.ts`): its own members, its events in the home country's cities. */
function generateRegionalTour(ctx: GenContext, spec: GolfTourSpec): void {
  const rng = ctx.rng(`golf:${spec.slug}`);
  const home = countryPool(spec.country);
  const tour = new YearCompetition(ctx, "golf", {
    slug: spec.slug,
    name: spec.name,
    countryCode: useCountry(ctx, spec.country),
    type: "tour",
    rules: tourRules(spec.cutTop, spec.fieldSizes),
  });
  const golfers = Array.from({ length: spec.members }, () => {
    const fromHome = spec.homeShare !== null && rng.chance(spec.homeShare);
    return makeGolfer(ctx, rng, fromHome ? home : rng.pick(COUNTRY_POOLS));
  });
  const count = spec.weeks.last - spec.weeks.first + 1;
  const cities = rng.sample(home.cities, count);
  const monday = mondayOnOrBefore(ctx.anchor);
  const weeks = cities.map((city, i) => ({
    title: `${city} ${TITLES[(i + 1) % TITLES.length]}`,
    city,
    host: spec.country,
    kickoff: at(
      addDays(monday, (spec.weeks.first + i) * 7 + spec.firstDay),
      spec.teeHour,
      spec.teeMinute,
    ),
  }));
  const field = { sizes: spec.fieldSizes, weights: spec.fieldSizeWeights };
  playTour(ctx, rng, { tour, golfers, cutTop: spec.cutTop, weeks, field });
}

interface TourWeek {
  title: string;
  /** A course name (the venue is named after it), or… */
  course?: string;
  /** …a host city (the venue is a club of that city). */
  city?: string;
  host: string;
  /** Round one's first tee time. */
  kickoff: Date;
}

interface TourPlan {
  tour: YearCompetition;
  golfers: readonly Golfer[];
  cutTop: number;
  weeks: readonly TourWeek[];
  field?: { sizes: readonly number[]; weights: readonly number[] };
}

/** Round four is over within this long of round one's first tee time (a playoff included). */
const TOURNAMENT_HOURS = 3 * 24 + 16;

/**
 * A tour's weeks: finished tournaments (wholly before the anchor) with results and statistics,
 * scheduled ones with outright odds. One under way at the anchor is scheduled too, its kick-off
 * passed, so that the simulator joins it where it stands; it is priced from its own rng, so the
 * tour's other weeks come out as they would without it.
 */
function playTour(ctx: GenContext, rng: Rng, plan: TourPlan): void {
  const { tour, golfers } = plan;
  const sizes = plan.field ?? { sizes: FIELD_SIZES, weights: FIELD_SIZE_WEIGHTS };
  const played: PlayedTournament[] = [];
  for (const week of plan.weeks) {
    const { title, kickoff } = week;
    const country = useCountry(ctx, week.host);
    const underWay =
      kickoff < ctx.anchor && addMinutes(kickoff, TOURNAMENT_HOURS * 60) > ctx.anchor;
    const weekRng = underWay ? ctx.rng(`golf:${tour.id}:${title}:under-way`) : rng.fork(title);
    const venue =
      week.city === undefined
        ? courseVenue(weekRng, week.course ?? title)
        : cityVenue(weekRng, week.city);
    const par = weekRng.chance(0.7) ? 72 : 71;
    const field = [...golfers]
      .map((g) => ({ g, pick: g.rating + weekRng.normal(0, 0.9) }))
      .sort((a, b) => b.pick - a.pick)
      .slice(0, weekRng.weighted(sizes.sizes, sizes.weights))
      .map(({ g }) => g);
    const start = startOfUtcDay(kickoff);
    const id = ctx.id("fx", "golf", slugify(title), start.toISOString());
    const broadcast = pickBroadcast(weekRng, country);
    const fixture = {
      id,
      sport: "golf" as const,
      competition: tour,
      round: title,
      venue,
      broadcast,
    };
    if (kickoff >= ctx.anchor || underWay) {
      const participants = field.map((g) => entry(g, null, null, [], "active"));
      addScheduled(ctx, { ...fixture, kickoff, officials: [], participants });
      if (!underWay && !withinOddsWindow(ctx, kickoff)) continue;
      addOdds(ctx, weekRng, "golf", id, [
        golfOutrightQuote(field.map((g) => ({ id: g.playerId, rating: g.rating }))),
      ]);
      continue;
    }
    const board = playTournament(weekRng, field, par, plan.cutTop);
    const events = tournamentEvents(board);
    const result = tournamentResult(board);
    const participants = board.entries;
    const endedAt = new Date(kickoff.getTime() + (events.at(-1)?.minute ?? 0) * 60_000);
    addFinished(ctx, { ...fixture, kickoff, officials: [], participants }, events, result, endedAt);
    const holesRng = weekRng.fork("holes");
    const pars = coursePars(par);
    const holes = participants.map((e) =>
      e.rounds.map((strokes) => holeStrokes(holesRng, pars, strokes)),
    );
    played.push({ start, entries: participants, pars, holes });
  }
  addGolfSeasonStats(ctx, tour, golfers, played);
}

/** The World Golf Tour's venues: the course itself ("… Links") or a club named after it. */
function courseVenue(rng: Rng, course: string): string {
  const place = { city: course, name: course };
  const named = venueName(rng, "golf", place, (p) => !p.includes("{city}"));
  return course.endsWith("Links") ? course : named;
}

/** A regional tour's venue: a club of the host city. */
function cityVenue(rng: Rng, city: string): string {
  const place = { city, name: city };
  return venueName(rng, "golf", place, (p) => p.includes("Club") && !p.startsWith("Royal"));
}

/** Minutes after the first tee time at which each round is over: when its last group is in. */
export function roundEndMinutes(board: Leaderboard): number[] {
  return Array.from({ length: ROUNDS }, (_, n) => {
    const players = board.entries.filter((e) => e.rounds.length > n).length;
    return roundEndMinute(players, n + 1);
  });
}

/** A finished tournament's events: each round's end with its leader, and the playoff's end. */
export function tournamentEvents(board: Leaderboard): ScriptedEvent[] {
  const ends = roundEndMinutes(board);
  const events: ScriptedEvent[] = board.leaders.map((leader, n) => ({
    type: "round_end",
    period: `round_${n + 1}`,
    minute: ends[n] ?? 0,
    side: null,
    playerId: leader.player_id,
    detail: { round: n + 1, leader: leader.name, leader_score_to_par: board.leaderToPar[n] ?? 0 },
  }));
  if (board.playoff) {
    const minute = playoffMinutes(ends.at(-1) ?? 0).end;
    events.push({ type: "period_end", period: "playoff", minute, side: null });
  }
  return events;
}

/** A finished tournament's `result`: the winner, how it was decided and "X wins at -12". */
export function tournamentResult(board: Leaderboard) {
  const winner = board.entries[0] as GolfEntry;
  const toPar = winner.score_to_par ?? 0;
  const score = toPar > 0 ? `+${toPar}` : toPar === 0 ? "E" : String(toPar);
  return {
    winner_player_id: winner.player_id,
    decided_by: board.playoff ? "playoff" : "regulation",
    text: `${winner.name} wins at ${score}${board.playoff ? " after a playoff" : ""}`,
  };
}

function entry(
  g: Golfer,
  par: number | null,
  position: [number, string] | null,
  rounds: number[],
  status: GolfEntry["status"],
): GolfEntry {
  const total = rounds.reduce((sum, r) => sum + r, 0);
  const played = rounds.length > 0 && par !== null;
  return {
    player_id: g.playerId,
    name: g.name,
    country: g.nationality,
    position: position?.[0] ?? null,
    position_text:
      position?.[1] ?? (status === "cut" ? "CUT" : status === "withdrawn" ? "WD" : null),
    score_to_par: played ? total - par * rounds.length : null,
    total_strokes: played ? total : null,
    thru: played ? "F" : null,
    rounds,
    status,
  };
}

/** A finished tournament: the final leaderboard (winner first), the leader after each round. */
export interface Leaderboard {
  entries: GolfEntry[];
  playoff: boolean;
  leaders: GolfEntry[];
  leaderToPar: number[];
}

/**
 * Plays four rounds for `field` on a par-`par` course: the cut after two (the top `cutTop` and
 * ties go on), a playoff for a shared lead.
 */
export function playTournament(
  rng: Rng,
  field: readonly Golfer[],
  par: number,
  cutTop = CUT_TOP,
): Leaderboard {
  const cards = field.map((g) => {
    const mean = par + 0.7 - 1.1 * g.rating;
    const round = () => Math.round(Math.min(par + 14, Math.max(par - 10, rng.normal(mean, 2.6))));
    const withdrawn = rng.chance(0.012);
    return { g, rounds: Array.from({ length: withdrawn ? 1 : 4 }, round), withdrawn };
  });
  type Card = (typeof cards)[number];
  const sum = (c: Card, n = 4) => c.rounds.slice(0, n).reduce((s, r) => s + r, 0);
  const byTotal = (a: Card, b: Card) => sum(a) - sum(b);
  const playing = cards.filter((c) => !c.withdrawn);
  const afterTwo = playing.map((c) => sum(c, 2)).sort((a, b) => a - b);
  const cutLine = afterTwo[Math.min(cutTop, afterTwo.length) - 1] ?? Number.POSITIVE_INFINITY;
  const cut = playing.filter((c) => sum(c, 2) > cutLine).sort(byTotal);
  for (const c of cut) c.rounds = c.rounds.slice(0, 2);
  const finishers = playing.filter((c) => !cut.includes(c)).sort(byTotal);
  const best = sum(finishers[0] as Card);
  const tied = finishers.filter((c) => sum(c) === best);
  const playoff = tied.length > 1;
  const champion = rng.weighted(
    tied,
    softmax(
      tied.map((c) => c.g.rating),
      1,
    ),
  );
  finishers.splice(finishers.indexOf(champion), 1);
  finishers.unshift(champion);
  const entries = finishers.map((c, i) => {
    const total = sum(c);
    if (i === 0) return entry(c.g, par, [1, "1"], c.rounds, "active");
    const ahead = finishers.filter((o) => sum(o) < total).length;
    const level = finishers.filter((o) => sum(o) === total).length;
    // After a playoff the losers share second place.
    const lost = playoff && total === best;
    const position = lost ? 2 : ahead + 1;
    const shared = lost ? level > 2 : level > 1;
    return entry(c.g, par, [position, `${shared ? "T" : ""}${position}`], c.rounds, "active");
  });
  entries.push(...cut.map((c) => entry(c.g, par, null, c.rounds, "cut")));
  const withdrawn = cards.filter((c) => c.withdrawn);
  entries.push(...withdrawn.map((c) => entry(c.g, par, null, c.rounds, "withdrawn")));
  const leaderAfter = (n: number) =>
    n === 4
      ? champion
      : (playing.filter((c) => c.rounds.length >= n).sort((a, b) => sum(a, n) - sum(b, n))[0] ??
        champion);
  const leaders = [1, 2, 3, 4].map(leaderAfter);
  const asEntry = (c: Card) => entries.find((e) => e.player_id === c.g.playerId) as GolfEntry;
  const leaderToPar = leaders.map((c, n) => sum(c, n + 1) - par * (n + 1));
  return { entries, playoff, leaders: leaders.map(asEntry), leaderToPar };
}
