/** The webhooks list page and one webhook's page with its delivery log. */
import { EVENT_TYPES } from "../../events/domain-event.js";
import type { listDeliveries } from "../../webhooks/delivery-log.js";
import type { presentSubscription } from "../../webhooks/subscriptions.js";
import { type Html, html } from "../html.js";
import { when } from "./format.js";
import { csrfField, page, shownOnce } from "./layout.js";
import { EMPTY_WEBHOOK_FORM, type WebhookFormValues, webhookForm } from "./webhook-form.js";

export type SubscriptionView = ReturnType<typeof presentSubscription>;
type DeliveryPage = Awaited<ReturnType<typeof listDeliveries>>;
type DeliveryView = DeliveryPage["items"][number];

interface Common {
  email: string;
  csrf: string;
  notice?: string | undefined;
  error?: string | undefined;
}

export function webhooksPage(
  d: Common & { subscriptions: SubscriptionView[]; form?: WebhookFormValues },
): Html {
  const body = html`<section class="card">
<h2>Your webhooks</h2>
${
  d.subscriptions.length === 0
    ? html`<p>No webhooks yet.</p>`
    : html`<div class="table-wrap"><table class="cards"><caption class="skip">Webhooks</caption>
<thead><tr><th scope="col">Endpoint</th><th scope="col" class="wide">Events</th><th scope="col">State</th></tr></thead>
<tbody>${d.subscriptions.map(
        (
          s,
        ) => html`<tr><td data-label="Endpoint"><span><a href="/dashboard/webhooks/${s.id}">${s.url}</a>${s.description ? html`<br><span class="muted">${s.description}</span>` : ""}</span></td>
<td data-label="Events" class="wide">${s.events.join(", ")}</td><td data-label="State"><span class="state ${s.status}">${s.status}</span></td></tr>`,
      )}</tbody></table></div>`
}
<p class="muted">Webhooks of live keys. A personal sandbox key's webhooks are managed through the sandbox host's <code>/v1/webhooks</code>.</p>
</section>
<section class="card">
<h2>Add a webhook</h2>
${webhookForm("/dashboard/webhooks", d.csrf, d.form ?? EMPTY_WEBHOOK_FORM, "Add webhook")}
</section>`;
  return page({
    title: "Webhooks",
    body,
    notice: d.notice,
    error: d.error,
    account: { email: d.email, csrf: d.csrf, section: "webhooks" },
  });
}

/** "the match.goal delivery of 2026-11-24 13:05 UTC": a delivery as people tell it apart. */
function deliveryName(d: DeliveryView): string {
  return `the ${d.event} delivery of ${when(d.created_at)}`;
}

function attemptsTable(delivery: DeliveryView): Html {
  if (delivery.attempts.length === 0) return html`<p class="muted">No attempt yet.</p>`;
  return html`<div class="table-wrap"><table class="cards"><caption class="skip">Attempts of ${deliveryName(delivery)}</caption>
<thead><tr><th scope="col">#</th><th scope="col">Time</th><th scope="col">Status</th><th scope="col" class="num">Duration</th><th scope="col">Error</th><th scope="col" class="wide">Response</th><th scope="col">Next attempt</th></tr></thead>
<tbody>${delivery.attempts.map(
    (
      a,
    ) => html`<tr><td data-label="Attempt">${a.attempt}${a.manual ? " (manual)" : ""}</td><td data-label="Time">${when(a.attempted_at)}</td>
<td data-label="Status">${a.status ?? "—"}</td><td data-label="Duration" class="num">${a.duration_ms ?? "—"} ms</td><td data-label="Error">${a.error ?? ""}</td>
<td data-label="Response" class="wide">${a.response_body ? html`<pre class="excerpt">${a.response_body}</pre>` : ""}</td>
<td data-label="Next attempt">${when(a.next_attempt_at, "none")}</td></tr>`,
  )}</tbody></table></div>`;
}

/** A delivery and its attempts; a failed one has a retry button named by its event and time. */
function deliveryItem(s: SubscriptionView, d: DeliveryView, csrf: string): Html {
  return html`<li class="card">
<h3><span class="state ${d.state}">${d.state}</span> ${d.event}</h3>
<p class="muted">Created ${when(d.created_at)} · ${d.attempt_count} attempt${d.attempt_count === 1 ? "" : "s"}${d.next_attempt_at ? html` · next ${when(d.next_attempt_at)}` : ""}</p>
${attemptsTable(d)}
${
  d.state === "failed"
    ? html`<form method="post" action="/dashboard/webhooks/${s.id}/deliveries/${d.id}/retry">${csrfField(csrf)}
<div class="actions"><button type="submit">Retry ${deliveryName(d)}</button></div></form>`
    : ""
}
</li>`;
}

