/**
 * The store a command works on, loaded when the command runs: the database drivers and the query
 * builder are the heaviest part of the program, and `scoreline --help` or a usage error never
 * needs them.
 */
import type { Store } from "../store/database.js";

/** Opens the store at `url` (not migrated). */
export async function openCommandStore(url: string): Promise<Store> {
  const { openStore } = await import("../store/database.js");
  return openStore(url);
}

/** Opens the store at `url` and brings its schema up to date; closes it again if that fails. */
export async function openMigratedStore(url: string): Promise<Store> {
  const [store, { migrate }] = await Promise.all([
    openCommandStore(url),
    import("../store/migrate.js"),
  ]);
  try {
    await migrate(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
