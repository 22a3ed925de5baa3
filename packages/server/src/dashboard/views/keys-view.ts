/** The API keys page: live and personal sandbox keys, create, rotate, revoke. */
import { type Html, html } from "../html.js";
import { when } from "./format.js";
import { gettingStarted, type StarterKey } from "./getting-started.js";
import { csrfField, page, shownOnce } from "./layout.js";

interface KeyView {
  id: string;
  kind: string;
  plan: string;
  name: string;
  prefix: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  state: string;
}

export interface KeysPageData {
  email: string;
  csrf: string;
  keys: KeyView[];
  /** Where the API is reached (the getting-started snippets). */
  origin: string;
  /** The keys just made (flashes), oldest first: their text is shown this once. */
  created?: Array<{ key: string; name: string; keyKind: string }> | undefined;
  notice?: string | undefined;
  error?: string | undefined;
}

function stateOf(key: KeyView): Html {
  if (key.state === "active" && key.revoked_at !== null) {
    return html`<span class="state scheduled">revokes ${when(key.revoked_at)}</span>`;
  }
  return html`<span class="state ${key.state}">${key.state}</span>`;
}

function keyActions(key: KeyView, csrf: string): Html {
  if (key.state !== "active") return html``;
  return html`<details><summary>Rotate or revoke<span class="skip"> ${key.name}</span></summary>
  <form class="stack" method="post" action="/dashboard/keys/${key.id}/rotate">
    ${csrfField(csrf)}
    <label for="revoke-in-${key.id}">Revoke the old key</label>
    <select id="revoke-in-${key.id}" name="revoke_in">
      <option value="now">now</option>
      <option value="3600">in 1 hour</option>
      <option value="86400" selected>in 24 hours</option>
      <option value="604800">in 7 days</option>
    </select>
    <label for="revoke-at-${key.id}">or at (UTC, optional)</label>
    <input id="revoke-at-${key.id}" name="revoke_at" type="datetime-local" step="1">
    <div class="actions"><button type="submit">Rotate: issue a new key</button></div>
  </form>
  <form method="post" action="/dashboard/keys/${key.id}/revoke">
    ${csrfField(csrf)}
    <div class="actions"><button class="danger" type="submit">Revoke now</button></div>
  </form>
</details>`;
}

/**
 * The key to start with: the one just made, else the newest active live key, else the newest
 * active sandbox key.
 */
function starterKey(d: KeysPageData): StarterKey | undefined {
  const made = d.created?.at(-1);
  if (made !== undefined)
    return { kind: made.keyKind, prefix: made.key.slice(0, 12), text: made.key };
  const active = d.keys.filter((k) => k.state === "active");
  const pick =
    active.findLast((k) => k.kind === "live") ?? active.findLast((k) => k.kind === "test");
  return pick === undefined ? undefined : { kind: pick.kind, prefix: pick.prefix };
}

export function keysPage(d: KeysPageData): Html {
  const rows = d.keys.map(
    (k) => html`<tr>
  <td data-label="Name"><span>${k.name}<br><code class="muted">${k.prefix}…</code></span></td>
  <td data-label="Kind">${k.kind === "test" ? "sandbox" : "live"}</td>
  <td data-label="Plan" class="wide">${k.plan}</td>
  <td data-label="Created" class="wide">${when(k.created_at)}</td>
  <td data-label="Expires" class="wide">${when(k.expires_at, "never")}</td>
  <td data-label="Last used">${when(k.last_used_at, "never")}</td>
  <td data-label="State" class="key-state">${stateOf(k)}</td>
  <td data-label="Actions" class="key-actions">${keyActions(k, d.csrf)}</td>
</tr>`,
  );
  const noCalls = d.keys.every((k) => k.last_used_at === null);
  const body = html`${(d.created ?? []).map((made, i) =>
    shownOnce(
      i === 0 ? "new-key" : `new-key-${i + 1}`,
      `Your new ${made.keyKind === "test" ? "personal sandbox" : "live"} key “${made.name}”`,
      made.key,
    ),
  )}
${noCalls ? gettingStarted(starterKey(d), d.origin) : ""}
<section class="card">
<h2>Your keys</h2>
${
  d.keys.length === 0
    ? html`<p>No keys yet. Create one below, then send it as <code>Authorization: Bearer &lt;key&gt;</code>.</p>`
    : html`<div class="table-wrap"><table class="cards">
<caption class="skip">API keys</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col" class="wide">Plan</th><th scope="col" class="wide">Created</th><th scope="col" class="wide">Expires</th><th scope="col">Last used</th><th scope="col">State</th><th scope="col">Actions</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}
<p class="muted">Live keys (<code>sl_live_…</code>) call the API; a personal sandbox key (<code>sl_test_…</code>) calls the sandbox host. Last use is recorded to the minute, a few seconds late.</p>
</section>
<section class="card">
<h2>Create a key</h2>
<form class="stack" method="post" action="/dashboard/keys">
  ${csrfField(d.csrf)}
  <label for="key-name">Name</label>
  <input id="key-name" name="name" type="text" maxlength="100" required placeholder="production server">
  <fieldset><legend>Kind</legend>
    <label><input type="radio" name="kind" value="live" checked> live</label>
    <label><input type="radio" name="kind" value="test"> personal sandbox</label>
  </fieldset>
  <div class="actions"><button type="submit">Create key</button></div>
</form>
</section>`;
  return page({
    title: "API keys",
    body,
    notice: d.notice,
    error: d.error,
    account: { email: d.email, csrf: d.csrf, section: "keys" },
  });
}
