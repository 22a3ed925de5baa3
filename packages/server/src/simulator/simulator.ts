/**
 * The live simulator: a feed producer like any other (ADR-0020). It plays the sample world's
 * calendar in real time (ADR-0043): a scheduled fixture kicks off when its kick-off comes — never
 * before — and plays out its flow at SCORELINE_SIM_SPEED match seconds per real second (1 on the
 * main host: a football match takes its ~110 minutes) as `status`/`event`/`odds` messages through
 * the ingestor, so REST, the stream and webhooks see exactly what a real feed would give them.
 * Line-ups are announced before kick-off; the calendar (`WorldCalendar`) keeps the schedule ahead.
 *
 * A match's clock runs from its kick-off, so a simulator that starts late (the service was down)
 * joins each match at the minute it has reached, and plays out at once those that are over.
 *
 * `tick(now)` does one step and is what tests drive with their own clock; `start()` runs it on
 * a timer.
 */
import { sql } from "kysely";
import type { Logger } from "pino";
import type { FeedIngestor } from "../live/feed-ingestor.js";
import type { MetricsHost } from "../metrics/labels.js";
import { simulatorSources } from "../metrics/simulator-metrics.js";
import { Rng } from "../sample/rng.js";
import { isSport, SPORT_MODULES } from "../sports/registry.js";
import { type Score, SPORTS, type Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";
import { parseJson } from "../store/json-columns.js";
import type { WorldCalendar } from "./calendar.js";
import { overLongAgo, summaryFlow } from "./catch-up.js";
import type { MatchFlow } from "./flow.js";
import { buildFlow } from "./flows/index.js";
import { announceLineups } from "./lineup-announcements.js";
import { matchMessage, planMatch, type RunningMatch } from "./match-messages.js";
import { liveOddsMessages, loadLiveLines } from "./match-odds.js";
import { dueFixtures, loadFlowFixture } from "./pick-fixtures.js";
import { SampleWorldFeed } from "./sample-world.js";
import { promoteSeason } from "./season-promotion.js";

/**
 * Kick-offs taken per tick: a simulator catching up after downtime does it in bounded steps. The
 * dense calendar has about a hundred kick-offs between midnight (the sample world's anchor) and
 * the evening, all overdue when the demo starts late in the day: one tick takes them all.
 */
const KICKOFFS_PER_TICK = 500;
/** Before kick-off, line-ups are announced this long ahead (real milliseconds) by default. */
const LINEUP_LEAD_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

export interface SimulatorOptions {
  store: Store;
  ingestor: FeedIngestor;
  /** Match seconds per real second. */
  speed: number;
  seed: number;
  sports?: readonly Sport[];
  /** Keeps the schedule ahead (the rolling window); none: the stored schedule is played as is. */
  calendar?: WorldCalendar;
  /** Real milliseconds before kick-off at which line-ups are announced (default 60 minutes). */
  lineupLeadMs?: number;
  logger?: Logger;
  /** Real milliseconds between ticks when started with `start()`. */
  intervalMs?: number;
  /** Which host's series its live matches count in: `live` unless the sandbox's. */
  host?: MetricsHost;
}

export interface SimulatorStats {
  started: number;
  finished: number;
  messages: number;
  rejected: number;
  /** Matches reached long after their end and played as their summary (catch-up.ts). */
  summarised: number;
}

export class Simulator {
  private readonly running = new Map<string, RunningMatch>();
  /**
   * Flows built to announce line-ups, kept for the kick-off (the same seed and fixture give the
   * same flow, so this only saves building it twice), with when they were built; dropped at
   * kick-off, or after a day when a fixture never kicked off (postponed from outside).
   */
  private readonly prepared = new Map<string, { flow: MatchFlow; at: number }>();
  private readonly sports: readonly Sport[];
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  /**
   * Set by `stop()`: a tick under way ends at its next step instead of finishing, so a shutdown
   * never waits for a whole tick (the first ones on a freshly loaded world take seconds). What the
   * tick left undone, the next tick or the next simulator does: each step is its own transaction.
   */
  private stopping = false;
  /** Takes its matches out of the gauge (while started, they are in it). */
  private removeSource: (() => void) | undefined;
  readonly stats: SimulatorStats = {
    started: 0,
    finished: 0,
    messages: 0,
    rejected: 0,
    summarised: 0,
  };

  /** Every message it sends, in the sample world's scope (ADR-0047). */
  private readonly feed: SampleWorldFeed;

  constructor(private readonly options: SimulatorOptions) {
    this.sports = options.sports ?? SPORTS;
    this.feed = new SampleWorldFeed(options.ingestor);
  }

  /** Fixtures live now because of this simulator. */
  get live(): string[] {
    return [...this.running.keys()];
  }

  start(clock: () => Date = () => new Date()): void {
    if (this.timer !== undefined) return;
    this.stopping = false;
    this.removeSource = simulatorSources.add({
      host: this.options.host ?? "live",
      liveBySport: () => this.liveBySport(),
    });
    const interval = this.options.intervalMs ?? 1000;
    this.timer = setInterval(() => {
      if (this.ticking !== undefined) return;
      this.ticking = this.tick(clock())
        .catch((error) => this.options.logger?.error({ err: error }, "simulator tick failed"))
        .finally(() => {
          this.ticking = undefined;
        });
    }, interval);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.removeSource?.();
    this.removeSource = undefined;
    await this.ticking;
  }

  /** Matches playing now per sport, every sport it runs included. */
  private liveBySport(): Map<string, number> {
    const counts = new Map<string, number>(this.sports.map((sport) => [sport, 0]));
    for (const match of this.running.values()) {
      counts.set(match.sport, (counts.get(match.sport) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * Takes over the matches a previous simulator left live (its process died, or the elected
   * simulator changed: ADR-0037) where they are. A flow is a function of its seed and fixture, so
   * it is rebuilt; the steps already sent are skipped (one match event per event step), the
   * match clock runs from the kick-off the messages' ids record, and message ids continue after
   * the last one sent. A match that cannot be rebuilt is abandoned, with the reason.
   */
  async adoptStale(now: Date = new Date()): Promise<{ adopted: number; abandoned: number }> {
    const { store } = this.options;
    const live = await store.db
      .selectFrom("fixtures")
      .select(["id", "sport", "period", "minute", "score"])
      .where("status", "in", ["live", "interrupted", "suspended"])
      .execute();
    let adopted = 0;
    let abandoned = 0;
    for (const fixture of live) {
      if (this.running.has(fixture.id) || !isSport(fixture.sport)) continue;
      const sent = await simMessageIds(store, fixture.id);
      if (sent.length === 0) continue;
      const match = await this.rebuild(fixture, fixture.sport, sent);
      if (match === undefined) {
        abandoned += await this.abandon(fixture.id, fixture.sport, now);
        continue;
      }
      this.running.set(fixture.id, match);
      adopted++;
    }
    return { adopted, abandoned };
  }

  /** The running state of a match another simulator started, or undefined if not rebuildable. */
  private async rebuild(
    row: { id: string; period: string | null; minute: number | null; score: unknown },
    sport: Sport,
    sent: readonly string[],
  ): Promise<RunningMatch | undefined> {
    const { store } = this.options;
    // Ids are `sim:<fixture>:<kick-off ms>:<n>`; the latest kick-off is this run of the match.
    const parsed = sent
      .map((id) => id.slice(`sim:${row.id}:`.length).split(":").map(Number))
      .filter((parts) => parts.length === 2 && parts.every(Number.isFinite)) as Array<
      [number, number]
    >;
    const startedAt = Math.max(...parsed.map(([at]) => at));
    if (!Number.isFinite(startedAt)) return undefined;
    const messages = Math.max(...parsed.filter(([at]) => at === startedAt).map(([, n]) => n));
    const fixture = await loadFlowFixture(store, sport, row.id);
    if (fixture === undefined) return undefined;
    const rng = new Rng(`${this.options.seed}:${sport}:${row.id}`);
    const flow = buildFlow(rng.fork("flow"), fixture);
    const events = await store.db
      .selectFrom("match_events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("fixture_id", "=", row.id)
      .executeTakeFirstOrThrow();
    let next = 0;
    for (let seen = 0; next < flow.steps.length && seen < Number(events.n); next++) {
      if (flow.steps[next]?.event !== undefined) seen++;
    }
    const minute = row.minute ?? 0;
    const score = parseJson<Score>(row.score as string | null);
    return {
      fixtureId: row.id,
      sport,
      flow,
      startedAt,
      next,
      period: row.period,
      messages,
      lines: await loadLiveLines(store, sport, row.id),
      clock: minute,
      pricedAt: minute,
      score: score ?? SPORT_MODULES[sport].emptyScore(),
      rng: rng.fork("odds"),
    };
  }

  private async abandon(fixtureId: string, sport: Sport, now: Date): Promise<number> {
    const report = await this.feed.ingestMessages([
      {
        id: `sim:${fixtureId}:abandoned:${now.getTime()}`,
        type: "status",
        sport,
        data: {
          fixture_id: fixtureId,
          status: "abandoned",
          reason: "the simulator restarted mid-match and could not resume it",
        },
      },
    ]);
    return report.applied;
  }

  /**
   * One step at time `now`: advance every match (finishing the done), kick off the fixtures whose
   * kick-off has come (each joins at the minute its clock has reached), announce the line-ups of
   * those about to start, and let the calendar keep the schedule ahead.
   */
  async tick(now: Date): Promise<void> {
    await this.advance([...this.running.values()], now);
    if (this.stopping) return;
    await this.announceLineups(now);
    if (this.stopping) return;
    const due = await dueFixtures(this.options.store, this.sports, now, KICKOFFS_PER_TICK);
    const summarised = this.stats.summarised;
    for (const fixture of due) {
      if (this.stopping) return;
      if (this.running.has(fixture.id)) continue;
      const kickoff = Date.parse(fixture.kickoff);
      const match = await this.kickOff(fixture.id, fixture.sport, kickoff, now);
      if (match !== undefined) await this.advance([match], now);
    }
    if (this.stats.summarised > summarised) {
      this.options.logger?.info(
        { matches: this.stats.summarised - summarised },
        "simulator: caught up matches that ended while it was away, as their scoring events only",
      );
    }
    if (this.stopping) return;
    await this.options.calendar?.tick(now, () => this.stopping);
  }

  /** Starts a scheduled fixture whose kick-off has come; its clock runs from `kickoffMs`. */
  private async kickOff(
    fixtureId: string,
    sport: Sport,
    kickoffMs: number,
    now: Date,
  ): Promise<RunningMatch | undefined> {
    const { store } = this.options;
    const rng = new Rng(`${this.options.seed}:${sport}:${fixtureId}`);
    // The flow the line-ups came from, when they were announced by this simulator.
    let flow = this.takePrepared(fixtureId, kickoffMs);
    if (flow === undefined) {
      const fixture = await loadFlowFixture(store, sport, fixtureId);
      try {
        flow = fixture === undefined ? undefined : buildFlow(rng.fork("flow"), fixture);
      } catch (error) {
        this.options.logger?.warn({ err: error, fixture_id: fixtureId }, "simulator: no flow");
      }
    }
    // Reached long after its end (the service was away): its summary, without in-play prices.
    const summary = flow !== undefined && overLongAgo(flow, kickoffMs, now, this.options.speed);
    if (summary) {
      flow = summaryFlow(flow as MatchFlow);
      this.stats.summarised++;
    }
    const match: RunningMatch = {
      fixtureId,
      sport,
      flow: flow ?? { sport, steps: [], decidedBy: "regulation" },
      startedAt: kickoffMs,
      next: 0,
      period: flow?.steps[0]?.period ?? SPORT_MODULES[sport].periods[0] ?? null,
      messages: 0,
      lines: summary ? [] : await loadLiveLines(store, sport, fixtureId),
      pricedAt: 0,
      clock: 0,
      score: SPORT_MODULES[sport].emptyScore(),
      rng: rng.fork("odds"),
    };
    if (flow === undefined || flow.steps.length === 0) {
      // Nothing to play (sides or runners missing): the fixture is postponed with the reason
      // rather than left scheduled in the past.
      await this.send(match, [
        matchMessage(match, "status", {
          fixture_id: fixtureId,
          status: "postponed",
          reason: "the fixture could not take place as scheduled",
        }),
      ]);
      return undefined;
    }
    await promoteSeason(store, this.feed, fixtureId, sport);
    const messages: unknown[] = [
      matchMessage(match, "status", {
        fixture_id: fixtureId,
        status: "live",
        period: match.period,
        minute: 0,
      }),
    ];
    // The in-play market opens at kick-off.
    for (const odds of liveOddsMessages(sport, match.lines, 0, 1, match.rng, match.score)) {
      messages.push(matchMessage(match, "odds", { fixture_id: fixtureId, ...odds }));
    }
    if ((await this.send(match, messages)) > 0) return undefined;
    this.running.set(fixtureId, match);
    this.stats.started++;
    return match;
  }

  /** Announces the line-ups due within the lead time (an hour on the main host), or overdue. */
  private async announceLineups(now: Date): Promise<void> {
    const { store, seed } = this.options;
    const ingestor = this.feed;
    const leadMs = this.options.lineupLeadMs ?? LINEUP_LEAD_MS;
    const report = await announceLineups(
      { store, ingestor, sports: this.sports, seed },
      new Date(now.getTime() + leadMs),
      (fixtureId, flow) => this.prepared.set(fixtureId, { flow, at: now.getTime() }),
    );
    this.stats.messages += report.applied;
    this.stats.rejected += report.rejected;
  }

  /** Takes a fixture's prepared flow out of the cache, and drops any prepared a day before. */
  private takePrepared(fixtureId: string, nowMs: number): MatchFlow | undefined {
    const flow = this.prepared.get(fixtureId)?.flow;
    this.prepared.delete(fixtureId);
    for (const [id, { at }] of this.prepared) {
      if (nowMs - at > DAY_MS) this.prepared.delete(id);
    }
    return flow;
  }

  /**
   * Advances matches to `now` in one ingest (a busy world's tick is a transaction a chunk, not one
   * a match): each match's messages in their order, one match's after another's. A match whose
   * messages the live engine refuses is abandoned; a finished one leaves the running set.
   */
  private async advance(matches: readonly RunningMatch[], now: Date): Promise<void> {
    const planned = matches
      .map((match) => ({ match, ...planMatch(match, now, this.options.speed) }))
      .filter((step) => step.messages.length > 0);
    if (planned.length === 0) return;
    const rejected = await this.sendAll(planned);
    for (const [i, { match, done }] of planned.entries()) {
      const refused = (rejected[i] ?? 0) > 0;
      if (refused) {
        // A flow the live engine refuses is a simulator bug: stop that match rather than leave it live.
        await this.send(match, [
          matchMessage(match, "status", {
            fixture_id: match.fixtureId,
            status: "abandoned",
            reason: "the simulation of this match failed",
          }),
        ]);
      }
      if (done || refused) {
        this.running.delete(match.fixtureId);
        if (done && !refused) this.stats.finished++;
      }
    }
  }

  /** Ingests one match's messages; resolves with how many were rejected. */
  private async send(match: RunningMatch, messages: unknown[]): Promise<number> {
    const [rejected] = await this.sendAll([{ match, messages }]);
    return rejected ?? 0;
  }

  /**
   * Ingests several matches' messages in one call, in order; resolves with how many of each
   * match's were rejected (each rejection logged with its fixture).
   */
  private async sendAll(
    groups: ReadonlyArray<{ match: RunningMatch; messages: readonly unknown[] }>,
  ): Promise<number[]> {
    const report = await this.feed.ingestMessages(groups.flatMap((g) => g.messages));
    this.stats.messages += report.applied;
    this.stats.rejected += report.rejected;
    const owner = groups.flatMap((group, i) => group.messages.map(() => i));
    const rejected = groups.map(() => 0);
    for (const result of report.results) {
      if (result.status !== "rejected") continue;
      const i = owner[result.index] ?? 0;
      rejected[i] = (rejected[i] ?? 0) + 1;
      const match = groups[i]?.match;
      this.options.logger?.warn(
        { fixture_id: match?.fixtureId, sport: match?.sport, error: result.error },
        "simulator message rejected; the match stops here",
      );
    }
    return rejected;
  }
}

/** The ids of the simulator's feed messages for one fixture (`sim:<fixture>:…`). */
async function simMessageIds(store: Store, fixtureId: string): Promise<string[]> {
  // A prefix test, not LIKE: fixture ids contain `_`, LIKE's one-character wildcard.
  const prefix = `sim:${fixtureId}:`;
  const rows = await store.db
    .selectFrom("feed_messages")
    .select("id")
    .where(sql<boolean>`substr(id, 1, ${prefix.length}) = ${prefix}`)
    .execute();
  return rows.map((row) => row.id);
}
