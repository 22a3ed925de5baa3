import type { ServiceContext } from "../../../services/context.js";

/** What every /v1 route module receives. */
export type RouteDeps = ServiceContext;
