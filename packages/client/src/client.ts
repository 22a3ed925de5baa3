/**
 * `Scoreline`: the client. One object per key; every sport's resources as properties
 * (`client.football.fixtures.list()`), search across sports (`client.search()`), the account's
 * (`client.usage`, `client.webhooks`) and the live stream (`client.stream.connect()`).
 */
import { ScorelineError } from "./core/errors.js";
import { type ClientOptions, type ResolvedOptions, resolveOptions } from "./core/options.js";
import type { Page, PagePromise } from "./core/pagination.js";
import { isBrowser } from "./core/runtime.js";
import type { RequestOptions } from "./core/transport.js";
import { Transport } from "./core/transport.js";
import { Sports, Usage } from "./resources/account.js";
import { Search } from "./resources/search.js";
import { SPORT_SLUGS, SportClient } from "./resources/sport.js";
import { Stream } from "./resources/stream.js";
import { Webhooks } from "./resources/webhooks.js";
import type { SearchHit, SearchParams, SportSlug } from "./types.js";
import { VERSION } from "./version.js";

export class Scoreline {
  readonly football: SportClient;
  readonly basketball: SportClient;
  readonly americanFootball: SportClient;
  readonly cricket: SportClient;
  readonly tennis: SportClient;
  readonly horseRacing: SportClient;
  readonly baseball: SportClient;
  readonly esports: SportClient;
  readonly golf: SportClient;
  readonly combatSports: SportClient;

  readonly sports: Sports;
  readonly usage: Usage;
  readonly webhooks: Webhooks;
  readonly stream: Stream;

  /** The REST host this client talks to. */
  readonly baseUrl: string;
  readonly #sports = new Map<SportSlug, SportClient>();
  readonly #search: Search;

  constructor(options: ClientOptions = {}) {
    const settings: ResolvedOptions = resolveOptions(options);
    const transport = new Transport({
      ...settings,
      headers: isBrowser()
        ? settings.headers
        : { "user-agent": `scoreline-js/${VERSION}`, ...settings.headers },
    });
    this.baseUrl = settings.baseUrl;
    for (const slug of SPORT_SLUGS) this.#sports.set(slug, new SportClient(transport, slug));
    this.football = this.sport("football");
    this.basketball = this.sport("basketball");
    this.americanFootball = this.sport("american-football");
    this.cricket = this.sport("cricket");
    this.tennis = this.sport("tennis");
    this.horseRacing = this.sport("horse-racing");
    this.baseball = this.sport("baseball");
    this.esports = this.sport("esports");
    this.golf = this.sport("golf");
    this.combatSports = this.sport("combat-sports");
    this.sports = new Sports(transport);
    this.usage = new Usage(transport);
    this.webhooks = new Webhooks(transport);
    this.#search = new Search(transport);
    this.stream = new Stream({
      url: settings.streamUrl,
      apiKey: settings.apiKey,
      WebSocket: settings.WebSocket,
    });
  }

  /**
   * `GET /v1/search`: teams, players, competitions and venues of every sport of the key's plan,
   * by name — accent-insensitive and typo-tolerant, ranked (`score`), each hit with its `sport`
   * and `link` (the API path of its resource). A page; iterate it to walk every hit:
   * `for await (const hit of client.search({ q: "muller", type: ["player"] }))`.
   */
  search(params: SearchParams, options?: RequestOptions): PagePromise<Page<SearchHit>, SearchHit> {
    return this.#search.query(params, options);
  }

  /** A sport by its path segment: `client.sport("american-football")`. */
  sport(slug: SportSlug): SportClient {
    const sport = this.#sports.get(slug);
    if (sport === undefined) {
      throw new ScorelineError(`unknown sport "${slug}": one of ${SPORT_SLUGS.join(", ")}`);
    }
    return sport;
  }
}
