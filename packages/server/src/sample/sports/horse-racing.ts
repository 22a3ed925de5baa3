/**
 * Horse racing: four tracks (each a `meeting` competition, season = year) racing twice a week,
 * 6–8 races a meeting, and twelve regional circuits whose meetings send a race off every quarter
 * of an hour around the clock (`racing-circuits.ts`), 6–16 runners a race in `participants`,
 * each race open to the ages its conditions state (`race-conditions.ts`). Each race is carded
 * and run by `race-card.ts`: a Plackett–Luce finish from the horses' ratings, so the same softmax
 * gives fair win chances, starting prices on the fractional ladder with a 17–27 % overround and
 * the favourite labelled, margins spread as real results do. Upcoming races have race cards, and
 * win-market odds once their market opens, a day ahead; jockeys get season statistics from the
 * finished races.
 */
import { slugify } from "../../lib/text.js";
import { addDays, addMinutes } from "../../lib/time.js";
import type { GenContext } from "../context.js";
import { RACE_WIN_BAND } from "../outright-pricing.js";
import { makePerson } from "../people.js";
import { type CountryPool, HORSE_NAME_PARTS } from "../pools/index.js";
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
  mondayOnOrBefore,
  softmax,
  useCountry,
  YearCompetition,
} from "./individual-sports.js";
import { officialNames, pickBroadcast, pickOfficials, venueName } from "./officials-and-dates.js";
import { type Horse, MIN_FIELD, PACE, type Runner, raceCard, runRace } from "./race-card.js";
import { ageAllowed, horseAge, pickConditions } from "./race-conditions.js";
import { withinRaceMarketWindow } from "./race-market-window.js";
import {
  CIRCUIT_DAYS,
  CIRCUIT_RACE_GAP_MINUTES,
  CIRCUIT_RACES,
  RACING_CIRCUITS,
  type RacingCircuit,
} from "./racing-circuits.js";
import { addJockeySeasonStats, type FinishedRace } from "./racing-season-stats.js";

