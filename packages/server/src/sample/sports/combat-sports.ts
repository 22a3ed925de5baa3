/**
 * Combat sports: one promotion (a `tour` competition) running a card every two weeks. Each bout
 * is a fixture whose `round` is the card's name; 3 rounds (the main event 5). About a third of
 * fights end by KO/TKO, a sixth by submission, half on the judges' cards; draws and no contests
 * are rare. Past cards are finished (events fold into each score), the next two are scheduled.
 */
import { slugify } from "../../lib/text.js";
import { addDays, addMinutes, startOfUtcDay } from "../../lib/time.js";
import type { FinishMethod } from "../../sports/combat-sports.js";
import type { Side } from "../../sports/types.js";
import type { GenContext } from "../context.js";
import { type MarketQuote, winProbability } from "../odds-pricing.js";
import { makePerson } from "../people.js";
import { COUNTRY_POOLS, FIGHT_PROMOTION_NAMES, WEIGHT_CLASSES } from "../pools/index.js";
import type { Rng } from "../rng.js";
import { addOdds } from "../sample-odds.js";
import { countryPool } from "../squads.js";
import type { ScriptedEvent } from "../team-sport-profile.js";
import {
  addFinished,
  addIndividual,
  addScheduled,
  at,
  type Individual,
  twoWay,
  useCountry,
  withinOddsWindow,
  YearCompetition,
} from "./individual-sports.js";
import { officialNames, pickBroadcast, pickOfficials, venueName } from "./officials-and-dates.js";

const PAST_CARDS = 8;
const UPCOMING_CARDS = 2;
const DAYS_BETWEEN_CARDS = 14;
const FIGHTERS_PER_CLASS = 12;
/** A fighter rests at least this long between bouts. */
const REST_DAYS = 35;
const BOUT_MINUTES = 28;
const HOME_COUNTRY = "US";
const AWAY_COUNTRIES = ["GB-ENG", "AU", "BR", "JP"];

/** Upper weight limit of each class, for fighters' heights. */
// biome-ignore format: a table
const LIMIT_KG: Readonly<Record<string, number>> = {
  Flyweight: 57, Bantamweight: 61, Featherweight: 66, Lightweight: 70, Welterweight: 77,
  Middleweight: 84, "Light Heavyweight": 93, Heavyweight: 120,
};
/** How fights end (before the rating gap makes stoppages likelier). */
// biome-ignore format: a table
const METHODS: Readonly<Record<FinishMethod, number>> = {
  ko: 0.12, tko: 0.2, submission: 0.18, decision: 0.475, draw: 0.012, no_contest: 0.008,
  disqualification: 0.005,
};
const FINISHES = Object.keys(METHODS) as FinishMethod[];
const STOPPAGES: readonly FinishMethod[] = ["ko", "tko", "submission", "disqualification"];
/** Chance that a stoppage comes in round 1, 2, … */
const STOPPAGE_ROUND = [0.42, 0.3, 0.18, 0.06, 0.04];

interface Fighter extends Individual {
  weightClass: string;
  record: { wins: number; losses: number; draws: number };
  restedUntil: number;
}

