/**
 * A PostgreSQL database a test owns, on the server of TEST_DATABASE_URL, that it may cut off:
 * refuse every new connection (`ALLOW_CONNECTIONS false`) and end the sessions open on it
 * (`pg_terminate_backend`), then let connections in again. Everything is scoped to this
 * database's name, so other tests' sessions — in other databases or in schemas of the shared
 * one — are never touched, and the shared server is never stopped.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { postgresUrl } from "./stores.js";

export interface PrivateDatabase {
  /** Its URL (tables in `public`: the database is the test's own). */
  url: string;
  name: string;
  /** Refuses new connections and ends every session on it; resolves with how many it ended. */
  cutOff(): Promise<number>;
  /** Lets connections in again. */
  restore(): Promise<void>;
  /** Sessions open on it now. */
  sessions(): Promise<number>;
  /** Ends its sessions and drops it. */
  drop(): Promise<void>;
}

/** Creates an empty database of its own (the server's shared database is only the way in). */
export async function createPrivateDatabase(): Promise<PrivateDatabase> {
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `chaos_${randomBytes(6).toString("hex")}`;
  const admin = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  const terminate = (client: pg.Client) =>
    client
      .query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [name],
      )
      .then((result) => result.rowCount ?? 0);
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  url.searchParams.delete("schema");
  return {
    url: url.toString(),
    name,
    cutOff: () =>
      admin(async (client) => {
        await client.query(`alter database ${name} allow_connections false`);
        return terminate(client);
      }),
    restore: () =>
      admin(async (client) => {
        await client.query(`alter database ${name} allow_connections true`);
      }),
    sessions: () =>
      admin(async (client) => {
        const result = await client.query(
          "select count(*)::int as n from pg_stat_activity where datname = $1",
          [name],
        );
        return Number(result.rows[0]?.n ?? 0);
      }),
    drop: () =>
      admin(async (client) => {
        await client.query(`alter database ${name} allow_connections false`);
        await terminate(client);
        await client.query(`drop database if exists ${name}`);
      }),
  };
}
