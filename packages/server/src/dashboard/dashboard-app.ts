/**
 * The Fastify scope the dashboard's pages register on, with TypeBox as its type provider so that
 * each form's schema types its body (forms.ts). The dashboard's own: the transports share nothing
 * of each other's (the dependency rule).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from "fastify";

export type DashboardApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
