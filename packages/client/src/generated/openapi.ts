/**
 * Generated from the server's OpenAPI document (scoreline openapi) by scripts/generate-types.ts. Do not edit:
 * run `npm run generate -w @scoreline/client`.
 */
export interface paths {
  "/v1/sports": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The supported sports and their vocabularies */
    get: operations["listSports"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/fixtures": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Upcoming and past fixtures
     * @description Without date, season or updated_since filters: today to today + 14 days. Sorted by kickoff.
     */
    get: operations["listFixtures"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/fixtures/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One fixture in full detail
     * @description `include` embeds what would otherwise take more calls, under `included`: `lineups`, `events` and `odds` are the data of those endpoints for this fixture, `statistics` the season statistics of its two teams in its competition and season. `include=odds` on a plan without odds is a 403 naming `include`. `timezone` adds `kickoff_local`.
     */
    get: operations["getFixture"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/matches/live": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every match currently in play
     * @description Read from the live state on every call; `meta.updated_at` is when it last changed.
     */
    get: operations["listLiveMatches"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/live-scores": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Live scores (same data as matches/live)
     * @description Read from the live state on every call; `meta.updated_at` is when it last changed.
     */
    get: operations["listLiveScores"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/results": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Completed matches with final score
     * @description Newest first. Without date, season or updated_since filters: each competition's current season; but for `team` naming an individual competitor (a fighter, a tennis player): every season of their career.
     */
    get: operations["listResults"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/history/matches": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Finished matches, oldest first, paged by cursor; or a bulk export
     * @description Ordered by kickoff, then fixture_id. Follow pagination.next_cursor (null on the last page). With Accept: application/x-ndjson or format=ndjson|csv, the whole selection is streamed as one download (no paging). History covers finished, awarded and walkover matches. With timezone, dates are that zone's days and each match (and CSV row) carries kickoff_local.
     */
    get: operations["listHistoryMatches"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/standings": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * League table
     * @description Computed from finished results by the sport's rules (points or win percentage with games behind, tie-breakers, form; net run rate in cricket), with point deductions. Rows carry their group (conference, division); `group` narrows the table to one. `league` is required; `season` defaults to the current one.
     */
    get: operations["getStandings"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/statistics": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Team and player statistics for the current season
     * @description `type=team` (default) or `type=player`; each competition's current season unless `season` is given.
     */
    get: operations["listStatistics"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/statistics/team/{team_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Season statistics of one team
     * @description Per competition; `competition` narrows to one, `season` picks another season.
     */
    get: operations["getTeamStatistics"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/statistics/player/{player_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Season statistics of one player */
    get: operations["getPlayerStatistics"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/statistics/leaders": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The top players or teams for one statistic
     * @description Season rows of `league` (or of every competition) ranked by `stat`, each competition's current season unless `season` is given. Totals rank highest first; rates rank in their better direction (`meta.order`: ERA, economy and bowling average lowest first) and list only rows meeting `meta.qualifier`. Ties share a rank (1, 2, 2, 4) and are ordered by name, then id. An unknown `stat` is a 400 naming the sport's statistics.
     */
    get: operations["listStatisticsLeaders"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/head-to-head": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Two sides' record, past meetings and upcoming meetings
     * @description `team_a` and `team_b` (teams; in tennis and combat sports the two competitors) must differ and exist in the sport. `record` counts every finished meeting in scope; `meetings` is one page of them, newest first; `upcoming` the next ten. `league` and `season` narrow all three. Golf and horse racing are field sports: 404.
     */
    get: operations["getHeadToHead"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/events/{fixture_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Play-by-play events in sequence
     * @description Chronological: goals, cards, substitutions and sport-specific events, each with a stable `event_id` and a per-fixture increasing `sequence`. Retracted events stay listed with `state: retracted`.
     */
    get: operations["listMatchEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/fixtures/{fixture_id}/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Play-by-play events in sequence
     * @description Chronological: goals, cards, substitutions and sport-specific events, each with a stable `event_id` and a per-fixture increasing `sequence`. Retracted events stay listed with `state: retracted`.
     */
    get: operations["listFixtureEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/lineups/{fixture_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Starting lineups, formations and substitutes
     * @description `home`/`away` are null until the lineup is published (`available: false`).
     */
    get: operations["getMatchLineups"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/fixtures/{fixture_id}/lineups": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Starting lineups, formations and substitutes
     * @description `home`/`away` are null until the lineup is published (`available: false`).
     */
    get: operations["getFixtureLineups"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/teams": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Team directory
     * @description Filter by competition (current season), country, or name (`search`); `sort` orders by profile fields or season statistic totals.
     */
    get: operations["listTeams"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/teams/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One team: profile, squad, competitions and season statistics links
     * @description `include=squad` embeds every player of the team under `included.squad`, as /players?team_id= lists them.
     */
    get: operations["getTeam"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/players": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Player directory
     * @description Filter by competition (current season), team, position, nationality or name (`search`); `sort` orders by profile fields or season statistic totals.
     */
    get: operations["listPlayers"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/players/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One player: profile, season statistics and, for an individual competitor, career record */
    get: operations["getPlayer"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/competitions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Leagues, tournaments, tours and meetings
     * @description Each with its country, tier, type, current season and data attribution.
     */
    get: operations["listCompetitions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/countries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Countries and regions the sport's competitions belong to */
    get: operations["listCountries"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/{sport}/odds": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Pre-match and live odds of one fixture
     * @description One entry per bookmaker × market line (market, subject, line), each followed by that line's `consensus` entry, ordered by market, line and bookmaker. Every entry carries `margin` (overround) and no-vig `implied_probability`. `match_id` (alias `fixture_id`) is required; `odds_format` converts every price (decimal by default).
     */
    get: operations["listOdds"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/search": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search teams, players, competitions and venues of every sport by name
     * @description Accent- and case-insensitive, typo-tolerant (`muller` finds Müller, `Arsnal` finds Arsenal). Hits are ranked: the whole name, then the start of the name or of a word, then anywhere inside it, then matches with typos; ties by name. Only the sports of the key's plan are searched.
     */
    get: operations["search"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/usage": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This key's usage: the current minute window, the month to date, billed overage, calls per day
     * @description This call counts like any other (the figures include it).
     */
    get: operations["getUsage"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhooks": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This account's webhook subscriptions */
    get: operations["listWebhooks"];
    put?: never;
    /**
     * Register a webhook subscription
     * @description The answer carries `secret` in full; it is never shown again (rotate to get a new one).
     */
    post: operations["createWebhook"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhooks/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One subscription */
    get: operations["getWebhook"];
    put?: never;
    post?: never;
    /** Delete a subscription and its delivery log */
    delete: operations["deleteWebhook"];
    options?: never;
    head?: never;
    /**
     * Change a subscription (url, events, filters, threshold, description, enabled)
     * @description `enabled: true` re-enables a subscription that was disabled (by a 410 or persistent failures).
     */
    patch: operations["updateWebhook"];
    trace?: never;
  };
  "/v1/webhooks/{id}/rotate-secret": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Issue a new signing secret; the old one keeps signing for 24 hours */
    post: operations["rotateWebhookSecret"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhooks/{id}/test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a signed sample event to the subscription's URL now
     * @description The payload is marked `"test": true`; the answer is the delivery with its attempt.
     */
    post: operations["testWebhook"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhooks/{id}/deliveries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The delivery log: every delivery with every attempt, newest first */
    get: operations["listWebhookDeliveries"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhooks/{id}/deliveries/{delivery_id}/retry": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Attempt a delivery again now (logged as a manual attempt) */
    post: operations["retryWebhookDelivery"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhooks/{id}/recover": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send again every failed delivery created since a time
     * @description Every `failed` delivery of the subscription created in [`since`, `until`) goes back to `pending` and is sent again by the worker: the same `event_id` and body, signed anew. Each gets the automatic attempts it had left, and at least one. The subscription must be enabled. Answers 202 with how many were queued.
     */
    post: operations["recoverWebhookDeliveries"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description Every error response has this envelope; `error.code` says what went wrong */
    ErrorEnvelope: {
      data: null;
      error: {
        code: string;
        message: string;
        status: number;
        field?: string;
        request_id: string;
      };
      errors: {
        code: string;
        message: string;
        field?: string;
      }[];
      meta: {
        /**
         * Format: date-time
         * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
         * @example 2026-11-21T10:00:00Z
         */
        generated_at: string;
        request_id: string;
      };
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listSports: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              sport: string;
              name: string;
              /** @enum {string} */
              format: "head_to_head" | "field";
              statuses: string[];
              periods: string[];
              event_types: string[];
              decided_by: string[];
              has_standings: boolean;
              /** @description The `stat` values `/{sport}/statistics/leaders` accepts, per `type` */
              leader_stats: {
                stat: string;
                /** @enum {string} */
                type: "player" | "team";
                /**
                 * @description `total`: a season count (lists sort by it); `rate`: computed from totals
                 * @enum {string}
                 */
                kind: "total" | "rate";
                /**
                 * @description `asc`: lowest value first
                 * @enum {string}
                 */
                order: "desc" | "asc";
                qualifier: string | null;
                description: string;
              }[];
              /** @description The fields `sort` accepts on `/{sport}/players` and `/{sport}/teams` */
              sort_fields: {
                players: string[];
                teams: string[];
              };
            }[];
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  listFixtures: {
    parameters: {
      query?: {
        /**
         * @description ISO 8601 date, e.g. 2026-11-21
         * @example 2026-11-21
         */
        date?: string;
        /**
         * @description ISO 8601 date, e.g. 2026-11-21
         * @example 2026-11-21
         */
        date_from?: string;
        /**
         * @description ISO 8601 date, e.g. 2026-11-21
         * @example 2026-11-21
         */
        date_to?: string;
        /** @description Competition slug or id */
        league?: string;
        /** @description Alias of league */
        competition_id?: string;
        /** @description Team slug or id */
        team?: string;
        /** @description Alias of team */
        team_id?: string;
        /** @description YYYY-YYYY, or YYYY for single-year sports */
        season?: string;
        /** @description One status or a comma-separated list: tbd, scheduled, delayed, live, interrupted, suspended, finished, postponed, cancelled, abandoned, awarded, walkover */
        status?: string;
        /**
         * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
         * @example 2026-11-21T10:00:00Z
         */
        updated_since?: string;
        /** @description An IANA time zone name (case ignored; answered in its canonical spelling): `date`, `date_from` and `date_to` (and the default window) become that zone's calendar days, and each item gains `kickoff_local` and `timezone`. Stored timestamps stay UTC. */
        timezone?: string;
        /** @description Page number, 1 or more */
        page?: number;
        /** @description Page size, 1 to 100 */
        per_page?: number;
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              fixture_id: string;
              sport: string;
              competition: string;
              league: string;
              /** @description Opaque identifier */
              competition_id: string;
              competition_slug: string;
              season: string;
              round: string | null;
              home_team: string | null;
              away_team: string | null;
              home_team_id: string | null;
              away_team_id: string | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              kickoff: string;
              /**
               * @description With `timezone`: the kickoff on that zone's clock, ISO 8601 with its offset, second precision
               * @example 2026-11-22T05:00:00+05:30
               */
              kickoff_local?: string;
              /** @description With `timezone`: the zone, in its canonical spelling */
              timezone?: string;
              venue: string | null;
              /** @enum {string} */
              status:
                | "tbd"
                | "scheduled"
                | "delayed"
                | "live"
                | "interrupted"
                | "suspended"
                | "finished"
                | "postponed"
                | "cancelled"
                | "abandoned"
                | "awarded"
                | "walkover";
              period: string | null;
              minute: number | null;
              score:
                | ({
                    home: number;
                    away: number;
                  } & {
                    [key: string]: unknown;
                  })
                | null;
              participants:
                | {
                    [key: string]: unknown;
                  }[]
                | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at: string;
            }[];
            pagination: {
              page: number;
              per_page: number;
              total_pages: number;
              total_results: number;
              total: number;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
              /** @description The `timezone` asked for, in its canonical spelling */
              timezone?: string;
              pagination: {
                page: number;
                per_page: number;
                total: number;
              };
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  getFixture: {
    parameters: {
      query?: {
        /**
         * @description a comma-separated list of lineups, events, odds, statistics (each embedded under `included`: the data of /lineups, /events and /odds for this fixture, and statistics of its two teams; odds need a plan with odds)
         * @example lineups,events
         */
        include?: string;
        /** @description An IANA time zone name (case ignored; answered in its canonical spelling): each item gains `kickoff_local` and `timezone`. Stored timestamps stay UTC. */
        timezone?: string;
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
        /** @description Opaque identifier */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              fixture_id: string;
              sport: string;
              competition: string;
              league: string;
              /** @description Opaque identifier */
              competition_id: string;
              competition_slug: string;
              season: string;
              round: string | null;
              home_team: string | null;
              away_team: string | null;
              home_team_id: string | null;
              away_team_id: string | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              kickoff: string;
              /**
               * @description With `timezone`: the kickoff on that zone's clock, ISO 8601 with its offset, second precision
               * @example 2026-11-22T05:00:00+05:30
               */
              kickoff_local?: string;
              /** @description With `timezone`: the zone, in its canonical spelling */
              timezone?: string;
              venue: string | null;
              /** @enum {string} */
              status:
                | "tbd"
                | "scheduled"
                | "delayed"
                | "live"
                | "interrupted"
                | "suspended"
                | "finished"
                | "postponed"
                | "cancelled"
                | "abandoned"
                | "awarded"
                | "walkover";
              period: string | null;
              minute: number | null;
              score:
                | ({
                    home: number;
                    away: number;
                  } & {
                    [key: string]: unknown;
                  })
                | null;
              participants:
                | {
                    [key: string]: unknown;
                  }[]
                | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at: string;
              officials: {
                [key: string]: unknown;
              }[];
              broadcast: {
                [key: string]: unknown;
              }[];
              result:
                | ({
                    outcome: string | null;
                    winner_team_id: string | null;
                    decided_by: string | null;
                    text: string | null;
                  } & {
                    [key: string]: unknown;
                  })
                | null;
              last_event:
                | ({
                    type: string;
                    team: string | null;
                    minute: number | null;
                  } & {
                    [key: string]: unknown;
                  })
                | null;
              sequence: number;
              /** @description The data's origin, for attribution */
              source: {
                /** @description `sample`, `feed`, `openfootball`, `cricsheet`, `retrosheet`… */
                id: string;
                name: string;
                licence: string | null;
                url: string | null;
              };
              links: {
                self: string;
                lineups: string | null;
                events: string | null;
                odds: string | null;
              };
              /** @description Only with `include`: the parts asked for */
              included?: {
                lineups?: {
                  /** @description Opaque identifier */
                  fixture_id: string;
                  available: boolean;
                  home: {
                    /** @description Opaque identifier */
                    team_id: string;
                    team: string;
                    formation: string | null;
                    coach: string | null;
                    starters: ({
                      /** @description Opaque identifier */
                      player_id: string;
                      name: string;
                      position: string | null;
                      shirt_number: number | null;
                    } & {
                      [key: string]: unknown;
                    })[];
                    substitutes: ({
                      /** @description Opaque identifier */
                      player_id: string;
                      name: string;
                      position: string | null;
                      shirt_number: number | null;
                    } & {
                      [key: string]: unknown;
                    })[];
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                     * @example 2026-11-21T10:00:00Z
                     */
                    updated_at: string;
                  } | null;
                  away: {
                    /** @description Opaque identifier */
                    team_id: string;
                    team: string;
                    formation: string | null;
                    coach: string | null;
                    starters: ({
                      /** @description Opaque identifier */
                      player_id: string;
                      name: string;
                      position: string | null;
                      shirt_number: number | null;
                    } & {
                      [key: string]: unknown;
                    })[];
                    substitutes: ({
                      /** @description Opaque identifier */
                      player_id: string;
                      name: string;
                      position: string | null;
                      shirt_number: number | null;
                    } & {
                      [key: string]: unknown;
                    })[];
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                     * @example 2026-11-21T10:00:00Z
                     */
                    updated_at: string;
                  } | null;
                };
                events?: {
                  /** @description Opaque identifier */
                  event_id: string;
                  /** @description Opaque identifier */
                  fixture_id: string;
                  sequence: number;
                  type: string;
                  period: string | null;
                  minute: number | null;
                  team_id: string | null;
                  team: string | null;
                  player_id: string | null;
                  player: string | null;
                  related_player_id: string | null;
                  related_player: string | null;
                  detail: {
                    [key: string]: unknown;
                  };
                  score: {
                    [key: string]: unknown;
                  } | null;
                  /** @enum {string} */
                  state: "active" | "retracted";
                  /**
                   * Format: date-time
                   * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                   * @example 2026-11-21T10:00:00Z
                   */
                  created_at: string;
                  /**
                   * Format: date-time
                   * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                   * @example 2026-11-21T10:00:00Z
                   */
                  updated_at: string;
                }[];
                /** @description As /odds?match_id= answers, in decimal prices */
                odds?: {
                  /** @description "1X2" for the match result; other markets by key */
                  market: string;
                  /** @description Bookmaker slug, or "consensus" */
                  bookmaker: string;
                  bookmaker_name: string;
                  line: number | null;
                  subject: string | null;
                  /** @description Home win (1X2, moneyline) or home cover (handicap) */
                  home?: number | string;
                  /** @description Draw (1X2) */
                  draw?: number | string;
                  /** @description Away win (1X2, moneyline) or away cover (handicap) */
                  away?: number | string;
                  /** @description Over the line (totals, player props) */
                  over?: number | string;
                  /** @description Under the line (totals, player props) */
                  under?: number | string;
                  /** @description Yes (btts, player props) */
                  yes?: number | string;
                  /** @description No (btts, player props) */
                  no?: number | string;
                  /** @description Price per selection: home/draw/away, over/under, yes/no, or participant ids */
                  selections: {
                    [key: string]: number | string;
                  };
                  /** @description Outright markets: the participant's name per selection id */
                  selection_names?: {
                    [key: string]: string;
                  };
                  /** @description Price per selection: home/draw/away, over/under, yes/no, or participant ids */
                  opening: {
                    [key: string]: number | string;
                  };
                  /**
                   * Format: date-time
                   * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                   * @example 2026-11-21T10:00:00Z
                   */
                  opened_at: string;
                  /**
                   * Format: date-time
                   * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                   * @example 2026-11-21T10:00:00Z
                   */
                  updated_at: string;
                  is_live: boolean;
                  /** @description Σ(1/decimal price) − 1, 4 decimals */
                  margin: number;
                  /** @description No-vig probability per selection: (1/price) / Σ(1/price), 4 decimals */
                  implied_probability: {
                    [key: string]: number;
                  };
                }[];
                statistics?: {
                  /** @description What /statistics/team/{team_id}?competition=…&season=… answers for this fixture's competition and season; null without a team (field sports) */
                  home: {
                    /** @description Opaque identifier */
                    team_id: string;
                    team: string;
                    competitions: {
                      /** @description Opaque identifier */
                      competition_id: string;
                      competition: string;
                      season: string;
                      stats: {
                        [key: string]: unknown;
                      };
                    }[];
                  } | null;
                  /** @description What /statistics/team/{team_id}?competition=…&season=… answers for this fixture's competition and season; null without a team (field sports) */
                  away: {
                    /** @description Opaque identifier */
                    team_id: string;
                    team: string;
                    competitions: {
                      /** @description Opaque identifier */
                      competition_id: string;
                      competition: string;
                      season: string;
                      stats: {
                        [key: string]: unknown;
                      };
                    }[];
                  } | null;
                };
              };
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
              /** @description The `timezone` asked for, in its canonical spelling */
              timezone?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  listLiveMatches: {
    parameters: {
      query?: {
        /** @description Competition slug or id */
        league?: string;
        /** @description Alias of league */
        competition_id?: string;
        /** @description An IANA time zone name (case ignored; answered in its canonical spelling): each item gains `kickoff_local` and `timezone`. Stored timestamps stay UTC. */
        timezone?: string;
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              fixture_id: string;
              sport: string;
              competition: string;
              league: string;
              /** @description Opaque identifier */
              competition_id: string;
              /** @description "Home vs Away" */
              match: string;
              home: string | null;
              away: string | null;
              home_team: string | null;
              away_team: string | null;
              home_team_id: string | null;
              away_team_id: string | null;
              score: string | null;
              score_detail:
                | ({
                    home: number;
                    away: number;
                  } & {
                    [key: string]: unknown;
                  })
                | null;
              minute: number | null;
              period: string | null;
              status: string;
              last_event:
                | ({
                    type: string;
                    team: string | null;
                    minute: number | null;
                  } & {
                    [key: string]: unknown;
                  })
                | null;
              sequence: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              kickoff: string;
              /**
               * @description With `timezone`: the kickoff on that zone's clock, ISO 8601 with its offset, second precision
               * @example 2026-11-22T05:00:00+05:30
               */
              kickoff_local?: string;
              /** @description With `timezone`: the zone, in its canonical spelling */
              timezone?: string;
              participants:
                | {
                    [key: string]: unknown;
                  }[]
                | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at: string;
            }[];
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
              /** @description The `timezone` asked for, in its canonical spelling */
              timezone?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  listLiveScores: {
    parameters: {
      query?: {
        /** @description Competition slug or id */
        league?: string;
        /** @description Alias of league */
        competition_id?: string;
        /** @description An IANA time zone name (case ignored; answered in its canonical spelling): each item gains `kickoff_local` and `timezone`. Stored timestamps stay UTC. */
        timezone?: string;
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              fixture_id: string;
              sport: string;
              competition: string;
              league: string;
              /** @description Opaque identifier */
              competition_id: string;
              /** @description "Home vs Away" */
              match: string;
              home: string | null;
              away: string | null;
              home_team: string | null;
              away_team: string | null;
              home_team_id: string | null;
              away_team_id: string | null;
              score: string | null;
              score_detail:
                | ({
                    home: number;
                    away: number;
                  } & {
                    [key: string]: unknown;
                  })
                | null;
              minute: number | null;
              period: string | null;
              status: string;
              last_event:
                | ({
                    type: string;
                    team: string | null;
                    minute: number | null;
                  } & {
                    [key: string]: unknown;
                  })
                | null;
              sequence: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              kickoff: string;
              /**
               * @description With `timezone`: the kickoff on that zone's clock, ISO 8601 with its offset, second precision
               * @example 2026-11-22T05:00:00+05:30
               */
              kickoff_local?: string;
              /** @description With `timezone`: the zone, in its canonical spelling */
              timezone?: string;
              participants:
                | {
                    [key: string]: unknown;
                  }[]
                | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at: string;
            }[];
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
              /** @description The `timezone` asked for, in its canonical spelling */
              timezone?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  listResults: {
    parameters: {
      query?: {
        /**
         * @description ISO 8601 date, e.g. 2026-11-21
         * @example 2026-11-21
         */
        date?: string;
        /**
         * @description ISO 8601 date, e.g. 2026-11-21
         * @example 2026-11-21
         */
        date_from?: string;
        /**
         * @description ISO 8601 date, e.g. 2026-11-21
         * @example 2026-11-21
         */
        date_to?: string;
        /** @description Competition slug or id */
        league?: string;
        /** @description Alias of league */
        competition_id?: string;
        /** @description Team slug or id */
        team?: string;
        /** @description Alias of team */
        team_id?: string;
        /** @description YYYY-YYYY, or YYYY for single-year sports */
        season?: string;
        /** @description One status or a comma-separated list: tbd, scheduled, delayed, live, interrupted, suspended, finished, postponed, cancelled, abandoned, awarded, walkover */
        status?: string;
        /**
         * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
         * @example 2026-11-21T10:00:00Z
         */
        updated_since?: string;
        /** @description An IANA time zone name (case ignored; answered in its canonical spelling): `date`, `date_from` and `date_to` (and the default window) become that zone's calendar days, and each item gains `kickoff_local` and `timezone`. Stored timestamps stay UTC. */
        timezone?: string;
        /** @description Page number, 1 or more */
        page?: number;
        /** @description Page size, 1 to 100 */
        per_page?: number;
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              fixture_id: string;
              sport: string;
              competition: string;
              league: string;
              /** @description Opaque identifier */
              competition_id: string;
              competition_slug: string;
              season: string;
              round: string | null;
              home_team: string | null;
              away_team: string | null;
              home_team_id: string | null;
              away_team_id: string | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              kickoff: string;
              /**
               * @description With `timezone`: the kickoff on that zone's clock, ISO 8601 with its offset, second precision
               * @example 2026-11-22T05:00:00+05:30
               */
              kickoff_local?: string;
              /** @description With `timezone`: the zone, in its canonical spelling */
              timezone?: string;
              venue: string | null;
              /** @enum {string} */
              status:
                | "tbd"
                | "scheduled"
                | "delayed"
                | "live"
                | "interrupted"
                | "suspended"
                | "finished"
                | "postponed"
                | "cancelled"
                | "abandoned"
                | "awarded"
                | "walkover";
              period: string | null;
              minute: number | null;
              score:
                | ({
                    home: number;
                    away: number;
                  } & {
                    [key: string]: unknown;
                  })
                | null;
              participants:
                | {
                    [key: string]: unknown;
                  }[]
                | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at: string;
              final_score: {
                home: number;
                away: number;
              } | null;
              score_text: string | null;
              result:
                | ({
                    outcome: string | null;
                    winner_team_id: string | null;
                    decided_by: string | null;
                    text: string | null;
                  } & {
                    [key: string]: unknown;
                  })
                | null;
            }[];
            pagination: {
              page: number;
              per_page: number;
              total_pages: number;
              total_results: number;
              total: number;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
              /** @description The `timezone` asked for, in its canonical spelling */
              timezone?: string;
              pagination: {
                page: number;
                per_page: number;
                total: number;
              };
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  listHistoryMatches: {
    parameters: {
      query?: {
        /**
         * @description ISO 8601 date, e.g. 2026-11-21
         * @example 2026-11-21
         */
        date?: string;
        /**
         * @description ISO 8601 date, e.g. 2026-11-21
         * @example 2026-11-21
         */
        date_from?: string;
        /**
         * @description ISO 8601 date, e.g. 2026-11-21
         * @example 2026-11-21
         */
        date_to?: string;
        /** @description Competition slug or id */
        league?: string;
        /** @description Alias of league */
        competition_id?: string;
        /** @description Team slug or id */
        team?: string;
        /** @description Alias of team */
        team_id?: string;
        /** @description YYYY-YYYY, or YYYY for single-year sports */
        season?: string;
        /** @description One status or a comma-separated list: tbd, scheduled, delayed, live, interrupted, suspended, finished, postponed, cancelled, abandoned, awarded, walkover */
        status?: string;
        /**
         * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
         * @example 2026-11-21T10:00:00Z
         */
        updated_since?: string;
        /** @description An IANA time zone name (case ignored; answered in its canonical spelling): `date`, `date_from` and `date_to` (and the default window) become that zone's calendar days, and each item gains `kickoff_local` and `timezone`. Stored timestamps stay UTC. */
        timezone?: string;
        /** @description YYYY-YYYY, or YYYY for single-year sports */
        season_from?: string;
        /** @description YYYY-YYYY, or YYYY for single-year sports */
        season_to?: string;
        /** @description Opaque: pagination.next_cursor of the previous page */
        cursor?: string;
        /** @description Page size, 1 to 100 */
        per_page?: number;
        /** @description 1 or absent: history pages by cursor (follow pagination.next_cursor) */
        page?: number;
        /** @description json (paged envelope, default), or a bulk export of the whole selection: ndjson or csv */
        format?: "json" | "ndjson" | "csv";
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              fixture_id: string;
              sport: string;
              competition: string;
              league: string;
              /** @description Opaque identifier */
              competition_id: string;
              competition_slug: string;
              season: string;
              round: string | null;
              home_team: string | null;
              away_team: string | null;
              home_team_id: string | null;
              away_team_id: string | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              kickoff: string;
              /**
               * @description With `timezone`: the kickoff on that zone's clock, ISO 8601 with its offset, second precision
               * @example 2026-11-22T05:00:00+05:30
               */
              kickoff_local?: string;
              /** @description With `timezone`: the zone, in its canonical spelling */
              timezone?: string;
              venue: string | null;
              /** @enum {string} */
              status:
                | "tbd"
                | "scheduled"
                | "delayed"
                | "live"
                | "interrupted"
                | "suspended"
                | "finished"
                | "postponed"
                | "cancelled"
                | "abandoned"
                | "awarded"
                | "walkover";
              period: string | null;
              minute: number | null;
              score:
                | ({
                    home: number;
                    away: number;
                  } & {
                    [key: string]: unknown;
                  })
                | null;
              participants:
                | {
                    [key: string]: unknown;
                  }[]
                | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at: string;
              final_score: {
                home: number;
                away: number;
              } | null;
              score_text: string | null;
              result:
                | ({
                    outcome: string | null;
                    winner_team_id: string | null;
                    decided_by: string | null;
                    text: string | null;
                  } & {
                    [key: string]: unknown;
                  })
                | null;
            }[];
            pagination: {
              page: number;
              per_page: number;
              total_pages: number;
              total_results: number;
              total: number;
              next_cursor: string | null;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
              /** @description The `timezone` asked for, in its canonical spelling */
              timezone?: string;
              pagination: {
                page: number;
                per_page: number;
                total: number;
                next_cursor: string | null;
              };
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  getStandings: {
    parameters: {
      query?: {
        /** @description Competition slug or id (required); when no competition has that exact slug or id, a league alias such as `mlb`, `nba`, `nfl`, `epl`, `premier-league`, `ipl` or `ufc`. An unknown league is a 400 whose message names the closest slugs and aliases */
        league?: string;
        /** @description Alias of league */
        competition_id?: string;
        /** @description YYYY-YYYY, or YYYY for single-year sports */
        season?: string;
        /** @description Only the teams of one group (conference, division, pool), by name (`Eastern`, `AFC East`; case and accents ignored): positions and games behind are then within the group */
        group?: string;
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              position: number;
              /** @description Opaque identifier */
              team_id: string;
              team: string;
              played: number;
              won: number;
              drawn: number;
              lost: number;
              no_result: number;
              goals_for: number;
              goals_against: number;
              goal_difference: number;
              points: number;
              deductions: number;
              deduction_reasons: string[];
              win_pct: number;
              form: string;
              /** @description Cricket: runs per over scored minus conceded, three decimals */
              net_run_rate?: number;
              /** @description Win-percentage tables: games behind the leader of the row's own division (its groups) on the whole table, or of the group asked for with `group` */
              games_behind?: number;
              group: string | null;
              /** @description Every group the team is in that season, broadest first (conference, division) */
              groups: {
                kind: string;
                name: string;
              }[];
            }[];
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description What the data's licence asks users to see */
              attribution?: string;
              competition_id: string;
              competition: string;
              season: string;
              group?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  listStatistics: {
    parameters: {
      query?: {
        type?: "team" | "player";
        /** @description Competition slug or id */
        league?: string;
        /** @description Alias of league */
        competition_id?: string;
        /** @description Team slug or id */
        team?: string;
        /** @description Alias of team */
        team_id?: string;
        /** @description YYYY-YYYY, or YYYY for single-year sports */
        season?: string;
        /** @description Page number, 1 or more */
        page?: number;
        /** @description Page size, 1 to 100 */
        per_page?: number;
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @enum {string} */
              type: "team" | "player";
              team_id: string | null;
              team: string | null;
              player_id: string | null;
              player: string | null;
              /** @description Opaque identifier */
              competition_id: string;
              competition: string;
              season: string;
              stats: {
                [key: string]: unknown;
              };
            }[];
            pagination: {
              page: number;
              per_page: number;
              total_pages: number;
              total_results: number;
              total: number;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
              pagination: {
                page: number;
                per_page: number;
                total: number;
              };
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  getTeamStatistics: {
    parameters: {
      query?: {
        /** @description YYYY-YYYY, or YYYY for single-year sports */
        season?: string;
        /** @description Competition slug or id */
        competition?: string;
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
        /** @description Opaque identifier */
        team_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              team_id: string;
              team: string;
              competitions: {
                /** @description Opaque identifier */
                competition_id: string;
                competition: string;
                season: string;
                stats: {
                  [key: string]: unknown;
                };
              }[];
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  getPlayerStatistics: {
    parameters: {
      query?: {
        /** @description YYYY-YYYY, or YYYY for single-year sports */
        season?: string;
        /** @description Competition slug or id */
        competition?: string;
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
        /** @description Opaque identifier */
        player_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              player_id: string;
              player: string;
              team_id: string | null;
              competitions: {
                /** @description Opaque identifier */
                competition_id: string;
                competition: string;
                season: string;
                stats: {
                  [key: string]: unknown;
                };
                team_id: string | null;
              }[];
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  listStatisticsLeaders: {
    parameters: {
      query: {
        /**
         * @description The statistic to rank: one of the sport's `leader_stats` of this `type` in `/v1/sports` (e.g. football `goals`, basketball `points_per_game`, baseball `era`, cricket `strike_rate`)
         * @example goals
         */
        stat: string;
        /** @description Rank players or teams */
        type?: "player" | "team";
        /** @description Competition slug or id */
        league?: string;
        /** @description Alias of league */
        competition_id?: string;
        /** @description YYYY-YYYY, or YYYY for single-year sports */
        season?: string;
        /** @description How many to list, 1 to 100 */
        limit?: number;
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Standard competition ranking: equal values share a rank, the next one skips (1, 2, 2, 4) */
              rank: number;
              /** @description The statistic's value, rounded as ranked */
              value: number;
              /** @enum {string} */
              type: "team" | "player";
              player_id: string | null;
              player: string | null;
              team_id: string | null;
              team: string | null;
              /** @description Opaque identifier */
              competition_id: string;
              competition: string;
              season: string;
              stats: {
                [key: string]: unknown;
              };
            }[];
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
              stat: string;
              /** @enum {string} */
              type: "team" | "player";
              /**
               * @description `asc`: lowest value first
               * @enum {string}
               */
              order: "desc" | "asc";
              qualifier: string | null;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  getHeadToHead: {
    parameters: {
      query: {
        /** @description The first side: a team id or slug; in tennis and combat sports a competitor's team id, slug or player id. Unknown in the sport: 404 naming `team_a`. */
        team_a: string;
        /** @description The second side: a team id or slug; in tennis and combat sports a competitor's team id, slug or player id. Unknown in the sport: 404 naming `team_b`. */
        team_b: string;
        /** @description Only meetings in this competition (slug or id) */
        league?: string;
        /** @description Alias of league */
        competition_id?: string;
        /** @description YYYY-YYYY, or YYYY for single-year sports */
        season?: string;
        /** @description Page number, 1 or more */
        page?: number;
        /** @description Page size, 1 to 100 */
        per_page?: number;
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              team_a: {
                /** @description Opaque identifier */
                team_id: string;
                sport: string;
                name: string;
                short_name: string;
                abbreviation: string;
                slug: string;
                /** @enum {string} */
                kind: "team" | "individual";
                country: string | null;
                city: string | null;
                founded: number | null;
                venue: {
                  [key: string]: unknown;
                } | null;
                player_id: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                 * @example 2026-11-21T10:00:00Z
                 */
                updated_at: string;
                links: {
                  self: string;
                  players: string;
                  statistics: string;
                };
              };
              team_b: {
                /** @description Opaque identifier */
                team_id: string;
                sport: string;
                name: string;
                short_name: string;
                abbreviation: string;
                slug: string;
                /** @enum {string} */
                kind: "team" | "individual";
                country: string | null;
                city: string | null;
                founded: number | null;
                venue: {
                  [key: string]: unknown;
                } | null;
                player_id: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                 * @example 2026-11-21T10:00:00Z
                 */
                updated_at: string;
                links: {
                  self: string;
                  players: string;
                  statistics: string;
                };
              };
              /** @description Computed over every finished meeting in scope, not only this page */
              record: {
                /** @description Finished meetings (finished, awarded, walkover) */
                played: number;
                team_a_wins: number;
                /** @description Drawn or tied meetings */
                draws: number;
                team_b_wins: number;
                /** @description Finished meetings without a winner or a draw */
                no_result: number;
                /** @description team_a's headline score summed over the meetings: goals, points, runs, sets… */
                team_a_score: number;
                /** @description team_b's headline score summed likewise */
                team_b_score: number;
              };
              /** @description The next (at most 10) meetings not yet played, soonest first */
              upcoming: {
                /** @description Opaque identifier */
                fixture_id: string;
                sport: string;
                competition: string;
                league: string;
                /** @description Opaque identifier */
                competition_id: string;
                competition_slug: string;
                season: string;
                round: string | null;
                home_team: string | null;
                away_team: string | null;
                home_team_id: string | null;
                away_team_id: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                 * @example 2026-11-21T10:00:00Z
                 */
                kickoff: string;
                /**
                 * @description With `timezone`: the kickoff on that zone's clock, ISO 8601 with its offset, second precision
                 * @example 2026-11-22T05:00:00+05:30
                 */
                kickoff_local?: string;
                /** @description With `timezone`: the zone, in its canonical spelling */
                timezone?: string;
                venue: string | null;
                /** @enum {string} */
                status:
                  | "tbd"
                  | "scheduled"
                  | "delayed"
                  | "live"
                  | "interrupted"
                  | "suspended"
                  | "finished"
                  | "postponed"
                  | "cancelled"
                  | "abandoned"
                  | "awarded"
                  | "walkover";
                period: string | null;
                minute: number | null;
                score:
                  | ({
                      home: number;
                      away: number;
                    } & {
                      [key: string]: unknown;
                    })
                  | null;
                participants:
                  | {
                      [key: string]: unknown;
                    }[]
                  | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                 * @example 2026-11-21T10:00:00Z
                 */
                updated_at: string;
              }[];
              /** @description Past meetings, newest first; `pagination` pages through these */
              meetings: {
                /** @description Opaque identifier */
                fixture_id: string;
                sport: string;
                competition: string;
                league: string;
                /** @description Opaque identifier */
                competition_id: string;
                competition_slug: string;
                season: string;
                round: string | null;
                home_team: string | null;
                away_team: string | null;
                home_team_id: string | null;
                away_team_id: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                 * @example 2026-11-21T10:00:00Z
                 */
                kickoff: string;
                /**
                 * @description With `timezone`: the kickoff on that zone's clock, ISO 8601 with its offset, second precision
                 * @example 2026-11-22T05:00:00+05:30
                 */
                kickoff_local?: string;
                /** @description With `timezone`: the zone, in its canonical spelling */
                timezone?: string;
                venue: string | null;
                /** @enum {string} */
                status:
                  | "tbd"
                  | "scheduled"
                  | "delayed"
                  | "live"
                  | "interrupted"
                  | "suspended"
                  | "finished"
                  | "postponed"
                  | "cancelled"
                  | "abandoned"
                  | "awarded"
                  | "walkover";
                period: string | null;
                minute: number | null;
                score:
                  | ({
                      home: number;
                      away: number;
                    } & {
                      [key: string]: unknown;
                    })
                  | null;
                participants:
                  | {
                      [key: string]: unknown;
                    }[]
                  | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                 * @example 2026-11-21T10:00:00Z
                 */
                updated_at: string;
                final_score: {
                  home: number;
                  away: number;
                } | null;
                score_text: string | null;
                result:
                  | ({
                      outcome: string | null;
                      winner_team_id: string | null;
                      decided_by: string | null;
                      text: string | null;
                    } & {
                      [key: string]: unknown;
                    })
                  | null;
              }[];
            };
            pagination: {
              page: number;
              per_page: number;
              total_pages: number;
              total_results: number;
              total: number;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
              pagination: {
                page: number;
                per_page: number;
                total: number;
              };
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  listMatchEvents: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
        /** @description Opaque identifier */
        fixture_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              event_id: string;
              /** @description Opaque identifier */
              fixture_id: string;
              sequence: number;
              type: string;
              period: string | null;
              minute: number | null;
              team_id: string | null;
              team: string | null;
              player_id: string | null;
              player: string | null;
              related_player_id: string | null;
              related_player: string | null;
              detail: {
                [key: string]: unknown;
              };
              score: {
                [key: string]: unknown;
              } | null;
              /** @enum {string} */
              state: "active" | "retracted";
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              created_at: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at: string;
            }[];
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  listFixtureEvents: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
        /** @description Opaque identifier */
        fixture_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              event_id: string;
              /** @description Opaque identifier */
              fixture_id: string;
              sequence: number;
              type: string;
              period: string | null;
              minute: number | null;
              team_id: string | null;
              team: string | null;
              player_id: string | null;
              player: string | null;
              related_player_id: string | null;
              related_player: string | null;
              detail: {
                [key: string]: unknown;
              };
              score: {
                [key: string]: unknown;
              } | null;
              /** @enum {string} */
              state: "active" | "retracted";
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              created_at: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at: string;
            }[];
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  getMatchLineups: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
        /** @description Opaque identifier */
        fixture_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              fixture_id: string;
              available: boolean;
              home: {
                /** @description Opaque identifier */
                team_id: string;
                team: string;
                formation: string | null;
                coach: string | null;
                starters: ({
                  /** @description Opaque identifier */
                  player_id: string;
                  name: string;
                  position: string | null;
                  shirt_number: number | null;
                } & {
                  [key: string]: unknown;
                })[];
                substitutes: ({
                  /** @description Opaque identifier */
                  player_id: string;
                  name: string;
                  position: string | null;
                  shirt_number: number | null;
                } & {
                  [key: string]: unknown;
                })[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                 * @example 2026-11-21T10:00:00Z
                 */
                updated_at: string;
              } | null;
              away: {
                /** @description Opaque identifier */
                team_id: string;
                team: string;
                formation: string | null;
                coach: string | null;
                starters: ({
                  /** @description Opaque identifier */
                  player_id: string;
                  name: string;
                  position: string | null;
                  shirt_number: number | null;
                } & {
                  [key: string]: unknown;
                })[];
                substitutes: ({
                  /** @description Opaque identifier */
                  player_id: string;
                  name: string;
                  position: string | null;
                  shirt_number: number | null;
                } & {
                  [key: string]: unknown;
                })[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                 * @example 2026-11-21T10:00:00Z
                 */
                updated_at: string;
              } | null;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  getFixtureLineups: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
        /** @description Opaque identifier */
        fixture_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              fixture_id: string;
              available: boolean;
              home: {
                /** @description Opaque identifier */
                team_id: string;
                team: string;
                formation: string | null;
                coach: string | null;
                starters: ({
                  /** @description Opaque identifier */
                  player_id: string;
                  name: string;
                  position: string | null;
                  shirt_number: number | null;
                } & {
                  [key: string]: unknown;
                })[];
                substitutes: ({
                  /** @description Opaque identifier */
                  player_id: string;
                  name: string;
                  position: string | null;
                  shirt_number: number | null;
                } & {
                  [key: string]: unknown;
                })[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                 * @example 2026-11-21T10:00:00Z
                 */
                updated_at: string;
              } | null;
              away: {
                /** @description Opaque identifier */
                team_id: string;
                team: string;
                formation: string | null;
                coach: string | null;
                starters: ({
                  /** @description Opaque identifier */
                  player_id: string;
                  name: string;
                  position: string | null;
                  shirt_number: number | null;
                } & {
                  [key: string]: unknown;
                })[];
                substitutes: ({
                  /** @description Opaque identifier */
                  player_id: string;
                  name: string;
                  position: string | null;
                  shirt_number: number | null;
                } & {
                  [key: string]: unknown;
                })[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                 * @example 2026-11-21T10:00:00Z
                 */
                updated_at: string;
              } | null;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  listTeams: {
    parameters: {
      query?: {
        /** @description Competition slug or id */
        league?: string;
        /** @description Alias of league */
        competition_id?: string;
        /** @description Name search: case- and accent-insensitive */
        search?: string;
        country?: string;
        /**
         * @description Comma-separated fields, a leading `-` for descending (e.g. `-won,name`). Profile fields: `name`, `founded`, `country`, `updated_at`. Statistics: the sport's `sort_fields` in `/v1/sports` (their totals over each competition's current season, or `league`'s only). Default: name.
         * @example -won,name
         */
        sort?: string;
        /** @description Page number, 1 or more */
        page?: number;
        /** @description Page size, 1 to 100 */
        per_page?: number;
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              team_id: string;
              sport: string;
              name: string;
              short_name: string;
              abbreviation: string;
              slug: string;
              /** @enum {string} */
              kind: "team" | "individual";
              country: string | null;
              city: string | null;
              founded: number | null;
              venue: {
                [key: string]: unknown;
              } | null;
              player_id: string | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at: string;
              links: {
                self: string;
                players: string;
                statistics: string;
              };
            }[];
            pagination: {
              page: number;
              per_page: number;
              total_pages: number;
              total_results: number;
              total: number;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
              pagination: {
                page: number;
                per_page: number;
                total: number;
              };
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  getTeam: {
    parameters: {
      query?: {
        /**
         * @description a comma-separated list of squad (embedded under `included`: squad is every player of the team as /players?team_id= lists them)
         * @example squad
         */
        include?: string;
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
        /** @description Opaque identifier */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              team_id: string;
              sport: string;
              name: string;
              short_name: string;
              abbreviation: string;
              slug: string;
              /** @enum {string} */
              kind: "team" | "individual";
              country: string | null;
              city: string | null;
              founded: number | null;
              venue: {
                [key: string]: unknown;
              } | null;
              player_id: string | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at: string;
              links: {
                self: string;
                players: string;
                statistics: string;
              };
              squad: {
                /** @description Opaque identifier */
                player_id: string;
                name: string;
                position: string | null;
                shirt_number: number | null;
                nationality: string | null;
                date_of_birth: string | null;
              }[];
              competitions: {
                /** @description Opaque identifier */
                competition_id: string;
                competition: string;
                season: string;
                statistics: string;
              }[];
              /** @description Only with `include`: the parts asked for */
              included?: {
                squad?: {
                  /** @description Opaque identifier */
                  player_id: string;
                  sport: string;
                  name: string;
                  first_name: string;
                  last_name: string;
                  slug: string;
                  position: string | null;
                  nationality: string | null;
                  date_of_birth: string | null;
                  shirt_number: number | null;
                  height_cm: number | null;
                  team_id: string | null;
                  team: string | null;
                  profile: {
                    [key: string]: unknown;
                  };
                  /**
                   * Format: date-time
                   * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                   * @example 2026-11-21T10:00:00Z
                   */
                  updated_at: string;
                  links: {
                    self: string;
                    statistics: string;
                  };
                }[];
              };
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  listPlayers: {
    parameters: {
      query?: {
        /** @description Competition slug or id */
        league?: string;
        /** @description Alias of league */
        competition_id?: string;
        /** @description Team slug or id */
        team?: string;
        /** @description Alias of team */
        team_id?: string;
        /** @description Name search: case- and accent-insensitive */
        search?: string;
        position?: string;
        nationality?: string;
        /**
         * @description Comma-separated fields, a leading `-` for descending (e.g. `-goals,name`). Profile fields: `name`, `shirt_number`, `date_of_birth`, `height_cm`, `updated_at`. Statistics: the sport's `sort_fields` in `/v1/sports` (their totals over each competition's current season, or `league`'s only). Default: name.
         * @example -goals,name
         */
        sort?: string;
        /** @description Page number, 1 or more */
        page?: number;
        /** @description Page size, 1 to 100 */
        per_page?: number;
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              player_id: string;
              sport: string;
              name: string;
              first_name: string;
              last_name: string;
              slug: string;
              position: string | null;
              nationality: string | null;
              date_of_birth: string | null;
              shirt_number: number | null;
              height_cm: number | null;
              team_id: string | null;
              team: string | null;
              profile: {
                [key: string]: unknown;
              };
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at: string;
              links: {
                self: string;
                statistics: string;
              };
            }[];
            pagination: {
              page: number;
              per_page: number;
              total_pages: number;
              total_results: number;
              total: number;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
              pagination: {
                page: number;
                per_page: number;
                total: number;
              };
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  getPlayer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
        /** @description Opaque identifier */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              player_id: string;
              sport: string;
              name: string;
              first_name: string;
              last_name: string;
              slug: string;
              position: string | null;
              nationality: string | null;
              date_of_birth: string | null;
              shirt_number: number | null;
              height_cm: number | null;
              team_id: string | null;
              team: string | null;
              profile: {
                [key: string]: unknown;
              };
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at: string;
              links: {
                self: string;
                statistics: string;
              };
              record: {
                wins: number;
                losses: number;
                draws: number;
                /** @description Bouts ruled a no contest (`decided_by: no_contest`, overturned results too) */
                no_contests: number;
                /**
                 * @description Wins-losses-draws, no contests in brackets when there are any: "20-3-1 (1 NC)"
                 * @example 20-3-1 (1 NC)
                 */
                text: string;
              } | null;
              season_stats: {
                /** @description Opaque identifier */
                competition_id: string;
                competition: string;
                season: string;
                stats: {
                  [key: string]: unknown;
                };
              }[];
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  listCompetitions: {
    parameters: {
      query?: {
        country?: string;
        type?: "league" | "cup" | "tournament" | "tour" | "meeting";
        /** @description Name search: case- and accent-insensitive */
        search?: string;
        /** @description Page number, 1 or more */
        page?: number;
        /** @description Page size, 1 to 100 */
        per_page?: number;
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              competition_id: string;
              sport: string;
              name: string;
              slug: string;
              country: {
                code: string;
                name: string;
              };
              tier: number;
              type: string;
              gender: string;
              current_season: {
                /** @description Opaque identifier */
                season_id: string;
                name: string | null;
                start_date: string | null;
                end_date: string | null;
              } | null;
              rules: {
                [key: string]: unknown;
              };
              /** @description The data's origin, for attribution */
              source: {
                /** @description `sample`, `feed`, `openfootball`, `cricsheet`, `retrosheet`… */
                id: string;
                name: string;
                licence: string | null;
                url: string | null;
              };
              /** @description The credit the data's licence asks users to see */
              attribution: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at: string;
            }[];
            pagination: {
              page: number;
              per_page: number;
              total_pages: number;
              total_results: number;
              total: number;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
              pagination: {
                page: number;
                per_page: number;
                total: number;
              };
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  listCountries: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description ISO 3166-1 alpha-2, or a region code such as GB-ENG or INT */
              code: string;
              name: string;
              competitions: number;
            }[];
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  listOdds: {
    parameters: {
      query?: {
        /** @description Fixture id (required) */
        match_id?: string;
        /** @description Alias of match_id */
        fixture_id?: string;
        /** @description One market, any case: 1x2, moneyline, handicap, totals, btts, player_props, method_of_victory, outright */
        market?: string;
        /** @description One bookmaker's slug or name, or `consensus` for the consensus entries only */
        bookmaker?: string;
        /** @description Price format of every price field */
        odds_format?: "decimal" | "american" | "fractional";
      };
      header?: never;
      path: {
        /** @description Sport segment */
        sport:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description "1X2" for the match result; other markets by key */
              market: string;
              /** @description Bookmaker slug, or "consensus" */
              bookmaker: string;
              bookmaker_name: string;
              line: number | null;
              subject: string | null;
              /** @description Home win (1X2, moneyline) or home cover (handicap) */
              home?: number | string;
              /** @description Draw (1X2) */
              draw?: number | string;
              /** @description Away win (1X2, moneyline) or away cover (handicap) */
              away?: number | string;
              /** @description Over the line (totals, player props) */
              over?: number | string;
              /** @description Under the line (totals, player props) */
              under?: number | string;
              /** @description Yes (btts, player props) */
              yes?: number | string;
              /** @description No (btts, player props) */
              no?: number | string;
              /** @description Price per selection: home/draw/away, over/under, yes/no, or participant ids */
              selections: {
                [key: string]: number | string;
              };
              /** @description Outright markets: the participant's name per selection id */
              selection_names?: {
                [key: string]: string;
              };
              /** @description Price per selection: home/draw/away, over/under, yes/no, or participant ids */
              opening: {
                [key: string]: number | string;
              };
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              opened_at: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at: string;
              is_live: boolean;
              /** @description Σ(1/decimal price) − 1, 4 decimals */
              margin: number;
              /** @description No-vig probability per selection: (1/price) / Σ(1/price), 4 decimals */
              implied_probability: {
                [key: string]: number;
              };
            }[];
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
              /** @description Opaque identifier */
              fixture_id: string;
              /** @description Opaque identifier */
              match_id: string;
              /** @enum {string} */
              odds_format: "decimal" | "american" | "fractional";
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  search: {
    parameters: {
      query: {
        /** @description What to look for: 2 to 100 characters (spaces around it do not count). Case, accents and punctuation are ignored, and a few typos are forgiven */
        q: string;
        /** @description Only this sport (default: every sport) */
        sport?:
          | "football"
          | "basketball"
          | "american-football"
          | "cricket"
          | "tennis"
          | "horse-racing"
          | "baseball"
          | "esports"
          | "golf"
          | "combat-sports";
        /**
         * @description Only these kinds of hit, comma-separated: team, player, competition, venue (default: all)
         * @example team,player
         */
        type?: string;
        /** @description Page number, 1 or more */
        page?: number;
        /** @description Page size, 1 to 100 */
        per_page?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @enum {string} */
              type: "team" | "player" | "competition" | "venue";
              /** @description The resource's id; for a venue (no resource of its own) the slug of its name */
              id: string;
              /** @enum {string} */
              sport:
                | "football"
                | "basketball"
                | "american-football"
                | "cricket"
                | "tennis"
                | "horse-racing"
                | "baseball"
                | "esports"
                | "golf"
                | "combat-sports";
              name: string;
              /** @description Relevance: 1 for the whole name, above 0.7 for the start of the name or of a word, above 0.5 anywhere inside it, below 0.45 for a match with typos */
              score: number;
              /** @description ISO 3166 code (or a region code such as GB-ENG), when known */
              country?: string;
              /**
               * @description The API path of the hit's resource: a team's or player's profile, a competition's fixtures, and for a venue its team's profile (a home ground) or the latest fixture held there
               * @example /v1/football/teams/tm_4k2m9x7q1w3e5r8t
               */
              link: string;
            }[];
            pagination: {
              page: number;
              per_page: number;
              total_pages: number;
              total_results: number;
              total: number;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
              pagination: {
                page: number;
                per_page: number;
                total: number;
              };
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  getUsage: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              key_id: string;
              plan: string;
              window: {
                limit: number | null;
                used: number;
                remaining: number | null;
                /** @description Unix seconds of the window's end */
                reset: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                 * @example 2026-11-21T10:00:00Z
                 */
                reset_at: string;
              };
              month: {
                limit: number | null;
                used: number;
                remaining: number | null;
                /** @description Unix seconds of the window's end */
                reset: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
                 * @example 2026-11-21T10:00:00Z
                 */
                reset_at: string;
              };
              /** @enum {string} */
              overage_policy: "blocked" | "billed" | "agreement";
              overage_calls: number;
              /** @description Billed units of 1,000 calls beyond the monthly quota */
              overage_units: number;
              overage_unit_calls: number;
              /** @description This key's calls per day this month (UTC), oldest first, every day up to today. Counted by the usage ledger, which each node writes every few seconds: another node's last seconds may not be in it yet. */
              history: {
                /** Format: date */
                date: string;
                /** @description Every answered call of the day */
                calls: number;
                success: number;
                /** @description 4xx answers other than 429 */
                client_error: number;
                /** @description 429: the per-minute limit */
                rate_limited: number;
                /** @description 429: the monthly quota (blocked plans) */
                quota_exceeded: number;
                server_error: number;
              }[];
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  listWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              id: string;
              url: string;
              events: string[];
              sport: string | null;
              leagues: string[];
              matches: string[];
              odds_threshold: number;
              description: string | null;
              enabled: boolean;
              /** @enum {string} */
              status: "active" | "disabled";
              disabled_reason: string | null;
              disabled_at: string | null;
              failing_since: string | null;
              secret_hint: string;
              previous_secret_expires_at: string | null;
              created_at: string;
              updated_at: string;
            }[];
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description https URL that receives the events; its host must not be a loopback, private or other non-public IP address or a localhost name */
          url: string;
          events: string[];
          sport?: string | null;
          /** @description competition ids or slugs; empty = every league */
          leagues?: string[];
          /** @description fixture ids; empty = every match */
          matches?: string[];
          /** @description relative price move that fires odds.moved, in (0, 1]; default 0.05 */
          odds_threshold?: number;
          /** @description whsec_ + base64 of at least 24 bytes; generated when omitted */
          secret?: string;
          description?: string | null;
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              id: string;
              url: string;
              events: string[];
              sport: string | null;
              leagues: string[];
              matches: string[];
              odds_threshold: number;
              description: string | null;
              enabled: boolean;
              /** @enum {string} */
              status: "active" | "disabled";
              disabled_reason: string | null;
              disabled_at: string | null;
              failing_since: string | null;
              secret_hint: string;
              previous_secret_expires_at: string | null;
              created_at: string;
              updated_at: string;
            } & {
              /** @description shown only in this response */
              secret: string;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  getWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Opaque identifier */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              id: string;
              url: string;
              events: string[];
              sport: string | null;
              leagues: string[];
              matches: string[];
              odds_threshold: number;
              description: string | null;
              enabled: boolean;
              /** @enum {string} */
              status: "active" | "disabled";
              disabled_reason: string | null;
              disabled_at: string | null;
              failing_since: string | null;
              secret_hint: string;
              previous_secret_expires_at: string | null;
              created_at: string;
              updated_at: string;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Opaque identifier */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              id: string;
              deleted: boolean;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  updateWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Opaque identifier */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description https URL that receives the events; its host must not be a loopback, private or other non-public IP address or a localhost name */
          url?: string;
          events?: string[];
          sport?: string | null;
          /** @description competition ids or slugs; empty = every league */
          leagues?: string[];
          /** @description fixture ids; empty = every match */
          matches?: string[];
          /** @description relative price move that fires odds.moved, in (0, 1]; default 0.05 */
          odds_threshold?: number;
          description?: string | null;
          enabled?: boolean;
          secret?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              id: string;
              url: string;
              events: string[];
              sport: string | null;
              leagues: string[];
              matches: string[];
              odds_threshold: number;
              description: string | null;
              enabled: boolean;
              /** @enum {string} */
              status: "active" | "disabled";
              disabled_reason: string | null;
              disabled_at: string | null;
              failing_since: string | null;
              secret_hint: string;
              previous_secret_expires_at: string | null;
              created_at: string;
              updated_at: string;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Opaque identifier */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              id: string;
              url: string;
              events: string[];
              sport: string | null;
              leagues: string[];
              matches: string[];
              odds_threshold: number;
              description: string | null;
              enabled: boolean;
              /** @enum {string} */
              status: "active" | "disabled";
              disabled_reason: string | null;
              disabled_at: string | null;
              failing_since: string | null;
              secret_hint: string;
              previous_secret_expires_at: string | null;
              created_at: string;
              updated_at: string;
            } & {
              /** @description shown only in this response */
              secret: string;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  testWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Opaque identifier */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description one of: match.started, match.goal, match.finished, odds.moved, fixture.updated, match.live.event, odds.changed, fixture.finished */
          event?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              id: string;
              /** @description Opaque identifier */
              subscription_id: string;
              event_id: string;
              event: string;
              /** @enum {string} */
              state: "pending" | "succeeded" | "failed";
              attempts: {
                attempt: number;
                attempted_at: string | null;
                /** @description HTTP status; 0 for a network error or a refused address */
                status: number;
                duration_ms: number;
                error: string | null;
                response_body: string | null;
                next_attempt_at: string | null;
                manual: boolean;
              }[];
              attempt_count: number;
              next_attempt_at: string | null;
              last_status: number | null;
              last_error: string | null;
              payload: {
                [key: string]: unknown;
              };
              created_at: string | null;
              updated_at: string | null;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description Page number, 1 or more */
        page?: number;
        /** @description Page size, 1 to 100 */
        per_page?: number;
        state?: "pending" | "succeeded" | "failed";
        /** @description only deliveries of this event */
        event?:
          | "match.started"
          | "match.goal"
          | "match.finished"
          | "odds.moved"
          | "fixture.updated"
          | "match.live.event"
          | "odds.changed"
          | "fixture.finished";
      };
      header?: never;
      path: {
        /** @description Opaque identifier */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              id: string;
              /** @description Opaque identifier */
              subscription_id: string;
              event_id: string;
              event: string;
              /** @enum {string} */
              state: "pending" | "succeeded" | "failed";
              attempts: {
                attempt: number;
                attempted_at: string | null;
                /** @description HTTP status; 0 for a network error or a refused address */
                status: number;
                duration_ms: number;
                error: string | null;
                response_body: string | null;
                next_attempt_at: string | null;
                manual: boolean;
              }[];
              attempt_count: number;
              next_attempt_at: string | null;
              last_status: number | null;
              last_error: string | null;
              payload: {
                [key: string]: unknown;
              };
              created_at: string | null;
              updated_at: string | null;
            }[];
            pagination: {
              page: number;
              per_page: number;
              total_pages: number;
              total_results: number;
              total: number;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
              pagination: {
                page: number;
                per_page: number;
                total: number;
              };
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  retryWebhookDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Opaque identifier */
        id: string;
        /** @description Opaque identifier */
        delivery_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              id: string;
              /** @description Opaque identifier */
              subscription_id: string;
              event_id: string;
              event: string;
              /** @enum {string} */
              state: "pending" | "succeeded" | "failed";
              attempts: {
                attempt: number;
                attempted_at: string | null;
                /** @description HTTP status; 0 for a network error or a refused address */
                status: number;
                duration_ms: number;
                error: string | null;
                response_body: string | null;
                next_attempt_at: string | null;
                manual: boolean;
              }[];
              attempt_count: number;
              next_attempt_at: string | null;
              last_status: number | null;
              last_error: string | null;
              payload: {
                [key: string]: unknown;
              };
              created_at: string | null;
              updated_at: string | null;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
  recoverWebhookDeliveries: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Opaque identifier */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /**
           * Format: date-time
           * @description ISO 8601; failed deliveries created at or after this are sent again. In the past, and within the delivery log's retention (30 days by default).
           * @example 2026-11-21T10:00:00Z
           */
          since: string;
          /**
           * Format: date-time
           * @description ISO 8601; only deliveries created before this (default: now)
           */
          until?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Opaque identifier */
              subscription_id: string;
              since: string;
              until: string;
              /** @description failed deliveries put back in the queue */
              queued: number;
            };
            meta: {
              sport?: string;
              count?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              generated_at: string;
              request_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z
               * @example 2026-11-21T10:00:00Z
               */
              updated_at?: string;
              /** @description Lists holding openly licensed data: the credit its licence asks every user to see */
              attribution?: string;
            } & {
              [key: string]: unknown;
            };
            errors: unknown[];
          };
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
      /** @description Every error response has this envelope; `error.code` says what went wrong */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorEnvelope"];
        };
      };
    };
  };
}
