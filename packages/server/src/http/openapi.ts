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
          "Read-only JSON API for ten sports. Every response uses the envelope of decisions §1; every error the error envelope (see the ErrorEnvelope schema).",
      },
      servers: [{ url: "/" }],
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
      tags: [
        { name: "sports" },
        { name: "fixtures" },
        { name: "live" },
        { name: "results" },
        { name: "standings" },
        { name: "statistics" },
        { name: "odds" },
        { name: "lineups" },
        { name: "events" },
        { name: "teams" },
        { name: "players" },
        { name: "competitions" },
        { name: "countries" },
        { name: "history" },
        { name: "usage" },
      ],
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
