/** Round-robin schedules by the circle method: every pair meets once per cycle. */

export interface Pairing {
  round: number;
  home: number;
  away: number;
}

/**
 * `cycles` round robins over `teamCount` teams (indexes). Cycle 2 mirrors cycle 1 with home and
 * away swapped, so a double round robin gives every team one home and one away game per rival.
 *
 * Within a cycle every team's home and away games differ by at most one, and no team plays more
 * than two in a row at home or away. The rounds are the circle method's: one team (the bye, when
 * the count is odd) sits in the centre and meets the rotating team `r` in round `r`; the others
 * pair off as `r + k` and `r − k` around the circle. Who is at home follows the distance `k`
 * (`r + k` when `k` is even) and, for the centre team, the round's parity; a rotating team then
 * alternates home and away from round to round except once, where its distance changes parity.
 */
export function roundRobin(teamCount: number, cycles: number): Pairing[] {
  const slots = teamCount % 2 === 0 ? teamCount : teamCount + 1;
  const circle = slots - 1;
  const centre = circle;
  const rounds: Array<Array<[home: number, away: number]>> = [];
  for (let r = 0; r < circle; r++) {
    const games: Array<[number, number]> = [r % 2 === 0 ? [centre, r] : [r, centre]];
    for (let k = 1; k < slots / 2; k++) {
      const ahead = (r + k) % circle;
      const behind = (r - k + circle) % circle;
      games.push(k % 2 === 0 ? [ahead, behind] : [behind, ahead]);
    }
    // With an odd count the centre is the bye: its opponent rests that round.
    rounds.push(games.filter(([home, away]) => home < teamCount && away < teamCount));
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
