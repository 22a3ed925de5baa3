/**
 * The password doors: sign in, sign up, sign out (here, or everywhere). Every POST carries the
 * CSRF token, checked before its form's schema; a refused form is shown again with its message.
 * A sign-up that went through answers 303 to its "Check your mail" page (post/redirect/get), so
 * a reload sends no second mail. The mailed links' pages are in link-pages.ts.
 */
import { signIn, signUp } from "../../accounts/dashboard-accounts.js";
import { endAllSessions, endSession } from "../../accounts/sessions.js";
import { clientAddress } from "../client-address.js";
import { csrfToken } from "../csrf.js";
import type { DashboardApp } from "../dashboard-app.js";
import type { DashboardDeps } from "../deps.js";
import { postedText, queryText, trimFields } from "../forms.js";
import { formErrors } from "../html-errors.js";
import { SignInForm, SignUpForm } from "../schemas/auth-forms.js";
import { ButtonForm } from "../schemas/form-fields.js";
import {
  clearSessionCookie,
  requireSignIn,
  SESSION_COOKIE,
  safeNext,
  sessionOf,
} from "../session-door.js";
import { checkMailPage, signInPage, signUpPage } from "../views/auth-views.js";
import { send } from "./send.js";
import { linkBase, signInAs, withMail } from "./signing-in.js";

const CREDENTIALS =
  "That email and password do not match an account. Check both, or reset your password.";
const UNVERIFIED =
  "Verify your email first: we have just sent a new verification link to that address.";
/** Where a sign-up redirects (post/redirect/get): reloading it posts nothing again. */
const SIGN_UP_SENT = "/dashboard/sign-up/sent";

export function authPages(scope: DashboardApp, deps: DashboardDeps): void {
  const csrf = { preValidation: [scope.csrfProtection] };
  /** Email forms: the CSRF token, then the address trimmed for its schema. */
  const emailForm = { preValidation: [scope.csrfProtection, trimFields("email")] };

  scope.get("/", async (_request, reply) => reply.redirect("/dashboard/keys", 303));

  scope.get("/sign-in", async (request, reply) =>
    send(
      reply,
      signInPage({
        csrf: csrfToken(reply),
        next: safeNext(queryText(request, "next")),
        notice: queryText(request, "notice") === "signed-out" ? "You are signed out." : undefined,
      }),
    ),
  );

  scope.post(
    "/sign-in",
    {
      ...emailForm,
      schema: { body: SignInForm },
      errorHandler: formErrors((request, reply, problem) =>
        send(
          reply,
          signInPage({
            csrf: csrfToken(reply),
            next: safeNext(postedText(request.body, "next")),
            email: postedText(request.body, "email"),
            error: problem.message,
          }),
        ),
      ),
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const next = safeNext(request.body.next);
      const result = await signIn(
        withMail(deps),
        { email, password, address: clientAddress(request) },
        linkBase(deps, request),
      );
      if (result.ok) return signInAs(deps, request, reply, result.accountId, next);
      reply.code(result.reason === "credentials" ? 401 : 403);
      return send(
        reply,
        signInPage({
          csrf: csrfToken(reply),
          next,
          email,
          error: result.reason === "credentials" ? CREDENTIALS : UNVERIFIED,
        }),
      );
    },
  );

  scope.get("/sign-up", async (_request, reply) =>
    send(reply, signUpPage({ csrf: csrfToken(reply) })),
  );

  scope.post(
    "/sign-up",
    {
      ...emailForm,
      schema: { body: SignUpForm },
      errorHandler: formErrors((request, reply, problem) =>
        send(
          reply,
          signUpPage({
            csrf: csrfToken(reply),
            email: postedText(request.body, "email"),
            error: problem.message,
          }),
        ),
      ),
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await signUp(
        withMail(deps),
        { email, password, address: clientAddress(request) },
        linkBase(deps, request),
      );
      return reply.redirect(SIGN_UP_SENT, 303);
    },
  );

  // The same page for every sign-up, new address or known: it names none, needs no session.
  scope.get("/sign-up/sent", async (_request, reply) =>
    send(
      reply,
      checkMailPage(
        "We have sent a link to the address you entered: open it to verify your email and sign in.",
      ),
    ),
  );

  scope.post("/sign-out", { ...csrf, schema: { body: ButtonForm } }, async (request, reply) => {
    const id = request.cookies[SESSION_COOKIE];
    if (id !== undefined) await endSession(deps.accounts, id);
    clearSessionCookie(reply);
    return reply.redirect("/dashboard/sign-in?notice=signed-out", 303);
  });

  scope.post(
    "/sign-out-everywhere",
    { preValidation: [scope.csrfProtection, requireSignIn(deps)], schema: { body: ButtonForm } },
    async (request, reply) => {
      await endAllSessions(deps.accounts, sessionOf(request).accountId);
      clearSessionCookie(reply);
      return reply.redirect("/dashboard/sign-in?notice=signed-out", 303);
    },
  );
}
