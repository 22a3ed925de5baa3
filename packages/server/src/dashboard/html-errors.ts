/**
 * Errors as HTML, never the API's JSON envelope: a refused form is shown again with its message
 * (400, nothing changed); anything else is the error page with the status of the error
 * vocabulary (ADR-0002), an expired or foreign CSRF token a 403.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { statusOf } from "../envelope/error-status.js";
import { ServiceError } from "../errors/service-error.js";
import { type FormProblem, formProblem } from "./form-problems.js";
import { send } from "./pages/send.js";
import { errorPage } from "./views/error-view.js";

const OUR_FAULT = "Something went wrong on our side; it has been logged. Try again in a moment.";
const NOT_A_FORM = "Send the form from the dashboard's pages.";
const CSRF_REFUSED =
  "This form has expired or did not come from this dashboard. Go back, reload the page and try again.";

/** The error page for any error. */
function showError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, message } = pageFor(error, request, reply);
  if (status >= 500) request.log.error({ err: error }, "dashboard error");
  reply.code(status);
  return send(reply, errorPage(status, message));
}

function pageFor(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const problem = formProblem(error, request);
  if (problem !== undefined) return { status: 400, message: problem.message };
  if (error instanceof ServiceError) {
    if (error.retryAfterSeconds !== undefined) {
      reply.header("Retry-After", String(error.retryAfterSeconds));
    }
    return { status: statusOf(error), message: error.message };
  }
  if (codeOf(error)?.startsWith("FST_CSRF")) return { status: 403, message: CSRF_REFUSED };
  const status = statusCodeOf(error);
  if (error instanceof Error && status !== undefined && status < 500) {
    return { status, message: status === 415 ? NOT_A_FORM : error.message };
  }
  return { status: 500, message: OUR_FAULT };
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

function statusCodeOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null | undefined)?.statusCode;
  return typeof status === "number" ? status : undefined;
}

export function installHtmlErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error, request, reply) => showError(error, request, reply));
  scope.setNotFoundHandler((_request, reply) => {
    reply.code(404);
    return send(reply, errorPage(404, "There is no dashboard page here."));
  });
}

/** Shows a form again with the problem (the reply's status is already 400). */
export type ShowForm<R extends FastifyRequest> = (
  request: R,
  reply: FastifyReply,
  problem: FormProblem,
) => FastifyReply | Promise<FastifyReply>;

/**
 * A form route's error handler: a body its schema refuses, or input its verb refuses, shows the
 * form again; any other error (the CSRF check, sign-in, not found, limits) the error page.
 */
export function formErrors<R extends FastifyRequest = FastifyRequest>(show: ShowForm<R>) {
  return async (error: FastifyError, request: R, reply: FastifyReply) => {
    const problem = formProblem(error, request);
    if (problem === undefined) return showError(error, request, reply);
    reply.code(400);
    try {
      return await show(request, reply, problem);
    } catch (failure) {
      return showError(failure, request, reply);
    }
  };
}
