/**
 * The tennis calendar's circuits: the main tour (one real or invented tour event a week,
 * `tennis-tournaments.ts`) and eight Challenger-style circuits in time zones around the world,
 * each holding one 32-player event a week in a city of its region. A real week has several
 * Challengers at once on different continents; the sample world holds eight, and staggers their
 * first days across the week (real ones all start on a Sunday or Monday) so that on every day some
 * circuit is in its busy early rounds: tennis is live around the clock, semi-final and final days
 * included. Each circuit keeps a fixed UTC offset all year (the offset of its region in November;
 * in June US Pacific is an hour ahead of it).
 *
 * An event's order of play: the round of 32 over its first two days, the round of 16 over the
 * next two, then a day each for the quarter-finals, semi-finals and final; each round's matches
 * from the round's first local time, one every `gap` minutes across the courts, into the evening.
 */
import { addDays, addMinutes, startOfUtcDay } from "../../lib/time.js";
import {
  countryName,
  type Surface,
  type TennisCategory,
  type TennisEvent,
} from "./tennis-tournaments.js";

export const TENNIS_ROUNDS = ["Round of 32", "Round of 16", "Quarter-final", "Semi-final", "Final"];
/** Days after the event's first day on which each round is played. */
const ROUND_DAYS = [[0, 1], [2, 3], [4], [5], [6]] as const;

/** A round's order of play: its first match (local minutes after midnight), then one every `gap`. */
interface RoundPlay {
  first: number;
  gap: number;
}

export interface TennisCircuit {
  /** Stored in the event's competition rules (`circuit`); the main tour has none. */
  key: string;
  /** Hours ahead of UTC, all year. */
  utcOffset: number;
  /** The events' first weekday: 0 Monday … 6 Sunday. */
  firstDay: number;
  /** Per round (`TENNIS_ROUNDS`), its order of play. */
  play: readonly RoundPlay[];
  /** Where the events are held: a country of the name pools and cities of it in the time zone. */
  hosts: ReadonlyArray<{ countryCode: string; cities: readonly string[] }>;
  /** The court in an ISO week of the year. */
  court: (week: number) => { surface: Surface; indoor: boolean };
}

const hm = (hours: number, minutes = 0) => hours * 60 + minutes;
const rounds = (...pairs: Array<[number, number]>): RoundPlay[] =>
  pairs.map(([first, gap]) => ({ first, gap }));

const HARD = () => ({ surface: "hard" as const, indoor: false });

/**
 * The main tour: play from 10:00 UTC, a match an hour, every day of the week from Monday
 * (as the generator has always laid it out).
 */
export const MAIN_TOUR: TennisCircuit = {
  key: "",
  utcOffset: 0,
  firstDay: 0,
  play: rounds([hm(10), 60], [hm(10), 60], [hm(10), 60], [hm(10), 60], [hm(10), 60]),
  hosts: [],
  court: HARD,
};

