/**
 * /dashboard/webhooks: the account's subscriptions (create, edit, enable/disable, rotate the
 * secret, send a test event, delete) and each one's delivery log with a retry for failed ones —
 * the verbs behind /v1/webhooks.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { invalidParameter, ServiceError } from "../../errors/service-error.js";
import { EVENT_TYPES, isEventType } from "../../events/domain-event.js";
import { listDeliveries, retryDelivery, sendTestEvent } from "../../webhooks/delivery-log.js";
import {
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  presentSubscription,
  requireSubscription,
  rotateSecret,
  type SubscriptionInput,
  updateSubscription,
} from "../../webhooks/subscriptions.js";
import type { DashboardDeps } from "../deps.js";
import { field, fields, list, queryText } from "../forms.js";
import { requireSignIn, sessionOf } from "../session-door.js";
import { NOTICES } from "../views/format.js";
import type { WebhookFormValues } from "../views/webhook-form.js";
import { type SubscriptionView, webhookPage, webhooksPage } from "../views/webhooks-view.js";
import { send } from "./send.js";

type IdParams = { Params: { id: string } };
const PER_PAGE = 20;

function formValues(request: FastifyRequest): WebhookFormValues {
  return {
    url: field(request, "url").trim(),
    description: field(request, "description").trim(),
    events: fields(request, "events"),
    sport: field(request, "sport"),
    leagues: field(request, "leagues"),
    matches: field(request, "matches"),
    threshold: field(request, "threshold").trim(),
  };
}

function valuesOf(s: SubscriptionView): WebhookFormValues {
  return {
    url: s.url,
    description: s.description ?? "",
    events: s.events,
    sport: s.sport ?? "",
    leagues: s.leagues.join(", "),
    matches: s.matches.join(", "),
    threshold: String(Math.round(s.odds_threshold * 1000) / 10),
  };
}

function inputOf(v: WebhookFormValues): SubscriptionInput {
  const percent = v.threshold === "" ? 5 : Number(v.threshold);
  if (!Number.isFinite(percent)) {
    throw invalidParameter("odds_threshold", "the odds threshold must be a number of percent");
  }
  return {
    url: v.url,
    description: v.description === "" ? null : v.description,
    events: v.events,
    sport: v.sport === "" ? null : v.sport,
    leagues: list(v.leagues),
    matches: list(v.matches),
    odds_threshold: percent / 100,
  };
}

function invalid(error: unknown): string {
  if (error instanceof ServiceError && error.code === "invalid_parameter") return error.message;
  throw error;
}

export function webhookPages(scope: FastifyInstance, deps: DashboardDeps): void {
  const ctx = deps.accounts;
  const signedIn = { preHandler: requireSignIn(deps) };
  const posting = { preHandler: [scope.csrfProtection, requireSignIn(deps)] };

  const renderList = async (
    request: FastifyRequest,
    reply: FastifyReply,
    extra: { form?: WebhookFormValues; error?: string; notice?: string | undefined } = {},
  ) => {
    const session = sessionOf(request);
    const subscriptions = await listSubscriptions(ctx, session.accountId);
    return send(
      reply,
      webhooksPage({ email: session.email, csrf: reply.generateCsrf(), subscriptions, ...extra }),
    );
  };

  const renderOne = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    extra: {
      secret?: string;
      error?: string;
      notice?: string | undefined;
      form?: WebhookFormValues;
    } = {},
  ) => {
    const session = sessionOf(request);
    const row = await requireSubscription(ctx, session.accountId, id);
    const subscription = presentSubscription(row);
    const state = queryText(request, "state") ?? "";
    const event = queryText(request, "event") ?? "";
    const pageNumber = Number(queryText(request, "page") ?? "1");
    const deliveries = await listDeliveries(ctx, session.accountId, id, {
      page:
        Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 10_000 ? pageNumber : 1,
      perPage: PER_PAGE,
      state: ["pending", "succeeded", "failed"].includes(state) ? state : undefined,
      event: isEventType(event) ? event : undefined,
    });
    return send(
      reply,
      webhookPage({
        email: session.email,
        csrf: reply.generateCsrf(),
        subscription,
        deliveries,
        filter: { state, event },
        form: extra.form ?? valuesOf(subscription),
        secret: extra.secret,
        error: extra.error,
        notice: extra.notice,
      }),
    );
  };

  const back = (reply: FastifyReply, id: string, notice: string) =>
    reply.redirect(`/dashboard/webhooks/${id}?notice=${notice}`, 303);

  scope.get("/webhooks", signedIn, async (request, reply) =>
    renderList(request, reply, { notice: NOTICES[queryText(request, "notice") ?? ""] }),
  );

  scope.post("/webhooks", posting, async (request, reply) => {
    const values = formValues(request);
    let created: Awaited<ReturnType<typeof createSubscription>>;
    try {
      created = await createSubscription(
        ctx,
        deps.webhooks.settings,
        sessionOf(request).accountId,
        inputOf(values),
      );
    } catch (error) {
      reply.code(400);
      return renderList(request, reply, { form: values, error: invalid(error) });
    }
    reply.code(201);
    return renderOne(request, reply, created.id, {
      secret: created.secret,
      notice: "The webhook is added. Verify deliveries with its signing secret.",
    });
  });

  scope.get<IdParams>("/webhooks/:id", signedIn, async (request, reply) =>
    renderOne(request, reply, request.params.id, {
      notice: NOTICES[queryText(request, "notice") ?? ""],
    }),
  );

  scope.post<IdParams>("/webhooks/:id", posting, async (request, reply) => {
    const values = formValues(request);
    try {
      await updateSubscription(
        ctx,
        deps.webhooks.settings,
        sessionOf(request).accountId,
        request.params.id,
        inputOf(values),
      );
    } catch (error) {
      const message = invalid(error);
      reply.code(400);
      return renderOne(request, reply, request.params.id, { form: values, error: message });
    }
    return back(reply, request.params.id, "webhook-updated");
  });

  for (const enabled of [true, false]) {
    scope.post<IdParams>(
      `/webhooks/:id/${enabled ? "enable" : "disable"}`,
      posting,
      async (request, reply) => {
        await updateSubscription(
          ctx,
          deps.webhooks.settings,
          sessionOf(request).accountId,
          request.params.id,
          {
            enabled,
          },
        );
        return back(reply, request.params.id, enabled ? "webhook-enabled" : "webhook-disabled");
      },
    );
  }

  scope.post<IdParams>("/webhooks/:id/rotate-secret", posting, async (request, reply) => {
    const rotated = await rotateSecret(ctx, sessionOf(request).accountId, request.params.id);
    return renderOne(request, reply, request.params.id, {
      secret: rotated.secret,
      notice: "A new secret signs from now on; the previous one keeps signing for 24 hours.",
    });
  });

  scope.post<IdParams>("/webhooks/:id/test", posting, async (request, reply) => {
    const event = field(request, "event") || "match.goal";
    if (!isEventType(event)) {
      throw invalidParameter("event", `choose one of: ${EVENT_TYPES.join(", ")}`);
    }
    await sendTestEvent(
      ctx,
      deps.webhooks.attempts,
      sessionOf(request).accountId,
      request.params.id,
      event,
    );
    return back(reply, request.params.id, "test-sent");
  });

  scope.post<{ Params: { id: string; deliveryId: string } }>(
    "/webhooks/:id/deliveries/:deliveryId/retry",
    posting,
    async (request, reply) => {
      await retryDelivery(
        ctx,
        deps.webhooks.attempts,
        sessionOf(request).accountId,
        request.params.id,
        request.params.deliveryId,
      );
      return back(reply, request.params.id, "retried");
    },
  );

  scope.post<IdParams>("/webhooks/:id/delete", posting, async (request, reply) => {
    await deleteSubscription(ctx, sessionOf(request).accountId, request.params.id);
    return reply.redirect("/dashboard/webhooks?notice=webhook-deleted", 303);
  });
}
