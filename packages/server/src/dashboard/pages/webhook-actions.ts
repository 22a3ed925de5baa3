/**
 * What a webhook's page does to it: edit, enable or disable, rotate the secret (the new one
 * shown once, by the page the form redirects to), send a test event, retry a failed delivery,
 * delete. Each answers with a redirect to the page (post/redirect/get); another account's
 * webhook or delivery is a 404.
 */
import { Type } from "@sinclair/typebox";
import type { FastifyReply } from "fastify";
import { retryDelivery, sendTestEvent } from "../../webhooks/delivery-log.js";
import {
  deleteSubscription,
  rotateSecret,
  updateSubscription,
} from "../../webhooks/subscriptions.js";
import type { DashboardApp } from "../dashboard-app.js";
import type { DashboardDeps } from "../deps.js";
import { redirectWithFlash } from "../flash-messages.js";
import { trimFields } from "../forms.js";
import { formErrors } from "../html-errors.js";
import { ButtonForm, IdParams } from "../schemas/form-fields.js";
import { TestEventForm, WebhookForm } from "../schemas/webhook-forms.js";
import { requireSignIn, sessionOf } from "../session-door.js";
import { inputOf, postedValues } from "./webhook-form-values.js";
import { renderWebhook } from "./webhook-renders.js";

const DeliveryParams = Type.Object({ id: Type.String(), deliveryId: Type.String() });

export function webhookActions(scope: DashboardApp, deps: DashboardDeps): void {
  const ctx = deps.accounts;
  // The CSRF token and the session are checked before the form's schema.
  const guards = [scope.csrfProtection, requireSignIn(deps)];
  const posting = { preValidation: guards };
  const back = (reply: FastifyReply, id: string, notice: string) =>
    reply.redirect(`/dashboard/webhooks/${id}?notice=${notice}`, 303);

  scope.post(
    "/webhooks/:id",
    {
      preValidation: [...guards, trimFields("url", "description", "threshold")],
      schema: { body: WebhookForm, params: IdParams },
      errorHandler: formErrors((request, reply, problem) =>
        renderWebhook(deps, request, reply, request.params.id, {
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
        const account = sessionOf(request).accountId;
        await updateSubscription(ctx, deps.webhooks.settings, account, request.params.id, {
          enabled,
        });
        return back(reply, request.params.id, enabled ? "webhook-enabled" : "webhook-disabled");
      },
    );
  }

  scope.post(
    "/webhooks/:id/rotate-secret",
    { ...posting, schema: { params: IdParams, body: ButtonForm } },
    async (request, reply) => {
      const id = request.params.id;
      const rotated = await rotateSecret(ctx, sessionOf(request).accountId, id);
      return redirectWithFlash(deps, request, reply, `/dashboard/webhooks/${id}`, {
        kind: "webhook-secret",
        webhookId: id,
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
