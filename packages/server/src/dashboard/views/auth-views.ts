/** Sign-in, sign-up, password reset and one-time link pages. */
import { type Html, html } from "../html.js";
import { csrfField, page } from "./layout.js";

interface FormPage {
  csrf: string;
  error?: string | undefined;
  notice?: string | undefined;
  email?: string;
}

export function signInPage(p: FormPage & { next: string }): Html {
  return page({
    title: "Sign in",
    narrow: true,
    notice: p.notice,
    error: p.error,
    body: html`<section class="card"><form class="stack" method="post" action="/dashboard/sign-in">
  ${csrfField(p.csrf)}
  <input type="hidden" name="next" value="${p.next}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${p.email ?? ""}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <div class="actions"><button type="submit">Sign in</button></div>
</form></section>
<p><a href="/dashboard/sign-up">Create an account</a> · <a href="/dashboard/reset">Forgot your password?</a></p>`,
  });
}

export function signUpPage(p: FormPage): Html {
  return page({
    title: "Create your account",
    narrow: true,
    error: p.error,
    body: html`<section class="card"><form class="stack" method="post" action="/dashboard/sign-up">
  ${csrfField(p.csrf)}
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required value="${p.email ?? ""}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" minlength="10" required aria-describedby="password-hint">
  <p class="hint" id="password-hint">At least 10 characters.</p>
  <div class="actions"><button type="submit">Create account</button></div>
</form></section>
<p>The account starts on the free plan. <a href="/dashboard/sign-in">Already have one? Sign in</a></p>`,
  });
}

export function checkMailPage(what: string): Html {
  return page({
    title: "Check your mail",
    narrow: true,
    body: html`<section class="card"><p>${what}</p>
<p class="muted">The link works once. Nothing arrived? Look in the spam folder, or try again in a few minutes.</p></section>
<p><a href="/dashboard/sign-in">Back to sign in</a></p>`,
  });
}

export function resetRequestPage(p: FormPage): Html {
  return page({
    title: "Reset your password",
    narrow: true,
    error: p.error,
    body: html`<section class="card"><form class="stack" method="post" action="/dashboard/reset">
  ${csrfField(p.csrf)}
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required value="${p.email ?? ""}">
  <div class="actions"><button type="submit">Mail me a reset link</button></div>
</form></section>`,
  });
}

export function newPasswordPage(p: FormPage & { token: string }): Html {
  return page({
    title: "Choose a new password",
    narrow: true,
    error: p.error,
    body: html`<section class="card"><form class="stack" method="post" action="/dashboard/reset/confirm">
  ${csrfField(p.csrf)}
  <input type="hidden" name="token" value="${p.token}">
  <label for="password">New password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" minlength="10" required aria-describedby="password-hint">
  <p class="hint" id="password-hint">At least 10 characters. Every signed-in browser is signed out.</p>
  <div class="actions"><button type="submit">Set password and sign in</button></div>
</form></section>`,
  });
}

/**
 * A link from a mail opens this page; the button (a POST) uses it, so a mail scanner cannot. It
 * names the account the link is for.
 */
export function confirmLinkPage(p: {
  csrf: string;
  title: string;
  action: string;
  token: string;
  email: string;
  lead: string;
  button: string;
}): Html {
  return page({
    title: p.title,
    narrow: true,
    body: html`<section class="card"><p>${p.lead} <strong>${p.email}</strong>.</p>
<form method="post" action="${p.action}">
  ${csrfField(p.csrf)}
  <input type="hidden" name="token" value="${p.token}">
  <button type="submit">${p.button}</button>
</form></section>
<p class="muted">Not you? Do not use this link: <a href="/dashboard/sign-in">sign in</a> with your own account.</p>`,
  });
}

export function badLinkPage(): Html {
  return page({
    title: "This link no longer works",
    narrow: true,
    body: html`<section class="card"><p>The link has been used already or has expired.</p>
<p><a href="/dashboard/sign-in">Sign in</a> (an unverified account is sent a new verification link) or <a href="/dashboard/reset">reset your password</a>.</p></section>`,
  });
}
