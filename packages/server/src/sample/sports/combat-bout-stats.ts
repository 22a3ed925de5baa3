/**
 * What one bout adds to a fighter's season statistics, read from the bout's own events (so the
 * statistics, the stored results and the event list agree): the fight and its result, how a win
 * came (KO/TKO, submission, decision), knockdowns scored and what the fighter landed.
 */
import { isSide } from "../../sports/module-parts.js";
import type { Side } from "../../sports/types.js";
import type { ScriptedEvent } from "../team-sport-profile.js";

/** The statistics of a combat sports season row, in order (the stat catalogue's names). */
export const COMBAT_STATS = [
  "fights",
  "wins",
  "losses",
  "draws",
  "no_contests",
  "knockouts",
  "submissions",
  "decisions",
  "knockdowns",
  "significant_strikes",
  "takedowns",
] as const;

type CombatStat = (typeof COMBAT_STATS)[number];

/** The win's statistic, by how the bout ended. */
const WIN_BY: Readonly<Record<string, CombatStat>> = {
  ko: "knockouts",
  tko: "knockouts",
  submission: "submissions",
  decision: "decisions",
};

/** What the fighter on `side` landed, from the finish's `fight_stats`. */
function landed(detail: Record<string, unknown>, side: Side): Record<string, unknown> {
  const stats = detail.fight_stats;
  if (typeof stats !== "object" || stats === null) return {};
  const own = (stats as Record<string, unknown>)[side];
  return typeof own === "object" && own !== null ? (own as Record<string, unknown>) : {};
}

const count = (value: unknown) => (typeof value === "number" ? value : 0);

/** The bout's numbers for the fighter on `side`. */
export function boutNumbers(
  events: readonly ScriptedEvent[],
  side: Side,
): Partial<Record<CombatStat, number>> {
  const numbers: Partial<Record<CombatStat, number>> = { fights: 1 };
  const add = (stat: CombatStat, amount: number) => {
    numbers[stat] = (numbers[stat] ?? 0) + amount;
  };
  for (const event of events) {
    if (event.type === "knockdown" && event.side === side) add("knockdowns", 1);
    if (event.type !== "finish") continue;
    const detail = event.detail ?? {};
    const method = detail.method;
    if (method === "draw") add("draws", 1);
    else if (method === "no_contest") add("no_contests", 1);
    else if (isSide(event.side)) {
      add(event.side === side ? "wins" : "losses", 1);
      const by = typeof method === "string" ? WIN_BY[method] : undefined;
      if (event.side === side && by !== undefined) add(by, 1);
    }
    const own = landed(detail, side);
    add("significant_strikes", count(own.significant_strikes));
    add("takedowns", count(own.takedowns));
  }
  return numbers;
}
