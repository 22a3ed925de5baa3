/**
 * A tennis circuit's tournament of a week, for the rolling calendar: on the main tour the real
 * event held that week (its surface, court, category and format), else an invented one — the same
 * choice the sample generator makes; on a Challenger circuit the next of its cities. A tournament
 * the tour has not held yet is created (a `competition` message with its calendar-year season).
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
    .orderBy("id")
    .execute();
  return rows
    .filter((row) => circuitOf(parseJson<Record<string, unknown>>(row.rules)) === circuit)
    .map((row) => row.id);
}

/** The circuit's event of the week starting on `start`'s day, and the rng naming its venue. */
function eventOfWeek(start: Date, circuit: TennisCircuit): { event: TennisEvent; rng: Rng } {
  if (circuit === MAIN_TOUR) {
    const monday = mondayOnOrBefore(start);
    const rng = new Rng(`tennis-week:${isoDate(monday)}`);
    return { event: tournamentOfWeek(rng, monday, new Set()), rng };
  }
  const day = editionDay(circuit, start);
  const rng = new Rng(`tennis-week:${circuit.key}:${isoDate(day)}`);
  return { event: challengerOfWeek(circuit, day, isoWeek(day)), rng };
}

export async function tennisTournamentOfWeek(
  store: Store,
  start: Date,
  circuit: TennisCircuit = MAIN_TOUR,
): Promise<TennisWeek> {
  const { event, rng } = eventOfWeek(start, circuit);
  const city = event.city ?? event.name;
  const venue =
    event.venue || venueName(rng, "tennis", { city, name: city }, (p) => p.startsWith("{city}"));
  const known = await store.db
    .selectFrom("competitions")
    .select("id")
    .where("sport", "=", "tennis")
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
