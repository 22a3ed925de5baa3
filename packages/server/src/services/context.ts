/** What every service verb receives: the store and the clock. Transports build one per app. */
import type { Clock } from "../lib/time.js";
import type { Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";

export interface ServiceContext {
  store: Store;
  clock: Clock;
}

/** The page a list verb is asked for. */
export interface PageRequest {
  page: number;
  perPage: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
  /** What the items' data licences ask users to see (`meta.attribution`), when any does. */
  attribution?: string | undefined;
}

export type { Sport };
