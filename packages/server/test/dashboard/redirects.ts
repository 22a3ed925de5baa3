/**
 * Post/redirect/get in the HTTP tests: a form that makes something answers 303 to the page that
 * shows it once; `followed` fetches that page the way a browser would.
 */
import assert from "node:assert/strict";
import type { DashboardClient, Page } from "../helpers/dashboard-client.js";

/** The page a 303 answer points to, fetched once (asserting it was a 303). */
export async function followed(client: DashboardClient, answer: Page): Promise<Page> {
  assert.equal(answer.status, 303, answer.body.slice(0, 400));
  assert.ok(answer.location, "a Location");
  return client.get(answer.location);
}

/** Submits a form and follows its redirect: the page that shows what it made. */
export async function submitted(
  client: DashboardClient,
  pageUrl: string,
  action: string,
  form: Record<string, string | string[] | null>,
): Promise<Page> {
  return followed(client, await client.submit(pageUrl, action, form));
}
