/**
 * Webhook subscriptions (ADR-0013): created, listed, changed, deleted and re-keyed by the
 * account that owns them; another account's id is a 404. The secret is returned in full only
 * when it is made (creation, rotation); listings show a hint.
 */
import type { Selectable } from "kysely";
import { BlockedAddressError, checkTarget } from "../adapters/webhooks/address-policy.js";
import { invalidParameter, notFound } from "../errors/service-error.js";
import { EVENT_TYPES, isEventType } from "../events/domain-event.js";
import { newId } from "../lib/ids.js";
import { isoSeconds } from "../lib/time.js";
import type { ServiceContext } from "../services/context.js";
import { isSport } from "../sports/registry.js";
import { parseJson } from "../store/json-columns.js";
import type { WebhookSubscriptionsTable } from "../store/tables.js";
import { generateSecret, secretHint, secretProblem } from "./secrets.js";

export type SubscriptionRow = Selectable<WebhookSubscriptionsTable>;

export interface WebhookSettings {
  /**
   * SCORELINE_WEBHOOK_ALLOW_PRIVATE (local testing): plain http, and loopback, private and other
   * non-public addresses, allowed.
   */
  allowPrivate: boolean;
}

export interface SubscriptionInput {
  url?: string | undefined;
  events?: string[] | undefined;
  sport?: string | null | undefined;
  leagues?: string[] | undefined;
  matches?: string[] | undefined;
  odds_threshold?: number | undefined;
  secret?: string | undefined;
  description?: string | null | undefined;
  enabled?: boolean | undefined;
}

const DEFAULT_ODDS_THRESHOLD = 0.05;
/** A rotated-out secret keeps signing this long, so receivers can switch without a gap. */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export function presentSubscription(row: SubscriptionRow) {
  return {
    id: row.id,
    url: row.url,
    events: parseJson<string[]>(row.events) ?? [],
    sport: row.sport,
    leagues: parseJson<string[]>(row.leagues) ?? [],
    matches: parseJson<string[]>(row.matches) ?? [],
    odds_threshold: row.odds_threshold,
    description: row.description,
    enabled: row.enabled === 1,
    status: row.enabled === 1 ? "active" : "disabled",
    disabled_reason: row.disabled_reason,
    disabled_at: row.disabled_at,
    failing_since: row.failing_since,
    secret_hint: secretHint(row.secret),
    previous_secret_expires_at: row.previous_secret_expires_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function checkUrl(url: string, settings: WebhookSettings): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidParameter("url", "url must be an absolute URL, e.g. https://example.com/hooks");
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw invalidParameter("url", "url must use https");
  }
  if (parsed.protocol === "http:" && !settings.allowPrivate) {
    throw invalidParameter(
      "url",
      "url must use https (plain http only with SCORELINE_WEBHOOK_ALLOW_PRIVATE)",
    );
  }
  if (parsed.username !== "" || parsed.password !== "") {
    throw invalidParameter(
      "url",
      "url must not carry credentials; use the signature to authenticate us",
    );
  }
  if (!settings.allowPrivate) checkPublicHost(parsed);
  return parsed.toString();
}

/** `localhost` and its subdomains are loopback by definition (RFC 6761): no lookup needed. */
const LOOPBACK_NAME = /(^|\.)localhost\.?$/i;

/**
 * The delivery address policy (ADR-0016) applied when a URL is registered, as far as it can be
 * without DNS (ADR-0053): an IP-literal host must be public unicast, and a `localhost` name is
 * refused. Other names are resolved, and their addresses checked, at every delivery.
 */
function checkPublicHost(url: URL): void {
  const switchName = "SCORELINE_WEBHOOK_ALLOW_PRIVATE";
  if (LOOPBACK_NAME.test(url.hostname)) {
    throw invalidParameter(
      "url",
      `url must reach a public address: ${url.hostname} is a loopback name (private receivers only with ${switchName})`,
    );
  }
  try {
    checkTarget(url, false);
  } catch (error) {
    if (!(error instanceof BlockedAddressError)) throw error;
    throw invalidParameter(
      "url",
      `url must reach a public address: ${error.reason} (private receivers only with ${switchName})`,
    );
  }
}

