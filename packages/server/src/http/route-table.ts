/**
 * A mirror of the registered routes in find-my-way (Fastify's own router), so an unmatched
 * request can learn which methods its path does allow (405 with `Allow`).
 */

import findMyWay, { type HTTPMethod } from "find-my-way";
import type { App } from "./app-type.js";

export interface RouteTable {
  allowedMethods(path: string): string[];
}

export function recordRoutes(app: App): RouteTable {
  const router = findMyWay({ ignoreTrailingSlash: true });
  const methods = new Set<HTTPMethod>();
  const noop = () => undefined;
  app.addHook("onRoute", (route) => {
    // CORS answers OPTIONS on every path (`OPTIONS *`): not a method a path allows.
    if (route.url === "*") return;
    const list = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of list as HTTPMethod[]) {
      if (router.find(method, route.url) === null) router.on(method, route.url, noop);
      methods.add(method);
    }
  });
  return {
    allowedMethods(path) {
      return [...methods].filter((method) => router.find(method, path) !== null).sort();
    },
  };
}
