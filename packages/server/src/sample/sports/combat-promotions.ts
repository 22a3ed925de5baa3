/**
 * The regional combat promotions of the full world: club shows and stadium cards on several
 * nights a week, evening local time, in time zones that follow each other round the clock (as
 * real combat does: stadium cards most nights in Asia, club boxing and regional MMA in every
 * region). A card's bouts run back to back, `REGIONAL_BOUT_MINUTES` apart, for about four hours;
 * zones are chosen so that at every moment of the week at least two cards are on, one starting
 * its bouts on the hour's even ten minutes and another on the odd ones, so a bout is always
 * starting or under way, and most of the time three or more (half of all bouts end early, by
 * stoppage: one card alone leaves gaps). Where one zone holds cards every night, two promotions
 * may share the week, as Bangkok's stadiums do. Offsets are fixed, as in November (no daylight
 * saving in Europe or the US; Australia and New Zealand on summer time).
 */

export interface RegionalPromotion {
  name: string;
  /** Home country: fighters (mostly), cities, officials and broadcasters. */
  country: string;
  /** Hours ahead of UTC (November). */
  utcOffset: number;
  /** The card nights, local (0 = Sunday). */
  weekdays: readonly number[];
  /** The first bout, local time. */
  localHour: number;
  localMinute: number;
  bouts: number;
}

/** Minutes between a regional card's bouts: a three-round bout (17 min) and the walk-outs. */
export const REGIONAL_BOUT_MINUTES = 20;

const EVERY_NIGHT = [0, 1, 2, 3, 4, 5, 6] as const;