// biome-ignore format: a table
export const CHALLENGER_CIRCUITS: readonly TennisCircuit[] = [
  // US West Coast (UTC−8), Thursday to Wednesday: from 12:00 local, finals at noon.
  { key: "us-west", utcOffset: -8, firstDay: 3, court: HARD,
    play: rounds([hm(12), 80], [hm(13, 30), 120], [hm(12), 60], [hm(13, 30), 120], [hm(12), 0]),
    hosts: [{ countryCode: "US", cities: ["San Diego", "Sacramento", "Portland", "Seattle", "Spokane", "Las Vegas", "Los Angeles", "Fairfield", "Stockton", "Tiburon", "Monterey", "Napa", "Aptos", "Newport Beach", "Rancho Santa Fe", "Calabasas", "Berkeley"] }] },
  // US Central (UTC−6), Saturday to Friday: from 11:00 local, the later rounds into the evening.
  { key: "us-central", utcOffset: -6, firstDay: 5, court: HARD,
    play: rounds([hm(11), 60], [hm(15), 90], [hm(14, 30), 90], [hm(16), 180], [hm(16), 0]),
    hosts: [{ countryCode: "US", cities: ["Houston", "Dallas", "Austin", "San Antonio", "Memphis", "Nashville", "Tulsa", "Oklahoma City", "Kansas City", "Omaha", "Milwaukee", "Minneapolis", "Little Rock", "Waco", "Champaign", "Chicago", "Winnetka", "Edwardsville", "Corpus Christi"] }] },
  // South American clay (UTC−3: Argentina, south-east Brazil), Tuesday to Monday: from 11:30
  // local, semi-finals at 17:00 and under the lights at 21:30.
  { key: "south-america", utcOffset: -3, firstDay: 1, court: () => ({ surface: "clay", indoor: false }),
    play: rounds([hm(11, 30), 70], [hm(13), 150], [hm(10, 30), 120], [hm(17), 270], [hm(12), 0]),
    hosts: [
      { countryCode: "AR", cities: ["Buenos Aires", "Córdoba", "Mendoza", "Mar del Plata", "Tandil", "Santa Fe", "Salta", "Tigre", "Rosario", "Villa María", "Neuquén"] },
      { countryCode: "BR", cities: ["São Paulo", "Campinas", "Florianópolis", "Porto Alegre", "Belo Horizonte", "Ribeirão Preto", "São Leopoldo", "Brasília", "Curitiba", "Santos", "Blumenau", "Itajaí", "Piracicaba", "Rio de Janeiro"] },
    ] },
  // Western Europe (UTC+1), Thursday to Wednesday: from 12:00 local, evening sessions; clay in
  // spring and summer, indoor hard courts from October to March.
  { key: "europe", utcOffset: 1, firstDay: 3,
    court: (week) => (week >= 14 && week <= 39 ? { surface: "clay", indoor: false } : { surface: "hard", indoor: true }),
    play: rounds([hm(12), 80], [hm(14, 30), 90], [hm(17, 30), 60], [hm(17), 210], [hm(19, 30), 0]),
    hosts: [
      { countryCode: "ES", cities: ["Valencia", "Málaga", "Alicante", "Bilbao", "Zaragoza", "Murcia", "Marbella", "Sevilla", "Girona", "Maspalomas", "Tenerife", "Oviedo", "Segovia"] },
      { countryCode: "IT", cities: ["Verona", "Genova", "Bari", "Firenze", "Torino", "Bergamo", "Milano", "Napoli", "Perugia", "Brescia", "Trento", "Cagliari", "Todi", "Sanremo", "Biella"] },
      { countryCode: "FR", cities: ["Lyon", "Toulouse", "Bordeaux", "Rennes", "Lille", "Orléans", "Brest", "Quimper", "Cherbourg", "Pau", "Poitiers", "Aix-en-Provence", "Saint-Brieuc", "Roanne"] },
    ] },
  // Turkey (UTC+3), Thursday to Wednesday: from 11:00 local, the final at 20:00.
  { key: "turkey", utcOffset: 3, firstDay: 3, court: HARD,
    play: rounds([hm(11), 80], [hm(10, 30), 90], [hm(10), 90], [hm(16), 300], [hm(20), 0]),
    hosts: [{ countryCode: "TR", cities: ["Antalya", "İstanbul", "Ankara", "Bursa", "Mersin", "Adana", "İzmir", "Bodrum"] }] },
  // India (UTC+5:30), Saturday to Friday: from 10:30 local, quarter-finals in the evening.
  { key: "india", utcOffset: 5.5, firstDay: 5, court: HARD,
    play: rounds([hm(10, 30), 90], [hm(10), 90], [hm(16, 30), 90], [hm(11, 30), 180], [hm(12), 0]),
    hosts: [{ countryCode: "IN", cities: ["Pune", "Chennai", "Delhi", "Mumbai", "Kolkata", "Hyderabad", "Bengaluru", "Chandigarh"] }] },
  // Japan (UTC+9), Wednesday to Tuesday: from 10:30 local, finals at noon.
  { key: "japan", utcOffset: 9, firstDay: 2, court: HARD,
    play: rounds([hm(10, 30), 60], [hm(13), 90], [hm(10), 60], [hm(12), 150], [hm(12), 0]),
    hosts: [{ countryCode: "JP", cities: ["Tokyo", "Yokohama", "Osaka", "Kobe", "Kyoto", "Fukuoka", "Nagoya", "Matsuyama", "Yokkaichi", "Toyota"] }] },
  // Queensland (UTC+10, no daylight saving), Tuesday to Monday: from 10:30 local.
  { key: "queensland", utcOffset: 10, firstDay: 1, court: HARD,
    play: rounds([hm(10, 30), 90], [hm(10), 90], [hm(10, 30), 60], [hm(13, 30), 150], [hm(12), 0]),
    hosts: [{ countryCode: "AU", cities: ["Brisbane", "Gold Coast", "Cairns", "Townsville", "Toowoomba", "Sunshine Coast", "Mackay"] }] },
];

