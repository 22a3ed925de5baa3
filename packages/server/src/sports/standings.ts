/**
 * League tables from finished results, under a sport's `StandingsRules`. Pure: the caller
 * loads the teams, results and deductions of one competition season.
 */
import type { Outcome, StandingsRules, TieBreaker } from "./types.js";

/** A conference, division or pool a team plays in for one season. */
export interface TeamGroup {
  /** `conference`, `division`, `league`, `pool`… */
  kind: string;
  name: string;
}

interface StandingsTeam {
  id: string;
  name: string;
  /** Broadest first (conference, then division); absent or empty when the table has none. */
  groups?: readonly TeamGroup[] | undefined;
}

export interface StandingsResult {
  homeTeamId: string;
  awayTeamId: string;
  home: number;
  away: number;
  outcome: Outcome;
  /** ISO timestamp; orders `form`. */
  kickoff: string;
  /** Decimal overs each side faced (cricket, for net run rate). */
  homeOvers?: number;
  awayOvers?: number;
  /** Runs each side is credited with for net run rate when not its score (a revised target). */
  homeRateRuns?: number;
  awayRateRuns?: number;
}

interface PointsDeduction {
  teamId: string;
  /** Points taken away, as a positive number. */
  points: number;
  reason?: string;
}

export interface StandingsInput {
  rules: StandingsRules;
  teams: StandingsTeam[];
  results: StandingsResult[];
  deductions?: PointsDeduction[];
}

export interface StandingsRow {
  position: number;
  team_id: string;
  team: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  no_result: number;
  goals_for: number;
  goals_against: number;
  goal_difference: number;
  /** After deductions. */
  points: number;
  /** Total points deducted. */
  deductions: number;
  win_pct: number;
  /** W/D/L (N for no result), newest last. */
  form: string;
  /** Cricket only: runs per over scored minus runs per over conceded. */
  net_run_rate?: number;
  /**
   * Win-percentage tables only: games behind the leader, `((W1 - W) + (L - L1)) / 2`. The leader
   * is the first row of the team's own groups (its division) when the table has groups, else the
   * first row of the table; in a one-group table (`groupTable`), the first row of that group.
   */
  games_behind?: number;
  /** The narrowest group (division, pool), or null when the table has none. */
  group: string | null;
  /** Every group the team is in, broadest first. */
  groups: TeamGroup[];
}

type TeamOutcome = "W" | "D" | "L" | "N";

/** One result seen from one team's side. */
interface TeamResult {
  teamId: string;
  opponentId: string;
  scored: number;
  conceded: number;
  outcome: TeamOutcome;
  kickoff: string;
  oversFaced: number | undefined;
  oversBowled: number | undefined;
  rateRunsFor: number;
  rateRunsAgainst: number;
}

interface TeamRecord {
  won: number;
  drawn: number;
  lost: number;
  noResult: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
  /** Unrounded winning fraction. */
  winFraction: number;
}

interface Entry {
  team: StandingsTeam;
  record: TeamRecord;
  results: TeamResult[];
  deducted: number;
  netRunRate: number;
}

type Comparator = (a: Entry, b: Entry) => number;
/** A ranking criterion; it sees the group being separated (for head-to-head mini-leagues). */
type Criterion = (group: readonly Entry[]) => Comparator;

const EPSILON = 1e-9;

function teamOutcome(outcome: Outcome, side: "home" | "away"): TeamOutcome {
  if (outcome === "draw") return "D";
  if (outcome === "no_result") return "N";
  return outcome === side ? "W" : "L";
}

function bothPerspectives(result: StandingsResult): [TeamResult, TeamResult] {
  const shared = { kickoff: result.kickoff };
  return [
    {
      ...shared,
      teamId: result.homeTeamId,
      opponentId: result.awayTeamId,
      scored: result.home,
      conceded: result.away,
      outcome: teamOutcome(result.outcome, "home"),
      oversFaced: result.homeOvers,
      oversBowled: result.awayOvers,
      rateRunsFor: result.homeRateRuns ?? result.home,
      rateRunsAgainst: result.awayRateRuns ?? result.away,
    },
    {
      ...shared,
      teamId: result.awayTeamId,
      opponentId: result.homeTeamId,
      scored: result.away,
      conceded: result.home,
      outcome: teamOutcome(result.outcome, "away"),
      oversFaced: result.awayOvers,
      oversBowled: result.homeOvers,
      rateRunsFor: result.awayRateRuns ?? result.away,
      rateRunsAgainst: result.homeRateRuns ?? result.home,
    },
  ];
}

