/** Small pools for the individual sports and esports. All names are invented or generic. */

/** Map pools per esports title; "cs" is the tactical shooter's seven-map pool. */
export const ESPORTS_MAPS: Readonly<Record<string, readonly string[]>> = {
  cs: ["Harbor", "Foundry", "Citadel", "Quarry", "Lighthouse", "Monastery", "Railyard"],
};

export const TENNIS_TOURNAMENT_CITIES: readonly string[] = [
  "Melbourne",
  "Paris",
  "London",
  "New York",
  "Madrid",
  "Rome",
  "Miami",
  "Cincinnati",
  "Toronto",
  "Shanghai",
  "Tokyo",
  "Dubai",
  "Doha",
  "Rotterdam",
  "Barcelona",
  "Hamburg",
  "Vienna",
  "Basel",
  "Stockholm",
  "Buenos Aires",
];

export const GOLF_COURSE_NAMES: readonly string[] = [
  "Whistling Pines",
  "Heron's Reach",
  "Copper Ridge",
  "Falcon Dunes",
  "Maple Hollow",
  "Saltmarsh Links",
  "Silverbrook",
  "Windmere Downs",
  "Blackthorn Heath",
  "Kingfisher Bay",
  "Cedar Vale",
  "Larkspur Meadows",
];

export const FIGHT_PROMOTION_NAMES: readonly string[] = [
  "Apex Fighting Championship",
  "Iron Circle Combat",
  "Northern Cage Series",
  "Crown Combat League",
  "Summit Fight Night",
];

/** Men's MMA weight classes, lightest first. */
export const WEIGHT_CLASSES: readonly string[] = [
  "Flyweight",
  "Bantamweight",
  "Featherweight",
  "Lightweight",
  "Welterweight",
  "Middleweight",
  "Light Heavyweight",
  "Heavyweight",
];