function checkEvents(events: string[]): string[] {
  if (events.length === 0)
    throw invalidParameter("events", "events must list at least one event type");
  const unknown = events.filter((e) => !isEventType(e));
  if (unknown.length > 0) {
    throw invalidParameter(
      "events",
      `unknown event type${unknown.length > 1 ? "s" : ""} ${unknown.map((e) => JSON.stringify(e)).join(", ")}; use: ${EVENT_TYPES.join(", ")}`,
    );
  }
  return [...new Set(events)];
}

function checkSport(sport: string | null | undefined): string | null {
  if (sport === undefined || sport === null) return null;
  if (!isSport(sport))
    throw invalidParameter("sport", `sport "${sport}" is not one of the ten sports`);
  return sport;
}

/** The same bound as the REST schema's, for callers that do not pass through it (the dashboard). */
const DESCRIPTION_MAX = 500;

function checkDescription(description: string | null | undefined): string | null {
  if (description === undefined || description === null) return null;
  if (description.length > DESCRIPTION_MAX) {
    throw invalidParameter(
      "description",
      `the description must have at most ${DESCRIPTION_MAX} characters`,
    );
  }
  return description;
}

function checkThreshold(value: number): number {
  if (!(value > 0 && value <= 1))
    throw invalidParameter("odds_threshold", "odds_threshold must be in (0, 1], e.g. 0.05 for 5 %");
  return value;
}

/** League references (ids or slugs) → competition ids, all known (in `sport` when it is set). */
async function resolveLeagues(
  ctx: ServiceContext,
  leagues: string[],
  sport: string | null,
): Promise<string[]> {
  if (leagues.length === 0) return [];
  let query = ctx.store.db
    .selectFrom("competitions")
    .select(["id", "slug", "sport"])
    .where((eb) => eb.or([eb("id", "in", leagues), eb("slug", "in", leagues)]));
  if (sport !== null) query = query.where("sport", "=", sport);
  const rows = await query.execute();
  const ids: string[] = [];
  for (const ref of leagues) {
    const found = rows.filter((r) => r.id === ref || r.slug === ref);
    if (found.length === 0) {
      throw invalidParameter(
        "leagues",
        `league "${ref}" is not a known competition${sport ? ` in ${sport}` : ""}`,
      );
    }
    if (found.length > 1) {
      throw invalidParameter(
        "leagues",
        `league "${ref}" names competitions in several sports; set sport or use the id`,
      );
    }
    ids.push((found[0] as { id: string }).id);
  }
  return [...new Set(ids)];
}

function checkMatches(matches: string[]): string[] {
  if (matches.some((m) => m.length === 0 || m.length > 64)) {
    throw invalidParameter("matches", "matches must be fixture ids");
  }
  return [...new Set(matches)];
}

export async function createSubscription(
  ctx: ServiceContext,
  settings: WebhookSettings,
  accountId: string,
  input: SubscriptionInput,
) {
  if (input.url === undefined) throw invalidParameter("url", "url is required");
  if (input.events === undefined) throw invalidParameter("events", "events is required");
  const url = checkUrl(input.url, settings);
  const events = checkEvents(input.events);
  const sport = checkSport(input.sport);
  const leagues = await resolveLeagues(ctx, input.leagues ?? [], sport);
  const matches = checkMatches(input.matches ?? []);
  const threshold = checkThreshold(input.odds_threshold ?? DEFAULT_ODDS_THRESHOLD);
  const description = checkDescription(input.description);
  if (input.secret !== undefined) {
    const problem = secretProblem(input.secret);
    if (problem !== undefined) throw invalidParameter("secret", problem);
  }
  const secret = input.secret ?? generateSecret();
  const now = isoSeconds(ctx.clock());
  const row: SubscriptionRow = {
    id: newId("wh"),
    account_id: accountId,
    url,
    events: JSON.stringify(events),
    sport,
    leagues: JSON.stringify(leagues),
    matches: JSON.stringify(matches),
    odds_threshold: threshold,
    description,
    secret,
    previous_secret: null,
    previous_secret_expires_at: null,
    enabled: input.enabled === false ? 0 : 1,
    disabled_reason: input.enabled === false ? "disabled by the account" : null,
    disabled_at: input.enabled === false ? now : null,
    failing_since: null,
    created_at: now,
    updated_at: now,
  };
  await ctx.store.db.insertInto("webhook_subscriptions").values(row).execute();
  return { ...presentSubscription(row), secret };
}

