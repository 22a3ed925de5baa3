/**
 * Tennis: a tour of weekly 32-player knockout tournaments, each week's the real event held that
 * week of the year where one fits (its surface, court and format: best of five only at the Grand
 * Slams), else an invented one (`tennis-tournaments.ts`). Those of the last five weeks are
 * complete (each round's entrants are the previous round's winners); the current week's plays
 * until the anchor and has its next round drawn; the next two weeks have their first round drawn.
 * Alongside it, eight Challenger circuits around the world (`tennis-circuits.ts`) each hold their
 * event in progress at the anchor, with players of their own ranked below the tour's; the
 * rolling calendar schedules their later weeks. Matches are played point by point
 * (`tennis-match.ts`); their events fold into each stored score and sum into the players' season
 * statistics.
 */
import { slugify } from "../../lib/text.js";
import { addDays, addMinutes } from "../../lib/time.js";
import type { GenContext } from "../context.js";
import { makePerson } from "../people.js";
import { COUNTRY_POOLS } from "../pools/index.js";
import type { Rng } from "../rng.js";
import { addOdds } from "../sample-odds.js";
import { SeasonTotals } from "./individual-season-stats.js";
import {
  addFinished,
  addIndividual,
  addScheduled,
  type Individual,
  mondayOnOrBefore,
  useCountry,
  withinOddsWindow,
  YearCompetition,
} from "./individual-sports.js";
import { officialNames, pickBroadcast, pickOfficials, venueName } from "./officials-and-dates.js";
import {
  CHALLENGER_CIRCUITS,
  CIRCUIT_PLAYERS,
  challengerOfWeek,
  editionDay,
  kickoffOf,
  MAIN_TOUR,
  TENNIS_ROUNDS,
  type TennisCircuit,
  TOUR_PLAYERS,
} from "./tennis-circuits.js";
import { playMatch } from "./tennis-match.js";
import { TENNIS_STATS, tennisMatchNumbers } from "./tennis-match-stats.js";
import { tennisQuotes } from "./tennis-odds.js";
import {
  CATEGORY_TIER,
  isoWeek,
  type TennisEvent,
  tennisRules,
  tournamentOfWeek,
} from "./tennis-tournaments.js";

const FIRST_WEEK = -5;
const TOURNAMENTS = 8;
/**
 * Longest a match can take (seven hours: no modelled match comes near it); a match counts as
 * played when it would be over by the anchor, so every one of a day before the anchor is.
 */
const MAX_MINUTES = 420;

export function generateTennis(ctx: GenContext): void {
  const rng = ctx.rng("tennis");
  const players = makePlayers(ctx, rng, TOUR_PLAYERS);
  const umpires = [...new Set(officialNames(rng, rng.pick(COUNTRY_POOLS), 24, ctx.anchor))];
  const monday = mondayOnOrBefore(ctx.anchor);
  const totals = new SeasonTotals("tennis", TENNIS_STATS);
  const used = new Set<string>();
  for (let i = 0; i < TOURNAMENTS; i++) {
    const start = addDays(monday, (FIRST_WEEK + i) * 7);
    const event = tournamentOfWeek(rng, start, used);
    const tournamentRng = rng.fork(event.name);
    const tournament: Tournament = {
      event,
      countryCode: useCountry(ctx, event.countryCode, event.country),
      start,
      venue: event.venue || inventedVenue(tournamentRng, event),
      circuit: MAIN_TOUR,
    };
    playTournament(ctx, tournamentRng, tournament, players, umpires, totals);
  }
  if (ctx.regions) generateChallengers(ctx, umpires, totals);
  totals.write(ctx);
}

/**
 * Each Challenger circuit's event in progress at the anchor (the one that started on the
 * circuit's first weekday on or before it), played by its own players: all the circuits' players
 * ranked together below the tour's 64 and dealt out in turn, so every draw has a spread of them.
 */
function generateChallengers(ctx: GenContext, umpires: string[], totals: SeasonTotals): void {
  const rng = ctx.rng("tennis-challengers");
  const players = makePlayers(ctx, rng, CHALLENGER_CIRCUITS.length * CIRCUIT_PLAYERS, {
    firstRanking: TOUR_PLAYERS + 1,
    meanRating: -1.5,
  });
  for (const [c, circuit] of CHALLENGER_CIRCUITS.entries()) {
    const start = editionDay(circuit, ctx.anchor);
    const event = challengerOfWeek(circuit, start, isoWeek(start));
    const tournamentRng = rng.fork(event.name);
    const tournament: Tournament = {
      event,
      countryCode: useCountry(ctx, event.countryCode, event.country),
      start,
      venue: inventedVenue(tournamentRng, event),
      circuit,
    };
    const pool = players.filter((_, i) => i % CHALLENGER_CIRCUITS.length === c);
    playTournament(ctx, tournamentRng, tournament, pool, umpires, totals);
  }
}