function tally(results: readonly TeamResult[], rules: StandingsRules): TeamRecord {
  const count = (outcome: TeamOutcome) => results.filter((r) => r.outcome === outcome).length;
  const [won, drawn, lost, noResult] = [count("W"), count("D"), count("L"), count("N")];
  const decided = won + drawn + lost;
  const wins = won + (rules.drawCountsHalfInWinPct ? drawn / 2 : 0);
  const { points } = rules;
  return {
    won,
    drawn,
    lost,
    noResult,
    goalsFor: results.reduce((sum, r) => sum + r.scored, 0),
    goalsAgainst: results.reduce((sum, r) => sum + r.conceded, 0),
    points:
      won * points.win + drawn * points.draw + lost * points.loss + noResult * points.no_result,
    winFraction: decided === 0 ? 0 : wins / decided,
  };
}

/** Runs per over scored minus runs per over conceded, over results that have overs. */
function netRunRate(results: readonly TeamResult[]): number {
  let [runsFor, oversFaced, runsAgainst, oversBowled] = [0, 0, 0, 0];
  for (const r of results) {
    if (r.outcome === "N" || r.oversFaced === undefined || r.oversBowled === undefined) continue;
    runsFor += r.rateRunsFor;
    oversFaced += r.oversFaced;
    runsAgainst += r.rateRunsAgainst;
    oversBowled += r.oversBowled;
  }
  const rate = (runs: number, overs: number) => (overs > 0 ? runs / overs : 0);
  return rate(runsFor, oversFaced) - rate(runsAgainst, oversBowled);
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000 + 0;
}

function descending(value: (entry: Entry) => number): Comparator {
  return (a, b) => {
    const difference = value(b) - value(a);
    return Math.abs(difference) < EPSILON ? 0 : difference;
  };
}

/** Records of the group's teams counting only their matches against each other. */
function headToHead(group: readonly Entry[], rules: StandingsRules): Map<string, TeamRecord> {
  const ids = new Set(group.map((entry) => entry.team.id));
  return new Map(
    group.map((entry) => {
      const mutual = entry.results.filter((r) => ids.has(r.opponentId));
      return [entry.team.id, tally(mutual, rules)];
    }),
  );
}

function headToHeadCriterion(
  rules: StandingsRules,
  value: (record: TeamRecord) => number,
): Criterion {
  return (group) => {
    const records = headToHead(group, rules);
    return descending((entry) => {
      const record = records.get(entry.team.id);
      return record === undefined ? 0 : value(record);
    });
  };
}

/** The name of the team's group of a kind (its division, its conference), if any. */
function groupOf(team: StandingsTeam, kind: string): string | undefined {
  return team.groups?.find((g) => g.kind === kind)?.name;
}

/**
 * Winning fraction against the opponents in the team's own group of a kind (division record,
 * conference record). Opponents' groups come from the whole table, not only the tied teams. It
 * separates tied teams only when they all share that group (the NBA's and NFL's "division record,
 * if the teams are in the same division").
 */
function groupRecordCriterion(
  rules: StandingsRules,
  kind: string,
  teams: ReadonlyMap<string, StandingsTeam>,
): Criterion {
  return (group) =>
    new Set(group.map((entry) => groupOf(entry.team, kind))).size > 1
      ? () => 0
      : descending((entry) => {
          const own = groupOf(entry.team, kind);
          if (own === undefined) return 0;
          const inGroup = entry.results.filter((r) => {
            const opponent = teams.get(r.opponentId);
            return opponent !== undefined && groupOf(opponent, kind) === own;
          });
          return tally(inGroup, rules).winFraction;
        });
}

/**
 * The team leading each division: its best by the table's own criteria (`division_leader`
 * aside), so a tie for a division's lead is broken the way the table breaks ties.
 */
