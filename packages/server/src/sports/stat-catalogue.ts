/**
 * Each sport's statistics for `/statistics/leaders` and for `sort` on the player and team lists
 * (ADR-0041), published by `/v1/sports`. Names are the keys of the season stats documents the
 * sample data, the importers and feed `statistics` messages write; rates are computed from those
 * totals the same way for every source.
 */
import { SPORT_MODULES } from "./registry.js";
import { rate, ratio, type StatDefinition, type StatSubject, sum, total } from "./stat-kinds.js";
import type { Sport } from "./types.js";

const player = (stat: string, description: string) => total("player", stat, description);

/** Team records: every team sport's season rows carry these (sample, importers alike). */
function teamRecord(sport: Sport): StatDefinition[] {
  const draws = SPORT_MODULES[sport].standings?.drawsPossible ?? false;
  return [
    total("team", "played", "Games played"),
    total("team", "won", "Games won"),
    ...(draws ? [total("team", "drawn", "Games drawn (cricket: tied)")] : []),
    total("team", "lost", "Games lost"),
    total("team", "scored", "Goals, points or runs scored"),
    total("team", "conceded", "Goals, points or runs conceded"),
    total("team", "difference", "Scored less conceded"),
    rate("team", "win_pct", "Winning percentage, as the season row states it", {
      decimals: 3,
      compute: (read) => ((read("played") ?? 0) > 0 ? read("win_pct") : null),
    }),
    rate("team", "scored_per_game", "Scored per game played", {
      decimals: 2,
      compute: (read) => ratio(read("scored"), read("played")),
    }),
    rate("team", "conceded_per_game", "Conceded per game played (fewest first)", {
      order: "asc",
      decimals: 2,
      compute: (read) => ratio(read("conceded"), read("played")),
    }),
  ];
}

const perAppearance = (stat: string, of: string, minimum: number) =>
  rate("player", stat, `${of.replace(/_/g, " ")} per appearance`, {
    decimals: 2,
    qualifier: { stat: "appearances", perGame: minimum },
    compute: (read) => ratio(read(of), read("appearances")),
  });

const FOOTBALL: StatDefinition[] = [
  player("goals", "Goals scored (penalties included, own goals not)"),
  player("assists", "Assists"),
  player("appearances", "Appearances"),
  player("starts", "Starts"),
  player("substitute_appearances", "Appearances from the bench"),
  player("yellow_cards", "Yellow cards"),
  player("red_cards", "Red cards"),
  player("own_goals", "Own goals"),
  player("penalties_scored", "Penalties scored"),
  player("penalties_missed", "Penalties missed"),
  player("clean_sheets", "Clean sheets (goalkeepers)"),
  perAppearance("goals_per_game", "goals", 0.5),
  ...teamRecord("football"),
  total("team", "clean_sheets", "Games without conceding"),
];

const BASKETBALL: StatDefinition[] = [
  player("points", "Points"),
  player("rebounds", "Rebounds"),
  player("assists", "Assists"),
  player("steals", "Steals"),
  player("blocks", "Blocks"),
  player("field_goals", "Field goals made"),
  player("three_pointers", "Three-pointers made"),
  player("free_throws", "Free throws made"),
  player("appearances", "Games played"),
  player("starts", "Games started"),
  player("war", "Wins above replacement (RAPTOR data)"),
  perAppearance("points_per_game", "points", 0.7),
  perAppearance("rebounds_per_game", "rebounds", 0.7),
  perAppearance("assists_per_game", "assists", 0.7),
  ...teamRecord("basketball"),
];

const AMERICAN_FOOTBALL: StatDefinition[] = [
  player("touchdowns", "Touchdowns scored"),
  player("passing_touchdowns", "Touchdown passes thrown"),
  player("passing_yards", "Passing yards"),
  player("rushing_yards", "Rushing yards"),
  player("receiving_yards", "Receiving yards"),
  player("interceptions", "Interceptions made"),
  player("sacks", "Sacks"),
  player("field_goals", "Field goals kicked"),
  player("extra_points", "Extra points kicked"),
  player("two_point_conversions", "Two-point conversions"),
  player("turnovers", "Turnovers"),
  player("appearances", "Games played"),
  player("starts", "Games started"),
  ...teamRecord("american-football"),
];

