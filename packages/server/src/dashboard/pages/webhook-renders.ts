/** The webhooks list page and one webhook's page with its delivery log, rendered for a request. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { isEventType } from "../../events/domain-event.js";
import { listDeliveries } from "../../webhooks/delivery-log.js";
import {
  listSubscriptions,
  presentSubscription,
  requireSubscription,
} from "../../webhooks/subscriptions.js";
import { csrfToken } from "../csrf.js";
import type { DashboardDeps } from "../deps.js";
import { queryText } from "../forms.js";
import { sessionOf } from "../session-door.js";
import type { WebhookFormValues } from "../views/webhook-form.js";
import { webhookPage, webhooksPage } from "../views/webhooks-view.js";
import { send } from "./send.js";
import { valuesOf } from "./webhook-form-values.js";

const PER_PAGE = 20;

export async function renderWebhookList(
  deps: DashboardDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  extra: { form?: WebhookFormValues; error?: string; notice?: string | undefined } = {},
) {
  const session = sessionOf(request);
  const subscriptions = await listSubscriptions(deps.accounts, session.accountId);
  return send(
    reply,
    webhooksPage({ email: session.email, csrf: csrfToken(reply), subscriptions, ...extra }),
  );
}

/** One of the account's webhooks (another account's, or none, is a 404) with its log's page. */
export async function renderWebhook(
  deps: DashboardDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  extra: {
    secret?: string | undefined;
    error?: string;
    notice?: string | undefined;
    form?: WebhookFormValues;
  } = {},
) {
  const session = sessionOf(request);
  const row = await requireSubscription(deps.accounts, session.accountId, id);
  const subscription = presentSubscription(row);
  const state = queryText(request, "state") ?? "";
  const event = queryText(request, "event") ?? "";
  const pageNumber = Number(queryText(request, "page") ?? "1");
  const deliveries = await listDeliveries(deps.accounts, session.accountId, id, {
    page: Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 10_000 ? pageNumber : 1,
    perPage: PER_PAGE,
    state: ["pending", "succeeded", "failed"].includes(state) ? state : undefined,
    event: isEventType(event) ? event : undefined,
  });
  return send(
    reply,
    webhookPage({
      email: session.email,
      csrf: csrfToken(reply),
      subscription,
      deliveries,
      filter: { state, event },
      form: extra.form ?? valuesOf(subscription),
      secret: extra.secret,
      error: extra.error,
      notice: extra.notice,
    }),
  );
}