function divisionLeaders(
  entries: readonly Entry[],
  rules: StandingsRules,
  teams: ReadonlyMap<string, StandingsTeam>,
): Set<string> {
  const others = rules.tieBreakers.filter((t) => t !== "division_leader");
  const divisions = new Map<string, Entry[]>();
  for (const entry of entries) {
    const division = groupOf(entry.team, "division");
    if (division !== undefined)
      divisions.set(division, [...(divisions.get(division) ?? []), entry]);
  }
  const leaders = new Set<string>();
  for (const members of divisions.values()) {
    const [top] = rank(members, criteria({ ...rules, tieBreakers: others }, teams));
    if (top !== undefined) leaders.add(top.team.id);
  }
  return leaders;
}

function criterion(
  tieBreaker: TieBreaker,
  rules: StandingsRules,
  teams: ReadonlyMap<string, StandingsTeam>,
  entries: readonly Entry[],
): Criterion {
  switch (tieBreaker) {
    case "division_leader": {
      const leaders = divisionLeaders(entries, rules, teams);
      return () => descending((e) => (leaders.has(e.team.id) ? 1 : 0));
    }
    case "division_win_pct":
      return groupRecordCriterion(rules, "division", teams);
    case "conference_win_pct":
      return groupRecordCriterion(rules, "conference", teams);
    case "conference":
      // Orders tied teams by conference name, so the next criteria see one conference's teams.
      return () => (a, b) =>
        (groupOf(a.team, "conference") ?? "").localeCompare(groupOf(b.team, "conference") ?? "");
    case "division":
      // Orders tied teams by division name, so the next criteria see one division's teams.
      return () => (a, b) =>
        (groupOf(a.team, "division") ?? "").localeCompare(groupOf(b.team, "division") ?? "");
    case "goal_difference":
      return () => descending((e) => e.record.goalsFor - e.record.goalsAgainst);
    case "goals_for":
      return () => descending((e) => e.record.goalsFor);
    case "wins":
      return () => descending((e) => e.record.won);
    case "net_run_rate":
      return () => descending((e) => e.netRunRate);
    case "head_to_head_points":
      // Win-percentage leagues compare the head-to-head winning percentage instead of points.
      return headToHeadCriterion(rules, (r) =>
        rules.rankBy === "points" ? r.points : r.winFraction,
      );
    case "head_to_head_goal_difference":
      return headToHeadCriterion(rules, (r) => r.goalsFor - r.goalsAgainst);
    case "head_to_head_goals_for":
      return headToHeadCriterion(rules, (r) => r.goalsFor);
    case "name":
      return () => (a, b) => a.team.name.localeCompare(b.team.name, "en");
  }
}

/** The primary ranking, the rules' tie-breakers, then name and id so every position differs. */
function criteria(
  rules: StandingsRules,
  teams: ReadonlyMap<string, StandingsTeam>,
  entries: readonly Entry[] = [],
): Criterion[] {
  const primary: Criterion =
    rules.rankBy === "points"
      ? () => descending((e) => e.record.points - e.deducted)
      : () => descending((e) => e.record.winFraction);
  const tieBreakers: TieBreaker[] = [...new Set<TieBreaker>([...rules.tieBreakers, "name"])];
  const byId: Criterion = () => (a, b) =>
    a.team.id < b.team.id ? -1 : a.team.id > b.team.id ? 1 : 0;
  return [primary, ...tieBreakers.map((t) => criterion(t, rules, teams, entries)), byId];
}

/** Sorts by the first criterion, then separates each tied run with the remaining ones. */
function rank(group: readonly Entry[], remaining: readonly Criterion[]): Entry[] {
  const [first, ...rest] = remaining;
  if (first === undefined || group.length < 2) return [...group];
  const compare = first(group);
  const ranked: Entry[] = [];
  let run: Entry[] = [];
  for (const entry of [...group].sort(compare)) {
    const head = run[0];
    if (head !== undefined && compare(head, entry) !== 0) {
      ranked.push(...rank(run, rest));
      run = [];
    }
    run.push(entry);
  }
  return [...ranked, ...rank(run, rest)];
}

function byKickoff(a: TeamResult, b: TeamResult): number {
  const difference = Date.parse(a.kickoff) - Date.parse(b.kickoff);
  if (!Number.isNaN(difference) && difference !== 0) return difference;
  return a.kickoff < b.kickoff ? -1 : a.kickoff > b.kickoff ? 1 : 0;
}

