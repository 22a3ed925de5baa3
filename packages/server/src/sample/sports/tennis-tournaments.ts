/**
 * The tennis tour's calendar: which tournament a week of the sample tour plays. A week takes a
 * real men's tour event held that week of the year, with its real surface, indoor or outdoor
 * court, category and format (best of five only at the Grand Slams); a week no real event fits
 * (the off-season, the second week of a two-week event already on the tour) gets an invented
 * tournament in a city without a tour event of its own, on the surface of the season.
 */
import { addDays, startOfUtcDay } from "../../lib/time.js";
import { COUNTRY_POOLS, TENNIS_TOURNAMENT_CITIES } from "../pools/index.js";
import type { Rng } from "../rng.js";

export type Surface = "hard" | "clay" | "grass";
export type TennisCategory = "grand_slam" | "masters_1000" | "atp_500" | "atp_250" | "challenger";

export interface TennisEvent {
  name: string;
  countryCode: string;
  /** The country's name, for countries the name pools do not have. */
  country: string;
  venue: string;
  surface: Surface;
  indoor: boolean;
  category: TennisCategory;
  /** Men's singles: best of five at the Grand Slams, best of three everywhere else. */
  bestOf: 3 | 5;
  /** ISO weeks of the year its main draw is played in (as in the 2025 calendar). */
  weeks: readonly number[];
  /** Held in this edition's city only in even or odd years (the Canadian Open alternates). */
  years?: "even" | "odd";
  /** An invented event's city, where its venue is named (a real event's venue is its own). */
  city?: string;
  /** A Challenger circuit's key (`tennis-circuits.ts`); the main tour's events have none. */
  circuit?: string;
}

/** A tournament's competition rules: its format and court, as stored and as the flows read them. */
export function tennisRules(event: TennisEvent): Record<string, unknown> {
  return {
    best_of: event.bestOf,
    draw_size: 32,
    surface: event.surface,
    indoor: event.indoor,
    category: event.category,
    ...(event.circuit === undefined ? {} : { circuit: event.circuit }),
  };
}

/** Competition tier by category: the Grand Slams first. */
export const CATEGORY_TIER: Readonly<Record<TennisCategory, number>> = {
  grand_slam: 1,
  masters_1000: 2,
  atp_500: 3,
  atp_250: 4,
  challenger: 5,
};

type Court = "hard" | "indoor hard" | "clay" | "grass";
type Row = [
  name: string,
  country: string,
  venue: string,
  court: Court,
  category: TennisCategory,
  weeks: number[],
  years?: "even" | "odd",
];

