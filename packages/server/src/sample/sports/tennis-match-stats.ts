/**
 * What one tennis match adds to a player's season statistics, read from the match's own events
 * (so the statistics, the stored scores and the event list agree): matches, sets, games (those of
 * a set a retirement cut short included), tie-breaks, aces, double faults and breaks of serve.
 */
import { isSidePair, otherSide } from "../../sports/module-parts.js";
import type { Side } from "../../sports/types.js";
import type { ScriptedEvent } from "../team-sport-profile.js";

/** The statistics of a tennis season row, in the order it lists them (the stat catalogue's names). */
export const TENNIS_STATS = [
  "matches_played",
  "matches_won",
  "matches_lost",
  "titles",
  "sets_won",
  "sets_lost",
  "games_won",
  "games_lost",
  "tiebreaks_won",
  "tiebreaks_lost",
  "aces",
  "double_faults",
  "breaks_of_serve",
] as const;

type TennisStat = (typeof TENNIS_STATS)[number];

/** The match's numbers for `side`, who won it or not (`won`). */
export function tennisMatchNumbers(
  events: readonly ScriptedEvent[],
  side: Side,
  won: boolean,
): Partial<Record<TennisStat, number>> {
  const other = otherSide(side);
  const numbers: Partial<Record<TennisStat, number>> = {
    matches_played: 1,
    matches_won: won ? 1 : 0,
    matches_lost: won ? 0 : 1,
  };
  const add = (stat: TennisStat, amount: number) => {
    numbers[stat] = (numbers[stat] ?? 0) + amount;
  };
  for (const event of events) {
    const games = event.detail?.games;
    if (event.type === "set_end" && isSidePair(games)) {
      add(event.side === side ? "sets_won" : "sets_lost", 1);
      if (isSidePair(event.detail?.tiebreak)) {
        add(event.side === side ? "tiebreaks_won" : "tiebreaks_lost", 1);
      }
    }
    if ((event.type === "set_end" || event.type === "retirement") && isSidePair(games)) {
      add("games_won", games[side]);
      add("games_lost", games[other]);
    }
    if (event.side !== side) continue;
    if (event.type === "ace") add("aces", 1);
    if (event.type === "double_fault") add("double_faults", 1);
    if (event.type === "break_of_serve") add("breaks_of_serve", 1);
  }
  return numbers;
}
