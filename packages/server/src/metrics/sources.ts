/**
 * What some gauges report is held by a running component (a stream server's connections, a
 * simulator's matches) or needs a query (the webhook outbox): each such component adds a source
 * while it runs and removes it when it stops, and the gauge asks every source at scrape. Several
 * apps in one process (tests, `serve` with the sandbox) each add their own without clashing.
 */
export class Sources<T> {
  private readonly live = new Set<T>();

  /** Adds a source; the function returned removes it (call it when the component stops). */
  add(source: T): () => void {
    this.live.add(source);
    return () => {
      this.live.delete(source);
    };
  }

  values(): IterableIterator<T> {
    return this.live.values();
  }
}

/**
 * A read shared by the gauges of one scrape: the registry collects every metric at once, so the
 * gauges fed by one query start it once and each takes its share of the answer.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= read().finally(() => {
      running = undefined;
    });
    return running;
  };
}