// biome-ignore format: a timetable, one promotion a line
export const REGIONAL_PROMOTIONS: readonly RegionalPromotion[] = [
  // US East (UTC−5), 19:00 local = 00:00 UTC the next day; Thursday to Sunday.
  { name: "Atlantic Cage Series", country: "US", utcOffset: -5, weekdays: [4, 5, 6, 0], localHour: 19, localMinute: 0, bouts: 12 },
  // Dominican Republic (UTC−4), 20:10 local = 00:10 UTC; club boxing Monday to Wednesday.
  { name: "Quisqueya Boxing Nights", country: "DO", utcOffset: -4, weekdays: [1, 2, 3], localHour: 20, localMinute: 10, bouts: 12 },
  // Mexico City (UTC−6), 19:30 local = 01:30 UTC.
  { name: "Azteca Fight Club", country: "MX", utcOffset: -6, weekdays: EVERY_NIGHT, localHour: 19, localMinute: 30, bouts: 12 },
  // California (UTC−8), 18:00 local = 02:00 UTC.
  { name: "Pacific Coast Fight Night", country: "US", utcOffset: -8, weekdays: EVERY_NIGHT, localHour: 18, localMinute: 0, bouts: 12 },
  // Hawaii (UTC−10), 18:30 local = 04:30 UTC.
  { name: "Aloha Fighting Championship", country: "US", utcOffset: -10, weekdays: EVERY_NIGHT, localHour: 18, localMinute: 30, bouts: 12 },
  // Auckland (UTC+13), 18:40 local = 05:40 UTC.
  { name: "Aotearoa Fight Series", country: "NZ", utcOffset: 13, weekdays: EVERY_NIGHT, localHour: 18, localMinute: 40, bouts: 12 },
  // Sydney (UTC+11), 18:00 local = 07:00 UTC.
  { name: "Southern Cross Fighting", country: "AU", utcOffset: 11, weekdays: EVERY_NIGHT, localHour: 18, localMinute: 0, bouts: 12 },
  // Korakuen Hall style: Tokyo (UTC+9), 17:30 local = 08:30 UTC; Monday to Thursday.
  { name: "Rising Sun Fight Series", country: "JP", utcOffset: 9, weekdays: [1, 2, 3, 4], localHour: 17, localMinute: 30, bouts: 12 },
  // Seoul (UTC+9), 17:30 local = 08:30 UTC; Friday to Sunday.
  { name: "Han River Fighting Championship", country: "KR", utcOffset: 9, weekdays: [5, 6, 0], localHour: 17, localMinute: 30, bouts: 12 },
  // Stadium kickboxing: China (UTC+8), 19:00 local = 11:00 UTC.
  { name: "Dragon Gate Kickboxing", country: "CN", utcOffset: 8, weekdays: EVERY_NIGHT, localHour: 19, localMinute: 0, bouts: 12 },
  // Taipei (UTC+8), 20:10 local = 12:10 UTC.
  { name: "Formosa Fight Night", country: "TW", utcOffset: 8, weekdays: EVERY_NIGHT, localHour: 20, localMinute: 10, bouts: 12 },
  // India (UTC+5:30), 19:00 local = 13:30 UTC.
  { name: "Monsoon Fighting Championship", country: "IN", utcOffset: 5.5, weekdays: EVERY_NIGHT, localHour: 19, localMinute: 0, bouts: 12 },
  // Pakistan (UTC+5), 20:00 local = 15:00 UTC.
  { name: "Indus Combat League", country: "PK", utcOffset: 5, weekdays: EVERY_NIGHT, localHour: 20, localMinute: 0, bouts: 12 },
  // Kickboxing: Turkey (UTC+3), 20:00 local = 17:00 UTC.
  { name: "Bosphorus Kickboxing League", country: "TR", utcOffset: 3, weekdays: EVERY_NIGHT, localHour: 20, localMinute: 0, bouts: 12 },
  // Belgrade (UTC+1), 18:30 local = 17:30 UTC.
  { name: "Balkan Fight Night", country: "RS", utcOffset: 1, weekdays: EVERY_NIGHT, localHour: 18, localMinute: 30, bouts: 12 },
  // Boxing: England (UTC+0), 19:40 local; Thursday to Saturday.
  { name: "Lionheart Fight Night", country: "GB-ENG", utcOffset: 0, weekdays: [4, 5, 6], localHour: 19, localMinute: 40, bouts: 12 },
  // Ireland (UTC+0), 19:40 local; Sunday to Wednesday.
  { name: "Celtic Warriors Championship", country: "IE", utcOffset: 0, weekdays: [0, 1, 2, 3], localHour: 19, localMinute: 40, bouts: 12 },
  // Brazil (UTC−3), 18:30 local = 21:30 UTC.
  { name: "Serra Fighting Championship", country: "BR", utcOffset: -3, weekdays: EVERY_NIGHT, localHour: 18, localMinute: 30, bouts: 12 },
  // A third card on at most hours, so that a night of early stoppages still leaves a bout on.
  // Trinidad (UTC−4), 18:00 local = 22:00 UTC.
  { name: "Caribbean Combat League", country: "TT", utcOffset: -4, weekdays: EVERY_NIGHT, localHour: 18, localMinute: 0, bouts: 12 },
  // Denver (UTC−7), 19:10 local = 02:10 UTC.
  { name: "Rocky Mountain Fight League", country: "US", utcOffset: -7, weekdays: EVERY_NIGHT, localHour: 19, localMinute: 10, bouts: 12 },
  // Auckland (UTC+13), 19:30 local = 06:30 UTC.
  { name: "Tasman Fight Night", country: "NZ", utcOffset: 13, weekdays: EVERY_NIGHT, localHour: 19, localMinute: 30, bouts: 12 },
  // Osaka (UTC+9), 20:30 local = 11:30 UTC.
  { name: "Kansai Kickboxing Series", country: "JP", utcOffset: 9, weekdays: EVERY_NIGHT, localHour: 20, localMinute: 30, bouts: 12 },
  // Johannesburg (UTC+2), 18:20 local = 16:20 UTC.
  { name: "Highveld Fighting Championship", country: "ZA", utcOffset: 2, weekdays: EVERY_NIGHT, localHour: 18, localMinute: 20, bouts: 12 },
  // Lagos (UTC+1), 19:00 local = 18:00 UTC.
  { name: "Lagos Fight Night", country: "NG", utcOffset: 1, weekdays: EVERY_NIGHT, localHour: 19, localMinute: 0, bouts: 12 },
  // Madrid (UTC+1), 21:10 local = 20:10 UTC.
  { name: "Iberian Combat Series", country: "ES", utcOffset: 1, weekdays: EVERY_NIGHT, localHour: 21, localMinute: 10, bouts: 12 },
  // Honolulu's late show (UTC−10), 20:00 local = 06:00 UTC.
  { name: "Island Warriors Late Show", country: "US", utcOffset: -10, weekdays: EVERY_NIGHT, localHour: 20, localMinute: 0, bouts: 12 },
  // Shanghai (UTC+8), 18:00 local = 10:00 UTC.
  { name: "Huangpu Fight Night", country: "CN", utcOffset: 8, weekdays: EVERY_NIGHT, localHour: 18, localMinute: 0, bouts: 12 },
  // Mumbai (UTC+5:30), 21:00 local = 15:30 UTC.
  { name: "Arabian Sea Fight Series", country: "IN", utcOffset: 5.5, weekdays: EVERY_NIGHT, localHour: 21, localMinute: 0, bouts: 12 },
  // Argentina (UTC−3), 20:20 local = 23:20 UTC.
  { name: "Pampas Combat Series", country: "AR", utcOffset: -3, weekdays: EVERY_NIGHT, localHour: 20, localMinute: 20, bouts: 12 },
];
