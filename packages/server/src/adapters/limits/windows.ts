/**
 * Window arithmetic in UTC: minute = [hh:mm:00, +60 s), hour = [hh:00, +1 h), day = calendar
 * day, month = calendar month.
 */
import type { WindowName } from "./types.js";

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

export function windowStart(name: WindowName, at: Date): Date {
  switch (name) {
    case "minute":
      return new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);
    case "hour":
      return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
    case "day":
      return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
    case "month":
      return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  }
}

/** The first instant after the window (exclusive end). */
export function windowEnd(name: WindowName, at: Date): Date {
  const start = windowStart(name, at);
  switch (name) {
    case "minute":
      return new Date(start.getTime() + MINUTE_MS);
    case "hour":
      return new Date(start.getTime() + HOUR_MS);
    case "day":
      return new Date(
        Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + 1),
      );
    case "month":
      return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  }
}

/** Storage key suffix naming the window: `m:2026-11-21T10:04`, `h:2026-11-21T10`, `d:2026-11-21`, `mo:2026-11`. */
export function windowKeySuffix(name: WindowName, at: Date): string {
  const iso = windowStart(name, at).toISOString();
  switch (name) {
    case "minute":
      return `m:${iso.slice(0, 16)}`;
    case "hour":
      return `h:${iso.slice(0, 13)}`;
    case "day":
      return `d:${iso.slice(0, 10)}`;
    case "month":
      return `mo:${iso.slice(0, 7)}`;
  }
}

/** A window as the counters use it: its bounds in epoch ms and its storage key suffix. */
export interface WindowSpan {
  startMs: number;
  endMs: number;
  suffix: string;
}

/** The last span computed per window name: every call in the same window reuses it. */
const current: Partial<Record<WindowName, WindowSpan>> = {};

/**
 * The window of `name` holding `at` — made once per window rather than once per call (the
 * counters ask on every request; Date arithmetic and ISO strings are not free).
 */
export function windowSpan(name: WindowName, at: Date): WindowSpan {
  const ms = at.getTime();
  const last = current[name];
  if (last !== undefined && ms >= last.startMs && ms < last.endMs) return last;
  const span = {
    startMs: windowStart(name, at).getTime(),
    endMs: windowEnd(name, at).getTime(),
    suffix: windowKeySuffix(name, at),
  };
  current[name] = span;
  return span;
}