export function generateCombatSports(ctx: GenContext): void {
  const rng = ctx.rng("combat-sports");
  const promotion = rng.pick(FIGHT_PROMOTION_NAMES);
  const home = countryPool(HOME_COUNTRY);
  const competition = new YearCompetition(ctx, "combat-sports", {
    slug: slugify(promotion),
    name: promotion,
    countryCode: useCountry(ctx, HOME_COUNTRY),
    type: "tour",
    rules: { rounds: 3, main_event_rounds: 5, round_minutes: 5, scoring: "10-point must" },
  });
  const fighters = WEIGHT_CLASSES.flatMap((weightClass, i) =>
    makeFighters(ctx, rng, weightClass, LIMIT_KG[weightClass] ?? 57 + 8 * i),
  );
  const referees = officialNames(rng, home, 30, ctx.anchor);
  const today = startOfUtcDay(ctx.anchor);
  const nextSaturday = addDays(today, (6 - today.getUTCDay() + 7) % 7);
  const firstNumber = rng.int(60, 140);
  for (let k = 0; k < PAST_CARDS + UPCOMING_CARDS; k++) {
    const date = addDays(nextSaturday, (k - PAST_CARDS) * DAYS_BETWEEN_CARDS);
    const host = rng.chance(0.7) ? home : countryPool(rng.pick(AWAY_COUNTRIES));
    const place = { city: rng.pick(host.cities), name: rng.pick(home.lastNames) };
    const venue = venueName(rng, "combat-sports", place);
    const card = `${shortName(promotion)} ${firstNumber + k}`;
    const bouts = matchmake(rng, fighters, date, rng.int(10, 12));
    bouts.forEach(([red, blue], i) => {
      const kickoff = addMinutes(at(date, 18), i * BOUT_MINUTES);
      const id = ctx.id("fx", "combat-sports", slugify(card), i + 1);
      const boutRng = rng.fork(id);
      const officials = pickOfficials(boutRng, "combat-sports", referees);
      const broadcast = pickBroadcast(boutRng, HOME_COUNTRY);
      const sport = "combat-sports" as const;
      const fixture = { id, sport, competition, round: card, kickoff, venue, officials, broadcast };
      const rounds = i === bouts.length - 1 ? 5 : 3;
      if (addMinutes(kickoff, BOUT_MINUTES) > ctx.anchor) {
        addScheduled(ctx, { ...fixture, home: red, away: blue });
        if (withinOddsWindow(ctx, kickoff))
          addOdds(ctx, boutRng, sport, id, quotes(red, blue, rounds));
        return;
      }
      const judges = officials.filter((o) => o.role.startsWith("judge")).map((o) => o.name);
      const bout = fight(boutRng, red, blue, rounds, judges);
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
      const result = { decided_by: bout.method, text };
      addFinished(
        ctx,
        { ...fixture, home: red, away: blue },
        bout.events,
        result,
        addMinutes(kickoff, BOUT_MINUTES),
      );
    });
  }
}

/** "Apex Fighting Championship" → "Apex FC", for card names like "Apex FC 112". */
function shortName(promotion: string): string {
  const [first = promotion, ...rest] = promotion.split(" ");
  return [first, rest.map((w) => w.charAt(0).toUpperCase()).join("")].join(" ").trim();
}

