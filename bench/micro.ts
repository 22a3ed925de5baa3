/**
 * Micro-benchmarks of what every cached read does in process (issue 15, item 3): the key cache
 * (authentication of a known key), the limiter on memory counters (check and count), the limit
 * headers, the request id, the access-log line (to a destination that drops it), the usage
 * ledger's count, the replay of a kept answer, and the read cache's lookup (the change clock's
 * mark and an entry's freshness). Each is the median ns per operation of
 * several rounds, next to a baseline measured in the same run: the least the operation could
 * cost (a Map lookup, a counter increment, `crypto.randomUUID`, `JSON.stringify`), or the way it
 * was done before.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type DestinationStream, pino } from "pino";
import { createAccount, createKey } from "../packages/server/src/accounts/accounts-service.js";
import { Authenticator, type Principal } from "../packages/server/src/accounts/authenticator.js";
import { RateLimiter } from "../packages/server/src/accounts/rate-limiter.js";
import { MemoryLimitStore } from "../packages/server/src/adapters/limits/memory-limit-store.js";
import { DEFAULT_PLANS } from "../packages/server/src/config/plans.js";
import { logAccess } from "../packages/server/src/http/access-log.js";
import { presentedKey } from "../packages/server/src/http/auth.js";
import { cutAnswer } from "../packages/server/src/http/http-cache/answer.js";
import { applyAdmission } from "../packages/server/src/http/limit-headers.js";
import { READS } from "../packages/server/src/http/routes/v1/reads.js";
import { newRequestId } from "../packages/server/src/lib/request-id.js";
import { createLogger, redactUrl } from "../packages/server/src/logger.js";
import { checksFor } from "../packages/server/src/store/change-clock.js";
import { openStore } from "../packages/server/src/store/database.js";
import { migrate } from "../packages/server/src/store/migrate.js";
import { UsageLedger } from "../packages/server/src/usage/usage-ledger.js";
import { type MicroResult, micro, nanos } from "./lib/micro.js";

const NOW = new Date("2026-11-21T15:30:00Z");
const clock = () => NOW;

interface Row {
  name: string;
  ours: MicroResult;
  baseline?: { name: string; result: MicroResult };
}

export async function microBench(): Promise<string> {
  const store = openStore("sqlite::memory:");
  await migrate(store);
  const rows: Row[] = [];
  try {
    const { authenticator, key, principal } = await knownKey(store);
    rows.push(keyCache(authenticator, key));
    rows.push(...limiter(principal));
    rows.push(requestId());
    rows.push(...accessLog());
    rows.push(ledger(store, principal));
    rows.push(answerReplay());
    rows.push(...(await readCacheLookup()));
  } finally {
    await store.close();
  }
  return table(rows);
}

/**
 * What the read cache does on every lookup (http/read-cache.ts): take the change clock's mark —
 * on a SQLite file, a look for new rows in `data_changes` on the log's own connection — and
 * check a kept answer's scopes against it. Baselines: the single data version this replaced
 * (`pragma data_version`, ADR-0026), and one `Map.get`.
 */
async function readCacheLookup(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), "scoreline-micro-"));
  const file = openStore(`sqlite:${join(dir, "micro.db")}`);
  try {
    await migrate(file);
    const raw = new SQLite(join(dir, "micro.db"), { readonly: true });
    const dataVersion = raw.prepare("pragma data_version").pluck();
    const mark = file.changes.now();
    const checks = READS.standings.flatMap((name) => checksFor(`${name}/football`));
    const entries = new Map([["/v1/football/standings?league=premier-division", { mark, checks }]]);
    const rows: Row[] = [
      {
        name: "read cache: the change clock's mark (SQLite file: `data_changes` past the last row)",
        ours: micro(() => file.changes.now()),
        baseline: {
          name: "`pragma data_version` (the single version before ADR-0034)",
          result: micro(() => dataVersion.get()),
        },
      },
      {
        name: `read cache: entry lookup + freshness of its ${checks.length} scope checks`,
        ours: micro(() => {
          const entry = entries.get("/v1/football/standings?league=premier-division");
          return entry !== undefined && !file.changes.changedSince(entry.mark, entry.checks);
        }),
        baseline: {
          name: "`Map.get` of the URL",
          result: micro(() => entries.get("/v1/football/standings?league=premier-division")),
        },
      },
    ];
    raw.close();
    return rows;
  } finally {
    await file.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An enterprise key, looked up once so the key cache holds it (its clock never moves on). */
async function knownKey(store: ReturnType<typeof openStore>) {
  const ctx = { store, clock, plans: DEFAULT_PLANS };
  const account = await createAccount(ctx, { email: "micro@scoreline.example", plan: "growth" });
  const { key } = await createKey(ctx, { kind: "live", account: account.id });
  const authenticator = new Authenticator(ctx, "live", () => 0);
  const found = await authenticator.authenticate(key);
  // The minute limit raised so the loops are never refused: the counting path, every time.
  const principal: Principal = {
    ...found,
    plan: { ...found.plan, requestsPerMinute: Number.MAX_SAFE_INTEGER },
  };
  return { authenticator, key, principal };
}

function keyCache(authenticator: Authenticator, key: string): Row {
  const request = { headers: { authorization: `Bearer ${key}` }, query: {} } as FastifyRequest;
  const map = new Map([[key, { found: true }]]);
  return {
    name: "key cache: `Authorization` → principal of a known key",
    ours: micro(() => authenticator.cached(presentedKey(request))),
    baseline: { name: "`Map.get` of the key text", result: micro(() => map.get(key)) },
  };
}

function limiter(principal: Principal): Row[] {
  const limiter = new RateLimiter(new MemoryLimitStore(), clock);
  const counts = new Map<string, number>();
  const counter = `key:${principal.keyId}`;
  const admission = limiter.admitNow(principal);
  if (admission === undefined) throw new Error("memory counters answer at once");
  const headers: Record<string, string> = {};
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
  } as unknown as FastifyReply;
  return [
    {
      name: "limiter, memory counters: check + count (minute and month windows)",
      ours: micro(() => limiter.admitNow(principal)),
      baseline: {
        name: "one `Map` counter increment",
        result: micro(() => counts.set(counter, (counts.get(counter) ?? 0) + 1)),
      },
    },
    {
      name: "limit headers: six `X-RateLimit-*`/`X-Quota-*` values (stub reply)",
      ours: micro(() => applyAdmission(reply, admission)),
    },
  ];
}

