/**
 * Kick-off slots with a habit: in a real league a club plays most of its home games in the same
 * slot (Saturday 15:00, or the Friday-night game), so a round's slots are shared out by the home
 * clubs' habitual slots rather than in fixture order. Each club is given a slot of the round's
 * list, clubs sharing a slot chosen so that they are seldom at home in the same round; in each
 * round a game takes its home club's slot when it is free, and the games left take the slots
 * left, so every slot of a round is still used once.
 */
import type { Pairing } from "./schedule.js";

/** Where a round's match is played in time: days after the round's first day, and the time. */
export interface KickoffSlot {
  /** Days after the round's first day. */
  day: number;
  hour: number;
  minute: number;
}

/**
 * For each team (index), the index in the round's slot list of its habitual home slot: teams
 * are placed one by one where they clash least (are at home in the same rounds as the fewest
 * games of the teams already there), a slot holding at most its share of teams.
 */
function habitualSlots(pairings: readonly Pairing[], teams: number, slots: number): number[] {
  const homeRounds = Array.from({ length: teams }, () => new Set<number>());
  for (const p of pairings) homeRounds[p.home]?.add(p.round);
  const share = Math.ceil(teams / Math.max(1, slots));
  const members: number[][] = Array.from({ length: slots }, () => []);
  const habit: number[] = [];
  for (let team = 0; team < teams; team++) {
    const mine = homeRounds[team] ?? new Set<number>();
    let best = 0;
    let bestClash = Number.POSITIVE_INFINITY;
    members.forEach((others, slot) => {
      if (others.length >= share) return;
      const clash = others.reduce(
        (sum, other) => sum + [...mine].filter((r) => homeRounds[other]?.has(r)).length,
        0,
      );
      // Fewest clashes first; then the emptiest slot, so the habits spread over every slot.
      const score = clash * teams + others.length;
      if (score < bestClash) {
        bestClash = score;
        best = slot;
      }
    });
    members[best]?.push(team);
    habit[team] = best;
  }
  return habit;
}

/**
 * The slot index (into the round's slots, `slots` of them) of each of a round's games, in the
 * games' order: its home team's habitual slot when no game before it took it, else the first
 * slot left.
 */
export function roundSlots(
  homes: readonly number[],
  habit: readonly number[],
  slots: number,
): number[] {
  const taken = new Set<number>();
  const chosen = homes.map((home) => {
    const slot = habit[home];
    if (slot === undefined || slot >= slots || taken.has(slot)) return undefined;
    taken.add(slot);
    return slot;
  });
  let next = 0;
  return chosen.map((slot) => {
    if (slot !== undefined) return slot;
    while (taken.has(next)) next++;
    taken.add(next);
    return next;
  });
}

/**
 * Each game's kick-off slot: a round's games take the first of `slots` in turn (the list wrapping
 * round when a round has more games than slots), shared out by the home clubs' habitual slots
 * (`home-slots.ts`), so that a club kicks off most of its home games at the same time.
 */
export function kickoffSlots(
  pairings: readonly Pairing[],
  teams: number,
  slots: readonly KickoffSlot[],
): Map<Pairing, KickoffSlot> {
  const byRound = new Map<number, Pairing[]>();
  for (const p of pairings) byRound.set(p.round, [...(byRound.get(p.round) ?? []), p]);
  const perRound = Math.max(...[...byRound.values()].map((games) => games.length));
  const habit = habitualSlots(pairings, teams, perRound);
  const slotOf = new Map<Pairing, KickoffSlot>();
  for (const games of byRound.values()) {
    const indexes = roundSlots(
      games.map((g) => g.home),
      habit,
      games.length,
    );
    games.forEach((game, i) => {
      slotOf.set(game, slots[(indexes[i] ?? i) % slots.length] as KickoffSlot);
    });
  }
  return slotOf;
}