// biome-ignore format: a table
const ROWS: readonly Row[] = [
  ["Brisbane International", "AU", "Queensland Tennis Centre", "hard", "atp_250", [1]],
  ["Adelaide International", "AU", "Memorial Drive Tennis Centre", "hard", "atp_250", [2]],
  ["ASB Classic", "NZ", "ASB Tennis Arena", "hard", "atp_250", [2]],
  ["Australian Open", "AU", "Melbourne Park", "hard", "grand_slam", [3, 4]],
  ["Open Occitanie", "FR", "Sud de France Arena", "indoor hard", "atp_250", [5]],
  ["Rotterdam Open", "NL", "Rotterdam Ahoy", "indoor hard", "atp_500", [6]],
  ["Argentina Open", "AR", "Buenos Aires Lawn Tennis Club", "clay", "atp_250", [7]],
  ["Delray Beach Open", "US", "Delray Beach Tennis Center", "hard", "atp_250", [7]],
  ["Open 13", "FR", "Palais des Sports de Marseille", "indoor hard", "atp_250", [7]],
  ["Qatar Open", "QA", "Khalifa International Tennis and Squash Complex", "hard", "atp_500", [8]],
  ["Rio Open", "BR", "Jockey Club Brasileiro", "clay", "atp_500", [8]],
  ["Dubai Tennis Championships", "AE", "Dubai Duty Free Tennis Stadium", "hard", "atp_500", [9]],
  ["Mexican Open", "MX", "Arena GNP Seguros", "hard", "atp_500", [9]],
  ["Indian Wells Open", "US", "Indian Wells Tennis Garden", "hard", "masters_1000", [10, 11]],
  ["Miami Open", "US", "Hard Rock Stadium", "hard", "masters_1000", [12, 13]],
  ["U.S. Men's Clay Court Championship", "US", "River Oaks Country Club", "clay", "atp_250", [14]],
  ["Monte-Carlo Masters", "MC", "Monte Carlo Country Club", "clay", "masters_1000", [15]],
  ["Barcelona Open", "ES", "Real Club de Tenis Barcelona", "clay", "atp_500", [16]],
  ["BMW Open", "DE", "MTTC Iphitos", "clay", "atp_500", [16]],
  ["Madrid Open", "ES", "Caja Mágica", "clay", "masters_1000", [17, 18]],
  ["Italian Open", "IT", "Foro Italico", "clay", "masters_1000", [19, 20]],
  ["Hamburg Open", "DE", "Am Rothenbaum", "clay", "atp_500", [21]],
  ["Geneva Open", "CH", "Tennis Club de Genève", "clay", "atp_250", [21]],
  ["Roland Garros", "FR", "Stade Roland Garros", "clay", "grand_slam", [22, 23]],
  ["Stuttgart Open", "DE", "Tennis Club Weissenhof", "grass", "atp_250", [24]],
  ["Libéma Open", "NL", "Autotron Rosmalen", "grass", "atp_250", [24]],
  ["Halle Open", "DE", "OWL Arena", "grass", "atp_500", [25]],
  ["Queen's Club Championships", "GB-ENG", "The Queen's Club", "grass", "atp_500", [25]],
  ["Mallorca Championships", "ES", "Mallorca Country Club", "grass", "atp_250", [26]],
  ["Eastbourne International", "GB-ENG", "Devonshire Park", "grass", "atp_250", [26]],
  ["Wimbledon", "GB-ENG", "All England Lawn Tennis and Croquet Club", "grass", "grand_slam", [27, 28]],
  ["Swedish Open", "SE", "Båstad Tennis Stadium", "clay", "atp_250", [29]],
  ["Swiss Open Gstaad", "CH", "Roy Emerson Arena", "clay", "atp_250", [29]],
  ["Washington Open", "US", "Rock Creek Park Tennis Center", "hard", "atp_500", [30]],
  ["Canadian Open", "CA", "Sobeys Stadium, Toronto", "hard", "masters_1000", [31, 32], "odd"],
  ["Canadian Open", "CA", "IGA Stadium, Montreal", "hard", "masters_1000", [31, 32], "even"],
  ["Cincinnati Open", "US", "Lindner Family Tennis Center", "hard", "masters_1000", [32, 33]],
  ["Winston-Salem Open", "US", "Wake Forest Tennis Complex", "hard", "atp_250", [34]],
  ["US Open", "US", "USTA Billie Jean King National Tennis Center", "hard", "grand_slam", [35, 36]],
  ["China Open", "CN", "National Tennis Center", "hard", "atp_500", [39, 40]],
  ["Japan Open", "JP", "Ariake Coliseum", "hard", "atp_500", [39, 40]],
  ["Shanghai Masters", "CN", "Qizhong Forest Sports City Arena", "hard", "masters_1000", [40, 41]],
  ["Stockholm Open", "SE", "Kungliga tennishallen", "indoor hard", "atp_250", [42]],
  ["European Open", "BE", "Lotto Arena", "indoor hard", "atp_250", [42]],
  ["Vienna Open", "AT", "Wiener Stadthalle", "indoor hard", "atp_500", [43]],
  ["Swiss Indoors", "CH", "St. Jakobshalle", "indoor hard", "atp_500", [43]],
  ["Paris Masters", "FR", "Paris La Défense Arena", "indoor hard", "masters_1000", [44]],
  ["Moselle Open", "FR", "Les Arènes de Metz", "indoor hard", "atp_250", [45]],
];

/** Names of the hosts' countries the name pools lack. */
// biome-ignore format: a table
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  NZ: "New Zealand", QA: "Qatar", AE: "United Arab Emirates", MX: "Mexico", MC: "Monaco",
  CH: "Switzerland", CA: "Canada", CN: "China", BE: "Belgium", AT: "Austria",
};

