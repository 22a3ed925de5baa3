/** The page shell: skip link, top navigation, the signed-in account and sign-out, notices. */
import { type Html, html } from "../html.js";

type Section = "keys" | "usage" | "webhooks" | "plan";

export interface PageOptions {
  title: string;
  body: Html;
  /** Signed in: the account's email and the CSRF token of the sign-out forms. */
  account?: { email: string; csrf: string; section?: Section };
  notice?: string | undefined;
  error?: string | undefined;
  /** Sign-in, sign-up and reset pages use a narrow column. */
  narrow?: boolean;
}

const SECTIONS: Array<{ id: Section; label: string }> = [
  { id: "keys", label: "API keys" },
  { id: "usage", label: "Usage" },
  { id: "webhooks", label: "Webhooks" },
  { id: "plan", label: "Plan" },
];

export function page(options: PageOptions): Html {
  const account = options.account;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · Scoreline dashboard</title>
<link rel="icon" href="/dashboard/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/dashboard/assets/dashboard.css">
<script type="module" src="/dashboard/assets/dashboard.js"></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <a class="brand" href="/dashboard">Scoreline</a>
  ${
    account === undefined
      ? ""
      : html`<nav aria-label="Dashboard">
    <ul>${SECTIONS.map(
      (s) =>
        html`<li><a href="/dashboard/${s.id}"${s.id === account.section ? html` aria-current="page"` : ""}>${s.label}</a></li>`,
    )}</ul>
  </nav>
  <div class="who">
    <span>${account.email}</span>
    <form class="inline" method="post" action="/dashboard/sign-out">
      <input type="hidden" name="_csrf" value="${account.csrf}">
      <button class="secondary" type="submit">Sign out</button>
    </form>
  </div>`
  }
</header>
<main id="main"${options.narrow ? html` class="narrow"` : ""}>
<h1>${options.title}</h1>
${options.notice ? html`<p class="notice" role="status">${options.notice}</p>` : ""}
${options.error ? html`<p class="error" role="alert">${options.error}</p>` : ""}
${options.body}
</main>
</body>
</html>`;
}

/** A secret shown once, with a copy button (added by the script) and the warning. */
export function shownOnce(id: string, label: string, secret: string): Html {
  return html`<div class="warning" role="status">
  <p><strong>${label}</strong> — copy it now: it will not be shown again.</p>
  <p class="secret"><code id="${id}">${secret}</code>
  <button type="button" class="secondary" data-copy="${id}" hidden>Copy</button></p>
</div>`;
}

export function csrfField(token: string): Html {
  return html`<input type="hidden" name="_csrf" value="${token}">`;
}
