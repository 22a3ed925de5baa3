/**
 * What a path says about the API version: whether it is under one (`/v1/…`, `/v2/…`), and the
 * `unsupported_version` error when that version (or the admin API's) is not v1.
 */
import { ServiceError } from "../errors/service-error.js";

/** A path under an API version, known (`/v1/…`) or not (`/v2/…`), with or without a query. */
export const VERSIONED = /^\/v\d+(?:[/?]|$)/;

/** The 404 `unsupported_version` for `/v2/…` (or `/admin/v2/…`); undefined for v1 or none. */
export function versionNotSupported(path: string): ServiceError | undefined {
  const version = /^\/(?:admin\/)?(v\d+)(?:\/|$)/.exec(path)?.[1];
  if (version === undefined || version === "v1") return undefined;
  return new ServiceError("unsupported_version", `API version ${version} is not supported; use v1`);
}