/** A venue for an invented tournament, in its city. */
function inventedVenue(rng: Rng, event: TennisEvent): string {
  const city = event.city ?? event.name;
  const keep = (pattern: string) => pattern.startsWith("{city}");
  return venueName(rng, "tennis", { city, name: city }, keep);
}

/** Players ranked from `firstRanking` down, by a rating drawn around `meanRating`. */
function makePlayers(
  ctx: GenContext,
  rng: Rng,
  count: number,
  rank = { firstRanking: 1, meanRating: 0 },
): Individual[] {
  const seeds = Array.from({ length: count }, () => ({
    person: makePerson(rng, rng.pick(COUNTRY_POOLS), ctx.anchor, [19, 34]),
    rating: rng.normal(rank.meanRating, 1),
  })).sort((a, b) => b.rating - a.rating);
  return seeds.map(({ person, rating }, i) => {
    useCountry(ctx, person.nationality);
    const detail = {
      plays: rng.chance(0.87) ? "right-handed" : "left-handed",
      backhand: rng.chance(0.8) ? "two-handed" : "one-handed",
      ranking: rank.firstRanking + i,
      ranking_points: Math.round(9000 * Math.exp(-(rank.firstRanking - 1 + i) / 14)),
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
  event: TennisEvent;
  countryCode: string;
  /** The first day of its order of play (midnight UTC of the local date). */
  start: Date;
  venue: string;
  circuit: TennisCircuit;
}

function playTournament(
  ctx: GenContext,
  rng: Rng,
  spec: Tournament,
  pool: Individual[],
  umpires: string[],
  totals: SeasonTotals,
): void {
  const { event } = spec;
  const slug = slugify(event.name);
  const competition = new YearCompetition(ctx, "tennis", {
    slug,
    name: event.name,
    countryCode: spec.countryCode,
    type: "tournament",
    tier: CATEGORY_TIER[event.category],
    current: spec.start,
    rules: tennisRules(event),
  });
  const format = {
    bestOf: event.bestOf,
    court: { surface: event.surface, indoor: event.indoor },
    grandSlam: event.category === "grand_slam",
  };
  const form = new Map(pool.map((p) => [p, p.rating + rng.normal(0, 0.6)]));
  const entrants = [...pool].sort((a, b) => (form.get(b) ?? 0) - (form.get(a) ?? 0)).slice(0, 32);
  const unseeded = rng.shuffle(entrants.slice(8));
  let alive = seedOrder(32).map((s) => (s <= 8 ? entrants[s - 1] : unseeded[s - 9]) as Individual);
  for (let r = 0; r < TENNIS_ROUNDS.length && alive.length > 1; r++) {
    const matches = alive.length / 2;
    const winners: Individual[] = [];
    for (let m = 0; m < matches; m++) {
      const [home, away] = [alive[2 * m], alive[2 * m + 1]] as [Individual, Individual];
      const kickoff = kickoffOf(spec.circuit, spec.start, r, m, matches);
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
      const ratings = { home: home.rating, away: away.rating };
      // The tour's matches count as played when even the longest would be over by the anchor (as
      // the tour always has); a Challenger's when its own is, so that the simulator, starting at
      // the anchor, has few overdue matches to catch up. Every match left to play is priced.
      const tour = spec.circuit === MAIN_TOUR;
      const played = tour ? undefined : playMatch(matchRng, ratings, format);
      const ends = addMinutes(kickoff, played?.events.at(-1)?.minute ?? MAX_MINUTES);
      if (ends > ctx.anchor) {
        addScheduled(ctx, fixture);
        if (tour && !withinOddsWindow(ctx, kickoff)) continue;
        addOdds(ctx, matchRng, "tennis", id, tennisQuotes(ratings, format));
        continue;
      }
      const script = played ?? playMatch(matchRng, ratings, format);
      const [winner, loser] = script.winner === "home" ? [home, away] : [away, home];
      const text = `${winner.name} def. ${loser.name} ${script.setsText}`;
      const endedAt = addMinutes(kickoff, script.events.at(-1)?.minute ?? 0);
      addFinished(ctx, fixture, script.events, { decided_by: script.decidedBy, text }, endedAt);
      const scope = { competitionId: competition.id, seasonId: competition.season(kickoff) };
      for (const side of ["home", "away"] as const) {
        const numbers = tennisMatchNumbers(script.events, side, script.winner === side);
        const title = r === TENNIS_ROUNDS.length - 1 && script.winner === side ? 1 : 0;
        totals.add(fixture[side], scope, { ...numbers, titles: title });
      }
      winners.push(winner);
    }
    if (winners.length < matches) return;
    alive = winners;
  }
}
