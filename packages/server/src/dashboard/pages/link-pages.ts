/**
 * The pages mailed links open: verify the email, sign in with a one-time link, reset the
 * password (ask for a link, then set a new password). A reset request that went through answers
 * 303 to its "Check your mail" page (post/redirect/get), so a reload sends no second mail. A
 * link opens a page whose button posts it (with the CSRF token), so a mail scanner following
 * links cannot spend it; a token not shaped like one is a link that does not work.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  linkEmail,
  requestPasswordReset,
  resetPassword,
  useSignInLink,
  verifyEmail,
} from "../../accounts/dashboard-accounts.js";
import { linkAccount } from "../../accounts/one-time-links.js";
import { clientAddress } from "../client-address.js";
import { csrfToken } from "../csrf.js";
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

/** Where a reset request redirects (post/redirect/get): reloading it posts nothing again. */
const RESET_SENT = "/dashboard/reset/sent";

export function linkPages(scope: DashboardApp, deps: DashboardDeps): void {
  const csrf = { preValidation: [scope.csrfProtection] };
  const linkForm = {
    ...csrf,
    schema: { body: LinkForm },
    errorHandler: formErrors((_request, reply) => sendBadLink(reply)),
  };
  /** The page a link opens: it names the account and posts the link with its button. */
  const linkPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    purpose: "verify_email" | "sign_in",
    page: { title: string; action: string; lead: string; button: (email: string) => string },
  ) => {
    const token = queryText(request, "token") ?? "";
    const email = await linkEmail(deps.accounts, token, purpose);
    if (email === null) return sendBadLink(reply);
    return send(
      reply,
      confirmLinkPage({
        ...page,
        csrf: csrfToken(reply),
        token,
        email,
        button: page.button(email),
      }),
    );
  };

  scope.get("/verify", async (request, reply) =>
    linkPage(request, reply, "verify_email", {
      title: "Verify your email",
      action: "/dashboard/verify",
      lead: "This link verifies the email of the account",
      button: () => "Verify my email and sign in",
    }),
  );

  scope.post("/verify", linkForm, async (request, reply) => {
    const verified = await verifyEmail(deps.accounts, request.body.token);
    if (verified === null) return sendBadLink(reply);
    const key = verified.sandboxKey;
    return signInAs(
      deps,
      request,
      reply,
      verified.accountId,
      "/dashboard/keys?notice=verified",
      key && { kind: "key", key: key.key, name: key.name, keyKind: key.kind },
    );
  });

  scope.get("/sign-in/link", async (request, reply) =>
    linkPage(request, reply, "sign_in", {
      title: "Sign in",
      action: "/dashboard/sign-in/link",
      lead: "This one-time link signs you in to the account",
      button: (email) => `Sign in as ${email}`,
    }),
  );

  scope.post("/sign-in/link", linkForm, async (request, reply) => {
    const accountId = await useSignInLink(deps.accounts, request.body.token);
    if (accountId === null) return sendBadLink(reply);
    return signInAs(deps, request, reply, accountId, "/dashboard/keys");
  });

  scope.get("/reset", async (request, reply) => {
    const token = queryText(request, "token");
    if (token === undefined) return send(reply, resetRequestPage({ csrf: csrfToken(reply) }));
    if ((await linkAccount(deps.accounts, token, "reset_password")) === null) {
      return sendBadLink(reply);
    }
    return send(reply, newPasswordPage({ csrf: csrfToken(reply), token }));
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
            csrf: csrfToken(reply),
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
        { email, address: clientAddress(request) },
        linkBase(deps, request),
      );
      return reply.redirect(RESET_SENT, 303);
    },
  );

  // The same page whether or not the address has an account: it names none, needs no session.
  scope.get("/reset/sent", async (_request, reply) =>
    send(
      reply,
      checkMailPage(
        "If the address you entered has an account, we have sent it a link to set a new password.",
      ),
    ),
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
                csrf: csrfToken(reply),
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
