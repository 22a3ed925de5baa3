/**
 * The rows a new edition of a competition is made of, as feed messages: the template edition's
 * fixtures moved on in time (head-to-head sides swapped where the sport has home and away, a
 * promotion's fighters re-paired, a field's entries back to their start), the template's
 * pre-match prices with them, and — for a new season — the season itself and its teams'
 * enrolment.
 */
import { derivedId } from "../lib/ids.js";
import { isoSeconds } from "../lib/time.js";
import type { Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";
import { parseJson } from "../store/json-columns.js";
import { repairBouts } from "./combat-repairing.js";
import { FIELD_RESET } from "./field-reset.js";
import type { TemplateFixture } from "./template-fixture.js";

/** How a copy differs from its template. */
export interface CopyPlan {
  sport: Sport;
  competitionId: string;
  seasonId: string;
  /** Real milliseconds every kick-off moves on by. */
  shiftMs: number;
  /** Home and away swap (a league's return fixture; a rematch with corners changed). */
  swapSides: boolean;
  /** The new kick-off of each template fixture, when not `kickoff + shiftMs` (squeezed gaps). */
  kickoffOf?: (template: TemplateFixture) => number;
  /** The venue of every copy, when not the template's (another tournament's week). */
  venue?: string;
}

/** The copy's id: a function of its template and kick-off, so every node derives the same. */
function copyId(sport: Sport, template: TemplateFixture, kickoffMs: number): string {
  return derivedId("fx", sport, "edition", template.id, kickoffMs);
}

/** The `fixture` and `odds` messages of the copies of `templates`, in kick-off order. */
export async function copyMessages(
  store: Store,
  plan: CopyPlan,
  templates: readonly TemplateFixture[],
): Promise<unknown[]> {
  const venues = plan.swapSides ? await homeVenues(store, templates) : new Map<string, string>();
  // A promotion's cards come back with their fighters re-paired (`combat-repairing.ts`).
  const bouts =
    plan.sport === "combat-sports"
      ? repairBouts(templates, `${plan.competitionId}:${templates[0]?.id}:${plan.shiftMs}`)
      : undefined;
  const messages: unknown[] = [];
  for (const template of templates) {
    const kickoffMs = plan.kickoffOf?.(template) ?? Date.parse(template.kickoff) + plan.shiftMs;
    const id = copyId(plan.sport, template, kickoffMs);
    const bout = bouts?.get(template.id);
    const [home, away] =
      bout !== undefined
        ? [bout.home, bout.away]
        : plan.swapSides
          ? [template.away_team_id, template.home_team_id]
          : [template.home_team_id, template.away_team_id];
    const reset = FIELD_RESET[plan.sport];
    const participants = parseJson<Array<Record<string, unknown>>>(template.participants);
    const venue = plan.venue ?? (home !== null ? venues.get(home) : undefined) ?? template.venue;
    messages.push({
      id: `cal:${id}`,
      type: "fixture",
      sport: plan.sport,
      data: {
        id,
        competition_id: plan.competitionId,
        season_id: plan.seasonId,
        kickoff: isoSeconds(new Date(kickoffMs)),
        ...(template.round !== null ? { round: template.round } : {}),
        ...(home !== null ? { home_team_id: home } : {}),
        ...(away !== null ? { away_team_id: away } : {}),
        ...(venue !== null ? { venue } : {}),
        officials: parseJson<unknown[]>(template.officials) ?? [],
        broadcast: parseJson<unknown[]>(template.broadcast) ?? [],
        ...(participants !== null
          ? { participants: participants.map((entry) => ({ ...entry, ...reset })) }
          : {}),
      },
    });
    // A race's win market opens a day before the off (race-markets.ts), not with the race card;
    // a re-paired bout is priced afresh (open-markets.ts).
    if (plan.sport !== "horse-racing" && bout?.repaired !== true)
      messages.push(...(await priceMessages(store, plan, template.id, id)));
  }
  return messages;
}

/** The template's pre-match opening prices, one `odds` message per bookmaker and line. */
async function priceMessages(
  store: Store,
  plan: CopyPlan,
  templateId: string,
  fixtureId: string,
): Promise<unknown[]> {
  const rows = await store.db
    .selectFrom("odds")
    .select(["bookmaker", "market", "line", "subject", "selection", "opening_price"])
    .where("fixture_id", "=", templateId)
    .orderBy("bookmaker")
    .orderBy("market_key")
    .orderBy("selection")
    .execute();
  const lines = new Map<string, { row: (typeof rows)[number]; prices: Record<string, number> }>();
  for (const row of rows) {
    const key = `${row.bookmaker}|${row.market}|${row.line ?? ""}|${row.subject}`;
    const line = lines.get(key) ?? { row, prices: {} };
    line.prices[plan.swapSides ? swapped(row.selection) : row.selection] = row.opening_price;
    lines.set(key, line);
  }
  return [...lines.values()].map(({ row, prices }, i) => ({
    id: `cal:${fixtureId}:odds:${i}`,
    type: "odds",
    sport: plan.sport,
    data: {
      fixture_id: fixtureId,
      bookmaker: row.bookmaker,
      market: row.market,
      ...(row.line !== null ? { line: row.line } : {}),
      ...(row.subject !== "" ? { subject: row.subject } : {}),
      format: "decimal",
      prices,
    },
  }));
}

/** Home and away selections change places when the sides do; every other selection stays. */
function swapped(selection: string): string {
  if (selection === "home") return "away";
  if (selection === "away") return "home";
  return selection;
}

/** Each team's home ground, by team id, for the sides that are at home in a swapped copy. */
async function homeVenues(
  store: Store,
  templates: readonly TemplateFixture[],
): Promise<Map<string, string>> {
  const ids = [...new Set(templates.flatMap((t) => (t.away_team_id ? [t.away_team_id] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await store.db
    .selectFrom("teams")
    .select(["id", "venue"])
    .where("id", "in", ids)
    .execute();
  const venues = new Map<string, string>();
  for (const row of rows) {
    const name = parseJson<{ name?: string }>(row.venue)?.name;
    if (name) venues.set(row.id, name);
  }
  return venues;
}

/**
 * A `competition` message that adds a season — current, or not yet (`current: false`: a season
 * scheduled ahead becomes current when its first fixture kicks off) — followed by a `team`
 * message per team enrolling it: the new season of a league.
 */
export async function seasonMessages(
  store: Store,
  sport: Sport,
  competitionId: string,
  season: { id: string; name: string; start_date: string; end_date: string; current: boolean },
  teamIds: readonly string[],
): Promise<unknown[]> {
  const competition = await store.db
    .selectFrom("competitions")
    .selectAll()
    .where("id", "=", competitionId)
    .executeTakeFirstOrThrow();
  const messages: unknown[] = [
    {
      id: `cal:${season.id}:season`,
      type: "competition",
      sport,
      data: {
        id: competition.id,
        name: competition.name,
        slug: competition.slug,
        country_code: competition.country_code,
        tier: competition.tier,
        type: competition.type,
        gender: competition.gender,
        rules: parseJson<Record<string, unknown>>(competition.rules) ?? {},
        season,
      },
    },
  ];
  if (teamIds.length === 0) return messages;
  const teams = await store.db.selectFrom("teams").selectAll().where("id", "in", teamIds).execute();
  for (const team of teams) {
    const venue = parseJson<{ name?: string; city?: string; capacity?: number }>(team.venue);
    messages.push({
      id: `cal:${season.id}:team:${team.id}`,
      type: "team",
      sport,
      data: {
        id: team.id,
        name: team.name,
        ...(team.short_name !== null ? { short_name: team.short_name } : {}),
        ...(team.abbreviation !== null ? { abbreviation: team.abbreviation } : {}),
        kind: team.kind,
        ...(team.country_code !== null ? { country_code: team.country_code } : {}),
        ...(team.city !== null ? { city: team.city } : {}),
        ...(team.founded !== null ? { founded: team.founded } : {}),
        ...(venue?.name ? { venue } : {}),
        competition_id: competitionId,
        season_id: season.id,
      },
    });
  }
  return messages;
}
