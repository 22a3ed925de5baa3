/**
 * The rolling calendar's tennis (ADR-0043): one tournament a week on each circuit — on the main
 * tour the real event of that week (or an invented one where the week has none), on a Challenger
 * circuit the next of its cities. When a circuit's schedule ends within the horizon, the week
 * after its last tournament gets its event, created if the tour has not held it yet; its first
 * round is drawn from the entry list of the circuit's oldest tournament, on the same days and
 * times. The calendar (`calendar.ts`) lends its placing, seasons and scheduling.
 */
import { isoSeconds } from "../lib/time.js";
import {
  CHALLENGER_CIRCUITS,
  MAIN_TOUR,
  type TennisCircuit,
} from "../sample/sports/tennis-circuits.js";
import type { Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";
import type { CopyPlan } from "./calendar-copies.js";
import { fixturesBetween, lastKickoffOf, oldestEdition } from "./calendar-queries.js";
import type { SampleWorldFeed } from "./sample-world.js";
import type { TemplateFixture } from "./template-fixture.js";
import { redrawFirstRound } from "./tennis-first-round.js";
import {
  heldThisSeason,
  tennisCircuitCompetitions,
  tennisTournamentOfWeek,
} from "./tennis-week.js";

const WEEK_MS = 7 * 86_400_000;

/** What the rotation needs of the calendar. */
export interface RotationContext {
  store: Store;
  ingestor: SampleWorldFeed;
  /** Real milliseconds of a world duration. */
  real: (worldMs: number) => number;
  /** A tour's season is the calendar year (the main host), not the compressed one (sandbox). */
  calendarYear: boolean;
  /** Tournaments added per circuit in one check. */
  editionsPerCheck: number;
  /** Each template's new kick-off, `shiftMs` on (squeezed in the sandbox). */
  placed(
    sport: Sport,
    templates: readonly TemplateFixture[],
    shiftMs: number,
  ): Promise<(template: TemplateFixture) => number>;
  /** The competition's season holding the day of `kickoffMs`, created if none. */
  seasonAt(sport: Sport, competitionId: string, kickoffMs: number): Promise<string>;
  /** Sends the copies; the last one's kick-off, or undefined when some were refused. */
  schedule(plan: CopyPlan, templates: readonly TemplateFixture[]): Promise<number | undefined>;
  /** Counts and logs a refused edition. */
  rejected(competitionId: string, results: readonly { status: string }[]): undefined;
}

/** Gives every circuit whose schedule ends before `until` its next weeks' tournaments. */
export async function rotateTennis(context: RotationContext, until: number): Promise<void> {
  for (const circuit of [MAIN_TOUR, ...CHALLENGER_CIRCUITS]) {
    await rotateCircuit(context, circuit, until);
  }
}

async function rotateCircuit(
  context: RotationContext,
  circuit: TennisCircuit,
  until: number,
): Promise<void> {
  const { store, ingestor, real } = context;
  for (let n = 0; n < context.editionsPerCheck; n++) {
    const ids = await tennisCircuitCompetitions(store, circuit);
    if (ids.length === 0) return;
    const last = await lastKickoffOf(store, ids);
    if (last === undefined || last >= until) return;
    const oldest = await oldestEdition(store, ids);
    if (oldest === undefined) return;
    const editionEnd = oldest.last;
    const edition = await fixturesBetween(
      store,
      oldest.competition_id,
      editionEnd - real(WEEK_MS),
      editionEnd,
    );
    // The first round: the round of the edition's first match.
    const firstRound = edition[0]?.round ?? null;
    const templates = edition.filter((f) => f.round === firstRound && f.home_team_id !== null);
    const start = Date.parse(templates[0]?.kickoff ?? "");
    if (templates.length === 0 || !Number.isFinite(start)) return;
    const weeks = Math.max(1, Math.floor((last - start) / real(WEEK_MS)) + 1);
    const shiftMs = weeks * real(WEEK_MS);
    // A tour holds an event once a season: the week's event is one it has not held yet.
    const begins = new Date(start + shiftMs);
    const held = await heldThisSeason(store, circuit, begins, context.calendarYear);
    const week = await tennisTournamentOfWeek(store, begins, circuit, held);
    if (week.messages.length > 0) {
      const report = await ingestor.ingestMessages(week.messages);
      if (report.rejected > 0) return void context.rejected(week.competitionId, report.results);
    }
    // The first round is drawn afresh from the template's entry list, seeds kept apart.
    const key = `${week.competitionId}:${isoSeconds(begins)}`;
    const drawn = await redrawFirstRound(store, templates, key);
    const kickoffOf = await context.placed("tennis", drawn, shiftMs);
    const seasonId = await context.seasonAt(
      "tennis",
      week.competitionId,
      kickoffOf(drawn[0] as TemplateFixture),
    );
    const plan = {
      sport: "tennis" as const,
      competitionId: week.competitionId,
      seasonId,
      shiftMs,
      swapSides: false,
      kickoffOf,
      venue: week.venue,
    };
    if (!(await context.schedule(plan, drawn))) return;
  }
}
