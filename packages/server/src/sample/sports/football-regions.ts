/**
 * Football's regional leagues (issue 18): competitions in other time zones, so that in real time
 * some football match is live at every moment of the week. Each plays weekly rounds (every club
 * once a week) spread over the week at local kick-off times its region plays; together with the
 * four European leagues a match kicks off at most 105 minutes after the previous one, round the
 * clock (a match takes at least 108 minutes of wall time). The sample world is denser than any
 * real week: more leagues and more match days than reality.
 *
 * Times are local, converted with a fixed UTC offset: the one of a November anchor (no daylight
 * saving in Europe or North America then, summer time in Australia and New Zealand). Copies of a
 * season (the rolling calendar) keep the UTC times, so in June the local times of the regions with
 * daylight saving move by an hour.
 */
import type { KickoffSlot } from "../home-slots.js";

type Weekday = "Sat" | "Sun" | "Mon" | "Tue" | "Wed" | "Thu" | "Fri";

/** Days after the round's Saturday (rounds run Saturday to Friday, UTC). */
const WEEKDAYS: readonly Weekday[] = ["Sat", "Sun", "Mon", "Tue", "Wed", "Thu", "Fri"];
const WEEK_MINUTES = 7 * 24 * 60;

/** A local kick-off: the weekday, "HH:MM" and the UTC offset in hours where it is played. */
type LocalKickoff = readonly [Weekday, string, number];