function makeFighters(ctx: GenContext, rng: Rng, weightClass: string, limitKg: number): Fighter[] {
  return Array.from({ length: FIGHTERS_PER_CLASS }, () => {
    const pool = rng.chance(0.4) ? countryPool(HOME_COUNTRY) : rng.pick(COUNTRY_POOLS);
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

/** Up to two bouts per class between rested fighters of similar form; the best pair last. */
function matchmake(
  rng: Rng,
  fighters: Fighter[],
  date: Date,
  count: number,
): Array<[Fighter, Fighter]> {
  const bouts: Array<[Fighter, Fighter]> = [];
  for (const weightClass of rng.shuffle(WEIGHT_CLASSES)) {
    const ready = fighters
      .filter((f) => f.weightClass === weightClass && f.restedUntil <= date.getTime())
      .map((f) => ({ f, form: f.rating + rng.normal(0, 0.5) }))
      .sort((a, b) => b.form - a.form)
      .map(({ f }) => f);
    for (let i = 0; i + 1 < ready.length && i < 4; i += 2) {
      bouts.push([ready[i], ready[i + 1]] as [Fighter, Fighter]);
    }
  }
  const chosen = rng.shuffle(bouts).slice(0, count);
  chosen.sort((a, b) => a[0].rating + a[1].rating - (b[0].rating + b[1].rating));
  for (const f of chosen.flat()) f.restedUntil = addDays(date, REST_DAYS).getTime();
  return chosen.map(([a, b]) => (rng.chance(0.5) ? [a, b] : [b, a]));
}

/** A scripted bout: knockdowns, round ends and the finish, with its winner and result text. */
export interface Bout {
  events: ScriptedEvent[];
  winner: Side | null;
  method: FinishMethod;
  text: string;
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
const elapsed = (round: number, seconds: number) => (round - 1) * 6 + Math.floor(seconds / 60);

/** Method weights; a wider rating gap makes stoppages likelier. */
function methodWeights(diff: number): number[] {
  const boost = 1 + 0.25 * Math.min(2, Math.abs(diff));
  return FINISHES.map((m) => METHODS[m] * (STOPPAGES.includes(m) ? boost : 1));
}

/** Scripts a bout of `rounds` rounds from the fighters' ratings; `judges` name the scorecards. */
export function fight(
  rng: Rng,
  home: Pick<Fighter, "rating">,
  away: Pick<Fighter, "rating">,
  rounds: number,
  judges: string[],
): Bout {
  const diff = home.rating - away.rating;
  const side: Side = rng.chance(winProbability(diff, 0.8)) ? "home" : "away";
  const method = rng.weighted(FINISHES, methodWeights(diff));
  const stopped = STOPPAGES.includes(method) || method === "no_contest";
  const byRound = STOPPAGE_ROUND.slice(0, rounds);
  const round = stopped ? 1 + rng.weighted([...byRound.keys()], byRound) : rounds;
  const seconds = stopped ? rng.int(8, 299) : 300;
  const events: ScriptedEvent[] = [];
  for (let n = 1; n <= round; n++) {
    const period = `round_${n}`;
    const last = n === round;
    const finisher = last && (method === "ko" || method === "tko") && rng.chance(0.55);
    if (finisher || rng.chance(0.07)) {
      const by: Side = finisher || rng.chance(0.7) ? side : side === "home" ? "away" : "home";
      const minute = elapsed(n, rng.int(0, last ? seconds : 299));
      events.push({ type: "knockdown", period, minute, side: by, detail: { round: n } });
    }
    if (!last || !stopped) {
      events.push({
        type: "round_end",
        period,
        minute: elapsed(n, 300),
        side: null,
        detail: { round: n },
      });
    }
  }
  const winner: Side | null = method === "draw" || method === "no_contest" ? null : side;
  const detail: Record<string, unknown> = { method, round, time: clock(seconds) };
  const label =
    method === "ko" || method === "tko" ? method.toUpperCase() : method.replace("_", " ");
  let text = `${label} (round ${round}, ${clock(seconds)})`;
  if (!stopped) {
    const { cards, kind } = scorecards(rng, rounds, judges, winner);
    Object.assign(detail, { scorecards: cards, decision: kind });
    const totals = cards.map((c) =>
      side === "home" ? `${c.home}-${c.away}` : `${c.away}-${c.home}`,
    );
    text = `${kind} ${method === "draw" ? "draw" : "decision"} (${totals.join(", ")})`;
  }
  const minute = elapsed(round, seconds);
  events.push({ type: "finish", period: `round_${round}`, minute, side: winner, detail });
  return { events, winner, method, text };
}

type Card = { judge: string; home: number; away: number };

/** Three judges' 10-point-must totals; `winner` null for a draw. */
function scorecards(
  rng: Rng,
  rounds: number,
  judges: string[],
  winner: Side | null,
): { cards: Card[]; kind: string } {
  const full = rounds * 10;
  const most = Math.ceil(rounds / 2);
  // `side` took `won` rounds; null = an even card (one 10-8 round each way).
  const card = (judge: string, side: Side | null, won: number): Card => {
    if (side === null) return { judge, home: full - 2, away: full - 2 };
    const [w, l] = [full - (rounds - won), full - won];
    return side === "home" ? { judge, home: w, away: l } : { judge, home: l, away: w };
  };
  const [a = "Judge A", b = "Judge B", c = "Judge C"] = judges;
  const weights = winner === null ? [0.3, 0.4, 0.3] : [0.75, 0.18, 0.07];
  const kind = rng.weighted(["unanimous", "split", "majority"], weights);
  if (winner === null) {
    if (kind === "unanimous")
      return { cards: [card(a, null, 0), card(b, null, 0), card(c, null, 0)], kind };
    const second = kind === "split" ? card(b, "away", most) : card(b, null, 0);
    return { cards: [card(a, "home", most), second, card(c, null, 0)], kind };
  }
  const loser: Side = winner === "home" ? "away" : "home";
  const clear = (judge: string) => card(judge, winner, rng.int(most, rounds));
  const third =
    kind === "split" ? card(c, loser, most) : kind === "majority" ? card(c, null, 0) : clear(c);
  return { cards: [clear(a), clear(b), third], kind };
}

function quotes(home: Fighter, away: Fighter, rounds: number): MarketQuote[] {
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
