/**
 * What the query schemas cannot say by themselves. Query strings are coerced to the schema's types
 * (Ajv `coerceTypes`), and Ajv takes anything JavaScript reads as a whole number: `1e1`, `10.0`,
 * `+10`, ` 10`. An integer parameter here is digits only (an optional leading minus), checked on
 * the text before validation. And a season `YYYY-YYYY` (`season`, `season_from`, `season_to`) is
 * two consecutive years (`2026-2027`): a reversed or wider span is a 400, not an empty answer.
 */
import type { FastifyRequest, preValidationHookHandler } from "fastify";
import { type ErrorDetail, ServiceError } from "../errors/service-error.js";
import type { App } from "./app-type.js";

const INTEGER_TEXT = /^-?[0-9]+$/;
const SEASON_SPAN = /^(\d{4})-(\d{4})$/;
const SEASON_FIELDS = new Set(["season", "season_from", "season_to"]);

interface QueryRules {
  integers: string[];
  seasons: string[];
}

export function installStrictQuery(app: App): void {
  app.addHook("onRoute", (route) => {
    const rules = rulesOf((route.schema as { querystring?: unknown } | undefined)?.querystring);
    if (rules.integers.length === 0 && rules.seasons.length === 0) return;
    const check: preValidationHookHandler = (request, _reply, done) => {
      const problems = problemsOf(request, rules);
      const first = problems[0];
      if (first === undefined) return done();
      done(new ServiceError("invalid_parameter", first.message, { details: problems }));
    };
    const own = route.preValidation;
    route.preValidation =
      own === undefined ? [check] : [check, ...(Array.isArray(own) ? own : [own])];
  });
}

/** The integer and season parameters of a querystring schema. */
function rulesOf(schema: unknown): QueryRules {
  const rules: QueryRules = { integers: [], seasons: [] };
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  if (properties === undefined) return rules;
  for (const [name, property] of Object.entries(properties)) {
    if (typesOf(property).includes("integer")) rules.integers.push(name);
    if (SEASON_FIELDS.has(name)) rules.seasons.push(name);
  }
  return rules;
}

function typesOf(property: unknown): unknown[] {
  const type = (property as { type?: unknown } | undefined)?.type;
  return Array.isArray(type) ? type : [type];
}

function problemsOf(request: FastifyRequest, rules: QueryRules): ErrorDetail[] {
  const query = request.query as Record<string, unknown> | undefined;
  if (query === undefined) return [];
  const problems: ErrorDetail[] = [];
  for (const field of rules.integers) {
    const value = query[field];
    if (typeof value === "string" && !INTEGER_TEXT.test(value)) {
      problems.push({
        code: "invalid_parameter",
        message: `${field} must be an integer (digits only)`,
        field,
      });
    } else if (typeof value === "string" && !Number.isSafeInteger(Number(value))) {
      // Past 2^53 a number is no longer exact (and hundreds of digits read as Infinity).
      problems.push({ code: "invalid_parameter", message: `${field} is out of range`, field });
    }
  }
  for (const field of rules.seasons) {
    const value = query[field];
    const span = typeof value === "string" ? SEASON_SPAN.exec(value) : null;
    if (span !== null && Number(span[2]) !== Number(span[1]) + 1) {
      problems.push({
        code: "invalid_parameter",
        message: `${field} must be two consecutive years like 2026-2027, or one year like 2026`,
        field,
      });
    }
  }
  return problems;
}
