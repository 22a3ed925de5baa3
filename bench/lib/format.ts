/** How the benchmarks print numbers in their Markdown tables. */

/** A count, rounded, with thousands separators: 12,345. */
export function count(value: number): string {
  return Math.round(value).toLocaleString("en");
}

/** `total` things over `ms` milliseconds, per second: 12,345. */
export function perSecond(total: number, ms: number): string {
  return count(total / (ms / 1000));
}

/** Milliseconds as seconds with two decimals: 1.23 s. */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** Milliseconds as `123 ms` below a second and `1.23 s` above. */
export function duration(ms: number): string {
  return ms >= 1000 ? seconds(ms) : `${Math.round(ms)} ms`;
}

/** Milliseconds with one decimal: 12.3 ms (NaN when there is none). */
export function millis(value: number | undefined): string {
  return `${(value ?? Number.NaN).toFixed(1)} ms`;
}

/** Bytes in MiB with one decimal: 12.3 MiB. */
export function mebibytes(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

/** `part` of `whole` as a whole percentage: 42 %. */
export function percent(part: number, whole: number): string {
  return `${Math.round((part / whole) * 100)} %`;
}
