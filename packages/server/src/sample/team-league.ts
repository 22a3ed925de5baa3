/**
 * Builds one league season for a team sport: competition, season, teams, squads, the
 * round-robin schedule, finished matches (scripted events folded into scores by the sport
 * module, so results and events always agree), lineups, season statistics and odds.
 */
import { searchable } from "../lib/text.js";
import { addDays, isoDate, isoSeconds } from "../lib/time.js";
import { SPORT_MODULES } from "../sports/registry.js";
import { NOT_STARTED } from "../sports/statuses.js";
import type { Score, Side } from "../sports/types.js";
import type { RecordOf } from "../store/dataset.js";
import type { GenContext } from "./context.js";
import { type KickoffSlot, kickoffSlots } from "./home-slots.js";
import type { Rng } from "./rng.js";
import { addOdds } from "./sample-odds.js";
import { roundRobin } from "./schedule.js";
import { addSeasonStats } from "./season-stats.js";
import { pickBroadcast, pickOfficials } from "./sports/officials-and-dates.js";
import type {
  FinishedMatch,
  MatchSides,
  StatCredit,
  TeamSeed,
  TeamSportProfile,
} from "./team-sport-profile.js";

export interface LeagueSpec {
  slug: string;
  name: string;
  countryCode: string;
  tier: number;
  teams: TeamSeed[];
  cycles: number;
  firstRoundDate: Date;
  /**
   * The season's opening day when the sample joins it later (`firstRoundDate`, to keep the seeded
   * history short): the season's dates are its real ones; its games start at `firstRoundDate`.
   */
  seasonOpens?: Date;
  daysBetweenRounds: number;
  slots: readonly KickoffSlot[];
  rules?: Record<string, unknown>;
  /** People who officiate (names only). */
  officials: readonly string[];
  /** Share of upcoming fixtures generated as postponed (default 1 %). */
  postponedShare?: number;
}

/** A fixture row without the parts that depend on whether it has been played. */
type FixtureBase = Omit<
  RecordOf<"fixtures">,
  | "status"
  | "period"
  | "minute"
  | "score"
  | "home_score"
  | "away_score"
  | "result"
  | "last_event"
  | "sequence"
>;

export function buildTeamLeague(
  ctx: GenContext,
  profile: TeamSportProfile,
  spec: LeagueSpec,
): void {
  const sport = profile.sport;
  const rng = ctx.rng(`${sport}:${spec.slug}`);
  const competitionId = ctx.id("co", sport, spec.slug);
  const pairings = roundRobin(spec.teams.length, spec.cycles);
  const rounds = Math.max(...pairings.map((p) => p.round));
  const lastDate = addDays(spec.firstRoundDate, (rounds - 1) * spec.daysBetweenRounds + 3);
  const opens = spec.seasonOpens ?? spec.firstRoundDate;
  const seasonName = seasonLabel(opens, lastDate);
  const seasonId = ctx.id("se", sport, spec.slug, seasonName);

  ctx.dataset.competitions.push({
    id: competitionId,
    sport,
    slug: spec.slug,
    name: spec.name,
    country_code: spec.countryCode,
    tier: spec.tier,
    type: "league",
    gender: "men",
    current_season_id: seasonId,
    rules: spec.rules ?? {},
    source: "sample",
    search_name: searchable(spec.name),
    updated_at: ctx.stamp,
  });
  ctx.dataset.seasons.push({
    id: seasonId,
    sport,
    competition_id: competitionId,
    name: seasonName,
    start_date: isoDate(opens),
    end_date: isoDate(lastDate),
    updated_at: ctx.stamp,
  });
  for (const team of spec.teams) addTeamRows(ctx, profile, team, competitionId, seasonId);

  // The fixture list is published a month before the season starts.
  const createdAt = isoSeconds(addDays(spec.firstRoundDate, -30));
  const finished: FinishedMatch[] = [];
  const oddsUntil = addDays(ctx.anchor, 14).getTime();
  const slotOf = kickoffSlots(pairings, spec.teams.length, spec.slots);
  for (const pairing of pairings) {
    const home = spec.teams[pairing.home] as TeamSeed;
    const away = spec.teams[pairing.away] as TeamSeed;
    const slot = slotOf.get(pairing) as KickoffSlot;
    const roundStart = addDays(spec.firstRoundDate, (pairing.round - 1) * spec.daysBetweenRounds);
    const kickoff = new Date(
      roundStart.getTime() + ((slot.day * 24 + slot.hour) * 60 + slot.minute) * 60_000,
    );
    const fixtureId = ctx.id("fx", sport, spec.slug, seasonName, pairing.round, home.id, away.id);
    const matchRng = rng.fork(fixtureId);
    const sides: MatchSides = {
      home,
      away,
      homeLineup: profile.lineup(matchRng, home),
      awayLineup: profile.lineup(matchRng, away),
    };
    const isPast = kickoff.getTime() + profile.durationMinutes * 60_000 <= ctx.anchor.getTime();
    const base: FixtureBase = {
      id: fixtureId,
      sport,
      competition_id: competitionId,
      season_id: seasonId,
      round: `Round ${pairing.round}`,
      kickoff: isoSeconds(kickoff),
      home_team_id: home.id,
      away_team_id: away.id,
      venue: home.venue.name,
      officials: pickOfficials(matchRng, sport, spec.officials),
      broadcast: pickBroadcast(matchRng, spec.countryCode),
      participants: null,
      source: "sample",
      created_at: createdAt,
      updated_at: isPast
        ? isoSeconds(new Date(kickoff.getTime() + profile.durationMinutes * 60_000))
        : ctx.stamp,
    };
    if (!isPast) {
      const postponed = matchRng.chance(spec.postponedShare ?? 0.01);
      ctx.dataset.fixtures.push({
        ...base,
        status: postponed ? "postponed" : "scheduled",
        ...NOT_STARTED,
      });
      if (!postponed && kickoff.getTime() < oddsUntil) {
        addOdds(ctx, matchRng, sport, fixtureId, profile.quotes(matchRng, sides));
      }
      continue;
    }
    finished.push(playMatch(ctx, profile, matchRng, sides, base, kickoff));
  }
  addSeasonStats(ctx, profile, competitionId, seasonId, spec.teams, finished);
}

