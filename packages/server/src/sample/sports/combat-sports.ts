/**
 * Combat sports: one promotion (a `tour` competition) running a card every two weeks, and, in the
 * full world, regional promotions holding cards on several nights a week in time zones round the
 * clock (`combat-promotions.ts`), so that a bout is always on somewhere. Each bout
 * is a fixture whose `round` names the card and the bout's weight class ("Apex FC 112:
 * Lightweight"; the last bout is the five-round "Main event"); both fighters are in that class,
 * or the bout is a labelled catchweight (`combat-matchmaking.ts`). Three named judges score each
 * bout (`combat-bout.ts`). Past cards are finished (events fold into each score and sum into the
 * fighters' season statistics), the next two are scheduled.
 */
import { slugify } from "../../lib/text.js";
import { addDays, addMinutes, startOfUtcDay } from "../../lib/time.js";
import type { GenContext } from "../context.js";
import { type MarketQuote, winProbability } from "../odds-pricing.js";
import { makePerson } from "../people.js";
import { COUNTRY_POOLS, FIGHT_PROMOTION_NAMES, WEIGHT_CLASSES } from "../pools/index.js";
import type { Rng } from "../rng.js";
import { addOdds } from "../sample-odds.js";
import { countryPool } from "../squads.js";
import { FINISHES, fight, type Judges, methodWeights, STOPPAGE_ROUND } from "./combat-bout.js";
import { boutNumbers, COMBAT_STATS } from "./combat-bout-stats.js";
import {
  boutLabel,
  type Fighter,
  LIMIT_KG,
  matchmake,
  type Pairing,
} from "./combat-matchmaking.js";
import {
  REGIONAL_BOUT_MINUTES,
  REGIONAL_PROMOTIONS,
  type RegionalPromotion,
} from "./combat-promotions.js";
import { SeasonTotals } from "./individual-season-stats.js";
import {
  addFinished,
  addIndividual,
  addScheduled,
  at,
  twoWay,
  useCountry,
  withinOddsWindow,
  YearCompetition,
} from "./individual-sports.js";
import {
  type Official,
  officialNames,
  pickBroadcast,
  pickOfficials,
  venueName,
} from "./officials-and-dates.js";

const PAST_CARDS = 8;
const UPCOMING_CARDS = 2;
const DAYS_BETWEEN_CARDS = 14;
const FIGHTERS_PER_CLASS = 12;
/**
 * A regional fighter rests a fortnight between bouts (the calendar's copies bring each card's
 * fighters back a fortnight on). A card takes about three fighters a class, so a promotion keeps
 * six a class for each weekly night, and a few spare.
 */
const REGIONAL_REST_DAYS = 14;
const REGIONAL_FIGHTERS_PER_NIGHT = 6;
const REGIONAL_SPARE_FIGHTERS = 4;
/** Days of regional cards before the anchor's day (played) and from it (scheduled). */
const REGIONAL_PAST_DAYS = 2;
const REGIONAL_DAYS_AHEAD = 14;
const BOUT_MINUTES = 28;
const HOME_COUNTRY = "US";
const AWAY_COUNTRIES = ["GB-ENG", "AU", "BR", "JP"];
/** Rounds of an ordinary bout and of the main event. */
const ROUNDS = 3;
const MAIN_EVENT_ROUNDS = 5;

export function generateCombatSports(ctx: GenContext): void {
  const rng = ctx.rng("combat-sports");
  const promotion = rng.pick(FIGHT_PROMOTION_NAMES);
  const home = countryPool(HOME_COUNTRY);
  const competition = promotionCompetition(ctx, promotion, HOME_COUNTRY);
  const fighters = roster(ctx, rng, FIGHTERS_PER_CLASS, HOME_COUNTRY);
  // Distinct names: a bout's referee and three judges are four different people.
  const referees = [...new Set(officialNames(rng, home, 30, ctx.anchor))];
  const totals = new SeasonTotals("combat-sports", COMBAT_STATS);
  const league = { competition, referees, totals, country: HOME_COUNTRY };
  const today = startOfUtcDay(ctx.anchor);
  const nextSaturday = addDays(today, (6 - today.getUTCDay() + 7) % 7);
  const firstNumber = rng.int(60, 140);
  for (let k = 0; k < PAST_CARDS + UPCOMING_CARDS; k++) {
    const date = addDays(nextSaturday, (k - PAST_CARDS) * DAYS_BETWEEN_CARDS);
    const host = rng.chance(0.7) ? home : countryPool(rng.pick(AWAY_COUNTRIES));
    const place = { city: rng.pick(host.cities), name: rng.pick(home.lastNames) };
    const venue = venueName(rng, "combat-sports", place);
    const name = `${shortName(promotion)} ${firstNumber + k}`;
    const bouts = matchmake(rng, fighters, date, rng.int(10, 12));
    playCard(ctx, rng, league, { name, start: at(date, 18), venue, bouts }, CORE_TIMING);
  }
  if (ctx.regions) for (const spec of REGIONAL_PROMOTIONS) runRegionalPromotion(ctx, spec, totals);
  totals.write(ctx);
}