const overs = { stat: "balls_bowled", perGame: 6 };
const CRICKET: StatDefinition[] = [
  player("runs", "Runs scored"),
  player("wickets", "Wickets taken"),
  player("fifties", "Innings of 50 to 99"),
  player("hundreds", "Innings of 100 or more"),
  player("fours", "Fours hit"),
  player("sixes", "Sixes hit"),
  player("catches", "Catches"),
  player("stumpings", "Stumpings"),
  player("maidens", "Maiden overs bowled"),
  player("innings", "Innings batted"),
  player("appearances", "Matches played"),
  rate("player", "batting_average", "Runs per dismissal (innings less not-outs)", {
    decimals: 2,
    qualifier: { stat: "innings", perGame: 0.5 },
    compute: (read) => {
      const innings = read("innings");
      const notOuts = read("not_outs") ?? 0;
      return ratio(read("runs"), innings === null ? null : innings - notOuts);
    },
  }),
  rate("player", "strike_rate", "Runs per 100 balls faced", {
    decimals: 2,
    qualifier: { stat: "balls_faced", perGame: 6 },
    compute: (read) => ratio(read("runs"), read("balls_faced"), 100),
  }),
  rate("player", "economy", "Runs conceded per six balls bowled (lowest first)", {
    order: "asc",
    decimals: 2,
    qualifier: overs,
    compute: (read) => ratio(read("runs_conceded"), read("balls_bowled"), 6),
  }),
  rate("player", "bowling_average", "Runs conceded per wicket (lowest first)", {
    order: "asc",
    decimals: 2,
    qualifier: overs,
    compute: (read) => ratio(read("runs_conceded"), read("wickets")),
  }),
  ...teamRecord("cricket"),
  total("team", "points", "Table points"),
  total("team", "no_result", "Matches without a result"),
  rate("team", "net_run_rate", "Net run rate", {
    decimals: 3,
    compute: (read) =>
      (read("played") ?? 0) > 0 ? (read("net_run_rate") ?? read("net_run_rate.value")) : null,
  }),
];

const plateAppearances = { stat: "plate_appearances", perGame: 3.1 };
const BASEBALL: StatDefinition[] = [
  player("home_runs", "Home runs"),
  player("hits", "Hits"),
  player("runs", "Runs scored"),
  player("rbi", "Runs batted in"),
  player("doubles", "Doubles"),
  player("triples", "Triples"),
  player("walks", "Walks (batting)"),
  player("stolen_bases", "Stolen bases"),
  player("strikeouts", "Strikeouts (as the data credits them: batters in play-by-play data)"),
  player("strikeouts_pitched", "Strikeouts by a pitcher"),
  player("wins", "Wins credited to a pitcher"),
  player("saves", "Saves"),
  player("errors", "Fielding errors"),
  player("appearances", "Games played"),
  rate("player", "batting_average", "Hits per at-bat", {
    decimals: 3,
    qualifier: plateAppearances,
    compute: (read) => ratio(read("hits"), read("at_bats")),
  }),
  rate("player", "on_base_pct", "Times on base per plate appearance (OBP)", {
    decimals: 3,
    qualifier: plateAppearances,
    compute: (read) => {
      const onBase = sum(read("hits"), read("walks"), read("hit_by_pitch") ?? 0);
      const chances = sum(
        read("at_bats"),
        read("walks"),
        read("hit_by_pitch") ?? 0,
        read("sacrifice_flies") ?? 0,
      );
      return ratio(onBase, chances);
    },
  }),
  rate("player", "slugging_pct", "Total bases per at-bat", {
    decimals: 3,
    qualifier: plateAppearances,
    compute: (read) => {
      const hits = read("hits");
      const extra = sum(
        read("doubles") ?? 0,
        2 * (read("triples") ?? 0),
        3 * (read("home_runs") ?? 0),
      );
      return ratio(sum(hits, extra), read("at_bats"));
    },
  }),
  rate("player", "era", "Earned runs per nine innings pitched (lowest first)", {
    order: "asc",
    decimals: 2,
    qualifier: { stat: "outs_pitched", perGame: 3 },
    compute: (read) => ratio(read("earned_runs"), read("outs_pitched"), 27),
  }),
  rate("player", "whip", "Walks and hits per inning pitched (lowest first)", {
    order: "asc",
    decimals: 2,
    qualifier: { stat: "outs_pitched", perGame: 3 },
    compute: (read) =>
      ratio(sum(read("walks_allowed"), read("hits_allowed")), read("outs_pitched"), 3),
  }),
  ...teamRecord("baseball"),
];

