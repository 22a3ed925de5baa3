/**
 * The doors: sign up, verify the email, sign in (password or one-time link), reset the password,
 * sign out (here, or everywhere). Every POST carries the CSRF token.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  type LinkBase,
  requestPasswordReset,
  resetPassword,
  signIn,
  signUp,
  useSignInLink,
  verifyEmail,
} from "../../accounts/dashboard-accounts.js";
import { linkAccount } from "../../accounts/one-time-links.js";
import { endAllSessions, endSession, startSession } from "../../accounts/sessions.js";
import { ServiceError } from "../../errors/service-error.js";
import type { DashboardDeps } from "../deps.js";
import { field, queryText } from "../forms.js";
import type { Html } from "../html.js";
import {
  clearSessionCookie,
  requireSignIn,
  SESSION_COOKIE,
  safeNext,
  sessionOf,
  setSessionCookie,
} from "../session-door.js";
import {
  badLinkPage,
  checkMailPage,
  confirmLinkPage,
  newPasswordPage,
  resetRequestPage,
  signInPage,
  signUpPage,
} from "../views/auth-views.js";
import { send } from "./send.js";

const CREDENTIALS =
  "That email and password do not match an account. Check both, or reset your password.";
const UNVERIFIED =
  "Verify your email first: we have just sent a new verification link to that address.";

function linkBase(deps: DashboardDeps, request: FastifyRequest): LinkBase {
  return { origin: deps.publicUrl ?? `${request.protocol}://${request.host}` };
}

/** A validation problem re-renders the form; anything else goes to the error page. */
function formError(error: unknown): string {
  if (error instanceof ServiceError && error.code === "invalid_parameter") return error.message;
  throw error;
}

async function signInAs(
  deps: DashboardDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  next: string,
) {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous !== undefined) await endSession(deps.accounts, previous);
  setSessionCookie(reply, await startSession(deps.accounts, deps.sessions, accountId), deps);
  return reply.redirect(next, 303);
}

export function authPages(scope: FastifyInstance, deps: DashboardDeps): void {
  const csrf = { preHandler: scope.csrfProtection };
  const linkPage = (
    reply: FastifyReply,
    title: string,
    action: string,
    token: string,
    button: string,
  ) => send(reply, confirmLinkPage({ csrf: reply.generateCsrf(), title, action, token, button }));
  const bad = (reply: FastifyReply): Html => {
    reply.code(400);
    return badLinkPage();
  };

  scope.get("/", async (_request, reply) => reply.redirect("/dashboard/keys", 303));

  scope.get("/sign-in", async (request, reply) =>
    send(
      reply,
      signInPage({
        csrf: reply.generateCsrf(),
        next: safeNext(queryText(request, "next")),
        notice: queryText(request, "notice") === "signed-out" ? "You are signed out." : undefined,
      }),
    ),
  );

  scope.post("/sign-in", csrf, async (request, reply) => {
    const email = field(request, "email");
    const next = safeNext(field(request, "next"));
    const result = await signIn(
      { ...deps.accounts, mailer: deps.mailer, throttle: deps.throttle },
      { email, password: field(request, "password"), address: request.ip },
      linkBase(deps, request),
    );
    if (result.ok) return signInAs(deps, request, reply, result.accountId, next);
    reply.code(result.reason === "credentials" ? 401 : 403);
    return send(
      reply,
      signInPage({
        csrf: reply.generateCsrf(),
        next,
        email,
        error: result.reason === "credentials" ? CREDENTIALS : UNVERIFIED,
      }),
    );
  });

  scope.get("/sign-up", async (_request, reply) =>
    send(reply, signUpPage({ csrf: reply.generateCsrf() })),
  );

  scope.post("/sign-up", csrf, async (request, reply) => {
    const email = field(request, "email");
    try {
      await signUp(
        { ...deps.accounts, mailer: deps.mailer, throttle: deps.throttle },
        { email, password: field(request, "password"), address: request.ip },
        linkBase(deps, request),
      );
    } catch (error) {
      reply.code(400);
      return send(
        reply,
        signUpPage({ csrf: reply.generateCsrf(), email, error: formError(error) }),
      );
    }
    return send(
      reply,
      checkMailPage(
        `We have sent a link to ${email.trim().toLowerCase()}: open it to verify your email and sign in.`,
      ),
    );
  });

  scope.get("/verify", async (request, reply) =>
    linkPage(
      reply,
      "Verify your email",
      "/dashboard/verify",
      queryText(request, "token") ?? "",
      "Verify my email and sign in",
    ),
  );

  scope.post("/verify", csrf, async (request, reply) => {
    const accountId = await verifyEmail(deps.accounts, field(request, "token"));
    if (accountId === null) return send(reply, bad(reply));
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

  scope.post("/sign-in/link", csrf, async (request, reply) => {
    const accountId = await useSignInLink(deps.accounts, field(request, "token"));
    if (accountId === null) return send(reply, bad(reply));
    return signInAs(deps, request, reply, accountId, "/dashboard/keys");
  });

  scope.get("/reset", async (request, reply) => {
    const token = queryText(request, "token");
    if (token === undefined) return send(reply, resetRequestPage({ csrf: reply.generateCsrf() }));
    if ((await linkAccount(deps.accounts, token, "reset_password")) === null) {
      return send(reply, bad(reply));
    }
    return send(reply, newPasswordPage({ csrf: reply.generateCsrf(), token }));
  });

  scope.post("/reset", csrf, async (request, reply) => {
    const email = field(request, "email");
    try {
      await requestPasswordReset(
        { ...deps.accounts, mailer: deps.mailer, throttle: deps.throttle },
        { email, address: request.ip },
        linkBase(deps, request),
      );
    } catch (error) {
      reply.code(400);
      return send(
        reply,
        resetRequestPage({ csrf: reply.generateCsrf(), email, error: formError(error) }),
      );
    }
    return send(
      reply,
      checkMailPage(
        `If ${email.trim().toLowerCase()} has an account, we have sent it a link to set a new password.`,
      ),
    );
  });

  scope.post("/reset/confirm", csrf, async (request, reply) => {
    const token = field(request, "token");
    let accountId: string | null;
    try {
      accountId = await resetPassword(deps.accounts, {
        token,
        password: field(request, "password"),
      });
    } catch (error) {
      reply.code(400);
      return send(
        reply,
        newPasswordPage({ csrf: reply.generateCsrf(), token, error: formError(error) }),
      );
    }
    if (accountId === null) return send(reply, bad(reply));
    return signInAs(deps, request, reply, accountId, "/dashboard/keys?notice=password-set");
  });

  scope.post("/sign-out", csrf, async (request, reply) => {
    const id = request.cookies[SESSION_COOKIE];
    if (id !== undefined) await endSession(deps.accounts, id);
    clearSessionCookie(reply);
    return reply.redirect("/dashboard/sign-in?notice=signed-out", 303);
  });

  scope.post(
    "/sign-out-everywhere",
    { preHandler: [scope.csrfProtection, requireSignIn(deps)] },
    async (request, reply) => {
      await endAllSessions(deps.accounts, sessionOf(request).accountId);
      clearSessionCookie(reply);
      return reply.redirect("/dashboard/sign-in?notice=signed-out", 303);
    },
  );
}
