/**
 * Golf: one tour (a `tour` competition, season = year) with a tournament every week, each a
 * fixture with the leaderboard in `participants`. A regular tour event: a field of 132–156, four
 * rounds of about par + 0.7 (sd 2.6), the cut after 36 holes to the top 65 and ties (some 65–80
 * play the weekend), a playoff when the lead is shared. Each round ends when its last group is in
 * (`golf-tee-times.ts`). Finished tournaments lie wholly before the anchor, scheduled ones wholly
 * after; one under way at the anchor is left out. Golfers get season statistics from the
 * finished tournaments, birdies and eagles from each round's holes (`golf-holes.ts`).
 */
import { slugify } from "../../lib/text.js";
import { addDays } from "../../lib/time.js";
import type { GenContext } from "../context.js";
import { GOLF_OUTRIGHT_BAND } from "../outright-pricing.js";
import { makePerson } from "../people.js";
import { COUNTRY_POOLS, GOLF_COURSE_NAMES } from "../pools/index.js";
import type { Rng } from "../rng.js";
import { addOdds } from "../sample-odds.js";
import type { ScriptedEvent } from "../team-sport-profile.js";
import { coursePars, holeStrokes } from "./golf-holes.js";
import { addGolfSeasonStats, type PlayedTournament } from "./golf-season-stats.js";
import { playoffMinutes, roundEndMinute } from "./golf-tee-times.js";
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
const WIN_SCALE = 1.1;
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
    rules: {
      rounds: ROUNDS,
      field_size: { min: FIELD_SIZES[0], max: FIELD_SIZES.at(-1) },
      cut: { after_round: 2, top: CUT_TOP, ties: true },
    },
  });
  const golfers = Array.from({ length: TOUR_SIZE }, () => {
    const person = makePerson(rng, rng.pick(COUNTRY_POOLS), ctx.anchor, [21, 45]);
    useCountry(ctx, person.nationality);
    const plays = rng.chance(0.9) ? "right-handed" : "left-handed";
    const detail = { plays, turned_pro: rng.int(2000, 2024) };
    const heightCm = Math.round(rng.normal(181, 6));
    const rating = rng.normal(0, 0.8);
    const spec = { person, rating, position: "golfer", heightCm, detail, withTeam: false };
    return addIndividual(ctx, "golf", spec);
  });
  const courses = rng.sample(GOLF_COURSE_NAMES, WEEKS.last - WEEKS.first + 1);
  const played: PlayedTournament[] = [];
  const thursday = addDays(mondayOnOrBefore(ctx.anchor), 3);
  courses.forEach((course, i) => {
    const start = addDays(thursday, (WEEKS.first + i) * 7);
    if (start < ctx.anchor && addDays(start, 4) > ctx.anchor) return; // under way at the anchor
    const title = `${course} ${TITLES[i % TITLES.length]}`;
    const country = useCountry(ctx, HOST_COUNTRIES[i % HOST_COUNTRIES.length] ?? "US");
    const weekRng = rng.fork(title);
    const place = { city: course, name: course };
    const named = venueName(weekRng, "golf", place, (p) => !p.includes("{city}"));
    const venue = course.endsWith("Links") ? course : named;
    const par = weekRng.chance(0.7) ? 72 : 71;
    const field = [...golfers]
      .map((g) => ({ g, pick: g.rating + weekRng.normal(0, 0.9) }))
      .sort((a, b) => b.pick - a.pick)
      .slice(0, weekRng.weighted(FIELD_SIZES, FIELD_SIZE_WEIGHTS))
      .map(({ g }) => g);
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
    const kickoff = at(start, 7);
    if (start >= ctx.anchor) {
      const participants = field.map((g) => entry(g, null, null, [], "active"));
      addScheduled(ctx, { ...fixture, kickoff, officials: [], participants });
      if (!withinOddsWindow(ctx, start)) return;
      const chances = softmax(
        field.map((g) => g.rating),
        WIN_SCALE,
      );
      const selections = Object.fromEntries(field.map((g, k) => [g.playerId, chances[k] ?? 0]));
      const outright = {
        market: "outright",
        subject: "",
        line: null,
        selections,
        outright: GOLF_OUTRIGHT_BAND,
      };
      addOdds(ctx, weekRng, "golf", id, [outright]);
      return;
    }
    const board = playTournament(weekRng, field, par);
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
  });
  addGolfSeasonStats(ctx, tour, golfers, played);
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
