/**
 * A browser-less dashboard client over `app.inject()`: it keeps cookies like a browser (per
 * name, dropped on expiry), follows no redirects on its own, and fills each form's CSRF token
 * from the last page it fetched.
 */
import assert from "node:assert/strict";
import type { App } from "../../src/http/app-type.js";
import { SmtpCatcher } from "./smtp-catcher.js";

export interface Page {
  status: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
  location: string | undefined;
  setCookies: string[];
}

export class DashboardClient {
  readonly cookies = new Map<string, string>();
  private lastCsrf: string | undefined;

  constructor(
    private readonly app: App,
    /** Sent as X-Forwarded-For (with trustProxy), so throttling sees distinct addresses. */
    private readonly address?: string,
  ) {}

  async get(url: string): Promise<Page> {
    return this.send("GET", url);
  }

  /** Posts a form; `_csrf` is the last page's token unless the form sets its own (or null). */
  async post(url: string, form: Record<string, string | string[] | null>): Promise<Page> {
    const params = new URLSearchParams();
    const withToken = { _csrf: this.lastCsrf ?? "", ...form };
    for (const [name, value] of Object.entries(withToken)) {
      if (value === null) continue;
      for (const v of Array.isArray(value) ? value : [value]) params.append(name, v);
    }
    return this.send("POST", url, params.toString());
  }

  /** GET the page that holds the form, then post it (how a browser does it). */
  async submit(pageUrl: string, action: string, form: Record<string, string | string[] | null>) {
    await this.get(pageUrl);
    return this.post(action, form);
  }

  private async send(method: "GET" | "POST", url: string, payload?: string): Promise<Page> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    }
    if (payload !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
    if (this.address !== undefined) headers["x-forwarded-for"] = this.address;
    const response = await this.app.inject({ method, url, headers, payload });
    const raw = response.headers["set-cookie"];
    const setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
    for (const line of setCookies) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "")
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const token = /name="_csrf" value="([^"]+)"/.exec(response.body)?.[1];
    if (token !== undefined) this.lastCsrf = token;
    const location = response.headers.location;
    return {
      status: response.statusCode,
      body: response.body,
      headers: response.headers,
      location: typeof location === "string" ? location : undefined,
      setCookies,
    };
  }
}

/** The path and query of a link (`http://host/dashboard/verify?token=…` → `/dashboard/verify?token=…`). */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The token a link carries. */
export function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token") ?? "";
}

/**
 * Signs up through the dashboard (following its 303 to the "Check your mail" page) and follows
 * the verification link the mail carries; returns the signed-in client and the answer to the
 * verification.
 */
export async function signUpThroughMail(
  app: App,
  smtp: SmtpCatcher,
  email: string,
  options: { password: string; address?: string },
) {
  const browser = new DashboardClient(app, options.address);
  const done = await browser.submit("/dashboard/sign-up", "/dashboard/sign-up", {
    email,
    password: options.password,
  });
  // Post/redirect/get: the form answers 303 to the "Check your mail" page, fetched like a browser.
  assert.equal(done.status, 303, done.body.slice(0, 400));
  assert.equal(done.location, "/dashboard/sign-up/sent");
  const sent = await browser.get(done.location);
  assert.equal(sent.status, 200, sent.body.slice(0, 400));
  assert.match(sent.body, /Check your mail/);
  const link = SmtpCatcher.link(await smtp.mailTo(email, /Verify your email/));
  const verified = await browser.submit(pathOf(link), "/dashboard/verify", {
    token: tokenOf(link),
  });
  assert.equal(verified.status, 303);
  assert.equal(verified.location, "/dashboard/keys?notice=verified");
  return { browser, verified, link };
}
