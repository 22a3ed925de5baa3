/**
 * Which of a promotion's cards the rolling calendar repeats (ADR-0043): every card of its last
 * cycle (a fortnight), counted by card, not by a fixed span of time. A fixed span goes wrong both
 * ways: a span of exactly a cycle back from the last bout takes in the tail of a longer card a
 * cycle before (the fortnightly promotion's cards run 10 to 12 bouts), and a shorter one drops the
 * first night of a promotion with cards on consecutive nights.
 */
import { isoSeconds } from "../lib/time.js";
import type { Store } from "../store/database.js";

const DAY_MS = 86_400_000;
/** Kick-offs this far apart (world time) belong to different cards; a card's bouts run on. */
const CARD_BREAK_MS = 3 * 3_600_000;

/** The first kick-off of each card among `kickoffs` (sorted), a card ending at a long break. */
export function cardStarts(kickoffs: readonly number[], breakMs: number): number[] {
  return kickoffs.filter((k, i) => i === 0 || k - (kickoffs[i - 1] as number) > breakMs);
}

/**
 * How far back from the promotion's last kick-off (`last`) its templates reach, in real
 * milliseconds: to the first bout of the earliest card that starts less than a `cycle` before
 * the last card does, so each card of the cycle is copied whole and none twice.
 */
export async function promotionWindow(
  store: Store,
  competitionId: string,
  last: number,
  cycle: number,
  real: (worldMs: number) => number,
): Promise<number> {
  const from = isoSeconds(new Date(last - cycle - real(DAY_MS)));
  const rows = await store.db
    .selectFrom("fixtures")
    .select("kickoff")
    .where("competition_id", "=", competitionId)
    .where("kickoff", ">", from)
    .where("kickoff", "<=", isoSeconds(new Date(last)))
    .where("status", "not in", ["cancelled"])
    .orderBy("kickoff")
    .execute();
  const kickoffs = rows.map((r) => Date.parse(r.kickoff));
  const first = firstCardOfCycle(kickoffs, cycle, real(CARD_BREAK_MS)) ?? last;
  // The templates are those kicking off after `last - window`, to the second.
  return last - first + 1_000;
}

/**
 * The first kick-off of the earliest card (among sorted `kickoffs`) that starts less than a
 * `cycle` before the last card does; undefined for no kick-offs.
 */
export function firstCardOfCycle(
  kickoffs: readonly number[],
  cycle: number,
  breakMs = CARD_BREAK_MS,
): number | undefined {
  const starts = cardStarts(kickoffs, breakMs);
  const lastStart = starts.at(-1);
  if (lastStart === undefined) return undefined;
  return starts.find((start) => start > lastStart - cycle) ?? lastStart;
}
