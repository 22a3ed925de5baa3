/**
 * A season's matches in playing order, split into the league stage and the play-offs (the last
 * matches of the season, named by the competition's play-off format and checked against it:
 * who meets whom follows from the earlier play-off results), with each match's round name and
 * approximate kick-off (Cricsheet 0.9 has dates only: the competition's usual local start time,
 * the afternoon one for the first of two matches on a day, converted to UTC).
 */
import { ImportError } from "../shared/import-format.js";
import type { CompetitionInfo } from "./competitions.js";
import { localToUtc } from "./kickoff.js";
import type { SourceMatch } from "./source-shape.js";

export interface ScheduledMatch {
  match: SourceMatch;
  stage: "league" | "playoffs";
  round: string;
  kickoff: string;
}

const byPlayingOrder = (a: SourceMatch, b: SourceMatch) =>
  (a.dates[0] ?? "").localeCompare(b.dates[0] ?? "") || Number(a.matchId) - Number(b.matchId);

export function schedule(info: CompetitionInfo, matches: readonly SourceMatch[]): ScheduledMatch[] {
  const ordered = [...matches].sort(byPlayingOrder);
  const perDay = new Map<string, number>();
  for (const m of ordered) perDay.set(m.dates[0] ?? "", (perDay.get(m.dates[0] ?? "") ?? 0) + 1);
  const seenOnDay = new Map<string, number>();
  const leagueCount = Math.max(0, ordered.length - info.playoffs.length);
  const scheduled = ordered.map((match, index): ScheduledMatch => {
    const day = match.dates[0] ?? "";
    const nth = (seenOnDay.get(day) ?? 0) + 1;
    seenOnDay.set(day, nth);
    const afternoon = (perDay.get(day) ?? 1) > 1 && nth === 1;
    const time = afternoon ? info.afternoonStart : info.eveningStart;
    const league = index < leagueCount;
    return {
      match,
      stage: league ? "league" : "playoffs",
      round: league ? `Match ${index + 1}` : (info.playoffs[index - leagueCount] ?? "Playoff"),
      kickoff: localToUtc(day, time, info.timeZone),
    };
  });
  checkPlayoffs(
    info,
    scheduled.filter((s) => s.stage === "playoffs").map((s) => s.match),
  );
  return scheduled;
}

const winnerOf = (m: SourceMatch) => (m.outcome.kind === "no_result" ? null : m.outcome.winner);
const loserOf = (m: SourceMatch) => {
  const winner = winnerOf(m);
  return winner === null ? null : (m.teams.find((t) => t !== winner) ?? null);
};

/**
 * IPL-style play-offs (Qualifier 1, Eliminator, Qualifier 2, Final): Qualifier 2 is the loser of
 * Qualifier 1 against the Eliminator's winner, the Final Qualifier 1's winner against Qualifier
 * 2's. A season whose last matches do not fit is rejected at the first that does not.
 */
function checkPlayoffs(info: CompetitionInfo, playoffs: readonly SourceMatch[]): void {
  if (info.playoffs.join("|") !== "Qualifier 1|Eliminator|Qualifier 2|Final") return;
  const [q1, elim, q2, final] = playoffs;
  if (q1 === undefined || elim === undefined || q2 === undefined || final === undefined) {
    const path = playoffs[0]?.path ?? "";
    throw new ImportError(
      path,
      null,
      `the season has fewer than ${info.playoffs.length + 1} matches: no play-offs to name`,
    );
  }
  const expect = (match: SourceMatch, name: string, teams: Array<string | null>) => {
    if (teams.some((t) => t === null)) return;
    const same = teams.every((t) => t !== null && match.teams.includes(t));
    if (!same) {
      throw new ImportError(
        match.path,
        null,
        `as the season's ${name} this match should be ${teams.join(" v ")}, not ${match.teams.join(" v ")}: the season's last ${info.playoffs.length} matches do not fit the play-off format`,
      );
    }
  };
  const four = new Set([...q1.teams, ...elim.teams]);
  if (four.size !== 4) {
    throw new ImportError(
      elim.path,
      null,
      "Qualifier 1 and the Eliminator must have four different teams",
    );
  }
  expect(q2, "Qualifier 2", [loserOf(q1), winnerOf(elim)]);
  expect(final, "Final", [winnerOf(q1), winnerOf(q2)]);
}
