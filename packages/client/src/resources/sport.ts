/** One sport's resources: `client.football`, `client.sport("american-football")`, … */
import type { APIPromise } from "../core/api-promise.js";
import type { RequestOptions, Transport } from "../core/transport.js";
import type { HeadToHeadParams, SportSlug } from "../types.js";
import { Competitions, Countries, Players, Teams } from "./sport/directory.js";
import { Fixtures } from "./sport/fixtures.js";
import { HeadToHeadResource, type HeadToHeadResponse } from "./sport/head-to-head.js";
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
  readonly #headToHead: HeadToHeadResource;

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
    this.#headToHead = new HeadToHeadResource(transport, slug);
  }

  /**
   * `GET /v1/{sport}/head-to-head`: `team_a` against `team_b` (teams; in tennis and combat
   * sports the competitors, by team or player id) — the `record` of every finished meeting,
   * the `upcoming` meetings and one page of past `meetings`, newest first.
   */
  headToHead(params: HeadToHeadParams, options?: RequestOptions): APIPromise<HeadToHeadResponse> {
    return this.#headToHead.retrieve(params, options);
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
