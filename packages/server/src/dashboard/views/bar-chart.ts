/**
 * Calls per day as stacked bars, drawn on the server as inline SVG (no script, no CDN): successes,
 * client errors and refusals (429). Colours come from the stylesheet; the numbers are also in the
 * table beside it, so the chart is decoration for screen readers (`role="img"` with a summary).
 * On a phone the stylesheet enlarges the labels in the chart's own units, so they stay readable
 * when it shrinks to the screen; the margins leave room for them, the axis counts are short.
 */
import type { DayUsage } from "../../usage/usage-reports.js";
import { type Html, html, raw } from "../html.js";

const WIDTH = 720;
const HEIGHT = 220;
const LEFT = 56;
const BOTTOM = 32;
const TOP = 16;

function niceMax(n: number): number {
  if (n <= 5) return 5;
  const magnitude = 10 ** Math.floor(Math.log10(n));
  for (const step of [1, 2, 2.5, 5, 10]) if (n <= step * magnitude) return step * magnitude;
  return 10 * magnitude;
}

/** An axis count, short: 900, 2.5k, 50k, 1.2M. */
function axisCount(n: number): string {
  if (n >= 1_000_000) return `${Number((n / 1_000_000).toFixed(1))}M`;
  if (n >= 1_000) return `${Number((n / 1_000).toFixed(1))}k`;
  return String(n);
}

export function dailyChart(days: readonly DayUsage[], label: string): Html {
  const max = niceMax(Math.max(0, ...days.map((d) => d.calls)));
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const slot = (WIDTH - LEFT) / Math.max(1, days.length);
  const bar = Math.max(2, slot * 0.7);
  const y = (value: number) => (value / max) * plotHeight;
  const bars = days.map((day, i) => {
    const x = (LEFT + i * slot + (slot - bar) / 2).toFixed(1);
    const limited = day.rate_limited + day.quota_exceeded;
    const parts: Array<[string, number]> = [
      ["success", day.success],
      ["client_error", day.client_error + day.server_error],
      ["limited", limited],
    ];
    let base = HEIGHT - BOTTOM;
    const rects = parts
      .filter(([, n]) => n > 0)
      .map(([cls, n]) => {
        const h = y(n);
        base -= h;
        return html`<rect class="${cls}" x="${x}" y="${base.toFixed(1)}" width="${bar.toFixed(1)}" height="${h.toFixed(1)}"><title>${day.date}: ${n} ${cls.replace("_", " ")}</title></rect>`;
      });
    const tick =
      i % Math.ceil(days.length / 10) === 0
        ? html`<text x="${(LEFT + i * slot + slot / 2).toFixed(1)}" y="${HEIGHT - 6}" text-anchor="middle">${day.date.slice(8)}</text>`
        : "";
    return html`${rects}${tick}`;
  });
  const grid = [0, 0.5, 1].map((f) => {
    const yy = (HEIGHT - BOTTOM - f * plotHeight).toFixed(1);
    return html`<line class="axis" x1="${LEFT}" x2="${WIDTH}" y1="${yy}" y2="${yy}"></line><text x="${LEFT - 6}" y="${yy}" text-anchor="end" dominant-baseline="middle">${axisCount(Math.round(f * max))}</text>`;
  });
  return html`<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${label}" xmlns="http://www.w3.org/2000/svg">${grid}${bars}</svg>
<ul class="legend">${raw('<li><span class="swatch success"></span>successes</li><li><span class="swatch client_error"></span>errors</li><li><span class="swatch limited"></span>refused (429)</li>')}</ul>`;
}
