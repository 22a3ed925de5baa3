/**
 * What the client needs to know about where it runs — without importing anything from Node, so
 * the same code runs in browsers, Deno, Bun and edge workers.
 */

/** True in a browser page or a browser worker (where a live key would be visible to users). */
export function isBrowser(): boolean {
  const g = globalThis as { window?: { document?: unknown }; importScripts?: unknown };
  return (
    (typeof g.window === "object" && typeof g.window.document !== "undefined") ||
    typeof g.importScripts === "function"
  );
}

/** An environment variable where the runtime has them (Node, Bun, Deno with permission). */
export function readEnv(name: string): string | undefined {
  const g = globalThis as {
    process?: { env?: Record<string, string | undefined> };
    Deno?: { env?: { get(name: string): string | undefined } };
  };
  try {
    const value = g.process?.env?.[name] ?? g.Deno?.env?.get(name);
    return value?.trim() ? value.trim() : undefined;
  } catch {
    return undefined; // Deno without --allow-env throws
  }
}

/**
 * Time as the client sees it: `now` for rate-limit arithmetic, `sleep` for backoff. Tests inject
 * one that does not wait; everyone else gets the real one.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
};