export function countryName(code: string): string {
  return COUNTRY_POOLS.find((c) => c.code === code)?.name ?? COUNTRY_NAMES[code] ?? code;
}

function court(value: Court): Pick<TennisEvent, "surface" | "indoor"> {
  return value === "indoor hard"
    ? { surface: "hard", indoor: true }
    : { surface: value, indoor: false };
}

/** The real men's tour events the sample tour plays in their weeks. */
export const TENNIS_EVENTS: readonly TennisEvent[] = ROWS.map(
  ([name, countryCode, venue, surfaceAndRoof, category, weeks, years]) => ({
    name,
    countryCode,
    country: countryName(countryCode),
    venue,
    ...court(surfaceAndRoof),
    category,
    bestOf: category === "grand_slam" ? 5 : 3,
    weeks,
    ...(years === undefined ? {} : { years }),
  }),
);

/** ISO 8601 week number of the date (weeks start on Monday; week 1 holds the first Thursday). */
export function isoWeek(date: Date): number {
  const day = startOfUtcDay(date);
  const thursday = addDays(day, 3 - ((day.getUTCDay() + 6) % 7));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - yearStart) / (7 * 86_400_000)) + 1;
}

/** The surface and roof of the season in that week, for an invented event: indoors in winter. */
function seasonCourt(week: number): Court {
  if (week >= 14 && week <= 23) return "clay";
  if (week >= 24 && week <= 28) return "grass";
  if (week >= 42 || week <= 9) return "indoor hard";
  return "hard";
}

const INVENTED_SUFFIX: Readonly<Record<Court, string>> = {
  hard: "Open",
  "indoor hard": "Indoor Open",
  clay: "Clay Court Open",
  grass: "Grass Court Open",
};

/** The country pool holding the city (the invented events' cities are all in one). */
function cityCountry(city: string): string {
  const pool = COUNTRY_POOLS.find((c) => c.cities.includes(city));
  if (pool === undefined) throw new Error(`tennis: no country pool has the city ${city}`);
  return pool.code;
}

function inventedEvent(city: string, week: number): TennisEvent {
  const kind = seasonCourt(week);
  const countryCode = cityCountry(city);
  return {
    name: `${city} ${INVENTED_SUFFIX[kind]}`,
    city,
    countryCode,
    country: countryName(countryCode),
    venue: "",
    ...court(kind),
    category: "atp_250",
    bestOf: 3,
    weeks: [week],
  };
}

/**
 * The tournament of the week starting `monday`: a real event held that week (not yet in `used`,
 * the names already on this tour), else an invented one in a city not yet used (any city once all
 * are). Adds the name (and an invented event's city) to `used`.
 */
export function tournamentOfWeek(rng: Rng, monday: Date, used: Set<string>): TennisEvent {
  const week = isoWeek(monday);
  const parity = monday.getUTCFullYear() % 2 === 0 ? "even" : "odd";
  const real = TENNIS_EVENTS.filter(
    (e) => e.weeks.includes(week) && (e.years ?? parity) === parity && !used.has(e.name),
  );
  const free = TENNIS_TOURNAMENT_CITIES.filter((c) => !used.has(c));
  // Every city used (the sandbox's compressed calendar plays many weeks in one real week): one
  // of them holds its event again.
  const cities = free.length > 0 ? free : TENNIS_TOURNAMENT_CITIES;
  const event = real.length > 0 ? rng.pick(real) : inventedEvent(rng.pick(cities), week);
  used.add(event.name);
  if (event.city !== undefined) used.add(event.city);
  return event;
}

/**
 * The `used` set of a tour that has held the events named `names`: the names, and the city of
 * each invented one (`Lyon Indoor Open` uses Lyon), so a city is not invented twice.
 */
export function usedByEvents(names: Iterable<string>): Set<string> {
  const used = new Set<string>();
  for (const name of names) {
    used.add(name);
    for (const suffix of Object.values(INVENTED_SUFFIX)) {
      if (name.endsWith(` ${suffix}`)) used.add(name.slice(0, -suffix.length - 1));
    }
  }
  return used;
}