/** Track country, weekdays raced (0 = Sunday) and the first race's hour (UTC). */
const TRACKS = [
  { country: "GB-ENG", days: [2, 6], hour: 13 },
  { country: "GB-ENG", days: [3, 5], hour: 14 },
  { country: "IE", days: [0, 4], hour: 13 },
  { country: "AU", days: [3, 6], hour: 3 },
] as const;
const WEEKS = { first: -5, last: 1 };
/** The circuits' meetings: from two days before the anchor's day to eight days after. */
const CIRCUIT_DAYS_BACK = -2;
const CIRCUIT_DAYS_AHEAD = 8;
const HORSES_PER_TRACK = 150;
const JOCKEYS_PER_TRACK = 18;
const FIELD_SIZES = [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
const FIELD_SIZE_WEIGHTS = [3, 5, 7, 9, 10, 10, 9, 8, 6, 5, 4];
const RACE_WORDS = [
  "Kestrel",
  "Heron",
  "Skylark",
  "Falcon",
  "Merlin",
  "Oak",
  "Juniper",
  "Harvest",
  "Lantern",
  "Meadow",
  "Beacon",
  "Thistle",
  "Bramble",
  "Willow",
  "Copper",
];

export function generateHorseRacing(ctx: GenContext): void {
  const rng = ctx.rng("horse-racing");
  const monday = mondayOnOrBefore(ctx.anchor);
  const tracks = new Set<string>();
  TRACKS.forEach((track, t) => {
    const course = openCourse(ctx, rng, track.country, tracks);
    const pool = countryPool(track.country);
    const jockeys = makeJockeys(ctx, rng, pool);
    const stewards = officialNames(rng, pool, 10, ctx.anchor);
    const base = { ...course, country: track.country, hour: track.hour, minute: 15 };
    const finished: FinishedRace[] = [];
    for (let week = WEEKS.first; week <= WEEKS.last; week++) {
      for (const weekday of track.days) {
        const date = addDays(monday, week * 7 + ((weekday + 6) % 7));
        const meetingRng = rng.fork(`${t}:${date.toISOString()}`);
        const spec = { ...base, date, jockeys, stewards, races: { min: 6, max: 8 }, gap: 35 };
        finished.push(...runMeeting(ctx, meetingRng, spec));
      }
    }
    addJockeySeasonStats(ctx, course.meeting, jockeys, finished);
  });
  if (ctx.regions)
    RACING_CIRCUITS.forEach((circuit, c) => {
      runCircuit(ctx, circuit, c, tracks);
    });
}

/** A racecourse: its name (distinct from the others), competition, trainers and horses. */
function openCourse(ctx: GenContext, rng: Rng, country: string, taken: Set<string>) {
  const pool = countryPool(country);
  let name = "";
  while (name === "" || taken.has(name)) {
    const place = { city: rng.pick(pool.cities), name: rng.pick(pool.lastNames) };
    name = venueName(rng, "horse-racing", place, (p) => keepVenue(country, p));
  }
  taken.add(name);
  const countryCode = useCountry(ctx, country);
  const meeting = new YearCompetition(ctx, "horse-racing", {
    slug: slugify(name),
    name,
    countryCode,
    type: "meeting",
  });
  const trainers = Array.from({ length: 20 }, () => makePerson(rng, pool, ctx.anchor, [30, 70]));
  const horses = makeHorses(
    ctx,
    rng,
    slugify(name),
    trainers.map((p) => p.name),
  );
  return { meeting, name, horses };
}

/** Venue patterns in the country's language: "Hippodrome de …" in France, "Hipódromo de …" in Argentina. */
function keepVenue(country: string, pattern: string): boolean {
  if (country === "FR") return pattern.startsWith("Hippodrome");
  if (country === "AR") return pattern.startsWith("Hipódromo");
  return !pattern.startsWith("Hip");
}

function makeJockeys(ctx: GenContext, rng: Rng, pool: CountryPool): Individual[] {
  return Array.from({ length: JOCKEYS_PER_TRACK }, () => {
    const person = makePerson(rng, pool, ctx.anchor, [18, 45]);
    const riding_weight_kg = Math.round(rng.normal(54, 1.5) * 2) / 2;
    const detail = { riding_weight_kg, licence: rng.chance(0.8) ? "professional" : "apprentice" };
    const heightCm = Math.round(rng.normal(162, 5));
    // How much a jockey is in demand: the top ones ride more, and the better-fancied horses.
    const rating = rng.normal(0, 0.8);
    const spec = { person, rating, position: "jockey", heightCm, detail, withTeam: false };
    return addIndividual(ctx, "horse-racing", spec);
  });
}

/**
 * A circuit (`racing-circuits.ts`): two tracks sharing the week and the jockeys, a short history
 * (the two days before the anchor's) and a week and a day ahead, which the rolling calendar
 * repeats.
 */
function runCircuit(ctx: GenContext, circuit: RacingCircuit, c: number, taken: Set<string>): void {
  const rng = ctx.rng(`horse-racing:circuit:${c}`);
  const pool = countryPool(circuit.country);
  const jockeys = makeJockeys(ctx, rng, pool);
  const stewards = officialNames(rng, pool, 10, ctx.anchor);
  const hour = circuit.localHour - circuit.utcOffset;
  CIRCUIT_DAYS.forEach((days, t) => {
    const course = openCourse(ctx, rng, circuit.country, taken);
    const base = { ...course, country: circuit.country, jockeys, stewards, hour };
    const finished: FinishedRace[] = [];
    for (let d = CIRCUIT_DAYS_BACK; d <= CIRCUIT_DAYS_AHEAD; d++) {
      const date = addDays(ctx.anchor, d);
      if (!(days as readonly number[]).includes(date.getUTCDay())) continue;
      const meetingRng = rng.fork(`${c}:${t}:${date.toISOString()}`);
      const races = { min: CIRCUIT_RACES, max: CIRCUIT_RACES };
      const spec = { ...base, date, minute: circuit.localMinute, races };
      finished.push(...runMeeting(ctx, meetingRng, { ...spec, gap: CIRCUIT_RACE_GAP_MINUTES }));
    }
    addJockeySeasonStats(ctx, course.meeting, jockeys, finished);
  });
}

function makeHorses(ctx: GenContext, rng: Rng, trackSlug: string, trainers: string[]): Horse[] {
  const names = new Set<string>();
  while (names.size < HORSES_PER_TRACK) names.add(horseName(rng));
  return [...names].map((name) => ({
    id: ctx.id("rn", "horse-racing", "horse", trackSlug, slugify(name)),
    name,
    age: horseAge(rng),
    rating: rng.normal(0, 1),
    trainer: rng.pick(trainers),
  }));
}

function horseName(rng: Rng): string {
  return `${rng.pick(HORSE_NAME_PARTS.first)} ${rng.pick(HORSE_NAME_PARTS.second)}`;
}

interface MeetingSpec {
  meeting: YearCompetition;
  name: string;
  country: string;
  date: Date;
  /** The first race (UTC): `hour` may be fractional (India's half-hour offset). */
  hour: number;
  minute: number;
  /** Races on the card, and the minutes between them. */
  races: { min: number; max: number };
  gap: number;
  horses: Horse[];
  jockeys: Individual[];
  stewards: string[];
}

/** A meeting's races: the finished ones stored with results, the rest as race cards with odds. */
function runMeeting(ctx: GenContext, rng: Rng, spec: MeetingSpec): FinishedRace[] {
  const available = rng.shuffle(spec.horses);
  const races = rng.int(spec.races.min, spec.races.max);
  const finished: FinishedRace[] = [];
  for (let r = 1; r <= races; r++) {
    const kickoff = addMinutes(at(spec.date, spec.hour, spec.minute), (r - 1) * spec.gap);
    const id = ctx.id("fx", "horse-racing", spec.meeting.id, kickoff.toISOString());
    const raceRng = rng.fork(id);
    const size = raceRng.weighted(FIELD_SIZES, FIELD_SIZE_WEIGHTS);
    const conditions = pickConditions(raceRng, available, MIN_FIELD);
    const field = available.filter((h) => ageAllowed(conditions.band, h.age)).slice(0, size);
    for (const horse of field) available.splice(available.indexOf(horse), 1);
    const runners = raceCard(raceRng, field, spec.jockeys);
    const title = `${raceRng.pick(RACE_WORDS)} ${conditions.kind} (${conditions.band})`;
    const fixture = {
      id,
      sport: "horse-racing" as const,
      competition: spec.meeting,
      round: `Race ${r} — ${title}`,
      kickoff,
      venue: spec.name,
      officials: pickOfficials(raceRng, "horse-racing", spec.stewards),
      broadcast: pickBroadcast(raceRng, spec.country),
    };
    if (addMinutes(kickoff, 10) > ctx.anchor) {
      addScheduled(ctx, { ...fixture, participants: runners });
      if (!withinRaceMarketWindow(ctx, kickoff)) continue;
      const chances = softmax(
        field.map((h) => h.rating),
        PACE,
      );
      const selections = Object.fromEntries(field.map((h, i) => [h.id, chances[i] ?? 0]));
      addOdds(ctx, raceRng, "horse-racing", id, [
        { market: "outright", subject: "", line: null, selections, outright: RACE_WIN_BAND },
      ]);
      continue;
    }
    const race = runRace(raceRng, field, runners);
    const winner = race.order[0] as Runner;
    const nonRunners = runners.filter((x) => x.status === "non_runner");
    const events: ScriptedEvent[] = nonRunners.map((x) => ({
      type: "non_runner",
      period: null,
      minute: null,
      side: null,
      detail: { runner_id: x.runner_id, horse: x.horse },
    }));
    const margin = race.order[1]?.margin ?? null;
    const detail = { runner_id: winner.runner_id, horse: winner.horse, margin };
    events.push({ type: "race_start", period: "running", minute: 0, side: null });
    events.push({
      type: "race_finish",
      period: "running",
      minute: 2,
      side: null,
      playerId: winner.jockey_id,
      detail,
    });
    const result = {
      winner_runner_id: winner.runner_id,
      decided_by: race.photo ? "photo_finish" : "regulation",
      text: `${winner.horse} wins`,
    };
    const participants = [...race.order, ...nonRunners];
    addFinished(ctx, { ...fixture, participants }, events, result, addMinutes(kickoff, 5));
    finished.push({ kickoff, runners: participants });
  }
  return finished;
}
