/**
 * What a test needs from the machine — a service, a binary, a dataset — and why it cannot run
 * here. Outside CI a missing requirement skips the test with that reason; under CI=true it is an
 * error naming what is missing (ADR-0048): nothing skips in CI.
 */
import { existsSync } from "node:fs";

const inCi = process.env.CI === "true" || process.env.CI === "1";

/** The skip reason for `missing` (undefined: nothing missing); throws under CI=true. */
export function requirement(missing: string | undefined): string | undefined {
  if (missing === undefined) return undefined;
  if (inCi) throw new Error(`CI=true and ${missing}: nothing may skip in CI`);
  return missing;
}

/** PostgreSQL: TEST_DATABASE_URL names a server the tests may make databases on. */
export function needsPostgres(): string | undefined {
  return requirement(process.env.TEST_DATABASE_URL ? undefined : "TEST_DATABASE_URL is not set");
}

/** Redis: TEST_REDIS_URL names a server the tests may use (each on keys of its own). */
export function needsRedis(): string | undefined {
  return requirement(process.env.TEST_REDIS_URL ? undefined : "TEST_REDIS_URL is not set");
}

/** A dataset of ../shared/data (`what` names it in the reason). */
export function needsData(path: string, what: string): string | undefined {
  return requirement(existsSync(path) ? undefined : `${what} not found at ${path}`);
}
