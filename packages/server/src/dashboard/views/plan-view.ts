/** The plan page: limits and entitlements, and each live key's use against them. */
import type { Plan } from "../../config/plans.js";
import { type Html, html } from "../html.js";
import { count } from "./format.js";
import { page } from "./layout.js";

export interface PlanPageData {
  email: string;
  csrf: string;
  plan: Plan;
  keys: Array<{
    name: string;
    prefix: string;
    plan: Plan;
    monthUsed: number;
  }>;
  /** The account's open stream connections (all keys); undefined: this node cannot see them. */
  streams: number | undefined;
}

const yes = (on: boolean) => (on ? "included" : "not included");

export function planPage(d: PlanPageData): Html {
  const p = d.plan;
  const body = html`<section class="card">
<h2>${p.name}</h2>
<dl class="facts">
  <dt>Calls per minute</dt><dd>${count(p.requestsPerMinute)}</dd>
  <dt>Calls per month</dt><dd>${count(p.requestsPerMonth)}</dd>
  <dt>Beyond the quota</dt><dd>${p.overage === "blocked" ? "blocked until the month ends" : p.overage === "billed" ? "billed per 1,000 calls" : "per agreement"}</dd>
  <dt>WebSocket connections</dt><dd>${count(p.websocketConnections)} at once for the account (all its keys together)</dd>
  <dt>Open stream connections now</dt><dd>${d.streams === undefined ? "not known on this node" : `${count(d.streams)} of ${count(p.websocketConnections)}`}</dd>
  <dt>Sports</dt><dd>${p.sports.join(", ")}</dd>
  <dt>Odds</dt><dd>${yes(p.odds)}</dd>
  <dt>History and bulk export</dt><dd>${yes(p.history)}</dd>
</dl>
</section>
<section class="card">
<h2>In use now</h2>
${
  d.keys.length === 0
    ? html`<p>No active live keys.</p>`
    : html`<div class="table-wrap"><table><caption class="skip">Use per key</caption>
<thead><tr><th scope="col">Key</th><th scope="col" class="num">Calls this month</th></tr></thead>
<tbody>${d.keys.map(
        (k) => html`<tr><td>${k.name} <code class="muted">${k.prefix}…</code></td>
<td class="num">${count(k.monthUsed)} of ${count(k.plan.requestsPerMonth)}</td></tr>`,
      )}</tbody></table></div>`
}
<p class="muted">To change plan, contact us; an operator sets it with <code>scoreline accounts set-plan</code>.</p>
</section>`;
  return page({ title: "Plan", body, account: { email: d.email, csrf: d.csrf, section: "plan" } });
}
