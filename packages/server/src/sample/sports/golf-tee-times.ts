/**
 * A tournament's tee sheet, as a tour runs one: on Thursday and Friday a big field goes out in
 * threes off the 1st and 10th tees in a morning and an afternoon wave; at the weekend those who
 * made the cut go out in twos off the 1st (threes off both tees when the cut leaves a crowd). A
 * round ends when its last group is in, so each `round_end` is stamped on the round's own day,
 * at that moment. Minutes count from the first tee time of the first day (7 am).
 */

const DAY_MINUTES = 1440;
/** More groups than this go off two tees. */
const ONE_TEE_GROUPS = 16;
/** A weekend field up to this size goes out in twos. */
const TWOS_UP_TO = 90;
/** The afternoon wave's first tee time, after the morning's. */
const WAVE_MINUTES = 300;
/** Minutes between groups off one tee, and a hole's minutes, by group size. */
const GAP = { 2: 10, 3: 11 } as const;
const HOLE_MINUTES = { 2: 14, 3: 16.5 } as const;
const HOLES = 18;

export interface TeeTime {
  /** Minutes after the day's first tee time. */
  minute: number;
  /** Where the group starts: the 1st or the 10th (it then plays 10–18 and 1–9). */
  firstHole: 1 | 10;
}

export interface RoundDraw {
  groupSize: 2 | 3;
  /** Minutes a group takes per hole. */
  holeMinutes: number;
  /** One tee time per group, in the order the groups are filled. */
  groups: TeeTime[];
}

/** The draw for `players` golfers in round `round` (1–4). */
export function roundDraw(players: number, round: number): RoundDraw {
  const weekend = round > 2;
  const groupSize = weekend && players <= TWOS_UP_TO ? 2 : 3;
  const count = Math.ceil(players / groupSize);
  // Twos always go off the 1st; threes off both tees once there are too many for one.
  const twoTees = groupSize === 3 && count > ONE_TEE_GROUPS;
  const waves = twoTees && !weekend ? 2 : 1;
  const perWave = Math.ceil(count / waves);
  const gap = GAP[groupSize];
  const groups = Array.from({ length: count }, (_, g): TeeTime => {
    if (!twoTees) return { minute: g * gap, firstHole: 1 };
    const wave = Math.floor(g / perWave);
    const inWave = g % perWave;
    const slot = Math.floor(inWave / 2);
    return { minute: wave * WAVE_MINUTES + slot * gap, firstHole: inWave % 2 === 0 ? 1 : 10 };
  });
  return { groupSize, holeMinutes: HOLE_MINUTES[groupSize], groups };
}

/** Minutes after a group's tee time at which it holes out on its `k`-th hole played (1–18). */
export function holeOutMinute(draw: RoundDraw, tee: TeeTime, k: number): number {
  return tee.minute + Math.round(k * draw.holeMinutes);
}

/** The hole (0-based) a group starting at `firstHole` plays `k`-th (1–18). */
export function holePlayed(firstHole: 1 | 10, k: number): number {
  return (firstHole - 1 + k - 1) % HOLES;
}

/** Minutes after the tournament's first tee time at which round `round` is over. */
export function roundEndMinute(players: number, round: number): number {
  const draw = roundDraw(players, round);
  const last = Math.max(0, ...draw.groups.map((tee) => holeOutMinute(draw, tee, HOLES)));
  return (round - 1) * DAY_MINUTES + last;
}

/** Minutes after the tournament's first tee time at which round `round`'s first group goes out. */
export function dayStartMinute(round: number): number {
  return (round - 1) * DAY_MINUTES;
}

/** A playoff after the last round: out a quarter of an hour after the last group, over by an hour. */
export function playoffMinutes(lastRoundEnd: number): { start: number; end: number } {
  return { start: lastRoundEnd + 15, end: lastRoundEnd + 60 };
}