export interface WebhookPageData extends Common {
  subscription: SubscriptionView;
  secret?: string | undefined;
  deliveries: DeliveryPage;
  filter: { state: string; event: string };
  form: WebhookFormValues;
}

export function webhookPage(d: WebhookPageData): Html {
  const s = d.subscription;
  const { page: current, perPage, total } = d.deliveries;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const pageLink = (n: number) =>
    `/dashboard/webhooks/${s.id}?state=${encodeURIComponent(d.filter.state)}&event=${encodeURIComponent(d.filter.event)}&page=${n}`;
  const body = html`${s.description ? html`<p class="muted">${s.description}</p>` : ""}
${d.secret ? shownOnce("signing-secret", "The signing secret", d.secret) : ""}
<section class="card">
<dl class="facts">
  <dt>Endpoint</dt><dd>${s.url}</dd>
  <dt>State</dt><dd><span class="state ${s.status}">${s.status}</span>${s.disabled_reason ? html` — ${s.disabled_reason}` : ""}</dd>
  <dt>Events</dt><dd>${s.events.join(", ")}</dd>
  <dt>Sport</dt><dd>${s.sport ?? "every sport"}</dd>
  <dt>Secret</dt><dd><code>${s.secret_hint}</code>${s.previous_secret_expires_at ? html` (the previous one signs too until ${when(s.previous_secret_expires_at)})` : ""}</dd>
</dl>
<div class="actions">
  <form method="post" action="/dashboard/webhooks/${s.id}/${s.enabled ? "disable" : "enable"}">${csrfField(d.csrf)}<button type="submit" class="secondary">${s.enabled ? "Disable" : "Enable"}</button></form>
  <form method="post" action="/dashboard/webhooks/${s.id}/rotate-secret">${csrfField(d.csrf)}<button type="submit" class="secondary">Rotate secret</button></form>
  <form method="post" action="/dashboard/webhooks/${s.id}/test" class="actions">${csrfField(d.csrf)}
    <label for="test-event" class="skip">Test event</label>
    <select id="test-event" name="event">${EVENT_TYPES.map((e) => html`<option value="${e}"${e === "match.goal" ? html` selected` : ""}>${e}</option>`)}</select>
    <button type="submit">Send test event</button>
  </form>
</div>
</section>
<section class="card">
<h2>Delivery log</h2>
<form method="get" action="/dashboard/webhooks/${s.id}" class="actions">
  <label for="f-state">State</label>
  <select id="f-state" name="state"><option value="">any</option>${["pending", "succeeded", "failed"].map((st) => html`<option value="${st}"${st === d.filter.state ? html` selected` : ""}>${st}</option>`)}</select>
  <label for="f-event">Event</label>
  <select id="f-event" name="event"><option value="">any</option>${EVENT_TYPES.map((e) => html`<option value="${e}"${e === d.filter.event ? html` selected` : ""}>${e}</option>`)}</select>
  <button type="submit" class="secondary">Filter</button>
</form>
<p>${total} deliver${total === 1 ? "y" : "ies"}${pages > 1 ? ` · page ${current} of ${pages}` : ""}</p>
<ul class="deliveries" role="list">${d.deliveries.items.map((item) => deliveryItem(s, item, d.csrf))}</ul>
${
  pages > 1
    ? html`<nav aria-label="Delivery log pages" class="actions">${current > 1 ? html`<a href="${pageLink(current - 1)}">Newer</a>` : ""}${current < pages ? html`<a href="${pageLink(current + 1)}">Older</a>` : ""}</nav>`
    : ""
}
</section>
<section class="card">
<h2>Edit</h2>
${webhookForm(`/dashboard/webhooks/${s.id}`, d.csrf, d.form, "Save changes")}
<form method="post" action="/dashboard/webhooks/${s.id}/delete">${csrfField(d.csrf)}
<div class="actions"><button type="submit" class="danger">Delete this webhook and its log</button></div></form>
</section>`;
  return page({
    // The endpoint names a webhook; its description is free text under it.
    title: s.url,
    body,
    notice: d.notice,
    error: d.error,
    account: { email: d.email, csrf: d.csrf, section: "webhooks" },
  });
}