function promotionCompetition(ctx: GenContext, name: string, country: string): YearCompetition {
  return new YearCompetition(ctx, "combat-sports", {
    slug: slugify(name),
    name,
    countryCode: useCountry(ctx, country),
    type: "tour",
    rules: {
      rounds: ROUNDS,
      main_event_rounds: MAIN_EVENT_ROUNDS,
      round_minutes: 5,
      scoring: "10-point must",
    },
  });
}

/** A promotion's fighters: `perClass` in every weight class, mostly from `country`. */
function roster(ctx: GenContext, rng: Rng, perClass: number, country: string) {
  return WEIGHT_CLASSES.flatMap((weightClass, i) =>
    makeFighters(ctx, rng, weightClass, LIMIT_KG[weightClass] ?? 57 + 8 * i, perClass, country),
  );
}

/**
 * A regional promotion (`combat-promotions.ts`): a card on each of its nights, in its home
 * country's cities, with its own fighters, mostly local: the last two days' cards finished, the
 * next fortnight's scheduled (the rolling calendar repeats that fortnight).
 */
function runRegionalPromotion(
  ctx: GenContext,
  spec: RegionalPromotion,
  totals: SeasonTotals,
): void {
  const rng = ctx.rng(`combat-sports:${spec.name}`);
  const home = countryPool(spec.country);
  const competition = promotionCompetition(ctx, spec.name, spec.country);
  const perClass = REGIONAL_FIGHTERS_PER_NIGHT * spec.weekdays.length + REGIONAL_SPARE_FIGHTERS;
  const fighters = roster(ctx, rng, perClass, spec.country);
  const referees = [...new Set(officialNames(rng, home, 20, ctx.anchor))];
  const league = { competition, referees, totals, country: spec.country };
  const firstNumber = rng.int(20, 90);
  let number = firstNumber;
  for (let d = -REGIONAL_PAST_DAYS; d < REGIONAL_DAYS_AHEAD; d++) {
    const date = addDays(startOfUtcDay(ctx.anchor), d);
    if (!spec.weekdays.includes(date.getUTCDay())) continue;
    const place = { city: rng.pick(home.cities), name: rng.pick(home.lastNames) };
    const venue = venueName(rng, "combat-sports", place);
    const name = `${shortName(spec.name)} ${number++}`;
    const bouts = matchmake(rng, fighters, date, spec.bouts, REGIONAL_REST_DAYS);
    const start = at(date, spec.localHour - spec.utcOffset, spec.localMinute);
    playCard(ctx, rng, league, { name, start, venue, bouts }, REGIONAL_TIMING);
  }
}

interface League {
  competition: YearCompetition;
  referees: readonly string[];
  totals: SeasonTotals;
  /** The promotion's country: its broadcasters. */
  country: string;
}

/**
 * When a card's bouts go on: `every` minutes apart, each taking `length` minutes of its rounds
 * (the original promotion's cards count a flat 28-minute slot, as they always have; a regional
 * card counts the bout's rounds, five minutes each and a minute's rest between).
 */
interface CardTiming {
  every: number;
  length: (rounds: number) => number;
}
const CORE_TIMING: CardTiming = { every: BOUT_MINUTES, length: () => BOUT_MINUTES };
const REGIONAL_TIMING: CardTiming = {
  every: REGIONAL_BOUT_MINUTES,
  length: (rounds) => rounds * 6 - 1,
};

/** A card's bouts, `timing.every` minutes apart from `start`, the main event last. */
function playCard(
  ctx: GenContext,
  rng: Rng,
  league: League,
  card: { name: string; start: Date; venue: string; bouts: readonly Pairing[] },
  timing: CardTiming,
): void {
  const { competition, referees, totals } = league;
  const { bouts, venue } = card;
  bouts.forEach((pairing, i) => {
    const { red, blue } = pairing;
    const kickoff = addMinutes(card.start, i * timing.every);
    const id = ctx.id("fx", "combat-sports", slugify(card.name), i + 1);
    const boutRng = rng.fork(id);
    const officials = pickOfficials(boutRng, "combat-sports", referees);
    const broadcast = pickBroadcast(boutRng, league.country);
    const sport = "combat-sports" as const;
    const mainEvent = i === bouts.length - 1;
    const rounds = mainEvent ? MAIN_EVENT_ROUNDS : ROUNDS;
    const round = `${card.name}: ${mainEvent ? "Main event, " : ""}${boutLabel(pairing)}`;
    const fixture = { id, sport, competition, round, kickoff, venue, officials, broadcast };
    if (addMinutes(kickoff, timing.length(rounds)) > ctx.anchor) {
      addScheduled(ctx, { ...fixture, home: red, away: blue });
      // A bout under way at the anchor (a card across midnight) is priced like the rest.
      if (withinOddsWindow(ctx, kickoff) || kickoff < ctx.anchor)
        addOdds(ctx, boutRng, sport, id, boutQuotes(red, blue, rounds));
      return;
    }
    const bout = fight(boutRng, red, blue, rounds, judgesOf(officials));
    const winner = bout.winner === null ? null : bout.winner === "home" ? red : blue;
    const loser = winner === red ? blue : red;
    if (winner !== null) {
      winner.record.wins++;
      loser.record.losses++;
    } else if (bout.method === "draw") {
      red.record.draws++;
      blue.record.draws++;
    }
    const text = winner
      ? `${winner.name} def. ${loser.name} by ${bout.text}`
      : `${red.name} vs ${blue.name}: ${bout.text}`;
    const result = { decided_by: bout.method, text, bout: boutTerms(pairing, rounds, i, bouts) };
    const ended = addMinutes(kickoff, timing.length(rounds));
    addFinished(ctx, { ...fixture, home: red, away: blue }, bout.events, result, ended);
    const scope = { competitionId: competition.id, seasonId: competition.season(kickoff) };
    totals.add(red, scope, boutNumbers(bout.events, "home"));
    totals.add(blue, scope, boutNumbers(bout.events, "away"));
  });
}

