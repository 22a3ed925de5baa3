/**
 * Horse racing: four tracks (each a `meeting` competition, season = year) racing twice a week,
 * 6–8 races a meeting, 6–16 runners a race in `participants`. Finishing order is a
 * Plackett–Luce draw from the horses' ratings, so the same softmax gives fair win chances;
 * starting prices carry a 15–25 % overround. Upcoming races have race cards and outright odds.
 */
import { slugify } from "../../lib/text.js";
import { addDays, addMinutes } from "../../lib/time.js";
import type { GenContext } from "../context.js";
import { makePerson } from "../people.js";
import { HORSE_NAME_PARTS } from "../pools/index.js";
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
  withinOddsWindow,
  YearCompetition,
} from "./individual-sports.js";
import { officialNames, pickBroadcast, pickOfficials, venueName } from "./officials-and-dates.js";

/** Track country, weekdays raced (0 = Sunday) and the first race's hour (UTC). */
const TRACKS = [
  { country: "GB-ENG", days: [2, 6], hour: 13 },
  { country: "GB-ENG", days: [3, 5], hour: 14 },
  { country: "IE", days: [0, 4], hour: 13 },
  { country: "AU", days: [3, 6], hour: 3 },
] as const;
const WEEKS = { first: -5, last: 1 };
const HORSES_PER_TRACK = 150;
const JOCKEYS_PER_TRACK = 18;
/** Win probability ∝ exp(PACE × rating). */
const PACE = 1.2;
const FIELD_SIZES = [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
const FIELD_SIZE_WEIGHTS = [3, 5, 7, 9, 10, 10, 9, 8, 6, 5, 4];
const RACE_KINDS = [
  "Handicap",
  "Maiden Stakes",
  "Novice Stakes",
  "Conditions Stakes",
  "Listed Stakes",
  "Nursery Handicap",
  "Claiming Stakes",
];
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
const SP_LADDER = [
  1.01, 1.05, 1.1, 1.14, 1.2, 1.25, 1.33, 1.4, 1.5, 1.62, 1.73, 1.8, 1.91, 2, 2.1, 2.25, 2.5, 2.75,
  3, 3.25, 3.5, 3.75, 4, 4.5, 5, 5.5, 6, 6.5, 7, 7.5, 8, 9, 10, 11, 12, 13, 15, 17, 19, 21, 23, 26,
  29, 34, 41, 51, 67, 81, 101, 126, 151, 201,
];

interface Horse {
  id: string;
  name: string;
  age: number;
  rating: number;
  trainer: string;
}

export interface Runner {
  runner_id: string;
  number: number;
  horse: string;
  age: number;
  weight_kg: number;
  jockey: string;
  jockey_id: string;
  trainer: string;
  draw: number;
  position: number | null;
  margin: string | null;
  sp: number | null;
  status: "declared" | "ran" | "non_runner";
}

export function generateHorseRacing(ctx: GenContext): void {
  const rng = ctx.rng("horse-racing");
  const monday = mondayOnOrBefore(ctx.anchor);
  const tracks = new Set<string>();
  TRACKS.forEach((track, t) => {
    const pool = countryPool(track.country);
    let name = "";
    while (name === "" || tracks.has(name)) {
      const place = { city: rng.pick(pool.cities), name: rng.pick(pool.lastNames) };
      name = venueName(rng, "horse-racing", place, (p) => !p.startsWith("Hip"));
    }
    tracks.add(name);
    const countryCode = useCountry(ctx, track.country);
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
    const jockeys = Array.from({ length: JOCKEYS_PER_TRACK }, () => {
      const person = makePerson(rng, pool, ctx.anchor, [18, 45]);
      const riding_weight_kg = Math.round(rng.normal(54, 1.5) * 2) / 2;
      const detail = { riding_weight_kg, licence: rng.chance(0.8) ? "professional" : "apprentice" };
      const heightCm = Math.round(rng.normal(162, 5));
      const spec = { person, rating: 0, position: "jockey", heightCm, detail, withTeam: false };
      return addIndividual(ctx, "horse-racing", spec);
    });
    const stewards = officialNames(rng, pool, 10, ctx.anchor);
    const base = { meeting, name, country: track.country, hour: track.hour };
    for (let week = WEEKS.first; week <= WEEKS.last; week++) {
      for (const weekday of track.days) {
        const date = addDays(monday, week * 7 + ((weekday + 6) % 7));
        const meetingRng = rng.fork(`${t}:${date.toISOString()}`);
        runMeeting(ctx, meetingRng, { ...base, date, horses, jockeys, stewards });
      }
    }
  });
}

function makeHorses(ctx: GenContext, rng: Rng, trackSlug: string, trainers: string[]): Horse[] {
  const names = new Set<string>();
  while (names.size < HORSES_PER_TRACK) names.add(horseName(rng));
  return [...names].map((name) => ({
    id: ctx.id("rn", "horse-racing", "horse", trackSlug, slugify(name)),
    name,
    age: rng.int(2, 9),
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
  hour: number;
  horses: Horse[];
  jockeys: Individual[];
  stewards: string[];
}

function runMeeting(ctx: GenContext, rng: Rng, spec: MeetingSpec): void {
  const available = rng.shuffle(spec.horses);
  const races = rng.int(6, 8);
  for (let r = 1; r <= races; r++) {
    const kickoff = addMinutes(at(spec.date, spec.hour, 15), (r - 1) * 35);
    const id = ctx.id("fx", "horse-racing", spec.meeting.id, kickoff.toISOString());
    const raceRng = rng.fork(id);
    const field = available.splice(0, raceRng.weighted(FIELD_SIZES, FIELD_SIZE_WEIGHTS));
    const runners = raceCard(raceRng, field, spec.jockeys);
    const fixture = {
      id,
      sport: "horse-racing" as const,
      competition: spec.meeting,
      round: `Race ${r} — ${raceRng.pick(RACE_WORDS)} ${raceRng.pick(RACE_KINDS)}`,
      kickoff,
      venue: spec.name,
      officials: pickOfficials(raceRng, "horse-racing", spec.stewards),
      broadcast: pickBroadcast(raceRng, spec.country),
    };
    if (addMinutes(kickoff, 10) > ctx.anchor) {
      addScheduled(ctx, { ...fixture, participants: runners });
      if (!withinOddsWindow(ctx, kickoff)) continue;
      const chances = softmax(
        field.map((h) => h.rating),
        PACE,
      );
      const selections = Object.fromEntries(field.map((h, i) => [h.id, chances[i] ?? 0]));
      addOdds(ctx, raceRng, "horse-racing", id, [
        { market: "outright", subject: "", line: null, selections },
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
  }
}

/** Declared runners: saddle-cloth numbers by weight, a random draw, distinct jockeys. */
function raceCard(rng: Rng, field: Horse[], jockeys: Individual[]): Runner[] {
  const draws = rng.shuffle(field.map((_, i) => i + 1));
  const riders = rng.sample(jockeys, field.length);
  const weight = (h: Horse) => Math.round((55 + Math.max(-4, Math.min(5, h.rating * 2.5))) * 2) / 2;
  field.sort((a, b) => weight(b) - weight(a));
  return field.map((h, i) => ({
    runner_id: h.id,
    number: i + 1,
    horse: h.name,
    age: h.age,
    weight_kg: weight(h),
    jockey: riders[i]?.name ?? "",
    jockey_id: riders[i]?.playerId ?? "",
    trainer: h.trainer,
    draw: draws[i] ?? i + 1,
    position: null,
    margin: null,
    sp: null,
    status: "declared",
  }));
}

/** Non-runners, then a Plackett–Luce finish (rating × PACE + Gumbel noise) with margins and SPs. */
export function runRace(
  rng: Rng,
  field: ReadonlyArray<Pick<Horse, "id" | "rating">>,
  runners: Runner[],
): { order: Runner[]; photo: boolean } {
  let ran = runners.length;
  for (const runner of runners) {
    if (ran > 6 && rng.chance(0.05)) {
      runner.status = "non_runner";
      ran--;
    } else runner.status = "ran";
  }
  const starters = runners.filter((x) => x.status === "ran");
  const rating = (x: Runner) => field.find((h) => h.id === x.runner_id)?.rating ?? 0;
  const chances = softmax(
    starters.map((x) => rating(x) + rng.normal(0, 0.08)),
    PACE,
  );
  const overround = rng.float(1.15, 1.25);
  starters.forEach((x, i) => {
    x.sp = ladder(1 / ((chances[i] ?? 0) * overround));
  });
  const finish = starters
    .map((x) => ({ x, perf: rating(x) * PACE - Math.log(-Math.log(1 - rng.next())) }))
    .sort((a, b) => b.perf - a.perf);
  let photo = false;
  finish.forEach(({ x, perf }, i) => {
    x.position = i + 1;
    const ahead = finish[i - 1];
    if (ahead === undefined) return;
    const lengths = (ahead.perf - perf) * 1.6;
    if (i === 1 && lengths < 0.1) photo = true;
    x.margin = lengthsText(lengths);
  });
  return { order: finish.map(({ x }) => x), photo };
}

/** The nearest price on a bookmaker's starting-price ladder. */
function ladder(price: number): number {
  return SP_LADDER.reduce(
    (best, p) => (Math.abs(Math.log(p / price)) < Math.abs(Math.log(best / price)) ? p : best),
    2,
  );
}

/** "nse", "shd", "hd", "nk", "1/2", "1 1/4", "12", "dist". */
function lengthsText(lengths: number): string {
  if (lengths < 0.05) return "nse";
  if (lengths < 0.1) return "shd";
  if (lengths < 0.2) return "hd";
  if (lengths < 0.35) return "nk";
  if (lengths > 30) return "dist";
  if (lengths >= 5) return String(Math.round(lengths));
  const quarters = Math.max(2, Math.round(lengths * 4));
  const whole = Math.floor(quarters / 4);
  const part = ["", "1/4", "1/2", "3/4"][quarters % 4] ?? "";
  return [whole > 0 ? String(whole) : "", part].filter(Boolean).join(" ");
}
