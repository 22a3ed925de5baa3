/** One sport's resources: `client.football`, `client.sport("american-football")`, … */
import type { Transport } from "../core/transport.js";
import type { SportSlug } from "../types.js";
import { Competitions, Countries, Players, Teams } from "./sport/directory.js";
import { Fixtures } from "./sport/fixtures.js";
import { History } from "./sport/history.js";
import { Live, Results, Standings } from "./sport/live.js";
import { Odds } from "./sport/odds.js";
import { Statistics } from "./sport/statistics.js";

export class SportClient {
  readonly fixtures: Fixtures;
  readonly live: Live;
  readonly results: Results;
  readonly standings: Standings;
  readonly odds: Odds;
  readonly statistics: Statistics;
  readonly teams: Teams;
  readonly players: Players;
  readonly competitions: Competitions;
  readonly countries: Countries;
  readonly history: History;

  constructor(
    transport: Transport,
    /** The sport's path segment. */
    readonly slug: SportSlug,
  ) {
    this.fixtures = new Fixtures(transport, slug);
    this.live = new Live(transport, slug);
    this.results = new Results(transport, slug);
    this.standings = new Standings(transport, slug);
    this.odds = new Odds(transport, slug);
    this.statistics = new Statistics(transport, slug);
    this.teams = new Teams(transport, slug);
    this.players = new Players(transport, slug);
    this.competitions = new Competitions(transport, slug);
    this.countries = new Countries(transport, slug);
    this.history = new History(transport, slug);
  }
}

export const SPORT_SLUGS: readonly SportSlug[] = [
  "football",
  "basketball",
  "american-football",
  "cricket",
  "tennis",
  "horse-racing",
  "baseball",
  "esports",
  "golf",
  "combat-sports",
];
