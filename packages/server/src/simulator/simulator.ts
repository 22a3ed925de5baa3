/**
 * The live simulator: a feed producer like any other (ADR-0020). It keeps a few matches live
 * in every sport — the next scheduled fixture kicks off now, plays out its flow in compressed
 * time (SCORELINE_SIM_SPEED match seconds per real second) as `status`/`event`/`odds` messages
 * through the ingestor, and finishes — so REST, the stream and webhooks see exactly what a
 * real feed would give them. When a sport runs out of scheduled fixtures, the simulator
 * schedules a rematch of a finished one.
 *
 * `tick(now)` does one step and is what tests drive with their own clock; `start()` runs it on
 * a timer.
 */
import { sql } from "kysely";
import type { Logger } from "pino";
import { isoSeconds } from "../lib/time.js";
import type { FeedIngestor, IngestReport } from "../live/feed-ingestor.js";
import type { MetricsHost } from "../metrics/labels.js";
import { simulatorSources } from "../metrics/simulator-metrics.js";
import { Rng } from "../sample/rng.js";
import { isSport, SPORT_MODULES } from "../sports/registry.js";
import { type Score, SPORTS, type Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";
import { parseJson } from "../store/json-columns.js";
import type { FlowStep, MatchFlow } from "./flow.js";
import { buildFlow } from "./flows/index.js";
import { type LiveLine, liveOddsMessages, loadLiveLines } from "./match-odds.js";
import { loadFlowFixture, nextFixture, rematch } from "./pick-fixtures.js";

export interface SimulatorOptions {
  store: Store;
  ingestor: FeedIngestor;
  /** Match seconds per real second. */
  speed: number;
  seed: number;
  /** Matches kept live per sport. */
  perSport?: number;
  sports?: readonly Sport[];
  logger?: Logger;
  /** Real milliseconds between ticks when started with `start()`. */
  intervalMs?: number;
  /** Which host's series its live matches count in: `live` unless the sandbox's. */
  host?: MetricsHost;
}

interface RunningMatch {
  fixtureId: string;
  sport: Sport;
  flow: MatchFlow;
  /** Real time (ms) the match kicked off. */
  startedAt: number;
  /** Index of the next step to send. */
  next: number;
  period: string | null;
  messages: number;
  lines: LiveLine[];
  /** The last whole match minute sent. */
  clock: number;
  /** The match minute at which the odds were last re-priced. */
  pricedAt: number;
  /** The score so far (the sport module's fold of the events sent), for in-play prices. */
  score: Score | null;
  rng: Rng;
}

export interface SimulatorStats {
  started: number;
  finished: number;
  messages: number;
  rejected: number;
}

export class Simulator {
  private readonly running = new Map<string, RunningMatch>();
  private readonly perSport: number;
  private readonly sports: readonly Sport[];
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private created = 0;
  /** Takes its matches out of the gauge (while started, they are in it). */
  private removeSource: (() => void) | undefined;
  readonly stats: SimulatorStats = { started: 0, finished: 0, messages: 0, rejected: 0 };

  constructor(private readonly options: SimulatorOptions) {
    this.perSport = options.perSport ?? 2;
    this.sports = options.sports ?? SPORTS;
  }

  /** Fixtures live now because of this simulator. */
  get live(): string[] {
    return [...this.running.keys()];
  }

  start(clock: () => Date = () => new Date()): void {
    if (this.timer !== undefined) return;
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
    const report = await this.options.ingestor.ingestMessages([
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
   * Abandons, with the reason, every match a previous run left live (so nothing stays live
   * forever) — what a worker did before it could take matches over (adoptStale).
   */
  async abandonStale(now: Date = new Date()): Promise<number> {
    const { store } = this.options;
    const live = await store.db
      .selectFrom("fixtures")
      .select(["id", "sport"])
      .where("status", "in", ["live", "interrupted", "suspended"])
      .execute();
    let abandoned = 0;
    for (const fixture of live) {
      if (this.running.has(fixture.id)) continue;
      // A prefix test, not LIKE: fixture ids contain `_`, LIKE's one-character wildcard.
      const prefix = `sim:${fixture.id}:`;
      const ours = await store.db
        .selectFrom("feed_messages")
        .select("id")
        .where(sql<boolean>`substr(id, 1, ${prefix.length}) = ${prefix}`)
        .limit(1)
        .executeTakeFirst();
      if (ours === undefined) continue;
      const report = await this.options.ingestor.ingestMessages([
        {
          id: `sim:${fixture.id}:abandoned:${now.getTime()}`,
          type: "status",
          sport: fixture.sport,
          data: {
            fixture_id: fixture.id,
            status: "abandoned",
            reason: "the simulator restarted mid-match",
          },
        },
      ]);
      abandoned += report.applied;
    }
    return abandoned;
  }

  /**
   * One step at real time `now`: advance every match (finishing the done), then kick off
   * replacements in the same step, so a sport is not left without a live match between ticks.
   */
  async tick(now: Date): Promise<void> {
    for (const match of [...this.running.values()]) await this.advance(match, now);
    for (const sport of this.sports) {
      let live = [...this.running.values()].filter((m) => m.sport === sport).length;
      while (live < this.perSport && (await this.kickOff(sport, now))) live++;
    }
  }

  private async kickOff(sport: Sport, now: Date): Promise<boolean> {
    const { store } = this.options;
    let fixtureId = await nextFixture(store, sport, [...this.running.keys()]);
    let created = false;
    if (fixtureId === undefined) {
      // Labelled by the moment as well as the count, so a restarted worker makes new ids.
      const label = `${this.options.seed}-${now.getTime()}-${this.created++}`;
      const planned = await rematch(store, sport, label, now, new Rng(label));
      if (planned === undefined) return false;
      const report = await this.options.ingestor.ingestMessages([planned.message]);
      if (report.applied !== 1) return false;
      fixtureId = planned.fixtureId;
      created = true;
    }
    const messages: unknown[] = [];
    const fixture = await loadFlowFixture(store, sport, fixtureId);
    if (fixture === undefined) return false;
    const rng = new Rng(`${this.options.seed}:${sport}:${fixtureId}`);
    const flow = buildFlow(rng.fork("flow"), fixture);
    const lines = await loadLiveLines(store, sport, fixtureId);
    const first = flow.steps[0]?.period ?? SPORT_MODULES[sport].periods[0] ?? null;
    const match: RunningMatch = {
      fixtureId,
      sport,
      flow,
      startedAt: now.getTime(),
      next: 0,
      period: first,
      messages: 0,
      lines,
      pricedAt: 0,
      clock: 0,
      score: SPORT_MODULES[sport].emptyScore(),
      rng: rng.fork("odds"),
    };
    if (!created) {
      // The scheduled fixture is brought forward: it kicks off now.
      messages.push(this.message(match, "fixture", await rescheduled(store, fixtureId, now)));
    }
    messages.push(
      this.message(match, "status", {
        fixture_id: fixtureId,
        status: "live",
        period: first,
        minute: 0,
      }),
    );
    // The in-play market opens at kick-off.
    for (const odds of liveOddsMessages(sport, lines, 0, 1, match.rng)) {
      messages.push(this.message(match, "odds", { fixture_id: fixtureId, ...odds }));
    }
    const report = await this.send(match, messages);
    if (report.rejected > 0) return false;
    this.running.set(fixtureId, match);
    this.stats.started++;
    return true;
  }

  private async advance(match: RunningMatch, now: Date): Promise<void> {
    const minute = ((now.getTime() - match.startedAt) / 60_000) * this.options.speed;
    const messages: unknown[] = [];
    const duration = match.flow.steps.at(-1)?.minute ?? 0;
    while (match.next < match.flow.steps.length) {
      const step = match.flow.steps[match.next] as FlowStep;
      if (step.minute > minute) break;
      messages.push(...this.stepMessages(match, step));
      match.next++;
    }
    const done = match.next >= match.flow.steps.length;
    const played = Math.min(minute, duration);
    if (!done && messages.length === 0 && Math.floor(played) > match.clock) {
      // The match clock runs between events too (a clock-only update announces nothing).
      messages.push(
        this.message(match, "status", {
          fixture_id: match.fixtureId,
          status: "live",
          minute: Math.floor(played),
        }),
      );
    }
    match.clock = Math.floor(played);
    if (
      match.lines.length > 0 &&
      !done &&
      (messages.length > 0 || played - match.pricedAt >= duration / 12)
    ) {
      match.pricedAt = played;
      const left = duration === 0 ? 0 : 1 - played / duration;
      for (const odds of liveOddsMessages(
        match.sport,
        match.lines,
        lead(match.score),
        left,
        match.rng,
      )) {
        messages.push(this.message(match, "odds", { fixture_id: match.fixtureId, ...odds }));
      }
    }
    if (done) {
      messages.push(
        this.message(match, "status", {
          fixture_id: match.fixtureId,
          status: "finished",
          minute: Math.floor(duration),
          decided_by: match.flow.decidedBy,
          ...(match.flow.result ? { result: match.flow.result } : {}),
        }),
      );
    }
    if (messages.length === 0) return;
    const report = await this.send(match, messages);
    if (report.rejected > 0) {
      // A flow the live engine refuses is a simulator bug: stop that match rather than leave it live.
      await this.send(match, [
        this.message(match, "status", {
          fixture_id: match.fixtureId,
          status: "abandoned",
          reason: "the simulation of this match failed",
        }),
      ]);
    }
    if (done || report.rejected > 0) {
      this.running.delete(match.fixtureId);
      if (done && report.rejected === 0) this.stats.finished++;
    }
  }

  private stepMessages(match: RunningMatch, step: FlowStep): unknown[] {
    const out: unknown[] = [];
    const minute = Math.floor(step.minute);
    const fixture_id = match.fixtureId;
    if (step.period !== match.period && step.period !== null) {
      match.period = step.period;
      out.push(
        this.message(match, "status", { fixture_id, status: "live", period: step.period, minute }),
      );
    }
    if (step.event !== undefined) {
      const { event } = step;
      out.push(
        this.message(match, "event", {
          fixture_id,
          event_id: `${fixture_id}-${match.next + 1}`,
          type: event.type,
          period: step.period,
          minute,
          team: event.side,
          ...(event.playerId ? { player_id: event.playerId } : {}),
          ...(event.relatedPlayerId ? { related_player_id: event.relatedPlayerId } : {}),
          ...(event.detail ? { detail: event.detail } : {}),
          ...(step.participants ? { participants: step.participants } : {}),
        }),
      );
      if (match.score !== null) {
        match.score = SPORT_MODULES[match.sport].applyEvent(match.score, {
          type: event.type,
          team: event.side,
          period: step.period,
          minute,
          detail: event.detail ?? {},
        });
      }
    } else if (step.participants !== undefined) {
      out.push(
        this.message(match, "status", {
          fixture_id,
          status: "live",
          minute,
          participants: step.participants,
        }),
      );
    }
    return out;
  }

  private message(match: RunningMatch, type: string, data: Record<string, unknown>) {
    match.messages++;
    return {
      id: `sim:${match.fixtureId}:${match.startedAt}:${match.messages}`,
      type,
      sport: match.sport,
      data,
    };
  }

  private async send(match: RunningMatch, messages: unknown[]): Promise<IngestReport> {
    const report = await this.options.ingestor.ingestMessages(messages);
    this.stats.messages += report.applied;
    this.stats.rejected += report.rejected;
    for (const result of report.results) {
      if (result.status !== "rejected") continue;
      this.options.logger?.warn(
        { fixture_id: match.fixtureId, sport: match.sport, error: result.error },
        "simulator message rejected; the match stops here",
      );
    }
    return report;
  }
}

function lead(score: Score | null): number {
  return score === null ? 0 : score.home - score.away;
}

/** The fixture's schedule with kick-off now (a `fixture` message must carry the whole schedule). */
async function rescheduled(
  store: Store,
  fixtureId: string,
  now: Date,
): Promise<Record<string, unknown>> {
  const row = await store.db
    .selectFrom("fixtures")
    .select(["competition_id", "season_id", "home_team_id", "away_team_id"])
    .where("id", "=", fixtureId)
    .executeTakeFirstOrThrow();
  return {
    id: fixtureId,
    competition_id: row.competition_id,
    season_id: row.season_id,
    kickoff: isoSeconds(now),
    ...(row.home_team_id !== null ? { home_team_id: row.home_team_id } : {}),
    ...(row.away_team_id !== null ? { away_team_id: row.away_team_id } : {}),
  };
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
