/**
 * The sample world's rolling calendar (ADR-0043): the schedule never runs out. Whenever a
 * competition's last fixture kicks off within the horizon (two weeks on the main host), its next
 * edition is scheduled — ahead of time, as `fixture` messages through the ingestor, so nothing is
 * ever played before its kick-off:
 *
 * - a league (the team sports) gets its next season on its next match day after the last round
 *   (a year on for one on the real calendar, `season-turnover.ts`): every fixture of the season
 *   just played again, home and away swapped, the teams enrolled;
 * - a racecourse repeats its last week of meetings, a golf tour its last week, a promotion its
 *   last fortnight's cards (fighters re-paired) a fortnight on; racing's win markets open a day
 *   before each race (`race-markets.ts`);
 * - tennis holds one tournament a week on the main tour and on each Challenger circuit
 *   (`tennis-rotation.ts`, `tennis-circuits.ts`), a circuit's tournaments in turn, each once a
 *   season: the week's event is one the tour has not held yet, its first round drawn afresh from
 *   the entry list of the circuit's oldest tournament, seeds kept apart
 *   (`tennis-first-round.ts`); later rounds are drawn as results come in (`progressTennisDraws`);
 * - every fixture is priced as it enters the odds horizon (`open-markets.ts`).
 *
 * Copies keep the template's weekday and local time (they move by whole weeks, or by whole days
 * onto the weekdays and times a league already plays) and its pre-match prices where the pairing
 * is the template's. In the sandbox the calendar is compressed (`timeScale` world seconds per
 * real second), and the gaps between kick-offs are squeezed so that there is always something
 * live.
 */
