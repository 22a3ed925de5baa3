/** Round-robin schedules by the circle method: every pair meets once per cycle. */

export interface Pairing {
  round: number;
  home: number;
  away: number;
}

/**
 * `cycles` round robins over `teamCount` teams (indexes). Cycle 2 mirrors cycle 1 with home and
 * away swapped, so a double round robin gives every team one home and one away game per rival.
 */
export function roundRobin(teamCount: number, cycles: number): Pairing[] {
  const slots = teamCount % 2 === 0 ? teamCount : teamCount + 1;
  const bye = slots > teamCount ? slots - 1 : -1;
  const order = Array.from({ length: slots }, (_, i) => i);
  const rounds: Array<Array<[number, number]>> = [];
  for (let r = 0; r < slots - 1; r++) {
    const games: Array<[number, number]> = [];
    for (let i = 0; i < slots / 2; i++) {
      const a = order[i] as number;
      const b = order[slots - 1 - i] as number;
      if (a === bye || b === bye) continue;
      // Alternate home advantage so no team is at home every week.
      games.push((r + i) % 2 === 0 ? [a, b] : [b, a]);
    }
    rounds.push(games);
    order.splice(1, 0, order.pop() as number);
  }
  const pairings: Pairing[] = [];
  for (let cycle = 0; cycle < cycles; cycle++) {
    rounds.forEach((games, r) => {
      for (const [a, b] of games) {
        const [home, away] = cycle % 2 === 0 ? [a, b] : [b, a];
        pairings.push({ round: cycle * rounds.length + r + 1, home, away });
      }
    });
  }
  return pairings;
}
