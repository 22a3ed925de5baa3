/**
 * Turns a season of Retrosheet files into store rows: Major League Baseball (a `league`), the
 * season (`2020`), the 30 clubs with their league and division, players from the rosters, every
 * game with its line score, result and play-by-play events, lineups, and season statistics
 * derived from the plays. Ids are derived from Retrosheet's own codes (team `LAN`, player
 * `bettm001`, game `LAN202007230`), so the same files always give the same rows. Pure.
 */
import { derivedId } from "../../lib/ids.js";
import { searchable, slugify } from "../../lib/text.js";
import { isoSeconds } from "../../lib/time.js";
import { wallClockToUtc } from "../../lib/time-zones.js";
import { baseball } from "../../sports/baseball.js";
import type { Side } from "../../sports/types.js";
import type { RecordOf } from "../../store/dataset.js";
import { ImportError } from "../shared/import-format.js";
import type { ImportDataset } from "../shared/write-import.js";
import { type FinishedGame, playerId, SOURCE, SPORT, teamId } from "./game-keys.js";
import { DAY_GAME, DOUBLEHEADER_BREAK, NIGHT_GAME, startMinutes } from "./kickoff.js";
import { FRANCHISES, PARKS, squadPosition } from "./mlb-knowledge.js";
import type { GameLines, RosterLine, TeamLine } from "./parse-files.js";
import { type PlayedGame, playGame } from "./play-game.js";
import { seasonStatRows } from "./season-stats.js";

const COMPETITION = "Major League Baseball";

export interface SeasonFiles {
  year: string;
  teamPath: string;
  teams: TeamLine[];
  rosters: RosterLine[];
  games: GameLines[];
}

function info(game: GameLines, key: string, pattern: RegExp, what: string): string {
  const value = game.info.get(key);
  if (value === undefined || !pattern.test(value)) {
    throw new ImportError(
      game.path,
      game.line,
      `game ${game.id}: info,${key} ${value === undefined ? "is missing" : `${JSON.stringify(value)} is not ${what}`}`,
    );
  }
  return value;
}

