/**
 * American football around the clock (issue 18): besides the NFL-style league's Sundays and
 * Monday nights, four regional leagues whose kick-offs follow each other every three hours
 * (00, 03, 06 … 21 UTC), so that a game (about three hours of wall time) is live at any moment.
 * Their teams play every third day — far denser than any real week, the accepted trade-off —
 * and they play around any anchor (no real calendar). Fixed UTC offsets: standard time in the
 * US and Europe, Japan and Queensland have no daylight saving.
 */

import { addDays, startOfUtcDay } from "../../lib/time.js";
import type { GenContext } from "../context.js";
import type { TeamSportProfile } from "../team-sport-profile.js";
import { buildRegionalLeague, dailySlots, type RegionalLeague } from "./regional-league.js";

/** Days between rounds: every team plays every third day. */
const ROUND_DAYS = 3;
/** Days of history before the anchor, and the season's length at least. */
const [HISTORY_DAYS, SEASON_DAYS] = [9, 70];
const RULES = { quarter_minutes: 15, overtime_minutes: 10 };

/** Two teams per daily kick-off time; a round spreads over its three days. */
function league(
  slug: string,
  name: string,
  country: string,
  utcOffset: number,
  times: string[],
  capacity: [number, number],
): RegionalLeague {
  return {
    slug,
    name,
    country,
    teams: 2 * ROUND_DAYS * times.length,
    daysBetweenRounds: ROUND_DAYS,
    slots: dailySlots(utcOffset, ROUND_DAYS, ...times),
    capacity,
    rules: RULES,
    // One game at a time covers each three hours: none is generated postponed, or the clock
    // would have a hole (the NFL-style league keeps the usual 1 %).
    postponedShare: 0,
  };
}

const AMERICAN_FOOTBALL_LEAGUES: readonly RegionalLeague[] = [
  // College style: US Eastern (UTC-5), 4:00 and 7:00 pm local (21:00, 00:00 UTC).
  league(
    "collegiate-football-conference",
    "Collegiate Football Conference",
    "US",
    -5,
    ["16:00", "19:00"],
    [30_000, 90_000],
  ),
  // Australian gridiron: Queensland (UTC+10), 1:00 pm local (03:00 UTC).
  league(
    "australian-gridiron-league",
    "Australian Gridiron League",
    "AU",
    10,
    ["13:00"],
    [5_000, 15_000],
  ),
  // X-League style: Japan (UTC+9), 3:00 and 6:00 pm local (06:00, 09:00 UTC).
  league(
    "japan-gridiron-league",
    "Japan Gridiron League",
    "JP",
    9,
    ["15:00", "18:00"],
    [10_000, 30_000],
  ),
  // ELF style: Europe (German teams, UTC+1), 1:00, 4:00 and 7:00 pm local (12:00, 15:00, 18:00 UTC).
  league(
    "european-gridiron-league",
    "European Gridiron League",
    "DE",
    1,
    ["13:00", "16:00", "19:00"],
    [8_000, 30_000],
  ),
];

/** Each league with a season under way: a short played history (three rounds) and at least 70 days. */
export function generateAmericanFootballLeagues(ctx: GenContext, profile: TeamSportProfile): void {
  const firstRoundDate = startOfUtcDay(addDays(ctx.anchor, -HISTORY_DAYS));
  for (const spec of AMERICAN_FOOTBALL_LEAGUES) {
    buildRegionalLeague(ctx, profile, spec, { firstRoundDate, days: SEASON_DAYS, fit: "ceil" });
  }
}