/** The bout's three judges, by name, from its officials. */
function judgesOf(officials: readonly Official[]): Judges {
  const [a, b, c] = officials.filter((o) => o.role.startsWith("judge")).map((o) => o.name);
  if (a === undefined || b === undefined || c === undefined) {
    throw new Error("combat sports: a bout needs three judges");
  }
  return [a, b, c];
}

/** The bout's terms as the result states them (the UFC importer's `result.bout` shape). */
function boutTerms(pairing: Pairing, rounds: number, index: number, card: readonly Pairing[]) {
  return {
    weight_class: pairing.weightClass,
    ...(pairing.catchweightKg === null ? {} : { catchweight_kg: pairing.catchweightKg }),
    gender: "men",
    title_bout: false,
    scheduled_rounds: rounds,
    /** 1 = the main event, as the importer counts the card from the top. */
    card_position: card.length - index,
  };
}

/** "Apex Fighting Championship" → "Apex FC", for card names like "Apex FC 112". */
function shortName(promotion: string): string {
  const [first = promotion, ...rest] = promotion.split(" ");
  return [first, rest.map((w) => w.charAt(0).toUpperCase()).join("")].join(" ").trim();
}

function makeFighters(
  ctx: GenContext,
  rng: Rng,
  weightClass: string,
  limitKg: number,
  count: number,
  homeCountry: string,
): Fighter[] {
  return Array.from({ length: count }, () => {
    const pool = rng.chance(0.4) ? countryPool(homeCountry) : rng.pick(COUNTRY_POOLS);
    const person = makePerson(rng, pool, ctx.anchor, [21, 37]);
    useCountry(ctx, person.nationality);
    const heightCm = Math.round(rng.normal(145 + limitKg * 0.42, 4));
    const record = { wins: rng.int(6, 24), losses: rng.int(0, 8), draws: rng.chance(0.15) ? 1 : 0 };
    const detail = {
      stance: rng.weighted(["orthodox", "southpaw", "switch"], [0.7, 0.24, 0.06]),
      weight_class: weightClass,
      reach_cm: heightCm + Math.round(rng.normal(3, 4)),
      record,
    };
    const rating = rng.normal(0, 1);
    const spec = { person, rating, position: weightClass, heightCm, detail, withTeam: true };
    const individual = addIndividual(ctx, "combat-sports", spec);
    return { ...individual, weightClass, record, restedUntil: 0 };
  });
}

/** A bout's markets from the fighters' ratings (the live calendar prices later bouts with it). */
export function boutQuotes(
  home: Pick<Fighter, "rating">,
  away: Pick<Fighter, "rating">,
  rounds: number,
): MarketQuote[] {
  const diff = home.rating - away.rating;
  const weights = methodWeights(diff);
  const total = weights.reduce((sum, w) => sum + w, 0);
  const stops = FINISHES.reduce(
    (sum, m, i) => sum + (m === "decision" || m === "draw" ? 0 : (weights[i] ?? 0)),
    0,
  );
  const line = rounds === 5 ? 3.5 : 2.5;
  const byRound = STOPPAGE_ROUND.slice(0, rounds);
  const roundSum = byRound.reduce((sum, w) => sum + w, 0);
  // Under: a stoppage in a round before the line, or in the line's round before half time.
  const early = byRound.reduce((sum, w, i) => sum + (i + 1 < line ? w : i < line ? w / 2 : 0), 0);
  const under = ((stops / total) * early) / roundSum;
  return [
    {
      market: "moneyline",
      subject: "",
      line: null,
      selections: twoWay(winProbability(diff, 0.8), "home", "away"),
    },
    { market: "totals", subject: "", line, selections: twoWay(1 - under, "over", "under") },
  ];
}
