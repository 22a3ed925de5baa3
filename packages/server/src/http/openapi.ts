/**
 * The OpenAPI 3.1 document, generated from the route schemas, at /v1/openapi.json, and the API
 * reference page at /docs (Swagger UI, served from this package; no CDN).
 */
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { App } from "./app-type.js";
import { ErrorEnvelope } from "./schemas/common.js";

const WORDMARK =
  '<svg xmlns="http://www.w3.org/2000/svg" width="150" height="32"><text x="0" y="24" ' +
  'font-family="Helvetica,Arial,sans-serif" font-size="24" font-weight="700" fill="#ffffff">' +
  "Scoreline</text></svg>";

/** Every tag an operation uses, in the reference page's order. */
const TAGS = [
  {
    name: "sports",
    description: "The ten supported sports with their statuses, periods and event types.",
  },
  {
    name: "fixtures",
    description: "Scheduled, live and past matches of a sport, and one fixture in full detail.",
  },
  {
    name: "live",
    description: "Matches in play right now, read from the live state on every call.",
  },
  { name: "results", description: "Finished matches with their final scores, newest first." },
  {
    name: "standings",
    description: "League tables computed from finished results by each sport's rules.",
  },
  {
    name: "head-to-head",
    description: "Two sides' record against each other, past meetings and upcoming meetings.",
  },
  {
    name: "statistics",
    description: "Season statistics of teams and players, and the leaders of each statistic.",
  },
  {
    name: "odds",
    description:
      "Pre-match and live prices of a fixture from every bookmaker, with consensus and margin.",
  },
  { name: "lineups", description: "Starting lineups, formations and substitutes of a fixture." },
  { name: "events", description: "The play-by-play events of a fixture, in sequence." },
  { name: "teams", description: "The team directory and team profiles." },
  { name: "players", description: "The player directory and player profiles." },
  { name: "competitions", description: "Leagues, tournaments, tours and meetings of a sport." },
  {
    name: "countries",
    description: "Countries and regions that a sport's competitions belong to.",
  },
  {
    name: "search",
    description: "Teams, players, competitions and venues of every sport, found by name.",
  },
  {
    name: "history",
    description: "The full record of finished matches, paged by cursor or as one bulk download.",
  },
  { name: "usage", description: "The calling key's request counts, quota and billed overage." },
  {
    name: "webhooks",
    description: "Webhook subscriptions that push live events to your URL, and their delivery log.",
  },
];

/** `sandbox`: the keyless sample host's document — a key is optional there, and a test key. */
export async function registerOpenApi(app: App, host: "live" | "sandbox" = "live"): Promise<void> {
  const sandbox = host === "sandbox";
  app.addSchema(ErrorEnvelope);
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: sandbox ? "Scoreline sandbox API" : "Scoreline API",
        version: "1.0.0",
        description:
          "Read-only JSON API for ten sports. Every successful response has the same envelope: " +
          "the answer in `data`, `meta` with `request_id` and `generated_at`, `pagination` on " +
          "paged lists, and an empty `errors` array. Every error has the error envelope (see the " +
          "ErrorEnvelope schema). Read answers carry a strong `ETag`: send it back in " +
          "`If-None-Match` and an unchanged answer is `304 Not Modified` with no body (still a " +
          "counted call). `Cache-Control` depends on the resource class, and answers of 1 KiB or " +
          "more are compressed with br or gzip when `Accept-Encoding` allows. Every answer to a " +
          "request with a key, errors included, carries `X-RateLimit-Limit`, " +
          "`X-RateLimit-Remaining` and `X-RateLimit-Reset` (integers; the reset as Unix seconds), " +
          "and `X-Quota-Limit`, `X-Quota-Remaining` and `X-Quota-Reset` the same way when the " +
          "plan has a monthly quota; without one, there are no `X-Quota-*` headers. " +
          (sandbox
            ? "Browsers may call this host from any origin (CORS)."
            : "Browsers may call this host only from the origins its operator allows (CORS; none " +
              "by default: keep keys on your servers)."),
        license: { name: "Proprietary", url: "https://scoreline.dev/terms" },
      },
      // Relative: the host that serves this document (the api or the sandbox) is the server.
      servers: [{ url: "/", description: sandbox ? "This sandbox host" : "This API host" }],
      components: {
        securitySchemes: {
          bearer: {
            type: "http",
            scheme: "bearer",
            description: sandbox
              ? "Optional on the sandbox: Authorization: Bearer sl_test_… (a personal sandbox key)"
              : "Authorization: Bearer sl_live_…",
          },
          apiKeyQuery: {
            type: "apiKey",
            in: "query",
            name: "api_key",
            description: "For browser testing",
          },
        },
      },
      // An empty requirement makes the key optional (OpenAPI 3.1 §4.8.10).
      security: sandbox
        ? [{}, { bearer: [] }, { apiKeyQuery: [] }]
        : [{ bearer: [] }, { apiKeyQuery: [] }],
      tags: sandbox ? TAGS.filter((tag) => tag.name !== "usage") : TAGS,
    },
    refResolver: {
      buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`),
    },
    hideUntagged: true,
  });
  await app.register(swaggerUi, {
    routePrefix: "/docs",
    uiConfig: { docExpansion: "list", deepLinking: true },
    theme: { title: "Scoreline API reference" },
    logo: { type: "image/svg+xml", content: Buffer.from(WORDMARK), href: "/docs" },
    // The page never calls out for schema validation; everything it loads is served here.
    validatorUrl: false,
    staticCSP: true,
  });
  app.get("/v1/openapi.json", { schema: { hide: true }, config: { auth: false } }, async () =>
    app.swagger(),
  );
}
