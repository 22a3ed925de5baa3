/**
 * The REST benchmark's HTTP-caching sections (ADR-0023), on the same pinned setup as its other
 * sections. Conditional: a 304 against a cached 200 on the same endpoint, with the read cache on
 * (the 304 is answered from the kept answer) and off (the queries run; only the body is saved).
 * Compression: `Accept-Encoding: br` and `gzip` against identity on read-cache hits, then, in
 * this process, what one compressed answer costs per request: the spliced tail the server does
 * against compressing the whole body.
 */
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { cutAnswer } from "../packages/server/src/http/http-cache/answer.js";
import type { Coding } from "../packages/server/src/http/http-cache/spliced-coding.js";
import { codeHead, spliceTail } from "../packages/server/src/http/http-cache/spliced-coding.js";
import { stopChild } from "./lib/child.js";
import { count } from "./lib/format.js";
import { interleaved, type Measured, probe, ROUNDS, type Setup, startServer } from "./lib/rest.js";
import { median } from "./lib/stats.js";

const PATH = "/v1/football/fixtures";
/** Timed calls per coding and method in the in-process comparison. */
const CALLS = 2_000;

interface Variant {
  name: string;
  port: number;
  headers: Record<string, string>;
  status: number;
  bytes: number;
}

export async function conditionalSection(setup: Setup): Promise<string[]> {
  const on = await startServer([setup.db, "on", "memory", "on"], join(setup.dir, "cond-on.log"));
  const off = await startServer([setup.db, "on", "memory", "off"], join(setup.dir, "cond-off.log"));
  try {
    const variants: Variant[] = [];
    for (const [server, cache] of [
      [on, "on"],
      [off, "off"],
    ] as const) {
      const headers = { authorization: `Bearer ${setup.key}` };
      const first = await probe(url(server.port), headers);
      const etag = String(first.headers.etag);
      variants.push(await variant(`200, read cache ${cache}`, server.port, headers));
      const conditional = { ...headers, "if-none-match": etag };
      variants.push(await variant(`304, read cache ${cache}`, server.port, conditional));
    }
    return table(variants, await measureAll(variants), "the cached 200");
  } finally {
    await stopChild(on.child);
    await stopChild(off.child);
  }
}

export async function compressionSection(setup: Setup): Promise<string[]> {
  const on = await startServer([setup.db, "on", "memory", "on"], join(setup.dir, "comp-on.log"));
  let rows: string[];
  let plain: { body: Buffer; requestId: string };
  try {
    const auth = { authorization: `Bearer ${setup.key}` };
    const variants = [
      await variant("identity", on.port, auth),
      await variant("br", on.port, { ...auth, "accept-encoding": "br" }),
      await variant("gzip", on.port, { ...auth, "accept-encoding": "gzip" }),
    ];
    rows = table(variants, await measureAll(variants), "identity");
    const probed = await probe(url(on.port), auth);
    plain = { body: probed.body, requestId: String(probed.headers["x-request-id"]) };
  } finally {
    await stopChild(on.child);
  }
  return [...rows, "", ...perRequestCost(plain.body.toString("utf8"), plain.requestId)];
}

function url(port: number): string {
  return `http://127.0.0.1:${port}${PATH}`;
}

async function variant(
  name: string,
  port: number,
  headers: Record<string, string>,
): Promise<Variant> {
  const probed = await probe(url(port), headers);
  if (probed.status !== 200 && probed.status !== 304) {
    throw new Error(`${name}: status ${probed.status}`);
  }
  return { name, port, headers, status: probed.status, bytes: probed.body.length };
}

function measureAll(variants: Variant[]): Promise<Measured[]> {
  return interleaved(variants.map((v) => ({ url: url(v.port), headers: v.headers })));
}

function table(variants: Variant[], medians: Measured[], baselineName: string): string[] {
  const baseline = medians[0]?.rps ?? 1;
  return [
    `Endpoint \`${PATH}\`, medians of ${ROUNDS} interleaved rounds; "body" is what went over the wire.`,
    "",
    `| variant | status | body | req/s | p50 | p99 | ratio to ${baselineName} |`,
    "|---|---:|---:|---:|---:|---:|---:|",
    ...variants.map((v, i) => {
      const m = medians[i] as Measured;
      return `| ${v.name} | ${v.status} | ${count(v.bytes)} B | ${count(m.rps)} | ${m.p50} ms | ${m.p99} ms | ${(m.rps / baseline).toFixed(2)} |`;
    }),
  ];
}

/**
 * One answer's compression as a read-cache hit pays it (the head compressed once, the tail
 * spliced in) against compressing the whole body on every request; and the entity tag's hash,
 * paid once per kept answer. Median microseconds of CALLS calls, in this (unpinned) process.
 */
function perRequestCost(body: string, requestId: string): string[] {
  const answer = cutAnswer(body, requestId);
  if (answer === null) throw new Error("the probed body has no generated_at/request_id to cut");
  const tail = answer.tail("2026-11-21T10:00:00Z", "req_0123456789abcdefghij");
  const rows = [
    `In-process cost per answer of the same body (${count(Buffer.byteLength(body))} B), median of ${count(CALLS)} calls:`,
    "",
    "| work | per answer | bytes out |",
    "|---|---:|---:|",
  ];
  for (const coding of ["br", "gzip"] as Coding[]) {
    answer.encode(coding, tail); // the head, compressed once
    const spliced = time(() => answer.encode(coding, tail));
    const whole = Buffer.from(answer.prefix + tail);
    const full = time(() => spliceTail(coding, codeHead(coding, whole), Buffer.alloc(0)));
    rows.push(
      `| ${coding}: head kept, tail spliced (a hit) | ${spliced.us.toFixed(1)} µs | ${count(spliced.bytes)} |`,
      `| ${coding}: whole body compressed per request | ${full.us.toFixed(1)} µs | ${count(full.bytes)} |`,
    );
  }
  const hash = time(() => Buffer.from(cutAnswer(body, requestId)?.etag ?? ""));
  rows.push(`| entity tag: cut and hash (once per kept answer) | ${hash.us.toFixed(1)} µs | |`);
  return rows;
}

function time(work: () => Buffer): { us: number; bytes: number } {
  let bytes = 0;
  for (let i = 0; i < 50; i++) bytes = work().length;
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    work();
    samples.push((performance.now() - start) * 1000);
  }
  return { us: median(samples), bytes };
}
