/**
 * A tennis circuit's tournament of a week, for the rolling calendar: on the main tour the real
 * event held that week (its surface, court, category and format), else an invented one — the same
 * choice the sample generator makes; on a Challenger circuit the next of its cities — on both, one
 * the circuit has not held this season (`heldThisSeason`). A tournament the tour has not held yet
 * is created (a `competition` message with its calendar-year season).
 */
import { derivedId } from "../lib/ids.js";
import { slugify } from "../lib/text.js";
import { isoDate } from "../lib/time.js";
import { Rng } from "../sample/rng.js";
import { mondayOnOrBefore } from "../sample/sports/individual-sports.js";
import { venueName } from "../sample/sports/officials-and-dates.js";
import {
  challengerOfWeek,
  circuitOf,
  editionDay,
  MAIN_TOUR,
  type TennisCircuit,
} from "../sample/sports/tennis-circuits.js";
import {
  CATEGORY_TIER,
  isoWeek,
  type TennisEvent,
  tennisRules,
  tournamentOfWeek,
  usedByEvents,
} from "../sample/sports/tennis-tournaments.js";
import type { Store } from "../store/database.js";
import { parseJson } from "../store/json-columns.js";

export interface TennisWeek {
  competitionId: string;
  /** Where its matches are played. */
  venue: string;
  /** What creates the competition; empty when the tour already has it. */
  messages: unknown[];
}

/** The ids of the circuit's tournaments (the main tour's: those whose rules name no circuit). */
export async function tennisCircuitCompetitions(
  store: Store,
  circuit: TennisCircuit,
): Promise<string[]> {
  const rows = await store.db
    .selectFrom("competitions")
    .select(["id", "rules"])
    .where("sport", "=", "tennis")
    .where("source", "=", "sample")
    .orderBy("id")
    .execute();
  return rows
    .filter((row) => circuitOf(parseJson<Record<string, unknown>>(row.rules)) === circuit)
    .map((row) => row.id);
}

/**
 * The circuit's event of the week starting on `start`'s day, not one of `held` (the circuit's
 * events of this season), and the rng naming its venue.
 */
function eventOfWeek(
  start: Date,
  circuit: TennisCircuit,
  held: ReadonlySet<string>,
): { event: TennisEvent; rng: Rng } {
  if (circuit === MAIN_TOUR) {
    const monday = mondayOnOrBefore(start);
    const rng = new Rng(`tennis-week:${isoDate(monday)}`);
    return { event: tournamentOfWeek(rng, monday, usedByEvents(held)), rng };
  }
  const day = editionDay(circuit, start);
  const rng = new Rng(`tennis-week:${circuit.key}:${isoDate(day)}`);
  return { event: challengerOfWeek(circuit, day, isoWeek(day), held), rng };
}

/** A real tour holds an event once a year: an event comes back after this many others. */
const EDITIONS_A_YEAR = 51;

/**
 * The names of the circuit's events held this season, as seen from an edition starting at
 * `start`: its last 51 editions (a real event comes back a year on, 52 weeks later, no sooner),
 * and, when `calendarYear` (the main host, whose seasons are calendar years), every one held in
 * `start`'s year. The sandbox's compressed calendar plays many seasons a real year: there the
 * last 51 editions are its season.
 */
export async function heldThisSeason(
  store: Store,
  circuit: TennisCircuit,
  start: Date,
  calendarYear: boolean,
): Promise<Set<string>> {
  const ids = await tennisCircuitCompetitions(store, circuit);
  if (ids.length === 0) return new Set();
  const rows = await store.db
    .selectFrom("fixtures as f")
    .innerJoin("competitions as c", "c.id", "f.competition_id")
    .select(["c.name", (eb) => eb.fn.max("f.kickoff").as("last")])
    .where("f.competition_id", "in", ids)
    .groupBy("c.name")
    .orderBy("last", "desc")
    .orderBy("c.name")
    .execute();
  const yearStart = Date.UTC(start.getUTCFullYear(), 0, 1);
  return new Set(
    rows
      .filter(
        (row, i) =>
          i < EDITIONS_A_YEAR || (calendarYear && Date.parse(String(row.last)) >= yearStart),
      )
      .map((row) => row.name),
  );
}

export async function tennisTournamentOfWeek(
  store: Store,
  start: Date,
  circuit: TennisCircuit = MAIN_TOUR,
  held: ReadonlySet<string> = new Set(),
): Promise<TennisWeek> {
  const { event, rng } = eventOfWeek(start, circuit, held);
  const city = event.city ?? event.name;
  const venue =
    event.venue || venueName(rng, "tennis", { city, name: city }, (p) => p.startsWith("{city}"));
  const known = await store.db
    .selectFrom("competitions")
    .select("id")
    .where("sport", "=", "tennis")
    .where("source", "=", "sample")
    .where("name", "=", event.name)
    .executeTakeFirst();
  if (known !== undefined) return { competitionId: known.id, venue, messages: [] };
  const id = derivedId("co", "tennis", "tour", slugify(event.name));
  const year = String(start.getUTCFullYear());
  return {
    competitionId: id,
    venue,
    messages: [
      {
        id: `cal:${id}:created`,
        type: "competition",
        sport: "tennis",
        data: {
          id,
          name: event.name,
          slug: slugify(event.name),
          country_code: event.countryCode,
          country_name: event.country,
          tier: CATEGORY_TIER[event.category],
          type: "tournament",
          gender: "men",
          rules: tennisRules(event),
          season: {
            id: derivedId("se", "tennis", id, year),
            name: year,
            start_date: `${year}-01-01`,
            end_date: `${year}-12-31`,
          },
        },
      },
    ],
  };
}
