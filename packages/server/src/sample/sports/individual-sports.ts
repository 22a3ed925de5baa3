/**
 * Shared by the individual and field sports (tennis, combat sports, golf, horse racing):
 * competitions with one season per calendar year, competitors who are both a player and an
 * `individual` team, officials and broadcasters, match events folded into scores, softmax.
 */
import { searchable, slugify } from "../../lib/text.js";
import { addDays, isoSeconds, startOfUtcDay } from "../../lib/time.js";
import { SPORT_MODULES } from "../../sports/registry.js";
import { NOT_STARTED } from "../../sports/statuses.js";
import type { Sport } from "../../sports/types.js";
import type { GenContext } from "../context.js";
import type { Person } from "../people.js";
import { COUNTRY_POOLS } from "../pools/index.js";
import type { ScriptedEvent } from "../team-sport-profile.js";
import type { Official } from "./officials-and-dates.js";

/** Upcoming fixtures kicking off within the next 14 days get odds. */
export function withinOddsWindow(ctx: GenContext, kickoff: Date): boolean {
  return kickoff >= ctx.anchor && kickoff < addDays(ctx.anchor, 14);
}

/** Midnight UTC of the Monday on or before `date`. */
export function mondayOnOrBefore(date: Date): Date {
  const day = startOfUtcDay(date);
  return addDays(day, -((day.getUTCDay() + 6) % 7));
}

export function at(day: Date, hour: number, minute = 0): Date {
  return new Date(day.getTime() + (hour * 60 + minute) * 60_000);
}

/** Adds the country to the dataset (named from the name pools when it has one); returns its code. */
export function useCountry(ctx: GenContext, code: string, name?: string): string {
  ctx.addCountry(code, COUNTRY_POOLS.find((c) => c.code === code)?.name ?? name ?? code);
  return code;
}

export interface CompetitionSpec {
  slug: string;
  name: string;
  countryCode: string;
  type: "tournament" | "tour" | "meeting";
  tier?: number;
  rules?: Record<string, unknown>;
  /** A date in the current season (default: the anchor); a one-week tournament's own week. */
  current?: Date;
}

/**
 * A competition whose seasons are calendar years, created as fixtures need them.
 * `season(date)` gives the id of the season the date falls in.
 */
export class YearCompetition {
  readonly id: string;
  private readonly seasons = new Map<number, string>();

  private readonly entered = new Set<string>();

  constructor(
    private readonly ctx: GenContext,
    private readonly sport: Sport,
    spec: CompetitionSpec,
  ) {
    this.id = ctx.id("co", sport, spec.slug);
    useCountry(ctx, spec.countryCode);
    ctx.dataset.competitions.push({
      id: this.id,
      sport,
      slug: spec.slug,
      name: spec.name,
      country_code: spec.countryCode,
      tier: spec.tier ?? 1,
      type: spec.type,
      gender: "men",
      current_season_id: this.season(spec.current ?? ctx.anchor),
      rules: spec.rules ?? {},
      source: "sample",
      search_name: searchable(spec.name),
      updated_at: ctx.stamp,
    });
  }

  season(date: Date): string {
    const year = date.getUTCFullYear();
    const known = this.seasons.get(year);
    if (known !== undefined) return known;
    const id = this.ctx.id("se", this.sport, this.id, year);
    this.seasons.set(year, id);
    this.ctx.dataset.seasons.push({
      id,
      sport: this.sport,
      competition_id: this.id,
      name: String(year),
      start_date: `${year}-01-01`,
      end_date: `${year}-12-31`,
      updated_at: this.ctx.stamp,
    });
    return id;
  }

  /** Lists the competitor's team for the season (once). */
  enter(teamId: string, seasonId: string): void {
    if (this.entered.has(`${teamId}|${seasonId}`)) return;
    this.entered.add(`${teamId}|${seasonId}`);
    const row = { team_id: teamId, competition_id: this.id, season_id: seasonId };
    this.ctx.dataset.team_competitions.push(row);
  }
}

/** A competitor: a `players` row, and for head-to-head sports an `individual` team row too. */
export interface Individual {
  playerId: string;
  /** The `individual` team row's id (empty for golfers and jockeys, who need none). */
  teamId: string;
  name: string;
  nationality: string;
  rating: number;
}

export interface IndividualSpec {
  person: Person;
  rating: number;
  position: string;
  heightCm: number | null;
  detail: Record<string, unknown>;
  withTeam: boolean;
}

const usedSlugs = new WeakMap<GenContext, Set<string>>();

/** `base`, or `base-2`, `base-3`… when a competitor of the sport already has it. */
function uniqueSlug(ctx: GenContext, sport: Sport, base: string): string {
  const used = usedSlugs.get(ctx) ?? new Set<string>();
  usedSlugs.set(ctx, used);
  let slug = base;
  for (let n = 2; used.has(`${sport}|${slug}`); n++) slug = `${base}-${n}`;
  used.add(`${sport}|${slug}`);
  return slug;
}

