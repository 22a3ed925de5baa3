/**
 * The key cache (accounts/authenticator.ts): a key seen within the last 750 ms is answered from
 * the node's memory (a hit); otherwise the database is asked (a miss).
 */
import type { MetricsHost } from "./labels.js";
import { type CounterSeries, PreboundCounter } from "./prebound.js";

const lookups = new PreboundCounter({
  name: "scoreline_key_cache_lookups_total",
  help: "API key look-ups: hit (answered from the node's one-second key cache) or miss (read from the database)",
  labelNames: ["host", "result"],
});

export interface KeyCacheLookups {
  hit: CounterSeries;
  miss: CounterSeries;
}

export function keyCacheLookups(host: MetricsHost): KeyCacheLookups {
  return {
    hit: lookups.bind({ host, result: "hit" }),
    miss: lookups.bind({ host, result: "miss" }),
  };
}
