/**
 * Service-level failures, named by the error vocabulary (decisions §1) so every transport maps
 * them the same way: REST sends the envelope, the stream sends an error message.
 */
export { ApiError as ServiceError, invalidParameter, notFound } from "../http/errors.js";
