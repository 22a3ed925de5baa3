/**
 * Tennis flow: the sample generator's set-by-set match (set scores from the players' ratings,
 * best of five when the competition's `best_of` is 5, the odd retirement), played out game by
 * game: each set opens and closes as a period, with aces, double faults and every break of serve
 * (carrying the set's games after it) before the `set_end` the tennis module scores.
 */
import type { Rng } from "../../sample/rng.js";
import { playMatch } from "../../sample/sports/tennis.js";
import { isSidePair, otherSide } from "../../sports/module-parts.js";
import type { Side } from "../../sports/types.js";
import type { FlowFixture, MatchFlow } from "../flow.js";
import { type Game, nextFirstServer, partialGames, setGames } from "./tennis-games.js";
import { flowEvent, Timeline } from "./timeline.js";

/** Minutes a tie-break takes (the generator adds them to the set). */
const TIEBREAK_MINUTES = 8;
/** Minutes a game takes, for the games played before a retirement. */
const GAME_MINUTES = 4.1;
const ACE = 0.22;
const DOUBLE_FAULT = 0.07;

export function tennisFlow(rng: Rng, fixture: FlowFixture): MatchFlow {
  const { home, away } = fixture;
  if (home === null || away === null) throw new Error("tennis flow needs two players");
  const bestOf = fixture.rules.best_of === 5 ? 5 : 3;
  const script = playMatch(rng, { rating: home.strength }, { rating: away.strength }, bestOf);
  const timeline = new Timeline("tennis");
  let server: Side = rng.chance(0.5) ? "home" : "away";
  let start = 0;
  let set = 0;
  for (const event of script.events) {
    if (event.type === "break_of_serve") continue; // the games below carry every break
    set++;
    const period = event.period ?? `set_${set}`;
    const end = event.minute ?? start;
    timeline.add(start, period, flowEvent("period_start", null));
    if (event.type === "retirement") {
      const games = partialGames(rng, server, Math.floor((end - start) / GAME_MINUTES));
      playGames(rng, timeline, period, games, start, end);
      timeline.add(end, period, flowEvent("retirement", null, { detail: event.detail ?? {} }));
      break;
    }
    const detail = event.detail ?? {};
    const final = isSidePair(detail.games) ? detail.games : { home: 0, away: 0 };
    const tiebreak = isSidePair(detail.tiebreak);
    const games = setGames(rng, server, final, tiebreak);
    const playEnd = tiebreak ? end - TIEBREAK_MINUTES : end;
    if (games !== null) playGames(rng, timeline, period, games, start, playEnd);
    else if (event.side !== null) {
      // No order of games fits (never seen): one break for the set's winner, as the generator has.
      const middle = Math.floor((start + playEnd) / 2);
      timeline.add(middle, period, flowEvent("break_of_serve", event.side));
    }
    server = nextFirstServer(server, tiebreak ? 13 : final.home + final.away);
    timeline.add(end, period, flowEvent("set_end", event.side, { detail }));
    timeline.add(end, period, flowEvent("period_end", null));
    start = end;
  }
  const winner = script.winner === "home" ? home : away;
  const loser = script.winner === "home" ? away : home;
  return {
    sport: "tennis",
    steps: timeline.steps,
    decidedBy: script.decidedBy,
    result: { text: `${winner.name} def. ${loser.name} ${script.setsText}` },
  };
}

/** The games' aces, double faults and breaks, spread evenly from `start` to `end`. */
function playGames(
  rng: Rng,
  timeline: Timeline,
  period: string,
  games: readonly Game[],
  start: number,
  end: number,
): void {
  const score = { home: 0, away: 0 };
  games.forEach((game, i) => {
    const minute = start + Math.floor(((i + 1) * (end - start)) / games.length);
    if (rng.chance(ACE)) timeline.add(minute, period, flowEvent("ace", game.server));
    if (rng.chance(DOUBLE_FAULT))
      timeline.add(minute, period, flowEvent("double_fault", game.server));
    score[game.winner]++;
    if (game.winner === otherSide(game.server)) {
      const detail = { games: { ...score } };
      timeline.add(minute, period, flowEvent("break_of_serve", game.winner, { detail }));
    }
  });
}
