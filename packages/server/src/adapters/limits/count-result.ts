/** The decision rule and result shape shared by every LimitStore backend. */
import type { CountResult, HitWindowSpec, WindowCount, WindowName } from "./types.js";
import { windowSpan } from "./windows.js";

/** On a tie (windows ending together) the longer window is named as the blocker. */
const WINDOW_RANK: Record<WindowName, number> = { minute: 0, hour: 1, day: 2, month: 3 };

/** A window blocks the next call when it has a limit, no overage, and is full. */
function isExhausted(window: HitWindowSpec, used: number): boolean {
  return window.limit !== null && !window.allowOverage && used >= window.limit;
}

/**
 * Builds the result from each window's count (`used[i]` for `windows[i]`): after this call when
 * `allowed`, unchanged when refused. When refused, the blocking window is the exhausted one that
 * ends last, since a retry cannot succeed before it resets (the longer one on a tie).
 */
export function buildCountResult(
  windows: readonly HitWindowSpec[],
  used: readonly number[],
  now: Date,
  allowed: boolean,
): CountResult {
  const counts: WindowCount[] = windows.map((window, i) => {
    const count = used[i] ?? 0;
    return {
      name: window.name,
      limit: window.limit,
      used: count,
      remaining: window.limit === null ? null : Math.max(0, window.limit - count),
      resetAt: Math.floor(windowSpan(window.name, now).endMs / 1000),
    };
  });
  if (allowed) return { allowed, windows: counts, blockedBy: null, retryAfterSeconds: null };

  let blocking: WindowCount | undefined;
  windows.forEach((window, i) => {
    const count = counts[i];
    if (!count || !isExhausted(window, count.used)) return;
    if (!blocking || endsLater(count, blocking)) blocking = count;
  });
  if (!blocking) return { allowed, windows: counts, blockedBy: null, retryAfterSeconds: null };
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((blocking.resetAt * 1000 - now.getTime()) / 1000),
  );
  return { allowed, windows: counts, blockedBy: blocking.name, retryAfterSeconds };
}

/** Whether a call would be allowed given each window's current count. */
export function wouldAllow(windows: readonly HitWindowSpec[], used: readonly number[]): boolean {
  return windows.every((window, i) => !isExhausted(window, used[i] ?? 0));
}

function endsLater(a: WindowCount, b: WindowCount): boolean {
  if (a.resetAt !== b.resetAt) return a.resetAt > b.resetAt;
  return WINDOW_RANK[a.name] > WINDOW_RANK[b.name];
}