export async function listSubscriptions(ctx: ServiceContext, accountId: string) {
  const rows = await ctx.store.db
    .selectFrom("webhook_subscriptions")
    .selectAll()
    .where("account_id", "=", accountId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(presentSubscription);
}

export async function requireSubscription(
  ctx: ServiceContext,
  accountId: string,
  id: string,
): Promise<SubscriptionRow> {
  const row = await ctx.store.db
    .selectFrom("webhook_subscriptions")
    .selectAll()
    .where("id", "=", id)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (row === undefined) throw notFound(`webhook ${id}`);
  return row;
}

/** A 400 for a call that sends to a disabled subscription (manual retry, recover). */
export function disabledSubscription(id: string) {
  return invalidParameter(
    "id",
    `webhook ${id} is disabled; enable it with PATCH /v1/webhooks/${id} {"enabled": true} (its pending deliveries are kept and sent then)`,
  );
}

export async function updateSubscription(
  ctx: ServiceContext,
  settings: WebhookSettings,
  accountId: string,
  id: string,
  input: SubscriptionInput,
) {
  const row = await requireSubscription(ctx, accountId, id);
  if (input.secret !== undefined)
    throw invalidParameter("secret", "change the secret with POST /v1/webhooks/{id}/rotate-secret");
  const now = isoSeconds(ctx.clock());
  const sport = input.sport !== undefined ? checkSport(input.sport) : row.sport;
  const changes: Partial<SubscriptionRow> = { updated_at: now };
  if (input.url !== undefined) changes.url = checkUrl(input.url, settings);
  if (input.events !== undefined) changes.events = JSON.stringify(checkEvents(input.events));
  if (input.sport !== undefined) changes.sport = sport;
  if (input.leagues !== undefined)
    changes.leagues = JSON.stringify(await resolveLeagues(ctx, input.leagues, sport));
  if (input.matches !== undefined) changes.matches = JSON.stringify(checkMatches(input.matches));
  if (input.odds_threshold !== undefined)
    changes.odds_threshold = checkThreshold(input.odds_threshold);
  if (input.description !== undefined) changes.description = checkDescription(input.description);
  if (input.enabled === true && row.enabled !== 1) {
    Object.assign(changes, {
      enabled: 1,
      disabled_reason: null,
      disabled_at: null,
      failing_since: null,
    });
  }
  if (input.enabled === false && row.enabled === 1) {
    Object.assign(changes, {
      enabled: 0,
      disabled_reason: "disabled by the account",
      disabled_at: now,
    });
  }
  await ctx.store.db
    .updateTable("webhook_subscriptions")
    .set(changes)
    .where("id", "=", id)
    .execute();
  return presentSubscription({ ...row, ...changes });
}

export async function deleteSubscription(ctx: ServiceContext, accountId: string, id: string) {
  await requireSubscription(ctx, accountId, id);
  await ctx.store.db.transaction().execute(async (trx) => {
    const deliveries = trx
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("subscription_id", "=", id);
    await trx.deleteFrom("webhook_attempts").where("delivery_id", "in", deliveries).execute();
    await trx.deleteFrom("webhook_deliveries").where("subscription_id", "=", id).execute();
    await trx.deleteFrom("webhook_odds_references").where("subscription_id", "=", id).execute();
    await trx.deleteFrom("webhook_subscriptions").where("id", "=", id).execute();
  });
  return { id, deleted: true };
}

/** A new secret; the old one keeps signing for 24 hours. */
export async function rotateSecret(ctx: ServiceContext, accountId: string, id: string) {
  const row = await requireSubscription(ctx, accountId, id);
  const now = ctx.clock();
  const secret = generateSecret();
  const changes = {
    secret,
    previous_secret: row.secret,
    previous_secret_expires_at: isoSeconds(new Date(now.getTime() + ROTATION_OVERLAP_MS)),
    updated_at: isoSeconds(now),
  };
  await ctx.store.db
    .updateTable("webhook_subscriptions")
    .set(changes)
    .where("id", "=", id)
    .execute();
  return { ...presentSubscription({ ...row, ...changes }), secret };
}

/** The secrets that sign now: the current one, and the previous one within its overlap. */
export function signingSecrets(
  row: Pick<SubscriptionRow, "secret" | "previous_secret" | "previous_secret_expires_at">,
  now: Date,
): string[] {
  const secrets = [row.secret];
  if (
    row.previous_secret !== null &&
    row.previous_secret_expires_at !== null &&
    isoSeconds(now) < row.previous_secret_expires_at
  ) {
    secrets.push(row.previous_secret);
  }
  return secrets;
}