function playMatch(
  ctx: GenContext,
  profile: TeamSportProfile,
  rng: Rng,
  sides: MatchSides,
  base: FixtureBase,
  kickoff: Date,
): FinishedMatch {
  const sport = profile.sport;
  const module = SPORT_MODULES[sport];
  const script = profile.script(rng, sides);
  let score = module.emptyScore() as Score;
  let lastEvent: Record<string, unknown> | null = null;
  const teamOf = (side: Side | null) => (side === null ? null : sides[side]);
  const credits: StatCredit[] = [];
  script.events.forEach((event, i) => {
    score = module.applyEvent(score, {
      type: event.type,
      team: event.side,
      period: event.period,
      minute: event.minute,
      detail: event.detail ?? {},
    });
    const at = new Date(kickoff.getTime() + (event.minute ?? 0) * 60_000);
    ctx.dataset.match_events.push({
      id: ctx.id("ev", sport, base.id, i + 1),
      sport,
      fixture_id: base.id,
      sequence: i + 1,
      type: event.type,
      period: event.period,
      minute: event.minute,
      team_id: teamOf(event.side)?.id ?? null,
      player_id: event.playerId ?? null,
      related_player_id: event.relatedPlayerId ?? null,
      detail: event.detail ?? {},
      score,
      state: "active",
      created_at: isoSeconds(at),
      updated_at: isoSeconds(at),
    });
    if (module.scoringEventTypes.includes(event.type)) {
      lastEvent = {
        type: event.type,
        team: teamOf(event.side)?.name ?? null,
        minute: event.minute,
      };
    }
    credits.push(...profile.playerStats(event));
  });
  const outcome = module.outcome(score);
  const scoreText = module.scoreText(score) ?? "";
  const winner = outcome === "home" || outcome === "away" ? sides[outcome] : null;
  const text = profile.resultText
    ? profile.resultText(scoreText, winner?.name ?? null, script.decidedBy, score)
    : `${sides.home.name} ${scoreText} ${sides.away.name}`;
  ctx.dataset.fixtures.push({
    ...base,
    status: "finished",
    // A finished fixture has no in-play period or minute (ADR-0043).
    period: null,
    minute: null,
    score,
    home_score: score.home,
    away_score: score.away,
    result: { outcome, winner_team_id: winner?.id ?? null, decided_by: script.decidedBy, text },
    last_event: lastEvent,
    sequence: script.events.length,
  });
  for (const [side, lineup] of [
    ["home", sides.homeLineup],
    ["away", sides.awayLineup],
  ] as const) {
    ctx.dataset.lineups.push({
      fixture_id: base.id,
      team_id: sides[side].id,
      sport,
      formation: lineup.formation,
      coach: sides[side].coach,
      starters: lineup.starters.map(lineupEntry),
      substitutes: lineup.substitutes.map(lineupEntry),
      updated_at: base.kickoff,
    });
  }
  return {
    fixtureId: base.id,
    home: sides.home,
    away: sides.away,
    score,
    outcome,
    lineups: [sides.homeLineup, sides.awayLineup],
    credits,
  };
}

function lineupEntry(player: { id: string; name: string; position: string; shirtNumber: number }) {
  return {
    player_id: player.id,
    name: player.name,
    position: player.position,
    shirt_number: player.shirtNumber,
  };
}

function addTeamRows(
  ctx: GenContext,
  profile: TeamSportProfile,
  team: TeamSeed,
  competitionId: string,
  seasonId: string,
): void {
  const sport = profile.sport;
  ctx.dataset.teams.push({
    id: team.id,
    sport,
    slug: team.slug,
    name: team.name,
    short_name: team.shortName,
    abbreviation: team.abbreviation,
    kind: "team",
    country_code: team.countryCode,
    city: team.city,
    founded: team.founded,
    venue: team.venue,
    player_id: null,
    search_name: searchable(team.name),
    updated_at: ctx.stamp,
  });
  ctx.dataset.team_competitions.push({
    team_id: team.id,
    competition_id: competitionId,
    season_id: seasonId,
  });
  for (const player of team.squad) {
    ctx.dataset.players.push({
      id: player.id,
      sport,
      team_id: team.id,
      slug: player.slug,
      name: player.name,
      first_name: player.firstName,
      last_name: player.lastName,
      position: player.position,
      nationality: player.nationality,
      date_of_birth: player.dateOfBirth,
      shirt_number: player.shirtNumber,
      height_cm: player.heightCm,
      detail: {},
      search_name: searchable(player.name),
      updated_at: ctx.stamp,
    });
  }
}

/** "2026-2027" for a season over two calendar years, "2026" otherwise (ADR-0005). */
function seasonLabel(start: Date, end: Date): string {
  const a = start.getUTCFullYear();
  const b = end.getUTCFullYear();
  return a === b ? String(a) : `${a}-${b}`;
}
