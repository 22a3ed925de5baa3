/**
 * The dependency rule of docs/ARCHITECTURE.md, checked by `npm run check`:
 * process (main, cli, roles) → hosts → transports (http, stream, sandbox, dashboard) → services
 * (services, accounts, usage, live, webhooks, simulator, importers, sample) → domain (sports, odds, events, errors),
 * store, adapters and metrics → lib and config. Never back up, never in a circle.
 * Paths are relative to the folder the check runs in (packages/server, or a test's fixture).
 */
const { existsSync } = require("node:fs");

const PROCESS = "^src/(main\\.ts|cli/|roles/)";
const HOSTS = "^src/hosts/";
const TRANSPORTS = "^src/(http|stream|sandbox|dashboard)/";
const SERVICES = "^src/(services|accounts|usage|live|webhooks|simulator|importers|sample)/";
const BELOW_SERVICES =
  "^src/(sports|odds|events|errors|envelope|store|adapters|metrics|lib|config)/|^src/logger\\.ts";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules import each other in a circle; break it by moving the shared part down.",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "no-upward-from-services",
      severity: "error",
      comment:
        "Services, the domain, the store, adapters, lib and config never import a transport, a host builder or the process layer.",
      from: { path: [SERVICES, BELOW_SERVICES] },
      to: { path: [PROCESS, HOSTS, TRANSPORTS] },
    },
    {
      name: "no-upward-from-transports",
      severity: "error",
      comment: "Transports are composed by the host builders and roles; they never import them.",
      from: { path: TRANSPORTS },
      to: { path: [PROCESS, HOSTS] },
    },
    {
      name: "no-upward-from-hosts",
      severity: "error",
      comment: "Host builders are used by roles and tests; they never import the process layer.",
      from: { path: HOSTS },
      to: { path: PROCESS },
    },
    {
      name: "transports-apart",
      severity: "error",
      comment:
        "The REST API, the stream and the dashboard share only what lies below them (errors, envelope, services); the sandbox's door may use HTTP plumbing but none uses the sandbox.",
      from: { path: "^src/(http|stream|dashboard)/" },
      to: { path: "^src/(http|stream|sandbox|dashboard)/", pathNot: "^src/$1/" },
    },
    {
      name: "transport-libraries-in-transports",
      severity: "error",
      comment:
        "Fastify and ws belong to the transports and hosts: a service returns a result, the transport writes it.",
      from: { path: [SERVICES, BELOW_SERVICES] },
      to: { path: "(^|/)node_modules/(fastify|@fastify/[^/]+|ws|find-my-way)/" },
    },
    {
      name: "domain-is-pure",
      severity: "error",
      comment:
        "sports/ and odds/ are pure code: they import lib/ and each other's own folder only.",
      from: { path: "^src/(sports|odds)/" },
      to: { path: "^src/", pathNot: ["^src/lib/", "^src/$1/"] },
    },
    {
      name: "store-and-adapters-below-services",
      severity: "error",
      comment: "The store and adapters serve the services; they never import one.",
      from: { path: "^src/(store|adapters)/" },
      to: { path: [SERVICES, "^src/envelope/"] },
    },
    {
      name: "metrics-below-everything-it-measures",
      severity: "error",
      comment:
        "metrics/ holds the instruments every layer counts with; it imports only lib/ and config/, never what it measures (services, the store, adapters).",
      from: { path: "^src/metrics/" },
      to: { path: "^src/", pathNot: ["^src/metrics/", "^src/lib/", "^src/config/"] },
    },
    {
      name: "lib-is-a-leaf",
      severity: "error",
      comment: "lib/ holds helpers with no knowledge of the product.",
      from: { path: "^src/lib/" },
      to: { path: "^src/", pathNot: "^src/lib/" },
    },
    {
      name: "errors-is-a-leaf",
      severity: "error",
      comment: "The error vocabulary depends on nothing.",
      from: { path: "^src/errors/" },
      to: { path: "^src/", pathNot: "^src/errors/" },
    },
    {
      name: "no-dev-dependencies-in-src",
      severity: "error",
      comment: "The program must not need a devDependency at run time.",
      from: { path: "^src/" },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    // The real tree resolves `./x.js` to `x.ts` through tsconfig; the check's fixtures are plain JS.
    ...(existsSync("tsconfig.json") ? { tsConfig: { fileName: "tsconfig.json" } } : {}),
  },
};