export function buildSeason(files: SeasonFiles, now: Date): ImportDataset {
  const stamp = isoSeconds(now);
  const competitionId = derivedId("co", SOURCE, SPORT, "mlb");
  const seasonId = derivedId("se", SOURCE, SPORT, "mlb", files.year);
  const teams = new Map(files.teams.map((t) => [t.code, t]));
  const teamName = (code: string) => {
    const team = teams.get(code);
    return team === undefined ? code : `${team.city} ${team.nickname}`;
  };

  // Games in date order, so a doubleheader's first game is placed before its second.
  const ordered = [...files.games].sort(
    (a, b) => a.id.slice(3).localeCompare(b.id.slice(3)) || a.id.localeCompare(b.id),
  );
  const firstGames = new Map<string, { kickoff: Date; minutes: number }>();
  const finished: FinishedGame[] = [];
  const lastSeen = new Map<string, { date: string; team: string }>();
  const homeParks = new Map<string, Map<string, number>>();
  for (const game of ordered) {
    const away = info(game, "visteam", /^[A-Z]{3}$/, "a team code");
    const home = info(game, "hometeam", /^[A-Z]{3}$/, "a team code");
    for (const code of [away, home]) {
      if (!teams.has(code))
        throw new ImportError(
          game.path,
          game.line,
          `game ${game.id}: team ${code} is not in ${files.teamPath}`,
        );
    }
    const date = info(game, "date", /^\d{4}\/\d{2}\/\d{2}$/, "a date like 2020/07/23").replaceAll(
      "/",
      "-",
    );
    const site = info(game, "site", /^[A-Z0-9]{5}$/, "a site code");
    const number = game.info.get("number") ?? "0";
    const park = PARKS[site];
    const timeZone = park?.timeZone ?? FRANCHISES[home]?.timeZone ?? "America/New_York";
    let minutes = startMinutes(game.info.get("starttime"));
    let kickoff: Date;
    const first = firstGames.get(`${home}${date}`);
    if (minutes === null && number === "2" && first !== undefined) {
      kickoff = new Date(first.kickoff.getTime() + (first.minutes + DOUBLEHEADER_BREAK) * 60_000);
      kickoff.setUTCMinutes(Math.ceil(kickoff.getUTCMinutes() / 5) * 5, 0, 0);
    } else {
      minutes ??= game.info.get("daynight") === "day" ? DAY_GAME : NIGHT_GAME;
      kickoff = wallClockToUtc(date, minutes, timeZone);
    }
    if (number === "1") {
      const length = Number(game.info.get("timeofgame") ?? "180") || 180;
      firstGames.set(`${home}${date}`, { kickoff, minutes: length });
    }
    const played = playGame(game);
    const parks = homeParks.get(home) ?? new Map<string, number>();
    parks.set(site, (parks.get(site) ?? 0) + 1);
    homeParks.set(home, parks);
    for (const side of ["away", "home"] as const) {
      for (const player of played.appeared[side])
        lastSeen.set(player, { date, team: side === "home" ? home : away });
    }
    const ids: Record<Side, string> = { home: teamId(home), away: teamId(away) };
    const score = played.score;
    const outcome = baseball.outcome(score);
    const winner = outcome === "home" || outcome === "away" ? ids[outcome] : null;
    const scheduled = Number(game.info.get("innings") ?? "9") || 9;
    const pitcherRef = (key: string) => {
      const id = game.info.get(key) ?? "";
      return id === "" ? null : playerId(id);
    };
    const lastScoring = [...played.events]
      .reverse()
      .find((e) => baseball.scoringEventTypes.includes(e.type));
    const fixture: RecordOf<"fixtures"> = {
      id: derivedId("fx", SOURCE, SPORT, game.id),
      sport: SPORT,
      competition_id: competitionId,
      season_id: seasonId,
      round: null,
      kickoff: isoSeconds(kickoff),
      status: "finished",
      period: null, // a finished fixture has no in-play period (ADR-0043)
      minute: null,
      home_team_id: ids.home,
      away_team_id: ids.away,
      venue: park?.name ?? site,
      officials: [],
      broadcast: [],
      score,
      home_score: score.home,
      away_score: score.away,
      result: {
        outcome,
        winner_team_id: winner,
        decided_by: played.innings > scheduled ? "extra_innings" : "regulation",
        text: `${teamName(home)} ${baseball.scoreText(score)} ${teamName(away)}`,
        scheduled_innings: scheduled,
        innings: played.innings,
        winning_pitcher_id: pitcherRef("wp"),
        losing_pitcher_id: pitcherRef("lp"),
        save_pitcher_id: pitcherRef("save"),
      },
      participants: null,
      last_event: lastScoring
        ? {
            type: lastScoring.type,
            team: teamName(lastScoring.side === "home" ? home : away),
            minute: null,
          }
        : null,
      sequence: played.events.length,
      source: SOURCE,
      created_at: stamp,
      updated_at: stamp,
    };
    finished.push({ fixture, game, played, home, away });
  }

  const dataset: ImportDataset = {
    countries: [],
    competitions: [],
    seasons: [],
    teams: [],
    team_competitions: [],
    players: [],
    fixtures: finished.map((f) => f.fixture),
    match_events: [],
    lineups: [],
  };
  const countries = new Set<string>(["US"]);
  for (const team of files.teams) {
    const facts = FRANCHISES[team.code];
    const country = facts?.timeZone === "America/Toronto" ? "CA" : "US";
    countries.add(country);
    const name = teamName(team.code);
    const parks = [...(homeParks.get(team.code) ?? new Map<string, number>())].sort(
      (a, b) => b[1] - a[1],
    );
    const park = parks[0] === undefined ? undefined : PARKS[parks[0][0]];
    dataset.teams?.push({
      id: teamId(team.code),
      sport: SPORT,
      slug: slugify(name),
      name,
      short_name: team.nickname,
      abbreviation: facts?.abbreviation ?? team.code,
      kind: "team",
      country_code: country,
      city: team.city,
      founded: null,
      venue: park === undefined ? null : { name: park.name, city: park.city },
      player_id: null,
      search_name: searchable(name),
      updated_at: stamp,
    });
    dataset.team_competitions?.push({
      team_id: teamId(team.code),
      competition_id: competitionId,
      season_id: seasonId,
      groups:
        facts === undefined
          ? null
          : [
              { kind: "league", name: facts.league },
              { kind: "division", name: facts.division },
            ],
    });
  }
  const names: Record<string, string> = { US: "United States", CA: "Canada" };
  for (const code of countries)
    dataset.countries?.push({ code, name: names[code] ?? code, updated_at: stamp });
  const dates = finished.map((f) => f.fixture.kickoff.slice(0, 10)).sort();
  dataset.competitions?.push({
    id: competitionId,
    sport: SPORT,
    slug: slugify(COMPETITION),
    name: COMPETITION,
    country_code: "US",
    tier: 1,
    type: "league",
    gender: "men",
    current_season_id: seasonId,
    rules: {},
    source: SOURCE,
    search_name: searchable(COMPETITION),
    updated_at: stamp,
  });
  dataset.seasons?.push({
    id: seasonId,
    sport: SPORT,
    competition_id: competitionId,
    name: files.year,
    start_date: dates[0] ?? `${files.year}-01-01`,
    end_date: dates.at(-1) ?? `${files.year}-12-31`,
    updated_at: stamp,
  });

  // Players: the rosters, plus anyone who played without a roster line.
  const people = new Map<
    string,
    { first: string; last: string; bats: string; throws: string; position: string; team: string }
  >();
  for (const r of files.rosters) {
    people.set(r.id, {
      first: r.firstName,
      last: r.lastName,
      bats: r.bats,
      throws: r.throws,
      position: r.position,
      team: r.team,
    });
  }
  for (const { game, away, home } of finished) {
    for (const entry of [
      ...game.starters,
      ...game.items.flatMap((i) => (i.kind === "sub" ? [i.sub] : [])),
    ]) {
      if (people.has(entry.player)) continue;
      const [first = "", ...rest] = entry.name.split(" ");
      people.set(entry.player, {
        first,
        last: rest.join(" ") || first,
        bats: "?",
        throws: "?",
        position: "",
        team: entry.side === 1 ? home : away,
      });
    }
  }
  for (const [retroId, person] of people) {
    const name = `${person.first} ${person.last}`.trim();
    const team = lastSeen.get(retroId)?.team ?? person.team;
    dataset.players?.push({
      id: playerId(retroId),
      sport: SPORT,
      team_id: teams.has(team) ? teamId(team) : null,
      slug: slugify(`${name} ${retroId}`),
      name,
      first_name: person.first,
      last_name: person.last,
      position: person.position === "" ? null : squadPosition(person.position),
      nationality: null,
      date_of_birth: null,
      shirt_number: null,
      height_cm: null,
      detail: {
        retrosheet_id: retroId,
        bats: person.bats,
        throws: person.throws,
        roster_position: person.position || null,
      },
      search_name: searchable(name),
      updated_at: stamp,
    });
  }

  const player = (retroId: string | null) => (retroId === null ? null : playerId(retroId));
  for (const { fixture, played, home, away } of finished) {
    const ids: Record<Side, string> = { home: teamId(home), away: teamId(away) };
    played.events.forEach((event, index) => {
      const detail: Record<string, unknown> = { ...event.detail };
      for (const key of ["batter_id", "pitcher_id", "charged_to"]) {
        if (typeof detail[key] === "string") detail[key] = playerId(detail[key] as string);
      }
      if (Array.isArray(detail.scorers))
        detail.scorers = (detail.scorers as string[]).map(playerId);
      dataset.match_events?.push({
        id: derivedId("ev", SOURCE, SPORT, fixture.id, index + 1),
        sport: SPORT,
        fixture_id: fixture.id,
        sequence: index + 1,
        type: event.type,
        period: event.period,
        minute: null,
        team_id: ids[event.side],
        player_id: player(event.player),
        related_player_id: player(event.related),
        detail,
        score: event.score,
        state: "active",
        created_at: fixture.kickoff,
        updated_at: fixture.kickoff,
      });
    });
    for (const side of ["away", "home"] as const) {
      const entry = (e: PlayedGame["lineups"][Side]["starters"][number]) => ({
        player_id: playerId(e.player),
        name: e.name,
        position: e.position,
        shirt_number: null,
        batting_order: e.batting_order,
        ...(e.role === undefined ? {} : { role: e.role }),
        ...(e.period === undefined ? {} : { period: e.period }),
      });
      dataset.lineups?.push({
        fixture_id: fixture.id,
        team_id: ids[side],
        sport: SPORT,
        formation: null,
        coach: null,
        starters: played.lineups[side].starters.map(entry),
        substitutes: played.lineups[side].substitutes.map(entry),
        updated_at: fixture.kickoff,
      });
    }
  }
  const stats = seasonStatRows(finished, {
    competitionId,
    seasonId,
    stamp,
    teamIds: files.teams.map((t) => teamId(t.code)),
    playerTeam: (retroId) => {
      const team = lastSeen.get(retroId)?.team ?? people.get(retroId)?.team;
      return team !== undefined && teams.has(team) ? teamId(team) : null;
    },
  });
  dataset.team_season_stats = stats.teams;
  dataset.player_season_stats = stats.players;
  return dataset;
}
