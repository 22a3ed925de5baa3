/**
 * The racecourses that keep a race going off at least every quarter of an hour around the clock.
 * Twelve regional circuits, each two tracks sharing the week (one Monday, Wednesday, Friday and
 * Sunday, the other Tuesday, Thursday and Saturday) and the circuit's jockeys: eight races a
 * meeting, half an hour apart. Six circuits start on the hour (a meeting every four hours
 * around the UTC clock) and six a quarter past, so the two lanes interleave: a race every 15
 * minutes. The world is denser than any real week (real tracks race fewer days); local times
 * are as each region races. Offsets are fixed, as in November (no daylight saving in Europe, the
 * US or Japan; Australia on AEDT, New Zealand on NZDT).
 */

export interface RacingCircuit {
  /** Track country (its name pool, broadcasters, and the competition's country). */
  country: string;
  /** Hours ahead of UTC (November). */
  utcOffset: number;
  /** The first race, local time. */
  localHour: number;
  localMinute: number;
}

/** Weekdays (0 = Sunday) of the circuit's two tracks, local. */
export const CIRCUIT_DAYS = [
  [1, 3, 5, 0],
  [2, 4, 6],
] as const;
export const CIRCUIT_RACES = 8;
export const CIRCUIT_RACE_GAP_MINUTES = 30;

// biome-ignore format: a timetable, one circuit a line
export const RACING_CIRCUITS: readonly RacingCircuit[] = [
  // On the hour (UTC 00:00, 04:00 … 20:00).
  { country: "US", utcOffset: -5, localHour: 19, localMinute: 0 }, // US East night racing, 19:00 ET
  { country: "AU", utcOffset: 11, localHour: 15, localMinute: 0 }, // Australia, afternoon into twilight, 15:00 AEDT
  { country: "IN", utcOffset: 5.5, localHour: 13, localMinute: 30 }, // India (Mumbai, Bangalore style), 13:30 IST
  { country: "GB-ENG", utcOffset: 0, localHour: 12, localMinute: 0 }, // British afternoon racing, 12:00 GMT
  { country: "IE", utcOffset: 0, localHour: 16, localMinute: 0 }, // Irish all-weather evening under lights, 16:00
  { country: "US", utcOffset: -8, localHour: 12, localMinute: 0 }, // California afternoon racing, 12:00 PT
  // A quarter past (UTC 00:15, 04:15 … 20:15).
  { country: "NZ", utcOffset: 13, localHour: 13, localMinute: 15 }, // New Zealand afternoon, 13:15 NZDT
  { country: "JP", utcOffset: 9, localHour: 13, localMinute: 15 }, // Japanese afternoon racing, 13:15 JST
  { country: "JP", utcOffset: 9, localHour: 17, localMinute: 15 }, // Japanese night racing (Oi Twinkle style), 17:15 JST
  { country: "FR", utcOffset: 1, localHour: 13, localMinute: 15 }, // French afternoon racing, 13:15 CET
  { country: "ZA", utcOffset: 2, localHour: 18, localMinute: 15 }, // South African evening meeting, 18:15 SAST
  { country: "AR", utcOffset: -3, localHour: 17, localMinute: 15 }, // Argentine evening racing (Palermo style), 17:15 ART
];