function requestId(): Row {
  return {
    name: "request id (`req_` + 20 base-32 characters, pooled random bytes)",
    ours: micro(() => newRequestId()),
    baseline: { name: "`crypto.randomUUID()`", result: micro(() => randomUUID()) },
  };
}

/** A destination that drops every line (counting bytes, so the line is really built). */
function nullDestination(): DestinationStream & { bytes: number } {
  return {
    bytes: 0,
    write(line: string) {
      this.bytes += line.length;
    },
  };
}

function accessLog(): Row[] {
  const url = "/v1/football/standings?league=premier-division";
  const request = { id: newRequestId(), method: "GET", url };
  const reply = { statusCode: 200, elapsedTime: 0.42, getHeader: () => "hit" };
  const ours = createLogger("info", nullDestination());
  // As before issue 15 item 3: pino's redact paths (a `*` wildcard) and a child logger per request.
  const before = pino(
    {
      level: "info",
      redact: {
        paths: ["req.headers.authorization", "headers.authorization", "*.authorization"],
        censor: "[REDACTED]",
      },
    },
    nullDestination(),
  );
  const plain = nullDestination();
  return [
    {
      name: "access-log line, to a null destination",
      ours: micro(() => logAccess(ours, request, reply as never)),
      baseline: {
        name: "before: per-request child logger, redact paths",
        result: micro(() =>
          before.child({ request_id: request.id }, {}).info(
            {
              method: request.method,
              url: redactUrl(request.url),
              status: reply.statusCode,
              ms: Math.round(reply.elapsedTime * 10) / 10,
              cache: reply.getHeader(),
            },
            "request",
          ),
        ),
      },
    },
    {
      name: "floor: `JSON.stringify` of the same fields + write",
      ours: micro(() =>
        plain.write(
          `${JSON.stringify({
            level: 30,
            time: Date.now(),
            request_id: request.id,
            method: request.method,
            url: request.url,
            status: reply.statusCode,
            ms: reply.elapsedTime,
            cache: reply.getHeader(),
            msg: "request",
          })}\n`,
        ),
      ),
    },
  ];
}

function ledger(store: ReturnType<typeof openStore>, principal: Principal): Row {
  const usage = new UsageLedger(store, clock);
  const counts = new Map<string, number>();
  const call = {
    keyId: principal.keyId,
    accountId: principal.accountId,
    sport: "football",
    resource: "standings",
    statusClass: "success" as const,
  };
  return {
    name: "usage ledger: count one answered call",
    ours: micro(() => usage.record(call)),
    baseline: {
      name: "one `Map` counter increment",
      result: micro(() => counts.set(call.keyId, (counts.get(call.keyId) ?? 0) + 1)),
    },
  };
}

/** A kept 5 KiB answer replayed with a request's own id and time, as the bytes to send. */
function answerReplay(): Row {
  const id = newRequestId();
  // A standings-like answer: the rows, then meta (the per-request values are near the end).
  const data = Array.from({ length: 20 }, (_, i) => ({
    position: i + 1,
    team_id: `tm_${String(i).padStart(16, "0")}`,
    team: `Team ${i}`,
    played: 16,
    won: 10,
    drawn: 4,
    lost: 2,
    goals_for: 31,
    goals_against: 13,
    goal_difference: 18,
    points: 34 - i,
    deduction_reasons: [],
    form: "WWWLD",
  }));
  const text = JSON.stringify({
    data,
    meta: { generated_at: "2026-11-21T15:30:00Z", request_id: id, sport: "football", count: 20 },
    errors: [],
  });
  const answer = cutAnswer(text, id);
  if (answer === null) throw new Error("the sample answer does not cut");
  const tail = answer.tail("2026-11-21T15:30:01Z", newRequestId());
  return {
    name: `kept answer → bytes to send (${(text.length / 1024).toFixed(1)} KiB)`,
    ours: micro(() => answer.body(tail)),
    baseline: {
      name: "before: the string, only measured (Fastify's `Content-Length` check; the socket then encoded it too)",
      result: micro(() => Buffer.byteLength(answer.prefix + tail)),
    },
  };
}

function table(rows: Row[]): string {
  const lines = [
    "Median ns per operation over the rounds (one process, after a warm-up); the baseline is measured in the same run.",
    "",
    "| operation | ns/op | range | baseline | ns/op | ratio |",
    "|---|---:|---:|---|---:|---:|",
  ];
  for (const row of rows) {
    const { ours, baseline } = row;
    const range = `${nanos(ours.min)}–${nanos(ours.max)}`;
    lines.push(
      baseline === undefined
        ? `| ${row.name} | ${nanos(ours.ns)} | ${range} | | | |`
        : `| ${row.name} | ${nanos(ours.ns)} | ${range} | ${baseline.name} | ${nanos(baseline.result.ns)} | ${(ours.ns / baseline.result.ns).toFixed(1)}× |`,
    );
  }
  return `${lines.join("\n")}\n`;
}