const ESPORTS: StatDefinition[] = [
  player("kills", "Kills"),
  player("deaths", "Deaths"),
  player("assists", "Assists"),
  player("aces", "Aces (a whole team eliminated by one player)"),
  player("map_mvps", "Map MVP awards"),
  player("appearances", "Matches played"),
  player("starts", "Matches started"),
  rate("player", "kd_ratio", "Kills per death", {
    decimals: 2,
    qualifier: { stat: "appearances", perGame: 0.5 },
    compute: (read) => ratio(read("kills"), read("deaths")),
  }),
  ...teamRecord("esports"),
];

const TENNIS: StatDefinition[] = [
  player("aces", "Aces served"),
  player("double_faults", "Double faults"),
  player("matches_won", "Matches won"),
  player("matches_lost", "Matches lost"),
  player("titles", "Titles won"),
  player("tiebreaks_won", "Tie-breaks won"),
  player("matches_played", "Matches played"),
  player("sets_won", "Sets won"),
  player("sets_lost", "Sets lost"),
  player("games_won", "Games won (those of a set cut short by a retirement included)"),
  player("games_lost", "Games lost"),
  player("tiebreaks_lost", "Tie-breaks lost"),
  player("breaks_of_serve", "Breaks of serve (return games won)"),
];

const COMBAT_SPORTS: StatDefinition[] = [
  player("wins", "Fights won"),
  player("losses", "Fights lost"),
  player("draws", "Fights drawn"),
  player("knockouts", "Wins by knockout or technical knockout"),
  player("submissions", "Wins by submission"),
  player("knockdowns", "Knockdowns scored"),
  player("significant_strikes", "Significant strikes landed"),
  player("takedowns", "Takedowns landed"),
  player("fights", "Fights fought"),
  player("decisions", "Wins on the judges' cards"),
  player("no_contests", "No contests"),
];

const GOLF: StatDefinition[] = [
  player("events", "Events played"),
  player("wins", "Events won"),
  player("top_10s", "Top-ten finishes (ties included)"),
  player("top_25s", "Top-25 finishes (ties included)"),
  player("cuts_made", "Cuts made"),
  player("rounds", "Rounds played"),
  player("birdies", "Birdies"),
  player("eagles", "Eagles: holes two or more under par"),
  // A golfer qualifies with 1.5 rounds per event the busiest golfer played.
  rate("player", "scoring_average", "Strokes per round (lowest first)", {
    order: "asc",
    decimals: 2,
    qualifier: { stat: "rounds", perGame: 1.5 },
    compute: (read) => ratio(read("strokes"), read("rounds")),
  }),
];

const HORSE_RACING: StatDefinition[] = [
  player("rides", "Rides (jockeys and drivers)"),
  player("wins", "Winners ridden"),
  player("seconds", "Second places"),
  player("thirds", "Third places"),
  player("places", "Placed finishes: first, second or third"),
  rate("player", "strike_rate", "Winners per 100 rides", {
    decimals: 1,
    qualifier: { stat: "rides", perGame: 0.25 },
    compute: (read) => ratio(read("wins"), read("rides"), 100),
  }),
];

const CATALOGUE: Record<Sport, readonly StatDefinition[]> = {
  football: FOOTBALL,
  basketball: BASKETBALL,
  "american-football": AMERICAN_FOOTBALL,
  cricket: CRICKET,
  tennis: TENNIS,
  "horse-racing": HORSE_RACING,
  baseball: BASEBALL,
  esports: ESPORTS,
  golf: GOLF,
  "combat-sports": COMBAT_SPORTS,
};

/** The statistics `/statistics/leaders` ranks for this sport and subject, in catalogue order. */
export function leaderStats(sport: Sport, subject: StatSubject): readonly StatDefinition[] {
  return CATALOGUE[sport].filter((s) => s.subject === subject);
}

/** The totals a list of this subject can sort by (summed over competitions). */
export function sortableTotals(sport: Sport, subject: StatSubject): string[] {
  return leaderStats(sport, subject)
    .filter((s) => s.kind === "total")
    .map((s) => s.stat);
}
