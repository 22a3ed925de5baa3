/**
 * Tennis games inside a set: who serves each game and who wins it, consistent with the set's
 * final games (the set ends on the winner's last game, a tie-break set reaches 6-6 first). Serve
 * alternates; breaks are as few as the score needs, now and then with a break back.
 */

import type { Rng } from "../../sample/rng.js";
import { otherSide } from "../../sports/module-parts.js";
import type { Side } from "../../sports/types.js";

export interface Game {
  server: Side;
  winner: Side;
}

/** Tries at an order of breaks before giving up on a set's games. */
const ATTEMPTS = 80;
/** Chance that a game of a set cut short by a retirement goes with serve. */
const HOLD = 0.78;

/** Whether a set is over at `a`-`b` (tie-break sets end 7-6, which is also a 7). */
function setOver(a: number, b: number): boolean {
  return (Math.max(a, b) >= 6 && Math.abs(a - b) >= 2) || a === 7 || b === 7;
}

/**
 * The games of a completed set with final `games` (before the tie-break when `tiebreak`), the
 * first one served by `firstServer`; null when no order of breaks fits, which a caller reports
 * more coarsely.
 */
export function setGames(
  rng: Rng,
  firstServer: Side,
  games: Record<Side, number>,
  tiebreak: boolean,
): Game[] | null {
  const winner: Side = games.home > games.away ? "home" : "away";
  const count = tiebreak ? 12 : games.home + games.away;
  const servers = Array.from({ length: count }, (_, i) =>
    i % 2 === 0 ? firstServer : otherSide(firstServer),
  );
  const winnerServes = servers.flatMap((server, i) => (server === winner ? [i] : []));
  const loserServes = servers.flatMap((server, i) => (server === winner ? [] : [i]));
  // The winner's games = holds of its own serve + breaks of the other's: the net breaks follow.
  const net = (tiebreak ? 6 : games[winner]) - winnerServes.length;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const breakBack = attempt < ATTEMPTS / 2 && rng.chance(0.35) ? 1 : 0;
    const lost = Math.max(breakBack, -net);
    const won = lost + net;
    if (lost > winnerServes.length || won > loserServes.length) continue;
    const broken = new Set([...rng.sample(winnerServes, lost), ...rng.sample(loserServes, won)]);
    const sequence = servers.map((server, i) => ({
      server,
      winner: broken.has(i) ? otherSide(server) : server,
    }));
    if (fits(sequence, tiebreak)) return sequence;
  }
  return null;
}

function fits(sequence: readonly Game[], tiebreak: boolean): boolean {
  const won = { home: 0, away: 0 };
  for (const [i, game] of sequence.entries()) {
    won[game.winner]++;
    const last = i === sequence.length - 1;
    if (!last && setOver(won.home, won.away)) return false;
    if (last) return tiebreak ? won.home === 6 && won.away === 6 : setOver(won.home, won.away);
  }
  return false;
}

/** Up to `count` games of a set that a retirement cuts short: it never reaches its end. */
export function partialGames(rng: Rng, firstServer: Side, count: number): Game[] {
  const won = { home: 0, away: 0 };
  const sequence: Game[] = [];
  let server = firstServer;
  for (let i = 0; i < count; i++) {
    const winner = rng.chance(HOLD) ? server : otherSide(server);
    won[winner]++;
    if (setOver(won.home, won.away) || (won.home === 6 && won.away === 6)) break;
    sequence.push({ server, winner });
    server = otherSide(server);
  }
  return sequence;
}

/** Who serves first in the next set after `played` games (a tie-break counts as the 13th). */
export function nextFirstServer(firstServer: Side, played: number): Side {
  return (played - 1) % 2 === 0 ? otherSide(firstServer) : firstServer;
}
