/** What both stream-fanout servers (the product and the bare baseline) share. */
import { sleep } from "./settings.js";

/** Three forced collections (`--expose-gc`), with a pause between them. */
export async function collectGarbage(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.();
    await sleep(50);
  }
}

/** A live-event message; `t` (wall clock, ms) rides in the detail to the clients. */
export function liveEvent(n: number, t: number): unknown {
  return {
    id: `bench-${n}`,
    type: "event",
    sport: "football",
    data: {
      fixture_id: "fx-1",
      type: "yellow_card",
      team: n % 2 === 0 ? "home" : "away",
      minute: 1 + (n % 90),
      detail: { n, bench_t: t },
    },
  };
}
