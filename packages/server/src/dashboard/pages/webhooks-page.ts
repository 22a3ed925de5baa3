/**
 * /dashboard/webhooks: the account's subscriptions (create, edit, enable/disable, rotate the
 * secret, send a test event, delete) and each one's delivery log with a retry for failed ones —
 * the verbs behind /v1/webhooks. A refused subscription form is shown again as it was typed.
 */
import { Type } from "@sinclair/typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isEventType } from "../../events/domain-event.js";
import { listDeliveries, retryDelivery, sendTestEvent } from "../../webhooks/delivery-log.js";
import {
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  presentSubscription,
  requireSubscription,
  rotateSecret,
  updateSubscription,
} from "../../webhooks/subscriptions.js";
import type { DashboardApp } from "../dashboard-app.js";
import type { DashboardDeps } from "../deps.js";
import { queryText, trimFields } from "../forms.js";
import { formErrors } from "../html-errors.js";
import { ButtonForm, IdParams } from "../schemas/form-fields.js";
import { TestEventForm, WebhookForm } from "../schemas/webhook-forms.js";
import { requireSignIn, sessionOf } from "../session-door.js";
import { NOTICES } from "../views/format.js";
import type { WebhookFormValues } from "../views/webhook-form.js";
import { webhookPage, webhooksPage } from "../views/webhooks-view.js";
import { send } from "./send.js";
import { inputOf, postedValues, valuesOf } from "./webhook-form-values.js";

const PER_PAGE = 20;
const DeliveryParams = Type.Object({ id: Type.String(), deliveryId: Type.String() });

export function webhookPages(scope: DashboardApp, deps: DashboardDeps): void {
  const ctx = deps.accounts;
  const signedIn = { preHandler: requireSignIn(deps) };
  // The CSRF token and the session are checked before the form's schema.
  const guards = [scope.csrfProtection, requireSignIn(deps)];
  const posting = { preValidation: guards };
  /** The subscription form: its URL, description and threshold trimmed for the schema. */
  const subscriptionForm = {
    preValidation: [...guards, trimFields("url", "description", "threshold")],
    schema: { body: WebhookForm },
  };

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

  scope.post(
    "/webhooks",
    {
      ...subscriptionForm,
      errorHandler: formErrors((request, reply, problem) =>
        renderList(request, reply, { form: postedValues(request.body), error: problem.message }),
      ),
    },
    async (request, reply) => {
      const created = await createSubscription(
        ctx,
        deps.webhooks.settings,
        sessionOf(request).accountId,
        inputOf(request.body),
      );
      reply.code(201);
      return renderOne(request, reply, created.id, {
        secret: created.secret,
        notice: "The webhook is added. Verify deliveries with its signing secret.",
      });
    },
  );

  scope.get(
    "/webhooks/:id",
    { ...signedIn, schema: { params: IdParams } },
    async (request, reply) =>
      renderOne(request, reply, request.params.id, {
        notice: NOTICES[queryText(request, "notice") ?? ""],
      }),
  );

  scope.post(
    "/webhooks/:id",
    {
      ...subscriptionForm,
      schema: { ...subscriptionForm.schema, params: IdParams },
      errorHandler: formErrors((request, reply, problem) =>
        renderOne(request, reply, request.params.id, {
          form: postedValues(request.body),
          error: problem.message,
        }),
      ),
    },
    async (request, reply) => {
      await updateSubscription(
        ctx,
        deps.webhooks.settings,
        sessionOf(request).accountId,
        request.params.id,
        inputOf(request.body),
      );
      return back(reply, request.params.id, "webhook-updated");
    },
  );

  for (const enabled of [true, false]) {
    scope.post(
      `/webhooks/:id/${enabled ? "enable" : "disable"}`,
      { ...posting, schema: { params: IdParams, body: ButtonForm } },
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

  scope.post(
    "/webhooks/:id/rotate-secret",
    { ...posting, schema: { params: IdParams, body: ButtonForm } },
    async (request, reply) => {
      const rotated = await rotateSecret(ctx, sessionOf(request).accountId, request.params.id);
      return renderOne(request, reply, request.params.id, {
        secret: rotated.secret,
        notice: "A new secret signs from now on; the previous one keeps signing for 24 hours.",
      });
    },
  );

  // A refused event is the error page, as before: the test button is not a form to correct.
  scope.post(
    "/webhooks/:id/test",
    { ...posting, schema: { params: IdParams, body: TestEventForm } },
    async (request, reply) => {
      await sendTestEvent(
        ctx,
        deps.webhooks.attempts,
        sessionOf(request).accountId,
        request.params.id,
        request.body.event || "match.goal",
      );
      return back(reply, request.params.id, "test-sent");
    },
  );

  scope.post(
    "/webhooks/:id/deliveries/:deliveryId/retry",
    { ...posting, schema: { params: DeliveryParams, body: ButtonForm } },
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

  scope.post(
    "/webhooks/:id/delete",
    { ...posting, schema: { params: IdParams, body: ButtonForm } },
    async (request, reply) => {
      await deleteSubscription(ctx, sessionOf(request).accountId, request.params.id);
      return reply.redirect("/dashboard/webhooks?notice=webhook-deleted", 303);
    },
  );
}