export function addIndividual(ctx: GenContext, sport: Sport, spec: IndividualSpec): Individual {
  const { person } = spec;
  const slug = uniqueSlug(ctx, sport, slugify(`${person.name} ${person.dateOfBirth.slice(0, 4)}`));
  const playerId = ctx.id("pl", sport, slug);
  const teamId = spec.withTeam ? ctx.id("tm", sport, slug) : "";
  const names = { slug, name: person.name, search_name: searchable(person.name) };
  ctx.dataset.players.push({
    ...names,
    id: playerId,
    sport,
    team_id: teamId === "" ? null : teamId,
    first_name: person.firstName,
    last_name: person.lastName,
    position: spec.position,
    nationality: person.nationality,
    date_of_birth: person.dateOfBirth,
    shirt_number: null,
    height_cm: spec.heightCm,
    detail: spec.detail,
    updated_at: ctx.stamp,
  });
  if (teamId !== "") {
    ctx.dataset.teams.push({
      ...names,
      id: teamId,
      sport,
      short_name: `${person.firstName.charAt(0)}. ${person.lastName}`,
      abbreviation: slugify(person.lastName)
        .replace(/-/g, "")
        .slice(0, 3)
        .toUpperCase()
        .padEnd(3, "X"),
      kind: "individual",
      country_code: person.nationality,
      city: null,
      founded: null,
      venue: null,
      player_id: playerId,
      updated_at: ctx.stamp,
    });
  }
  const { name, nationality } = person;
  return { playerId, teamId, name, nationality, rating: spec.rating };
}

/** What every fixture row needs; `home`/`away` only for head-to-head sports. */
export interface FixtureSpec {
  id: string;
  sport: Sport;
  competition: YearCompetition;
  round: string;
  kickoff: Date;
  venue: string;
  home?: Individual;
  away?: Individual;
  officials: Official[];
  broadcast: Array<{ name: string; country: string }>;
  participants?: unknown;
}

function baseRow(ctx: GenContext, f: FixtureSpec) {
  const seasonId = f.competition.season(f.kickoff);
  for (const side of [f.home, f.away]) if (side) f.competition.enter(side.teamId, seasonId);
  return {
    id: f.id,
    sport: f.sport,
    competition_id: f.competition.id,
    season_id: seasonId,
    round: f.round,
    kickoff: isoSeconds(f.kickoff),
    home_team_id: f.home?.teamId ?? null,
    away_team_id: f.away?.teamId ?? null,
    venue: f.venue,
    officials: f.officials,
    broadcast: f.broadcast,
    participants: f.participants ?? null,
    source: "sample",
    created_at: ctx.stamp,
  };
}

export function addScheduled(ctx: GenContext, f: FixtureSpec): void {
  ctx.dataset.fixtures.push({
    ...baseRow(ctx, f),
    status: "scheduled",
    ...NOT_STARTED,
    updated_at: ctx.stamp,
  });
}

/**
 * A finished fixture: writes its events (sequence 1..n, `minute` = minutes after kickoff),
 * folds them through the sport module from `emptyScore()` and stores that score, its headline
 * numbers and `result` = `{outcome, winner_team_id, decided_by, text, ...extra}`.
 */
export function addFinished(
  ctx: GenContext,
  f: FixtureSpec,
  events: readonly ScriptedEvent[],
  result: { decided_by: string; text: string; [extra: string]: unknown },
  endedAt: Date,
): void {
  const module = SPORT_MODULES[f.sport];
  const row = baseRow(ctx, f);
  const field = module.format === "field";
  let score = module.emptyScore() ?? { home: 0, away: 0 };
  let lastEvent: Record<string, unknown> | null = null;
  events.forEach((event, i) => {
    const detail = event.detail ?? {};
    const { type, side: team, period, minute } = event;
    score = module.applyEvent(score, { type, team, period, minute, detail });
    const when = isoSeconds(new Date(f.kickoff.getTime() + (minute ?? 0) * 60_000));
    ctx.dataset.match_events.push({
      id: ctx.id("ev", f.sport, f.id, i + 1),
      sport: f.sport,
      fixture_id: f.id,
      sequence: i + 1,
      type,
      period,
      minute,
      team_id: team === null ? null : (f[team]?.teamId ?? null),
      player_id: event.playerId ?? null,
      related_player_id: event.relatedPlayerId ?? null,
      detail,
      score: field ? null : score,
      state: "active",
      created_at: when,
      updated_at: when,
    });
    if (module.scoringEventTypes.includes(type)) {
      lastEvent = { type, team: team === null ? null : (f[team]?.name ?? null), minute };
    }
  });
  const outcome = field ? null : module.outcome(score);
  const winner = outcome === "home" || outcome === "away" ? f[outcome] : undefined;
  ctx.dataset.fixtures.push({
    ...row,
    status: "finished",
    // A finished fixture is no longer in any period (no "running", no "round_4", no "set_3") and
    // has no match minute (ADR-0043).
    period: null,
    minute: null,
    score: field ? null : score,
    home_score: field ? null : score.home,
    away_score: field ? null : score.away,
    result: { outcome, winner_team_id: winner?.teamId ?? null, ...result },
    last_event: lastEvent,
    sequence: events.length,
    updated_at: isoSeconds(endedAt),
  });
}

/** Probabilities proportional to exp(scale × value). */
export function softmax(values: readonly number[], scale: number): number[] {
  const top = Math.max(...values);
  const weights = values.map((v) => Math.exp(scale * (v - top)));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => w / total);
}

/** A two-way market's fair chances `{[first]: p, [second]: 1 − p}`, kept within 4–96 %. */
export function twoWay(p: number, first: string, second: string): Record<string, number> {
  const q = Math.min(0.96, Math.max(0.04, p));
  return { [first]: q, [second]: 1 - q };
}
