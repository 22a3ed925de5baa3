/**
 * /dashboard/webhooks: the account's subscriptions, adding one, and each one's page with its
 * delivery log — the verbs behind /v1/webhooks. A new webhook's signing secret is shown once, by
 * the page the form redirects to (flash-messages.ts). A refused subscription form is shown again
 * as it was typed. What a webhook's page does to it is in webhook-actions.ts.
 */
import { createSubscription } from "../../webhooks/subscriptions.js";
import type { DashboardApp } from "../dashboard-app.js";
import type { DashboardDeps } from "../deps.js";
import { redirectWithFlash, webhookFlash } from "../flash-messages.js";
import { queryText, trimFields } from "../forms.js";
import { formErrors } from "../html-errors.js";
import { IdParams } from "../schemas/form-fields.js";
import { WebhookForm } from "../schemas/webhook-forms.js";
import { requireSignIn, sessionOf } from "../session-door.js";
import { NOTICES } from "../views/format.js";
import { inputOf, postedValues } from "./webhook-form-values.js";
import { renderWebhook, renderWebhookList } from "./webhook-renders.js";

export function webhookPages(scope: DashboardApp, deps: DashboardDeps): void {
  const signedIn = { preHandler: requireSignIn(deps) };

  scope.get("/webhooks", signedIn, async (request, reply) =>
    renderWebhookList(deps, request, reply, {
      notice: NOTICES[queryText(request, "notice") ?? ""],
    }),
  );

  scope.post(
    "/webhooks",
    {
      // The CSRF token and the session are checked before the form's schema.
      preValidation: [
        scope.csrfProtection,
        requireSignIn(deps),
        trimFields("url", "description", "threshold"),
      ],
      schema: { body: WebhookForm },
      errorHandler: formErrors((request, reply, problem) =>
        renderWebhookList(deps, request, reply, {
          form: postedValues(request.body),
          error: problem.message,
        }),
      ),
    },
    async (request, reply) => {
      const created = await createSubscription(
        deps.accounts,
        deps.webhooks.settings,
        sessionOf(request).accountId,
        inputOf(request.body),
      );
      return redirectWithFlash(deps, request, reply, `/dashboard/webhooks/${created.id}`, {
        kind: "webhook-secret",
        webhookId: created.id,
        secret: created.secret,
        notice: "The webhook is added. Verify deliveries with its signing secret.",
      });
    },
  );

  scope.get(
    "/webhooks/:id",
    { ...signedIn, schema: { params: IdParams } },
    async (request, reply) => {
      const id = request.params.id;
      const flash = await webhookFlash(deps, request, id);
      return renderWebhook(deps, request, reply, id, {
        secret: flash?.secret,
        notice: flash?.notice ?? NOTICES[queryText(request, "notice") ?? ""],
      });
    },
  );
}