/** The UTC slot of a local kick-off, within the round's week. */
function utcSlot([weekday, time, offset]: LocalKickoff): KickoffSlot {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const local = WEEKDAYS.indexOf(weekday) * 1440 + hours * 60 + minutes;
  const utc = (((local - offset * 60) % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES;
  return { day: Math.floor(utc / 1440), hour: Math.floor((utc % 1440) / 60), minute: utc % 60 };
}

/** Kick-offs at one offset: `at(-3, ["Sat", "16:00"], …)`. */
function at(offset: number, ...times: ReadonlyArray<readonly [Weekday, string]>): LocalKickoff[] {
  return times.map(([day, time]) => [day, time, offset] as const);
}

export interface RegionalLeague {
  country: string;
  slug: string;
  name: string;
  /** Clubs: 18 or 20, so a round has as many matches as the league has kick-offs. */
  teams: 18 | 20;
  slots: readonly KickoffSlot[];
}

function league(
  country: string,
  slug: string,
  name: string,
  teams: 18 | 20,
  kickoffs: readonly LocalKickoff[],
): RegionalLeague {
  if (kickoffs.length !== teams / 2) throw new Error(`${slug}: one kick-off per match of a round`);
  return { country, slug, name, teams, slots: kickoffs.map(utcSlot) };
}

export const REGIONAL_LEAGUES: readonly RegionalLeague[] = [
  // Brasileirão style: Brazil (UTC-3, no daylight saving), Sat 16:00/19:00, Sun 17:30/20:30,
  // Mon–Thu 21:30 and Wed/Thu 19:45 local.
  league("BR", "serie-nacional", "Série Nacional", 20, [
    ...at(-3, ["Sat", "16:00"], ["Sat", "19:00"], ["Sun", "17:30"], ["Sun", "20:30"]),
    ...at(-3, ["Mon", "21:30"], ["Tue", "21:30"], ["Wed", "21:30"], ["Thu", "21:30"]),
    ...at(-3, ["Wed", "19:45"], ["Thu", "19:45"]),
  ]),
  // Argentine style: Argentina (UTC-3), Sat 17:30, Sun 19:00, Mon–Fri 18:00 and
  // Mon/Tue/Fri 19:45 local.
  league("AR", "primera-argentina", "Primera Argentina", 20, [
    ...at(-3, ["Sat", "17:30"], ["Sun", "19:00"]),
    ...at(-3, ["Mon", "18:00"], ["Tue", "18:00"], ["Wed", "18:00"], ["Thu", "18:00"]),
    ...at(-3, ["Fri", "18:00"], ["Mon", "19:45"], ["Tue", "19:45"], ["Fri", "19:45"]),
  ]),
  // Liga MX style: central Mexico (UTC-6, no daylight saving since 2022), Fri 20:00,
  // Sat 17:30/19:00, Sun 19:00, Mon–Thu 20:00 and Wed 21:30 local.
  league("MX", "liga-mayor", "Liga Mayor", 18, [
    ...at(-6, ["Fri", "20:00"], ["Sat", "17:30"], ["Sat", "19:00"], ["Sun", "19:00"]),
    ...at(-6, ["Mon", "20:00"], ["Tue", "20:00"], ["Wed", "20:00"], ["Thu", "20:00"]),
    ...at(-6, ["Wed", "21:30"]),
  ]),
  // MLS style: US Pacific (UTC-8) Fri 19:30, Sat/Sun 18:30, Sun 20:00, Mon/Tue/Thu 19:30, and
  // US Eastern (UTC-5) Fri/Wed 19:30 local.
  league("US", "continental-soccer-league", "Continental Soccer League", 18, [
    ...at(-8, ["Fri", "19:30"], ["Sat", "18:30"], ["Sun", "18:30"], ["Sun", "20:00"]),
    ...at(-8, ["Mon", "19:30"], ["Tue", "19:30"], ["Thu", "19:30"]),
    ...at(-5, ["Fri", "19:30"], ["Wed", "19:30"]),
  ]),
  // New Zealand (UTC+13 in summer): Sat 19:30, Sun/Mon 18:30, Tue–Fri 18:15 and
  // Mon–Wed 20:00 local.
  league("NZ", "national-premiership", "National Premiership", 20, [
    ...at(13, ["Sat", "19:30"], ["Sun", "18:30"], ["Mon", "18:30"]),
    ...at(13, ["Tue", "18:15"], ["Wed", "18:15"], ["Thu", "18:15"], ["Fri", "18:15"]),
    ...at(13, ["Mon", "20:00"], ["Tue", "20:00"], ["Wed", "20:00"]),
  ]),
  // A-League style: Australian east coast (UTC+11 in summer), Sat 19:00, Sun 15:00/19:30,
  // Mon–Fri 19:45 and Thu/Fri 18:00 local.
  league("AU", "australian-premier-league", "Australian Premier League", 20, [
    ...at(11, ["Sat", "19:00"], ["Sun", "15:00"], ["Sun", "19:30"]),
    ...at(11, ["Mon", "19:45"], ["Tue", "19:45"], ["Wed", "19:45"], ["Thu", "19:45"]),
    ...at(11, ["Fri", "19:45"], ["Thu", "18:00"], ["Fri", "18:00"]),
  ]),
  // J-League style: Japan (UTC+9), Sat 14:00/18:30/20:00, Sun 16:00/19:00 and Mon–Fri 19:30
  // local.
  league("JP", "japan-premier-league", "Japan Premier League", 20, [
    ...at(9, ["Sat", "14:00"], ["Sat", "18:30"], ["Sat", "20:00"], ["Sun", "16:00"]),
    ...at(9, ["Sun", "19:00"], ["Mon", "19:30"], ["Tue", "19:30"], ["Wed", "19:30"]),
    ...at(9, ["Thu", "19:30"], ["Fri", "19:30"]),
  ]),
  // ISL style: India (UTC+5:30), Sun 17:00, Mon–Fri 17:45 and Mon–Wed 19:30 local.
  league("IN", "indian-football-league", "Indian Football League", 18, [
    ...at(5.5, ["Sun", "17:00"], ["Mon", "17:45"], ["Tue", "17:45"], ["Wed", "17:45"]),
    ...at(5.5, ["Thu", "17:45"], ["Fri", "17:45"]),
    ...at(5.5, ["Mon", "19:30"], ["Tue", "19:30"], ["Wed", "19:30"]),
  ]),
  // Süper Lig style: Turkey (UTC+3), Sat 17:00/19:30, Thu/Fri 17:00 and Mon–Fri 18:45 local.
  league("TR", "birinci-lig", "Birinci Lig", 18, [
    ...at(3, ["Sat", "17:00"], ["Sat", "19:30"], ["Thu", "17:00"], ["Fri", "17:00"]),
    ...at(3, ["Mon", "18:45"], ["Tue", "18:45"], ["Wed", "18:45"], ["Thu", "18:45"]),
    ...at(3, ["Fri", "18:45"]),
  ]),
  // French style: France (UTC+1), Sat/Sun 19:00, Mon–Fri 20:15 and Tue/Fri 18:30 local.
  league("FR", "division-nationale", "Division Nationale", 18, [
    ...at(1, ["Sat", "19:00"], ["Sun", "19:00"]),
    ...at(1, ["Mon", "20:15"], ["Tue", "20:15"], ["Wed", "20:15"], ["Thu", "20:15"]),
    ...at(1, ["Fri", "20:15"], ["Tue", "18:30"], ["Fri", "18:30"]),
  ]),
  // PSL style: South Africa (UTC+2), Sat 15:30, Sun 15:00/17:30, Mon–Fri 19:30 and Wed 17:30
  // local.
  league("ZA", "super-division", "Super Division", 18, [
    ...at(2, ["Sat", "15:30"], ["Sun", "15:00"], ["Sun", "17:30"]),
    ...at(2, ["Mon", "19:30"], ["Tue", "19:30"], ["Wed", "19:30"], ["Thu", "19:30"]),
    ...at(2, ["Fri", "19:30"], ["Wed", "17:30"]),
  ]),
];
