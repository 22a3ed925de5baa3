/**
 * What a Cricsheet `<competition>` code means: the league's name, country, time zone, the usual
 * local start times of its matches (Cricsheet 0.9 has dates only), how its play-offs are played,
 * and the franchises' names, abbreviations and renames. Only competitions listed here import; any
 * other code is an error naming it, rather than a guess.
 */

export interface Franchise {
  /** The franchise's current name (the team row's name). */
  name: string;
  shortName: string;
  abbreviation: string;
  city: string;
}

export interface CompetitionInfo {
  code: string;
  name: string;
  slug: string;
  countryCode: string;
  countryName: string;
  timeZone: string;
  /** Matches after the league stage, in the order they are played, by name. */
  playoffs: readonly string[];
  playoffsName: string;
  /** Local start times: the afternoon match of a day with two, and every other match. */
  afternoonStart: string;
  eveningStart: string;
  rules: Record<string, unknown>;
  /** Franchises by every name they played under in the data. */
  franchises: Readonly<Record<string, Franchise>>;
}

const franchise = (name: string, shortName: string, abbreviation: string, city: string) => ({
  name,
  shortName,
  abbreviation,
  city,
});

const DELHI = franchise("Delhi Capitals", "Delhi", "DC", "Delhi");

/**
 * Indian Premier League. Play-offs since 2011: Qualifier 1 (1st v 2nd), Eliminator (3rd v 4th),
 * Qualifier 2 (loser of Q1 v winner of the Eliminator), Final. Afternoon matches start at 16:00
 * and evening matches at 20:00 India time (2018, 2019). Delhi Daredevils became Delhi Capitals in
 * December 2018 (same franchise).
 */
const IPL: CompetitionInfo = {
  code: "IPL",
  name: "Indian Premier League",
  slug: "indian-premier-league",
  countryCode: "IN",
  countryName: "India",
  timeZone: "Asia/Kolkata",
  playoffs: ["Qualifier 1", "Eliminator", "Qualifier 2", "Final"],
  playoffsName: "Indian Premier League Playoffs",
  afternoonStart: "16:00",
  eveningStart: "20:00",
  rules: {
    format: "T20",
    overs: 20,
    super_over: true,
    points: { win: 2, loss: 0, no_result: 1 },
    tie_breakers: ["net_run_rate", "name"],
  },
  franchises: {
    "Chennai Super Kings": franchise("Chennai Super Kings", "Chennai", "CSK", "Chennai"),
    "Delhi Capitals": DELHI,
    "Delhi Daredevils": DELHI,
    "Kings XI Punjab": franchise("Kings XI Punjab", "Punjab", "KXIP", "Mohali"),
    "Kolkata Knight Riders": franchise("Kolkata Knight Riders", "Kolkata", "KKR", "Kolkata"),
    "Mumbai Indians": franchise("Mumbai Indians", "Mumbai", "MI", "Mumbai"),
    "Rajasthan Royals": franchise("Rajasthan Royals", "Rajasthan", "RR", "Jaipur"),
    "Royal Challengers Bangalore": franchise(
      "Royal Challengers Bangalore",
      "Bangalore",
      "RCB",
      "Bengaluru",
    ),
    "Sunrisers Hyderabad": franchise("Sunrisers Hyderabad", "Hyderabad", "SRH", "Hyderabad"),
  },
};

const COMPETITIONS: Readonly<Record<string, CompetitionInfo>> = { IPL };

export function competitionInfo(code: string): CompetitionInfo | undefined {
  return COMPETITIONS[code];
}

export const KNOWN_COMPETITIONS = Object.keys(COMPETITIONS);

/** The franchise a source team name belongs to; an unknown name stands for itself. */
export function franchiseOf(info: CompetitionInfo, sourceName: string): Franchise {
  const known = info.franchises[sourceName];
  if (known !== undefined) return known;
  const initials = sourceName
    .split(/\s+/)
    .map((word) => word[0] ?? "")
    .join("")
    .toUpperCase();
  return franchise(sourceName, sourceName, initials, "");
}
