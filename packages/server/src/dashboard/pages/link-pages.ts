/**
 * The pages mailed links open: verify the email, sign in with a one-time link, reset the
 * password (ask for a link, then set a new password). A link opens a page whose button posts
 * it (with the CSRF token), so a mail scanner following links cannot spend it; a token not
 * shaped like one is a link that does not work.
 */
import type { FastifyReply } from "fastify";
import {
  requestPasswordReset,
  resetPassword,
  useSignInLink,
  verifyEmail,
} from "../../accounts/dashboard-accounts.js";
import { linkAccount } from "../../accounts/one-time-links.js";
import type { DashboardApp } from "../dashboard-app.js";
import type { DashboardDeps } from "../deps.js";
import { postedText, queryText, trimFields } from "../forms.js";
import { formErrors } from "../html-errors.js";
import { LinkForm, NewPasswordForm, ResetRequestForm } from "../schemas/auth-forms.js";
import {
  checkMailPage,
  confirmLinkPage,
  newPasswordPage,
  resetRequestPage,
} from "../views/auth-views.js";
import { send } from "./send.js";
import { linkBase, sendBadLink, signInAs, withMail } from "./signing-in.js";

export function linkPages(scope: DashboardApp, deps: DashboardDeps): void {
  const csrf = { preValidation: [scope.csrfProtection] };
  const linkForm = {
    ...csrf,
    schema: { body: LinkForm },
    errorHandler: formErrors((_request, reply) => sendBadLink(reply)),
  };
  const linkPage = (
    reply: FastifyReply,
    title: string,
    action: string,
    token: string,
    button: string,
  ) => send(reply, confirmLinkPage({ csrf: reply.generateCsrf(), title, action, token, button }));

  scope.get("/verify", async (request, reply) =>
    linkPage(
      reply,
      "Verify your email",
      "/dashboard/verify",
      queryText(request, "token") ?? "",
      "Verify my email and sign in",
    ),
  );

  scope.post("/verify", linkForm, async (request, reply) => {
    const accountId = await verifyEmail(deps.accounts, request.body.token);
    if (accountId === null) return sendBadLink(reply);
    return signInAs(deps, request, reply, accountId, "/dashboard/keys?notice=verified");
  });

  scope.get("/sign-in/link", async (request, reply) =>
    linkPage(
      reply,
      "Sign in",
      "/dashboard/sign-in/link",
      queryText(request, "token") ?? "",
      "Sign in",
    ),
  );

  scope.post("/sign-in/link", linkForm, async (request, reply) => {
    const accountId = await useSignInLink(deps.accounts, request.body.token);
    if (accountId === null) return sendBadLink(reply);
    return signInAs(deps, request, reply, accountId, "/dashboard/keys");
  });

  scope.get("/reset", async (request, reply) => {
    const token = queryText(request, "token");
    if (token === undefined) return send(reply, resetRequestPage({ csrf: reply.generateCsrf() }));
    if ((await linkAccount(deps.accounts, token, "reset_password")) === null) {
      return sendBadLink(reply);
    }
    return send(reply, newPasswordPage({ csrf: reply.generateCsrf(), token }));
  });

  scope.post(
    "/reset",
    {
      preValidation: [scope.csrfProtection, trimFields("email")],
      schema: { body: ResetRequestForm },
      errorHandler: formErrors((request, reply, problem) =>
        send(
          reply,
          resetRequestPage({
            csrf: reply.generateCsrf(),
            email: postedText(request.body, "email"),
            error: problem.message,
          }),
        ),
      ),
    },
    async (request, reply) => {
      const { email } = request.body;
      await requestPasswordReset(
        withMail(deps),
        { email, address: request.ip },
        linkBase(deps, request),
      );
      return send(
        reply,
        checkMailPage(
          `If ${email.toLowerCase()} has an account, we have sent it a link to set a new password.`,
        ),
      );
    },
  );

  scope.post(
    "/reset/confirm",
    {
      ...csrf,
      schema: { body: NewPasswordForm },
      errorHandler: formErrors((request, reply, problem) =>
        problem.fields.includes("token")
          ? sendBadLink(reply)
          : send(
              reply,
              newPasswordPage({
                csrf: reply.generateCsrf(),
                token: postedText(request.body, "token"),
                error: problem.message,
              }),
            ),
      ),
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const accountId = await resetPassword(deps.accounts, { token, password });
      if (accountId === null) return sendBadLink(reply);
      return signInAs(deps, request, reply, accountId, "/dashboard/keys?notice=password-set");
    },
  );
}
