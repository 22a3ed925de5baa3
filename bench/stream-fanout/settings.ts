/**
 * The stream-fanout benchmark's sizes (environment knobs: BENCH_STREAM_CONNECTIONS,
 * BENCH_STREAM_LATENCY "5000@20,…", BENCH_STREAM_FANOUT, BENCH_STREAM_FANOUT_PROCESSES,
 * BENCH_STREAM_EVENTS, BENCH_STREAM_ROUNDS), and the clock its processes compare.
 */

export const CONNECTIONS = Number(process.env.BENCH_STREAM_CONNECTIONS ?? 10_000);
/** Client processes for the 10,000 connections (each opens its share). */
export const CONNECT_PROCESSES = 4;
/** Upgrades in flight per client process. */
export const CONNECT_CONCURRENCY = 100;
/**
 * Latency rows, `subscribers@events-per-second`, on one server in this order (connections are
 * only ever closed): the target's 5,000 at 20/s first, then less fan-out per second.
 */
export const LATENCY_ROWS = (process.env.BENCH_STREAM_LATENCY ?? "5000@20,5000@5,2500@20,1000@20")
  .split(",")
  .map((row) => {
    const [subscribers = 0, rate = 0] = row.split("@").map(Number);
    return { subscribers, rate };
  });
export const LATENCY_PROCESSES = 2;
export const LATENCY_SECONDS = 10;
/** Subscribers of the fan-out measurement, and the client processes they are spread over. */
export const FANOUT_SUBSCRIBERS = Number(process.env.BENCH_STREAM_FANOUT ?? 2_500);
export const FANOUT_PROCESSES = Number(process.env.BENCH_STREAM_FANOUT_PROCESSES ?? 1);
export const FANOUT_EVENTS = Number(process.env.BENCH_STREAM_EVENTS ?? 200);
export const FANOUT_PER_TICK = 10;
export const ROUNDS = Number(process.env.BENCH_STREAM_ROUNDS ?? 3);

/** Wall-clock milliseconds, comparable between processes. */
export const wallNow = () => performance.timeOrigin + performance.now();

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
