/**
 * The sandbox's compressed calendar (ADR-0043): its world runs `speed` times faster than the
 * clock, so the schedule ahead of now is compressed by that factor — and the idle gaps between a
 * sport's kick-offs are squeezed to at most a little less than one of its matches, so that there
 * is always a match live in every sport. Only the future moves, and only closer to now: nothing
 * already played changes, and no fixture is brought before now.
 */

import { isoSeconds } from "../lib/time.js";
import type { Sport } from "../sports/types.js";
import type { Dataset } from "../store/dataset.js";

/**
 * World minutes the shorter of a sport's matches take (the tenth percentile of the simulator's,
 * in wall-clock minutes): the longest gap between two of its kick-offs in the sandbox is 80 % of
 * it, so one match is still on when the next starts. Horse racing and combat sports cannot be
 * held to that (a two-minute race, a bout stopped in a minute): races keep their meetings'
 * spacing, a bout goes on at least every 16 minutes.
 */
const SHORT_MATCH_MINUTES: Readonly<Record<Sport, number>> = {
  football: 108,
  basketball: 112,
  "american-football": 186,
  cricket: 166,
  tennis: 72,
  "horse-racing": 30,
  baseball: 146,
  esports: 92,
  golf: 4_900,
  "combat-sports": 20,
};

/**
 * The longest gap (world milliseconds) between two kick-offs of a sport in the sandbox. Horse
 * racing is not squeezed: a race is live for two world minutes whatever the gaps, and squeezing
 * every racecourse's meetings together ran hundreds of races an hour at speed 300.
 */
export function maxGapWorldMs(sport: Sport): number {
  if (sport === "horse-racing") return Number.POSITIVE_INFINITY;
  return SHORT_MATCH_MINUTES[sport] * 0.8 * 60_000;
}

/**
 * Compresses the dataset's future in place: every fixture kicking off after `now` moves to
 * `now + squeezed offset / speed`, per sport, the first of each sport at once (so the sandbox
 * starts with a match live in every sport), a postponed one leaving no gap.
 */
export function compressFuture(dataset: Dataset, now: Date, speed: number): void {
  const nowMs = now.getTime();
  const bySport = new Map<string, Array<{ row: Dataset["fixtures"][number]; at: number }>>();
  for (const row of dataset.fixtures) {
    const at = Date.parse(row.kickoff);
    if (at <= nowMs) continue;
    const list = bySport.get(row.sport) ?? [];
    list.push({ row, at });
    bySport.set(row.sport, list);
  }
  for (const [sport, list] of bySport) {
    list.sort((a, b) => a.at - b.at || (a.row.id < b.row.id ? -1 : 1));
    const maxGap = maxGapWorldMs(sport as Sport);
    // The first fixture kicks off now; each later one at most `maxGap` after the last one that
    // is played (a postponed fixture leaves no gap behind it).
    let played = list[0]?.at ?? nowMs;
    let placed = 0;
    for (const f of list) {
      const offset = placed + Math.min(f.at - played, maxGap);
      f.row.kickoff = isoSeconds(new Date(nowMs + offset / speed));
      if (f.row.status === "scheduled") {
        played = f.at;
        placed = offset;
      }
    }
  }
}
