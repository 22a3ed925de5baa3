/**
 * The OpenAPI 3.1 document, generated from the route schemas, at /v1/openapi.json, and the API
 * reference page at /docs (Swagger UI, served from this package; no CDN).
 */
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { App } from "./app-type.js";
import { ErrorEnvelope } from "./schemas/common.js";

export async function registerOpenApi(app: App): Promise<void> {
  app.addSchema(ErrorEnvelope);
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Scoreline API",
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
            description: "Authorization: Bearer sl_live_…",
          },
          apiKeyQuery: {
            type: "apiKey",
            in: "query",
            name: "api_key",
            description: "For browser testing",
          },
        },
      },
      security: [{ bearer: [] }, { apiKeyQuery: [] }],
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
    uiConfig: { docExpansion: "list", deepLinking: true, url: "/v1/openapi.json" },
    staticCSP: true,
  });
  app.get("/v1/openapi.json", { schema: { hide: true }, config: { auth: false } }, async () =>
    app.swagger(),
  );
}