/** The tour's players (ranked 1–64), and each circuit's (a 32 draw: all play every week). */
export const TOUR_PLAYERS = 64;
export const CIRCUIT_PLAYERS = 32;
/** Every ranked player of the sample world: the tour's, then the circuits' below them. */
export const RANKED_PLAYERS = TOUR_PLAYERS + CHALLENGER_CIRCUITS.length * CIRCUIT_PLAYERS;

const CHALLENGER_CATEGORY: TennisCategory = "challenger";

/** The circuit a competition's rules name; the main tour when they name none. */
export function circuitOf(rules: Record<string, unknown> | null | undefined): TennisCircuit {
  const key = rules?.circuit;
  return CHALLENGER_CIRCUITS.find((c) => c.key === key) ?? MAIN_TOUR;
}

/** Midnight UTC of the local date the circuit's latest event on or before `date` started. */
export function editionDay(circuit: TennisCircuit, date: Date): Date {
  const day = startOfUtcDay(date);
  return addDays(day, -((day.getUTCDay() + 6 - circuit.firstDay + 7) % 7));
}

/**
 * Minutes from an event's first kick-off to match `k` of round `r` (0-based): its day and its
 * place in that day's order of play.
 */
export function minutesFromStart(circuit: TennisCircuit, r: number, k: number, matches: number) {
  const days = ROUND_DAYS[r] ?? [6];
  const perDay = Math.ceil(matches / days.length);
  const day = days[Math.floor(k / perDay)] ?? days[0] ?? 6;
  const play = circuit.play[r] ?? { first: 0, gap: 0 };
  const first = circuit.play[0]?.first ?? 0;
  return day * 1440 + play.first - first + (k % perDay) * play.gap;
}

/** The kick-off of match `k` of round `r` of the event whose first local day is `day`. */
export function kickoffOf(
  circuit: TennisCircuit,
  day: Date,
  r: number,
  k: number,
  matches: number,
) {
  const first = (circuit.play[0]?.first ?? 0) - circuit.utcOffset * 60;
  return addMinutes(day, first + minutesFromStart(circuit, r, k, matches));
}

/** Weeks since 1970-01-05 (a Monday): the index that rotates a circuit's host cities. */
function weekIndex(day: Date): number {
  return Math.floor((day.getTime() - Date.UTC(1970, 0, 5)) / (7 * 86_400_000));
}

/** Numbered editions for a city that holds a second or third Challenger in a year (as real ones do). */
const EDITION_NUMERALS = ["", " II", " III", " IV", " V", " VI", " VII", " VIII"];

/**
 * The circuit's event starting on `day`: a Challenger in the next of its cities in turn that the
 * circuit has not held this season (`held`: the names it has), the rotation starting at the
 * week's city; once every city has had its event, a city's second one (`… Challenger II`), as
 * the real circuits hold in a busy region. On the court of the season.
 */
export function challengerOfWeek(
  circuit: TennisCircuit,
  day: Date,
  week: number,
  held: ReadonlySet<string> = new Set(),
): TennisEvent {
  const cities = circuit.hosts.flatMap((h) => h.cities.map((city) => ({ city, host: h })));
  if (cities.length === 0) throw new Error(`tennis circuit ${circuit.key} has no cities`);
  const first = weekIndex(day) % cities.length;
  const candidates = EDITION_NUMERALS.flatMap((numeral) =>
    cities.map((_, i) => {
      const pick = cities[(first + i) % cities.length] as (typeof cities)[number];
      return { ...pick, name: `${pick.city} Challenger${numeral}` };
    }),
  );
  const pick =
    candidates.find((c) => !held.has(c.name)) ?? (candidates[0] as (typeof candidates)[number]);
  return {
    name: pick.name,
    city: pick.city,
    countryCode: pick.host.countryCode,
    country: countryName(pick.host.countryCode),
    venue: "",
    ...circuit.court(week),
    category: CHALLENGER_CATEGORY,
    bestOf: 3,
    weeks: [week],
    circuit: circuit.key,
  };
}
