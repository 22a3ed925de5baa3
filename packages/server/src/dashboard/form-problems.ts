/**
 * What a refused form tells its user. A body that fails its route's schema names the fields at
 * fault; each field's schema `description` is its message (schemas/form-fields.ts), in the
 * form's order. A verb's `invalid_parameter` carries its own message.
 */
import type { FastifyRequest } from "fastify";
import { ServiceError } from "../errors/service-error.js";

export interface FormProblem {
  /** The fields at fault, as the form names them (may be empty). */
  fields: string[];
  message: string;
}

const SOMETHING = "check the form and send it again";

interface Issue {
  instancePath: string;
  params: { missingProperty?: unknown };
}

interface BodyValidationError extends Error {
  validation: Issue[];
  validationContext: "body";
}

function isBodyValidation(error: unknown): error is BodyValidationError {
  return (
    error instanceof Error &&
    Array.isArray((error as { validation?: unknown }).validation) &&
    (error as { validationContext?: unknown }).validationContext === "body"
  );
}

/** The problem a form's user can fix, or undefined for any other error. */
export function formProblem(error: unknown, request: FastifyRequest): FormProblem | undefined {
  if (error instanceof ServiceError) {
    if (error.code !== "invalid_parameter") return undefined;
    return { fields: error.field === undefined ? [] : [error.field], message: error.message };
  }
  return isBodyValidation(error) ? schemaProblem(error, request) : undefined;
}

function schemaProblem(error: BodyValidationError, request: FastifyRequest): FormProblem {
  const body = request.routeOptions.schema?.body as
    | { properties?: Record<string, { description?: string }> }
    | undefined;
  const properties = body?.properties ?? {};
  const order = Object.keys(properties);
  const fields = new Set<string>();
  for (const issue of error.validation) {
    const missing = issue.params.missingProperty;
    fields.add(typeof missing === "string" ? missing : (issue.instancePath.split("/")[1] ?? ""));
  }
  const rank = (field: string) => {
    const index = order.indexOf(field);
    return index === -1 ? order.length : index;
  };
  const sorted = [...fields].sort((a, b) => rank(a) - rank(b));
  const messages = new Set(sorted.map((f) => properties[f]?.description ?? SOMETHING));
  return { fields: sorted, message: [...messages].join("; ") };
}
