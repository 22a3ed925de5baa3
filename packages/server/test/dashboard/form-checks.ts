/**
 * What the form tests check on a refused form: the same HTML page again (never the API's JSON
 * envelope), its status, and its message; and that nothing was written.
 */
import assert from "node:assert/strict";
import type { Store } from "../../src/store/database.js";
import type { Page } from "../helpers/dashboard-client.js";

/** The message a page shows in its error box, unescaped. */
export function errorOf(body: string): string | undefined {
  const text = /<p class="error" role="alert">([^<]*)<\/p>/.exec(body)?.[1];
  return text
    ?.replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** A refused form: the page titled `title` again, as HTML, with the status and a message. */
export function assertShownAgain(page: Page, status: number, title: string, message: RegExp) {
  assert.equal(page.status, status, page.body.slice(0, 400));
  assert.match(String(page.headers["content-type"]), /^text\/html/);
  assert.ok(page.body.startsWith("<!doctype html>"), "an HTML page, not a JSON body");
  assert.match(page.body, new RegExp(`<h1>${title}</h1>`));
  assert.match(errorOf(page.body) ?? "", message);
}

const TABLES = [
  "accounts",
  "api_keys",
  "account_tokens",
  "dashboard_sessions",
  "webhook_subscriptions",
] as const;

/** Rows of the tables a dashboard form can write. */
export async function formRows(store: Store): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await store.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
