/**
 * The client's dependency rule, checked by `npm run check` (`check:structure`), like the server's:
 * entry (index.ts, client.ts) → resources → core (the REST plumbing); the live stream (stream/)
 * and webhook verification (webhooks/, a published entry of its own) stand apart; all of them
 * share the vocabulary below (types.ts, events.ts, version.ts, generated/). Never back up, never
 * in a circle, nothing from the server, the tests or Node, no npm package (the package has no
 * dependencies; `ws` is loaded lazily through a variable specifier).
 * Paths are relative to the folder the check runs in (packages/client, or a test's temporary tree).
 */
const { existsSync } = require("node:fs");

const ENTRY = "^src/(index|client)\\.[jt]s$";
const RESOURCES = "^src/resources/";
const CORE = "^src/core/";
const STREAM = "^src/stream/";
const WEBHOOKS = "^src/webhooks/";
const VOCABULARY = ["^src/(types|events|version)\\.[jt]s$", "^src/generated/"];

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
      name: "no-orphans",
      severity: "error",
      comment:
        "A module nothing imports and that imports nothing is dead code (the entries import, so they are not orphans).",
      from: { orphan: true, path: "^src/", pathNot: "\\.d\\.ts$" },
      to: {},
    },
    {
      name: "not-to-server",
      severity: "error",
      comment:
        "The client is published on its own: it speaks to the server over HTTP and WebSocket, never through its code (its types are generated into src/generated/).",
      from: { path: "^src/" },
      to: { path: ["^\\.\\./server/", "(^|/)packages/server/", "(^|/)@scoreline/server(/|$)"] },
    },
    {
      name: "not-to-tests-or-tooling",
      severity: "error",
      comment: "src/ never imports the tests, their helpers, the scripts or the examples.",
      from: { path: "^src/" },
      to: { path: "^(test|scripts|examples)/" },
    },
    {
      name: "no-packages-or-node-in-src",
      severity: "error",
      comment:
        "The package ships with no dependencies and runs on any runtime (tsup platform neutral): src/ imports no npm package and no Node built-in.",
      from: { path: "^src/" },
      to: {
        dependencyTypes: [
          "core",
          "npm",
          "npm-dev",
          "npm-optional",
          "npm-peer",
          "npm-bundled",
          "npm-no-pkg",
          "npm-unknown",
        ],
      },
    },
    {
      name: "entry-on-top",
      severity: "error",
      comment:
        "index.ts and client.ts compose the package; nothing below imports them (index.ts imports client.ts).",
      from: { path: "^src/", pathNot: "^src/index\\.[jt]s$" },
      to: { path: ENTRY },
    },
    {
      name: "core-below-resources",
      severity: "error",
      comment:
        "core/ is the REST plumbing the resources use; it never imports a resource or the webhooks.",
      from: { path: CORE },
      to: { path: [RESOURCES, WEBHOOKS] },
    },
    {
      name: "core-names-stream-types-only",
      severity: "error",
      comment:
        "core/ may name the stream's types (the WebSocket option), never load the stream's code.",
      from: { path: CORE },
      to: { path: STREAM, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "stream-stands-apart",
      severity: "error",
      comment:
        "The live stream uses only its own folder and the shared vocabulary: never the REST plumbing, the resources or the webhooks.",
      from: { path: STREAM },
      to: { path: [RESOURCES, CORE, WEBHOOKS] },
    },
    {
      name: "webhooks-stand-apart",
      severity: "error",
      comment:
        "webhooks/ is published as an entry of its own (`@scoreline/client/webhooks`, for edge functions): it uses its own folder, events.ts and generated/ only.",
      from: { path: WEBHOOKS },
      to: { path: "^src/", pathNot: [WEBHOOKS, "^src/events\\.[jt]s$", "^src/generated/"] },
    },
    {
      name: "webhooks-through-their-entry",
      severity: "error",
      comment:
        "Outside webhooks/ the webhooks are imported through src/webhooks/index.ts, so the build loads that entry as a sibling file (tsup.config.ts) and its classes stay one.",
      from: { path: "^src/", pathNot: WEBHOOKS },
      to: { path: WEBHOOKS, pathNot: "^src/webhooks/index\\.[jt]s$" },
    },
    {
      name: "vocabulary-is-a-leaf",
      severity: "error",
      comment:
        "types.ts, events.ts, version.ts and generated/ are what every part shares; they import only generated/.",
      from: { path: VOCABULARY },
      to: { path: "^src/", pathNot: "^src/generated/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    // The real tree resolves `./x.js` to `x.ts` through tsconfig; a test's temporary tree is plain JS.
    ...(existsSync("tsconfig.json") ? { tsConfig: { fileName: "tsconfig.json" } } : {}),
  },
};
