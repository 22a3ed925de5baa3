/** Label values shared by the instruments: which host a series belongs to, status classes. */

/**
 * The real service (`live`: the api, stream and worker roles over the main store) or the
 * sandbox host's own copy of the same paths over its sample store.
 */
export type MetricsHost = "live" | "sandbox";

/** The label of a sport outside the fixed list, or of a route without one. */
export const NO_SPORT = "none";

/** `2xx` … `5xx` for an HTTP status. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}