import type { Logger } from "pino";
import { derivedId } from "../lib/ids.js";
import { addDays, isoDate } from "../lib/time.js";
import type { FeedIngestor } from "../live/feed-ingestor.js";
import { RACE_MARKET_LEAD_HOURS } from "../sample/sports/race-market-window.js";
import type { Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";
import { openingFill } from "./annual-season.js";
import { type CopyPlan, copyMessages, seasonMessages } from "./calendar-copies.js";
import {
  fixturesBetween,
  freeSeasonName,
  isAnnual,
  seasonHolding,
  seasonStart,
} from "./calendar-queries.js";
import { promotionWindow } from "./combat-editions.js";
import { TEAM_SPORTS } from "./flows/team-sports.js";
import { swappedSlots } from "./home-slot-swap.js";
import { ODDS_HORIZON_DAYS, openMarkets } from "./open-markets.js";
import { openRaceMarkets } from "./race-markets.js";
import { SampleWorldFeed } from "./sample-world.js";
import { lastKickoffs, seasonShift } from "./season-turnover.js";
import { SportTimelines, squeezeIntoSport } from "./sport-timeline.js";
import { TEMPLATE_COLUMNS, type TemplateFixture } from "./template-fixture.js";
import { progressTennisDraws } from "./tennis-draws.js";
import { type RotationContext, rotateTennis } from "./tennis-rotation.js";

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** Editions scheduled per competition in one check, so a long outage catches up in steps. */
const EDITIONS_PER_CHECK = 3;

export interface CalendarOptions {
  store: Store;
  ingestor: FeedIngestor;
  sports: readonly Sport[];
  /** How far ahead (real milliseconds) the schedule is kept: 14 days on the main host. */
  horizonMs: number;
  /** World milliseconds per real millisecond: 1 on the main host, the sandbox's speed there. */
  timeScale: number;
  /** The sandbox's longest gap between kick-offs, per sport, in real milliseconds. */
  maxGapMs?: (sport: Sport) => number;
  /** Real milliseconds between checks (default one minute of world time). */
  everyMs?: number;
  logger?: Logger;
}

export class WorldCalendar {
  private lastCheck = Number.NEGATIVE_INFINITY;
  readonly stats = { editions: 0, fixtures: 0, draws: 0, rejected: 0 };
  /** Fixtures in the odds horizon that could not be priced: not tried again (open-markets.ts). */
  private readonly unpriceable = new Set<string>();
  /** The sandbox's sports' schedules, read afresh at each check (`sport-timeline.ts`). */
  private timelines: SportTimelines | undefined;

  /** Every message it sends, in the sample world's scope (ADR-0047). */
  private readonly feed: SampleWorldFeed;

  constructor(private readonly options: CalendarOptions) {
    this.feed = new SampleWorldFeed(options.ingestor);
  }

  /** Checks the schedule at most once per `everyMs` (driven by the simulator's tick). */
  async tick(now: Date, stopping: () => boolean = () => false): Promise<void> {
    const every = this.options.everyMs ?? 60_000 / this.options.timeScale;
    if (now.getTime() - this.lastCheck < every) return;
    this.lastCheck = now.getTime();
    await this.extend(now, stopping);
  }

  /**
   * Schedules every edition the horizon needs now, and the tennis rounds that can be drawn. With
   * `stopping`, it ends at the next competition once that says so (the simulator is stopping); the
   * next check does the rest.
   */
  async extend(now: Date, stopping: () => boolean = () => false): Promise<void> {
    const { store, sports } = this.options;
    this.timelines =
      this.options.maxGapMs === undefined ? undefined : new SportTimelines(store, now.getTime());
    if (sports.includes("tennis")) {
      const drawn = await progressTennisDraws(store, this.feed, now, this.scale(), {
        // The sandbox plays a round as soon as it is drawn; the main host keeps the order of play.
        atOnce: this.options.maxGapMs !== undefined,
      });
      this.stats.draws += drawn;
    }
    const until = now.getTime() + this.options.horizonMs;
    if (sports.includes("tennis")) await rotateTennis(this.rotation(), until);
    const competitions = await store.db
      .selectFrom("competitions")
      .select(["id", "sport", "current_season_id"])
      // Only the sample world has editions to come (ADR-0047).
      .where("source", "=", "sample")
      .where(
        "sport",
        "in",
        sports.filter((s) => s !== "tennis"),
      )
      .orderBy("id")
      .execute();
    // Every competition's last kick-off in one query; an edition scheduled moves its own on.
    const lasts = await lastKickoffs(store, [...new Set(competitions.map((c) => c.sport))]);
    for (const competition of competitions) {
      if (stopping()) return;
      let last = lasts.get(competition.id);
      for (let n = 0; n < EDITIONS_PER_CHECK && last !== undefined && last < until; n++) {
        last = await this.nextEdition(
          competition.id,
          competition.sport as Sport,
          competition.current_season_id,
          last,
        );
      }
    }
    if (stopping()) return;
    // Every other sport's markets open as its fixtures enter the odds horizon.
    const priceBy = now.getTime() + this.scale()(ODDS_HORIZON_DAYS * DAY_MS);
    await openMarkets(store, this.feed, sports, new Date(priceBy), this.unpriceable);
    if (sports.includes("horse-racing")) {
      // Racing's win markets open a day ahead, not when a race is scheduled.
      const opens = now.getTime() + this.scale()(RACE_MARKET_LEAD_HOURS * 3_600_000);
      await openRaceMarkets(store, this.feed, new Date(opens));
    }
  }

  /** What the tennis rotation borrows of the calendar (`tennis-rotation.ts`). */
  private rotation(): RotationContext {
    return {
      store: this.options.store,
      ingestor: this.feed,
      real: this.scale(),
      calendarYear: this.options.maxGapMs === undefined,
      editionsPerCheck: EDITIONS_PER_CHECK,
      placed: (sport, templates, shiftMs) => this.placed(sport, templates, shiftMs),
      seasonAt: (sport, competitionId, kickoffMs) => this.seasonAt(sport, competitionId, kickoffMs),
      schedule: (plan, templates) => this.schedule(plan, templates),
      rejected: (competitionId, results) => this.rejected(competitionId, results),
    };
  }

  /** Real milliseconds of a world duration. */
  private scale(): (worldMs: number) => number {
    return (worldMs) => worldMs / this.options.timeScale;
  }

  /**
   * One more edition of a competition whose schedule ends at `last`: the new last kick-off, or
   * undefined when none was scheduled.
   */
  private async nextEdition(
    competitionId: string,
    sport: Sport,
    currentSeasonId: string | null,
    last: number,
  ): Promise<number | undefined> {
    const real = this.scale();
    if ((TEAM_SPORTS as readonly Sport[]).includes(sport)) {
      if (currentSeasonId === null) return undefined;
      return await this.nextSeason(competitionId, sport, currentSeasonId, last);
    }
    // A racecourse or a golf tour repeats its last week; a promotion its last fortnight's cards.
    const cycle = sport === "combat-sports" ? real(2 * WEEK_MS) : real(WEEK_MS);
    // A promotion repeats every card of its last fortnight, whatever its nights, a fortnight on,
    // the fighters re-paired (`combat-editions.ts`, `combat-repairing.ts`).
    const window =
      sport === "combat-sports"
        ? await promotionWindow(this.options.store, competitionId, last, cycle, real)
        : real(WEEK_MS);
    const templates = await fixturesBetween(this.options.store, competitionId, last - window, last);
    if (templates.length === 0) return undefined;
    const kickoffOf = await this.placed(sport, templates, cycle);
    const seasonId = await this.seasonAt(
      sport,
      competitionId,
      kickoffOf(templates[0] as TemplateFixture),
    );
    return await this.schedule(
      {
        sport,
        competitionId,
        seasonId,
        shiftMs: cycle,
        swapSides: sport === "combat-sports",
        kickoffOf,
      },
      templates,
    );
  }

  /**
   * A league's next season: the season just played again, home and away swapped, each game at
   * its new home club's habitual slot of its round (`home-slot-swap.ts`).
   */
  private async nextSeason(
    competitionId: string,
    sport: Sport,
    seasonId: string,
    last: number,
  ): Promise<number | undefined> {
    const { store } = this.options;
    const templates = await store.db
      .selectFrom("fixtures")
      .select(TEMPLATE_COLUMNS)
      .where("competition_id", "=", competitionId)
      .where("season_id", "=", seasonId)
      .where("home_team_id", "is not", null)
      .orderBy("kickoff")
      .orderBy("id")
      .execute();
    const first = templates[0];
    if (first === undefined) return undefined;
    // Home and away swap; each game moves to its new home club's habitual slot in its round.
    const slots = swappedSlots(templates);
    const slotOf = (t: TemplateFixture) => slots.get(t.id) ?? t;
    // Straight on from the next match day, or a year on for a league on the real calendar.
    const annual = await isAnnual(store, competitionId);
    const shiftMs = seasonShift(
      templates.map((t) => ({
        kickoff: Date.parse(slotOf(t).kickoff),
        teams: [t.home_team_id, t.away_team_id].filter((id): id is string => id !== null),
      })),
      last,
      annual,
      this.scale(),
    );
    const slotKickoff = await this.placed(sport, templates, shiftMs);
    const kickoffOf = (t: TemplateFixture) => slotKickoff(slotOf(t));
    // A season on the real calendar joined late by the sample opens on its real day again.
    const fill =
      annual && this.options.maxGapMs === undefined
        ? openingFill(templates, await seasonStart(store, seasonId))
        : [];
    const starts = new Date(
      Math.min(slotKickoff(first), ...fill.map((f) => kickoffOf(first) + f.offsetMs)),
    );
    const ends = new Date(slotKickoff(templates.at(-1) as TemplateFixture));
    const a = starts.getUTCFullYear();
    const b = ends.getUTCFullYear();
    const season = {
      id: derivedId("se", sport, competitionId, "edition", isoDate(starts)),
      name: await freeSeasonName(store, competitionId, a === b ? String(a) : `${a}-${b}`),
      start_date: isoDate(starts),
      end_date: isoDate(addDays(ends, 1)),
      // Current once its first fixture kicks off (the simulator promotes it), not before.
      current: false,
    };
    const teams = [...new Set(templates.flatMap((t) => [t.home_team_id, t.away_team_id]))].filter(
      (id): id is string => id !== null,
    );
    const opening = await seasonMessages(store, sport, competitionId, season, teams);
    const report = await this.feed.ingestMessages(opening);
    if (report.rejected > 0) return this.rejected(competitionId, report.results);
    const plan = { sport, competitionId, seasonId: season.id, shiftMs, swapSides: true, kickoffOf };
    for (const { templates: days, offsetMs } of fill) {
      const early = (t: TemplateFixture) => kickoffOf(t) + offsetMs;
      const copied = { ...plan, shiftMs: shiftMs + offsetMs, kickoffOf: early };
      if ((await this.schedule(copied, days)) === undefined) return undefined;
    }
    return await this.schedule(plan, templates);
  }

  /** Sends the copies; the last one's kick-off, or undefined when some were refused. */
  private async schedule(
    plan: CopyPlan,
    templates: readonly TemplateFixture[],
  ): Promise<number | undefined> {
    const messages = await copyMessages(this.options.store, plan, templates);
    const report = await this.feed.ingestMessages(messages);
    if (report.rejected > 0) return this.rejected(plan.competitionId, report.results);
    this.timelines?.add(
      plan.sport,
      templates.map((t) => plan.kickoffOf?.(t) ?? Date.parse(t.kickoff) + plan.shiftMs),
    );
    this.stats.editions++;
    this.stats.fixtures += templates.length;
    this.options.logger?.debug(
      { competition_id: plan.competitionId, fixtures: templates.length },
      "calendar: scheduled the next edition",
    );
    return Math.max(
      ...templates.map((t) => plan.kickoffOf?.(t) ?? Date.parse(t.kickoff) + plan.shiftMs),
    );
  }

  private rejected(competitionId: string, results: readonly { status: string }[]): undefined {
    this.stats.rejected++;
    const refused = results.filter((r) => r.status === "rejected");
    this.options.logger?.warn(
      { competition_id: competitionId, refused: refused.length, results: refused.slice(0, 5) },
      "calendar: an edition was refused; the competition is not extended",
    );
    return undefined;
  }

  /**
   * Each template's new kick-off: `shiftMs` on — in the sandbox moved earlier where its sport's
   * schedule would otherwise have a gap longer than the sport's longest (`sport-timeline.ts`).
   */
  private async placed(
    sport: Sport,
    templates: readonly TemplateFixture[],
    shiftMs: number,
  ): Promise<(template: TemplateFixture) => number> {
    const plain = (t: TemplateFixture) => Date.parse(t.kickoff) + shiftMs;
    const maxGap = this.options.maxGapMs?.(sport);
    const timelines = this.timelines;
    if (maxGap === undefined || timelines === undefined) return plain;
    const ordered = [...templates].sort((a, b) => plain(a) - plain(b));
    const moved = squeezeIntoSport(
      await timelines.of(sport),
      ordered.map(plain),
      maxGap,
      timelines.now,
    );
    const byId = new Map(ordered.map((t, i) => [t.id, moved[i] ?? plain(t)]));
    return (t) => byId.get(t.id) ?? plain(t);
  }

  /** The competition's season holding the day of `kickoffMs`, created (a calendar year) if none. */
  private async seasonAt(sport: Sport, competitionId: string, kickoffMs: number): Promise<string> {
    const { store } = this.options;
    const day = isoDate(new Date(kickoffMs));
    const season = await seasonHolding(store, competitionId, day);
    if (season !== undefined) return season;
    const year = day.slice(0, 4);
    const created = {
      id: derivedId("se", sport, competitionId, year),
      name: year,
      start_date: `${year}-01-01`,
      end_date: `${year}-12-31`,
      current: false,
    };
    const messages = await seasonMessages(store, sport, competitionId, created, []);
    await this.feed.ingestMessages(messages);
    return created.id;
  }
}
