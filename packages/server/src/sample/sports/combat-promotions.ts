/**
 * The regional combat promotions: each runs a card every week on its own night, evening local
 * time, eight bouts half an hour apart (about four hours), so that on most days a card is on
 * somewhere. Monday stays quiet, as it is in the real fight week. Offsets are fixed, as in
 * November (no daylight saving in Europe or the US; Australia on AEDT).
 */

export interface RegionalPromotion {
  name: string;
  /** Home country: fighters (mostly), cities, officials and broadcasters. */
  country: string;
  /** Hours ahead of UTC (November). */
  utcOffset: number;
  /** The card's night, local (0 = Sunday). */
  weekday: number;
  /** The first bout, local time. */
  localHour: number;
  localMinute: number;
  bouts: number;
}

// biome-ignore format: a timetable, one promotion a line
export const REGIONAL_PROMOTIONS: readonly RegionalPromotion[] = [
  // Korakuen Hall style: Japan (UTC+9), Tuesday 18:30 local (09:30 UTC).
  { name: "Rising Sun Fight Series", country: "JP", utcOffset: 9, weekday: 2, localHour: 18, localMinute: 30, bouts: 8 },
  // Pacific coast fight night: California (UTC−8), Tuesday 18:00 local (02:00 UTC Wednesday).
  { name: "Pacific Coast Fight Night", country: "US", utcOffset: -8, weekday: 2, localHour: 18, localMinute: 0, bouts: 8 },
  // Kickboxing: Turkey (UTC+3), Wednesday 20:00 local (17:00 UTC).
  { name: "Bosphorus Kickboxing League", country: "TR", utcOffset: 3, weekday: 3, localHour: 20, localMinute: 0, bouts: 8 },
  // Regional MMA: US East (UTC−5), Thursday 19:00 local (00:00 UTC Friday).
  { name: "Atlantic Cage Series", country: "US", utcOffset: -5, weekday: 4, localHour: 19, localMinute: 0, bouts: 8 },
  // MMA: Australia (UTC+11), Friday 19:00 local (08:00 UTC).
  { name: "Southern Cross Fighting", country: "AU", utcOffset: 11, weekday: 5, localHour: 19, localMinute: 0, bouts: 8 },
  // Boxing: England (UTC+0), Friday 19:00 local.
  { name: "Lionheart Fight Night", country: "GB-ENG", utcOffset: 0, weekday: 5, localHour: 19, localMinute: 0, bouts: 8 },
  // MMA: Brazil (UTC−3), Saturday 20:00 local (23:00 UTC).
  { name: "Serra Fighting Championship", country: "BR", utcOffset: -3, weekday: 6, localHour: 20, localMinute: 0, bouts: 8 },
  // MMA: India (UTC+5:30), Sunday 18:30 local (13:00 UTC).
  { name: "Monsoon Fighting Championship", country: "IN", utcOffset: 5.5, weekday: 0, localHour: 18, localMinute: 30, bouts: 8 },
];
