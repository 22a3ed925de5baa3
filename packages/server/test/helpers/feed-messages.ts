/**
 * Feed messages for tests, as the admin feed (`POST /admin/v1/feed`) and `scoreline feed` take
 * them: a fresh id per message, a small league (a competition and season, two teams with a player
 * each, one fixture), field-sport meetings, and the live messages (status, events, odds).
 */

let counter = 0;
/** A feed message with a fresh id. */
export function msg(type: string, sport: string, data: Record<string, unknown>, id?: string) {
  counter++;
  return { id: id ?? `m-${counter}-${type}`, type, sport, data };
}

/** A competition with a season, two teams with two players each, and one fixture between them. */
export function leagueMessages(sport: string, fixtureId = "fx-1") {
  const season = {
    id: `${sport}-s-2026`,
    name: "2026",
    start_date: "2026-01-01",
    end_date: "2026-12-31",
  };
  return [
    msg("competition", sport, {
      id: `${sport}-league`,
      name: `Test ${sport} League`,
      country_code: "ZZ",
      country_name: "Testland",
      season,
    }),
    msg("team", sport, {
      id: `${sport}-north`,
      name: "Northbridge Rovers",
      competition_id: `${sport}-league`,
    }),
    msg("team", sport, {
      id: `${sport}-south`,
      name: "Southmere Athletic",
      competition_id: `${sport}-league`,
    }),
    msg("player", sport, {
      id: `${sport}-n9`,
      name: "Ada Striker",
      team_id: `${sport}-north`,
      position: "FW",
    }),
    msg("player", sport, {
      id: `${sport}-s9`,
      name: "Bo Finisher",
      team_id: `${sport}-south`,
      position: "FW",
    }),
    msg("fixture", sport, {
      id: fixtureId,
      competition_id: `${sport}-league`,
      kickoff: "2026-11-21T15:00:00Z",
      home_team_id: `${sport}-north`,
      away_team_id: `${sport}-south`,
      venue: "Northbridge Park",
    }),
  ];
}

/** Extra players for a sport's two teams (`leagueMessages` makes `${sport}-n9` and `${sport}-s9`). */
export function playerMessages(
  sport: string,
  players: Array<{ id: string; name: string; side: "north" | "south"; position?: string }>,
) {
  return players.map((p) =>
    msg("player", sport, {
      id: p.id,
      name: p.name,
      team_id: `${sport}-${p.side}`,
      ...(p.position ? { position: p.position } : {}),
    }),
  );
}

/** A `status` message for one fixture. */
export function statusMsg(
  sport: string,
  fixtureId: string,
  status: string,
  extra: Record<string, unknown> = {},
) {
  return msg("status", sport, { fixture_id: fixtureId, status, ...extra });
}

/** An `event` message for one fixture (action `add` unless `data.action` says otherwise). */
export function eventMsg(sport: string, fixtureId: string, data: Record<string, unknown>) {
  return msg("event", sport, { fixture_id: fixtureId, ...data });
}

/** Bet One's prices for one fixture's match result (1X2 unless `extra` names another market). */
export function oddsMsg(
  sport: string,
  fixtureId: string,
  prices: Record<string, number | string>,
  extra: Record<string, unknown> = {},
) {
  return msg("odds", sport, {
    fixture_id: fixtureId,
    bookmaker: "bet-one",
    bookmaker_name: "Bet One",
    market: "Match Result",
    prices,
    ...extra,
  });
}

/** A field-sport competition (golf, horse racing) and one fixture with `participants`, no teams. */
export function fieldMessages(
  sport: "golf" | "horse-racing",
  fixtureId: string,
  participants: Array<Record<string, unknown>>,
) {
  return [
    msg("competition", sport, {
      id: `${sport}-meeting`,
      name: sport === "golf" ? "Testland Open" : "Testland Races",
      type: sport === "golf" ? "tournament" : "meeting",
      country_code: "ZZ",
      country_name: "Testland",
      season: {
        id: `${sport}-s-2026`,
        name: "2026",
        start_date: "2026-01-01",
        end_date: "2026-12-31",
      },
    }),
    msg("fixture", sport, {
      id: fixtureId,
      competition_id: `${sport}-meeting`,
      kickoff: "2026-11-21T15:00:00Z",
      round: sport === "golf" ? "Final" : "14:30 Handicap Chase",
      venue: "Testland Park",
      participants,
    }),
  ];
}

let goals = 0;

/** A scoring event: a football goal, a basketball two-pointer. */
export function goalMsg(sport: string, fixtureId: string, team: "home" | "away" = "home") {
  goals++;
  return eventMsg(sport, fixtureId, {
    event_id: `score-${goals}`,
    type: sport === "basketball" ? "two_pointer" : "goal",
    team,
  });
}
