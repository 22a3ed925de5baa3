/** The usage page: calls per day this month, by sport and resource, each key's quota and limit. */
import type { MonthUsage } from "../../usage/usage-reports.js";
import { type Html, html } from "../html.js";
import { dailyChart } from "./bar-chart.js";
import { count } from "./format.js";
import { page } from "./layout.js";

interface KeyQuota {
  id: string;
  name: string;
  prefix: string;
  plan: string;
  perMinute: number | null;
  month: { limit: number | null; used: number; remaining: number | null; reset_at: string };
  overagePolicy: string;
  overageUnits: number;
  overageUnitCalls: number;
}

export interface UsagePageData {
  email: string;
  csrf: string;
  usage: MonthUsage;
  quotas: KeyQuota[];
  keys: Array<{ id: string; name: string; prefix: string }>;
  selectedKey: string | undefined;
}

function breakdown(caption: string, head: string, rows: Array<[string, number]>): Html {
  return html`<div class="table-wrap"><table><caption class="skip">${caption}</caption>
<thead><tr><th scope="col">${head}</th><th scope="col" class="num">Calls</th></tr></thead>
<tbody>${
    rows.length === 0
      ? html`<tr><td colspan="2" class="muted">No calls yet this month.</td></tr>`
      : rows.map(([name, n]) => html`<tr><td>${name}</td><td class="num">${count(n)}</td></tr>`)
  }</tbody></table></div>`;
}

function quotaSection(q: KeyQuota): Html {
  const limit = q.month.limit;
  return html`<section class="card">
<h3>${q.name} <code class="muted">${q.prefix}…</code></h3>
<dl class="facts">
  <dt>Plan</dt><dd>${q.plan}</dd>
  <dt>This month</dt><dd>${count(q.month.used)} of ${count(limit)} calls${
    limit !== null ? html` (${count(q.month.remaining)} left)` : ""
  }</dd>
  ${limit !== null ? html`<dt>Used</dt><dd><meter class="meter" min="0" max="${limit}" value="${Math.min(q.month.used, limit)}" aria-label="quota used">${count(q.month.used)}</meter></dd>` : ""}
  <dt>Resets</dt><dd>${q.month.reset_at.slice(0, 10)} 00:00 UTC</dd>
  <dt>Overage</dt><dd>${
    q.overagePolicy === "blocked"
      ? "blocked at the quota (429 until it resets)"
      : q.overagePolicy === "billed"
        ? html`${count(q.overageUnits)} billed unit${q.overageUnits === 1 ? "" : "s"} of ${count(q.overageUnitCalls)} calls`
        : "per agreement"
  }</dd>
  <dt>Per-minute limit</dt><dd>${count(q.perMinute)} calls</dd>
</dl>
</section>`;
}

export function usagePage(d: UsagePageData): Html {
  const u = d.usage;
  const limited = u.totals.rate_limited;
  const body = html`<form method="get" action="/dashboard/usage" class="actions">
  <label for="key">Key</label>
  <select id="key" name="key">
    <option value="">all keys</option>
    ${d.keys.map((k) => html`<option value="${k.id}"${k.id === d.selectedKey ? html` selected` : ""}>${k.name} (${k.prefix}…)</option>`)}
  </select>
  <button type="submit" class="secondary">Show</button>
</form>
<section class="card">
<h2>Calls per day, ${u.month}</h2>
<p>${count(u.totals.calls)} calls this month: ${count(u.totals.success)} succeeded, ${count(u.totals.client_error)} client errors, ${count(limited)} refused by the per-minute limit, ${count(u.totals.quota_exceeded)} refused by the quota.</p>
${dailyChart(u.days, `Calls per day in ${u.month}`)}
<details><summary>The numbers per day</summary>
<div class="table-wrap"><table><caption class="skip">Calls per day</caption>
<thead><tr><th scope="col">Day</th><th scope="col" class="num">Calls</th><th scope="col" class="num">Successes</th><th scope="col" class="num">Client errors</th><th scope="col" class="num">429</th><th scope="col" class="num wide">Server errors</th></tr></thead>
<tbody>${u.days.map(
    (day) =>
      html`<tr><td>${day.date}</td><td class="num">${count(day.calls)}</td><td class="num">${count(day.success)}</td><td class="num">${count(day.client_error)}</td><td class="num">${count(day.rate_limited + day.quota_exceeded)}</td><td class="num wide">${count(day.server_error)}</td></tr>`,
  )}</tbody></table></div>
</details>
</section>
<section class="card">
<h2>By sport</h2>
${breakdown(
  "Calls by sport",
  "Sport",
  u.bySport.map((r) => [r.sport ?? "not sport-specific", r.calls]),
)}
<h2>By resource</h2>
${breakdown(
  "Calls by resource",
  "Resource",
  u.byResource.map((r) => [r.resource, r.calls]),
)}
</section>
<h2>Quota and limits per key</h2>
<p>The per-minute limit refused ${count(limited)} call${limited === 1 ? "" : "s"} this month.</p>
${d.quotas.length === 0 ? html`<p>No active live keys.</p>` : d.quotas.map(quotaSection)}`;
  return page({
    title: "Usage",
    body,
    account: { email: d.email, csrf: d.csrf, section: "usage" },
  });
}