function form(results: readonly TeamResult[], length: number): string {
  if (length <= 0) return "";
  const letters = [...results].sort(byKickoff).map((r) => r.outcome);
  return letters.slice(-length).join("");
}

export function computeStandings(input: StandingsInput): StandingsRow[] {
  const { rules, teams } = input;
  const resultsByTeam = new Map<string, TeamResult[]>(teams.map((team) => [team.id, []]));
  for (const perspective of input.results.flatMap(bothPerspectives)) {
    resultsByTeam.get(perspective.teamId)?.push(perspective);
  }
  const entries: Entry[] = teams.map((team) => {
    const results = resultsByTeam.get(team.id) ?? [];
    const deducted = (input.deductions ?? [])
      .filter((deduction) => deduction.teamId === team.id)
      .reduce((sum, deduction) => sum + deduction.points, 0);
    return {
      team,
      results,
      record: tally(results, rules),
      deducted,
      netRunRate: netRunRate(results),
    };
  });
  const withNetRunRate = rules.tieBreakers.includes("net_run_rate");
  const byId = new Map(teams.map((team) => [team.id, team]));
  const ranked = rank(entries, criteria(rules, byId, entries)).map((entry, index) => {
    const { record } = entry;
    const row: StandingsRow = {
      position: index + 1,
      team_id: entry.team.id,
      team: entry.team.name,
      played: entry.results.length,
      won: record.won,
      drawn: record.drawn,
      lost: record.lost,
      no_result: record.noResult,
      goals_for: record.goalsFor,
      goals_against: record.goalsAgainst,
      goal_difference: record.goalsFor - record.goalsAgainst,
      points: record.points - entry.deducted,
      deductions: entry.deducted,
      win_pct: round3(record.winFraction),
      form: form(entry.results, rules.formLength),
      group: entry.team.groups?.at(-1)?.name ?? null,
      groups: [...(entry.team.groups ?? [])],
    };
    return withNetRunRate ? { ...row, net_run_rate: round3(entry.netRunRate) } : row;
  });
  return rules.rankBy === "win_pct" ? withGroupGamesBehind(ranked) : ranked;
}

/**
 * Games behind a leader, for win-percentage tables: half the difference in wins plus half the
 * difference in losses (ties and no-results count for neither).
 */
function gamesBehind(leader: StandingsRow, row: StandingsRow): number {
  return (leader.won - row.won + (row.lost - leader.lost)) / 2 + 0;
}

/** Games behind the first row: a table of one group. */
function withGamesBehind<T extends StandingsRow>(rows: readonly T[]): T[] {
  const leader = rows[0];
  if (leader === undefined) return [];
  return rows.map((row) => ({ ...row, games_behind: gamesBehind(leader, row) }));
}

/**
 * Games behind the first row of each row's own groups (every group it is in, so its division
 * within its conference), for a table that spans several groups: the AL Central's leader is 0
 * games behind, however far it trails the best record in the majors. Rows without groups are
 * measured against the first row without groups; a table without groups against its first row.
 * Idempotent, so a kept table can be passed through it again.
 */
export function withGroupGamesBehind<T extends StandingsRow>(rows: readonly T[]): T[] {
  const leaders = new Map<string, T>();
  return rows.map((row) => {
    const key = JSON.stringify(row.groups.map((g) => [g.kind, g.name]));
    const leader = leaders.get(key) ?? row;
    leaders.set(key, leader);
    return { ...row, games_behind: gamesBehind(leader, row) };
  });
}

/** Whether a row belongs to the group named `group` (any of its groups, case and accents aside). */
function inGroup(row: Pick<StandingsRow, "groups">, group: string): boolean {
  const key = groupKey(group);
  return row.groups.some(
    (g) => groupKey(g.name) === key || groupKey(`${g.name} ${g.kind}`) === key,
  );
}

function groupKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The rows of one group, numbered from 1 within it, with games behind its own first row. */
export function groupTable<T extends StandingsRow>(
  rows: readonly T[],
  group: string,
  rules: Pick<StandingsRules, "rankBy">,
): T[] {
  const members = rows
    .filter((row) => inGroup(row, group))
    .map((row, i) => ({ ...row, position: i + 1 }));
  return rules.rankBy === "win_pct" ? withGamesBehind(members) : members;
}
