/**
 * The sandbox's squeeze of a new edition into its sport's schedule (ADR-0043, ADR-0044). The
 * sandbox keeps a match live in every sport by cutting idle gaps between a sport's kick-offs to
 * at most `maxGap`. The gaps that matter are the sport's, not a competition's: in a world with
 * many competitions a sport is covered by the others while one of them is between rounds, and
 * squeezing each competition's own gaps made every promotion, tour and league play back to back
 * (seven times the bouts of the real calendar, and a store that kept growing). So an edition's
 * kick-offs move earlier only where the sport's whole schedule would otherwise have a gap.
 */

import { isoSeconds } from "../lib/time.js";
import type { Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";
import { inSampleWorld } from "./sample-world.js";

/** The last value of `sorted` at or before `x` (binary search), or undefined. */
function lastAtOrBefore(sorted: readonly number[], x: number): number | undefined {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? undefined : sorted[lo - 1];
}

/**
 * `planned` kick-offs (ascending) moved earlier so that no gap in the sport's schedule — its
 * `existing` kick-offs (ascending) and these — is longer than `maxGap` after `now`; a kick-off
 * moved takes the ones after it along, so an edition keeps its order and simultaneous starts.
 */
export function squeezeIntoSport(
  existing: readonly number[],
  planned: readonly number[],
  maxGap: number,
  now: number,
): number[] {
  const out: number[] = [];
  let pulled = 0;
  for (const at of planned) {
    let x = at - pulled;
    const before = Math.max(
      now,
      lastAtOrBefore(existing, x) ?? Number.NEGATIVE_INFINITY,
      out.at(-1) ?? Number.NEGATIVE_INFINITY,
    );
    if (x - before > maxGap) {
      pulled += x - before - maxGap;
      x = before + maxGap;
    }
    out.push(x);
  }
  return out;
}

/** Each sport's kick-offs from `now` on, read once per calendar check and kept up to date. */
export class SportTimelines {
  private readonly bySport = new Map<Sport, number[]>();

  constructor(
    private readonly store: Store,
    readonly now: number,
  ) {}

  /** The sport's kick-offs from now on, ascending. */
  async of(sport: Sport): Promise<number[]> {
    const known = this.bySport.get(sport);
    if (known !== undefined) return known;
    const rows = await this.store.db
      .selectFrom("fixtures")
      .select("kickoff")
      .where("sport", "=", sport)
      .where("kickoff", ">=", isoSeconds(new Date(this.now)))
      .where("status", "not in", ["cancelled", "postponed"])
      .where(inSampleWorld("competition_id"))
      .orderBy("kickoff")
      .execute();
    const kickoffs = rows.map((r) => Date.parse(r.kickoff));
    this.bySport.set(sport, kickoffs);
    return kickoffs;
  }

  /** Adds an edition's kick-offs once it is scheduled. */
  add(sport: Sport, kickoffs: readonly number[]): void {
    const list = this.bySport.get(sport);
    if (list === undefined) return;
    list.push(...kickoffs);
    list.sort((a, b) => a - b);
  }
}
