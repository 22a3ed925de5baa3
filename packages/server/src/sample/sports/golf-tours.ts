/**
 * The golf tours of the sample world and when they play. A tournament is one fixture, live from
 * the first tee time of round one to the last putt of round four, so three tours whose weeks
 * overlap keep a tournament live around the clock (the sample world is denser than a real week:
 * the Indian tour's Sunday–Wednesday week is invented to fill the days the big tours rest). Tee
 * times are local; the UTC hours use fixed offsets (India and Japan keep no daylight saving).
 */

export interface GolfTourSpec {
  slug: string;
  name: string;
  /** The tour's home country: its members come mostly from there, its events are held there. */
  country: string;
  /** Members of the tour; a tournament's field is drawn from them. */
  members: number;
  /** Share of the members from the home country (the rest from every pool); null: any pool. */
  homeShare: number | null;
  fieldSizes: readonly number[];
  fieldSizeWeights: readonly number[];
  /** The top n and ties make the cut after round two. */
  cutTop: number;
  /** Round one's day: days after the Monday of the week (UTC). */
  firstDay: number;
  /** Round one's first tee time, UTC. */
  teeHour: number;
  teeMinute: number;
  /** Weeks of tournaments, relative to the anchor's week. */
  weeks: { first: number; last: number };
}

/**
 * Japan Golf Tour style, moved a day earlier: Japan (UTC+9), Wednesday–Saturday, first tee 07:00
 * local (22:00 UTC on Tuesday); the last group is in on Saturday afternoon local.
 */
const JAPAN_TOUR: GolfTourSpec = {
  slug: "japan-golf-tour",
  name: "Japan Golf Tour",
  country: "JP",
  members: 160,
  homeShare: 0.7,
  fieldSizes: [120, 132, 144],
  fieldSizeWeights: [2, 2, 1],
  cutTop: 60,
  firstDay: 1,
  teeHour: 22,
  teeMinute: 0,
  weeks: { first: -2, last: 1 },
};

/**
 * Indian tour style (the PGTI also plays midweek): India (UTC+5:30), Sunday–Wednesday, first tee
 * 07:00 local (01:30 UTC); the last group is in on Wednesday afternoon local.
 */
const INDIA_TOUR: GolfTourSpec = {
  slug: "india-golf-tour",
  name: "India Golf Tour",
  country: "IN",
  members: 150,
  homeShare: 0.75,
  fieldSizes: [120, 126, 132],
  fieldSizeWeights: [2, 2, 1],
  cutTop: 50,
  firstDay: 6,
  teeHour: 1,
  teeMinute: 30,
  weeks: { first: -2, last: 1 },
};

/** The regional tours, played after the World Golf Tour (Thursday–Sunday, 07:00 UTC). */
export const REGIONAL_TOURS: readonly GolfTourSpec[] = [JAPAN_TOUR, INDIA_TOUR];
