/**
 * Runs the OpenAPI fuzz against real listening hosts: the api host (a key on its own account)
 * and the keyless sandbox host, each over SQLite with one small league so some ids are real.
 * Requests are drawn from `fuzzRequests` with a fixed seed, sent over HTTP (so the router sees
 * exactly the bytes a client sends), and every answer is checked against the contract: no 5xx,
 * an `X-Request-Id`, and on every error the envelope. Failures are grouped by class.
 * Shared by the CI test (test/fuzz/openapi-fuzz.test.ts) and `npm run bench fuzz`.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { Pool } from "undici";
import { createTestApp } from "../helpers/app.js";
import { insertMiniLeague } from "../helpers/factories.js";
import { createSandbox } from "../sandbox/sandbox-helpers.js";
import {
  type FuzzRequest,
  fuzzRequests,
  type KnownValues,
  type OpenApiDoc,
  pinnedRequests,
} from "./request-arbitraries.js";

export interface FuzzTarget {
  name: string;
  url: string;
  doc: OpenApiDoc;
  known: KnownValues;
}

export interface FuzzFailure {
  /** What is wrong, the status and the route: one line per kind of failure. */
  kind: string;
  request: FuzzRequest;
  status: number | null;
  body: string;
}

export interface BatchReport {
  requests: number;
  statuses: Record<string, number>;
  failures: FuzzFailure[];
  ms: number;
}

/** The two hosts, listening on free ports; `dispose` closes them. */
export async function startTargets(): Promise<{
  targets: FuzzTarget[];
  dispose: () => Promise<void>;
}> {
  const api = await createTestApp("sqlite");
  const sandbox = await createSandbox({ seed: false, listen: true });
  const apiLeague = await insertMiniLeague(api.store);
  const sandboxLeague = await insertMiniLeague(sandbox.store);
  const apiUrl = await api.app.listen({ host: "127.0.0.1", port: 0 });
  const idsOf = (l: typeof apiLeague) => [l.competitionId, l.seasonId, l.fixtureId, ...l.teamIds];
  const targets: FuzzTarget[] = [
    {
      name: "api",
      url: apiUrl,
      doc: await openApiOf(apiUrl),
      known: { ids: idsOf(apiLeague), authorization: `Bearer ${api.key}` },
    },
    {
      name: "sandbox",
      url: sandbox.url ?? "",
      doc: await openApiOf(sandbox.url ?? ""),
      known: { ids: idsOf(sandboxLeague), authorization: undefined },
    },
  ];
  return {
    targets,
    dispose: async () => {
      await api.dispose();
      await sandbox.dispose();
    },
  };
}

async function openApiOf(url: string): Promise<OpenApiDoc> {
  const response = await fetch(`${url}/v1/openapi.json`);
  if (response.status !== 200)
    throw new Error(`${url}/v1/openapi.json answered ${response.status}`);
  return (await response.json()) as OpenApiDoc;
}

/** Sends the pinned requests and `runs` requests drawn with `seed` to `target`, `concurrency` at a time, and checks each. */
export async function fuzzBatch(
  target: FuzzTarget,
  options: { seed: number; runs: number; concurrency?: number },
): Promise<BatchReport> {
  const started = performance.now();
  const requests = [
    ...pinnedRequests(target.known),
    ...fc.sample(fuzzRequests(target.doc, target.known), {
      seed: options.seed,
      numRuns: options.runs,
    }),
  ];
  const pool = new Pool(target.url, {
    connections: options.concurrency ?? 8,
    headersTimeout: 20_000,
    bodyTimeout: 20_000,
  });
  const report: BatchReport = { requests: 0, statuses: {}, failures: [], ms: 0 };
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < requests.length; i = next++) {
      const request = requests[i] as FuzzRequest;
      const outcome = await send(pool, request);
      report.requests += 1;
      const key = outcome.status === null ? "no answer" : String(outcome.status);
      report.statuses[key] = (report.statuses[key] ?? 0) + 1;
      const problem = outcome.problem ?? contractProblem(request, outcome);
      if (problem !== undefined) {
        report.failures.push({
          kind: `${problem} (${outcome.status ?? "-"}, ${request.route})`,
          request,
          status: outcome.status,
          body: outcome.body.slice(0, 300),
        });
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  } finally {
    await pool.close();
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}

interface Outcome {
  status: number | null;
  requestId: string | undefined;
  body: string;
  /** Set when there was no proper answer (connection dropped, timeout). */
  problem?: string;
}

async function send(pool: Pool, request: FuzzRequest): Promise<Outcome> {
  try {
    const response = await pool.request({
      method: request.method as "GET",
      path: request.path,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
    const body = await response.body.text();
    const id = response.headers["x-request-id"];
    return {
      status: response.statusCode,
      requestId: Array.isArray(id) ? id[0] : id,
      body,
    };
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    return {
      status: null,
      requestId: undefined,
      body: String(error),
      problem: `no answer: ${code || (error as Error).message}`,
    };
  }
}

interface ErrorBody {
  data?: unknown;
  error?: { code?: unknown; request_id?: unknown; status?: unknown };
}

/** What the answer breaks in the contract, or undefined. */
function contractProblem(request: FuzzRequest, outcome: Outcome): string | undefined {
  const status = outcome.status ?? 0;
  if (status >= 500) return "server error";
  if (outcome.requestId === undefined || outcome.requestId === "") return "no X-Request-Id";
  if ((status >= 200 && status < 300) || status === 304) return undefined;
  if (request.method === "HEAD") return undefined;
  let parsed: ErrorBody;
  try {
    parsed = JSON.parse(outcome.body) as ErrorBody;
  } catch {
    return "error body is not JSON";
  }
  if (parsed === null || typeof parsed !== "object" || parsed.data !== null) {
    return "no error envelope";
  }
  const error = parsed.error;
  if (error === undefined || typeof error.code !== "string") return "no error.code";
  if (typeof error.request_id !== "string") return "no error.request_id";
  if (error.request_id !== outcome.requestId) return "error.request_id differs from X-Request-Id";
  if (error.status !== status) return "error.status differs from the HTTP status";
  return undefined;
}

/** Failures grouped by kind: count and the first request of each. */
export function failureClasses(failures: FuzzFailure[]): string[] {
  const byKind = new Map<string, { count: number; first: FuzzFailure }>();
  for (const f of failures) {
    const entry = byKind.get(f.kind);
    if (entry === undefined) byKind.set(f.kind, { count: 1, first: f });
    else entry.count += 1;
  }
  return [...byKind.entries()].map(
    ([kind, { count, first }]) =>
      `${count} × ${kind}: ${first.request.method} ${first.request.path.slice(0, 120)} → ${first.body.slice(0, 160)}`,
  );
}

/** The heap in use after a full collection (exposed here if the process did not start with it). */
export function heapAfterGc(): number {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as (() => void) | undefined;
  if (typeof gc === "function") {
    gc();
    gc();
  }
  return process.memoryUsage().heapUsed;
}
