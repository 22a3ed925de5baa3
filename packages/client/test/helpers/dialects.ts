/**
 * The stores the integration tests run a real server on: SQLite always, PostgreSQL when
 * `TEST_DATABASE_URL` names one (CI sets it). A dialect without its URL is reported as skipped
 * (an error under CI=true: nothing skips in CI).
 */
import { needsPostgres } from "../../../server/test/helpers/requirements.js";

export const DIALECTS: Array<{ name: string; database: "sqlite" | string; skip: string | false }> =
  [
    { name: "sqlite", database: "sqlite", skip: false },
    {
      name: "postgres",
      database: process.env.TEST_DATABASE_URL ?? "",
      skip: needsPostgres() ?? false,
    },
  ];
