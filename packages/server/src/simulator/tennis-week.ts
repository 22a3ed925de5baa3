/**
 * The tennis tour's tournament of a week, for the rolling calendar: the real event held that
 * week (its surface, court, category and format), else an invented one — the same choice the
 * sample generator makes. A tournament the tour has not held yet is created (a `competition`
 * message with its calendar-year season).
 */
import { derivedId } from "../lib/ids.js";
import { slugify } from "../lib/text.js";
import { isoDate } from "../lib/time.js";
import { Rng } from "../sample/rng.js";
import { mondayOnOrBefore } from "../sample/sports/individual-sports.js";
import { venueName } from "../sample/sports/officials-and-dates.js";
import {
  CATEGORY_TIER,
  tennisRules,
  tournamentOfWeek,
} from "../sample/sports/tennis-tournaments.js";
import type { Store } from "../store/database.js";

export interface TennisWeek {
  competitionId: string;
  /** Where its matches are played. */
  venue: string;
  /** What creates the competition; empty when the tour already has it. */
  messages: unknown[];
}

export async function tennisTournamentOfWeek(store: Store, start: Date): Promise<TennisWeek> {
  const monday = mondayOnOrBefore(start);
  const rng = new Rng(`tennis-week:${isoDate(monday)}`);
  const event = tournamentOfWeek(rng, monday, new Set());
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
  const year = String(monday.getUTCFullYear());
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
