/**
 * Adversarial HTTP requests generated from a served OpenAPI document with fast-check: for every
 * documented path and method, path parameters that are real ids or hostile strings (long,
 * unicode, `%zz`, `..`, empty), query values of the wrong type, huge, `1e1`, repeated or
 * injection strings, wrong methods, odd Accept / If-None-Match / Content-Type headers and JSON or
 * non-JSON bodies. Every request is plain data, so a failure is reported as it was sent.
 */
import fc from "fast-check";

export interface FuzzRequest {
  method: string;
  /** Path and query exactly as sent (percent-encoding included). */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The documented route it came from, e.g. `GET /v1/{sport}/teams/{id}`. */
  route: string;
}

interface Parameter {
  name: string;
  in: string;
  schema?: { type?: string; enum?: unknown[]; anyOf?: Array<{ enum?: unknown[] }> };
}

interface OperationDoc {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, OperationDoc>>;
}

/** Values that make sense on this host: real ids, slugs, a key; the generator mixes them in. */
export interface KnownValues {
  ids: string[];
  /** The Authorization header of a valid key, or undefined for a keyless host. */
  authorization: string | undefined;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"] as const;
const SPORTS = ["football", "cricket", "golf", "tennis", "esports", "horse-racing"];

const INJECTIONS = [
  "' OR '1'='1",
  "1; DROP TABLE fixtures;--",
  '"><script>alert(1)</script>',
  "\\u0024{jndi:ldap://127.0.0.1/a}",
  "{{7*7}}",
  "../../etc/passwd",
  "%00",
  "\u0000",
  "null",
  "undefined",
  "[object Object]",
  "__proto__",
  "constructor",
  "true",
  "",
  " ",
];

const NUMBERS = [
  "0",
  "-1",
  "1e1",
  "1.5",
  "1e309",
  "-0",
  "0x10",
  "NaN",
  "Infinity",
  "99999999999999999999999",
  "9007199254740993",
  "1_000",
  " 5",
  "+3",
];

const DATES = [
  "2026-11-21",
  "2026-02-30",
  "2026-13-01",
  "21/11/2026",
  "2026-11-21T10:00:00Z",
  "2026-11-21T25:61:61Z",
  "0000-00-00",
  "9999-12-31",
  "2027-2026",
  "2026-2027",
  "2026",
  "-2026",
];

/** A string for a URL path segment, already percent-encoded where it must be (or on purpose not). */
function pathSegment(known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known.ids, ...SPORTS) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("%zz", "%", "%E0%A4%A", "..", ".", "%2e%2e", "%2F", "%00", ""),
    },
    { weight: 1, arbitrary: fc.integer({ min: 90, max: 5_000 }).map((n) => "a".repeat(n)) },
    {
      weight: 1,
      arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }).map(encodeURIComponent),
    },
    { weight: 1, arbitrary: fc.constantFrom(...INJECTIONS).map(encodeURIComponent) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("FOOTBALL", "Football", "foot ball", "v1", "v2")
        .map(encodeURIComponent),
    },
  );
}

/** A raw value for a query parameter (encoded by the caller). */
function queryValue(parameter: Parameter, known: KnownValues): fc.Arbitrary<string> {
  const enums = [
    ...(parameter.schema?.enum ?? []),
    ...(parameter.schema?.anyOf ?? []).flatMap((s) => s.enum ?? []),
  ].map(String);
  return fc.oneof(
    fc.constantFrom(...NUMBERS),
    fc.constantFrom(...DATES),
    fc.constantFrom(...INJECTIONS),
    fc.constantFrom(...known.ids, ...(enums.length > 0 ? enums : ["x"])),
    fc.integer().map(String),
    fc.string({ unit: "grapheme", maxLength: 30 }),
    fc.integer({ min: 200, max: 10_000 }).map((n) => "9".repeat(n)),
  );
}

function queryString(
  operation: OperationDoc | undefined,
  known: KnownValues,
): fc.Arbitrary<string> {
  const names = (operation?.parameters ?? []).filter((p) => p.in === "query");
  const pair = fc.oneof(
    ...(names.length > 0
      ? [
          fc
            .constantFrom(...names)
            .chain((p) => fc.tuple(fc.constant(p.name), queryValue(p, known))),
        ]
      : []),
    fc.tuple(
      fc.constantFrom("unknown", "per_page[]", "page[x]", "", "a%zzb"),
      fc.constantFrom("1", "%zz", ""),
    ),
  );
  return fc.array(pair, { maxLength: 6 }).map((pairs) => {
    if (pairs.length === 0) return "";
    const text = pairs
      .map(([k, v]) =>
        k.includes("%") ? `${k}=${v}` : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`,
      )
      .join("&");
    return `?${text}`;
  });
}

const ACCEPT = [
  "application/json",
  "*/*",
  "text/html",
  "application/xml",
  "garbage/",
  ";;;",
  "application/json;q=0",
];
const IF_NONE_MATCH = ['"abc', "W/", "*", '"', 'W/"x", "y"', "x".repeat(3_000), '""'];
const CONTENT_TYPES = [
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=utf-16",
  "application/octet-stream",
  "application/xml",
  "json",
];

function headers(known: KnownValues): fc.Arbitrary<Record<string, string>> {
  const authorization = fc.oneof(
    { weight: 6, arbitrary: fc.constant(known.authorization) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "Bearer",
        "Bearer sk_live_nope",
        "Basic Zm9vOmJhcg==",
        "Bearer   ",
        "x".repeat(5_000),
      ),
    },
  );
  return fc
    .record(
      {
        authorization,
        accept: fc.constantFrom(...ACCEPT),
        "if-none-match": fc.constantFrom(...IF_NONE_MATCH),
        "content-type": fc.constantFrom(...CONTENT_TYPES),
        "x-request-id": fc.constantFrom("", "req_fuzz", "x".repeat(500), "../"),
      },
      { requiredKeys: ["authorization"] },
    )
    .map((record) => {
      const out: Record<string, string> = {};
      for (const [name, value] of Object.entries(record))
        if (value !== undefined) out[name] = value;
      return out;
    });
}

/** A body: near-valid JSON over the documented fields, any JSON, or text that is not JSON. */
function body(operation: OperationDoc | undefined): fc.Arbitrary<string | undefined> {
  const fields = Object.keys(
    operation?.requestBody?.content?.["application/json"]?.schema?.properties ?? {},
  );
  const hostile = fc.oneof(
    fc.constantFrom(...INJECTIONS),
    fc.constantFrom(...NUMBERS).map(Number),
    fc.constantFrom(
      "http://127.0.0.1:1/hook",
      "http://169.254.169.254/",
      "file:///etc/passwd",
      "javascript:alert(1)",
    ),
    fc.jsonValue({ maxDepth: 2 }),
  );
  return fc.oneof(
    fc.constant(undefined),
    fields.length > 0
      ? fc
          .dictionary(fc.constantFrom(...fields, "__proto__", "extra"), hostile, { maxKeys: 5 })
          .map((o) => JSON.stringify(o))
      : fc.constant("{}"),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.constantFrom(
      "{",
      "not json",
      '{"url":',
      "\u0000",
      "[]",
      "null",
      '{"a":1}{"b":2}',
      "\ufeff{}",
    ),
  );
}

/**
 * Requests every run sends, whatever the seed: the classes of hostile input the issue found, so
 * the fixed-seed CI run always covers them.
 */
export function pinnedRequests(known: KnownValues): FuzzRequest[] {
  const headers: Record<string, string> =
    known.authorization === undefined ? {} : { authorization: known.authorization };
  const route = "pinned";
  return [
    { method: "GET", path: "/v1/cricket/teams/%zz", headers, route },
    { method: "GET", path: `/v1/cricket/teams/${"a".repeat(5_000)}`, headers, route },
    { method: "GET", path: `/v1/${"b".repeat(500)}/fixtures`, headers, route },
    { method: "GET", path: `/v1/football/fixtures?league=${"9".repeat(20_000)}`, headers, route },
    { method: "GET", path: "/v1/football/teams/..", headers, route },
    { method: "GET", path: "/v1/football/teams/%2e%2e/%2e%2e", headers, route },
    { method: "GET", path: "/v1/football/fixtures?per_page=1e1", headers, route },
    { method: "GET", path: "/v1/football/fixtures?season=2027-2026", headers, route },
    { method: "GET", path: "/v2/football/fixtures", headers, route },
    { method: "GET", path: "/nowhere", headers, route },
    { method: "PUT", path: "/v1/football/fixtures", headers, route },
    { method: "OPTIONS", path: "/v1/football/fixtures", headers, route },
    {
      method: "POST",
      path: "/v1/webhooks",
      headers: { ...headers, "content-type": "application/json" },
      body: "{",
      route,
    },
    {
      method: "POST",
      path: "/v1/webhooks",
      headers: { ...headers, "content-type": "text/plain" },
      body: '{"url":"https://example.com/hook","events":["match.goal"]}',
      route,
    },
    {
      method: "GET",
      path: "/v1/football/fixtures",
      headers: { ...headers, "if-none-match": '"abc' },
      route,
    },
  ];
}

/** Requests for every route and method of `doc`. */
export function fuzzRequests(doc: OpenApiDoc, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const routes = Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.keys(methods)
      .filter((m) => m !== "parameters")
      .map((method) => ({ template, method: method.toUpperCase(), operation: methods[method] })),
  );
  return fc.constantFrom(...routes).chain(({ template, method, operation }) => {
    const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? "");
    return fc
      .record({
        segments: fc.tuple(...names.map(() => pathSegment(known))),
        query: queryString(operation, known),
        method: fc.oneof(
          { weight: 4, arbitrary: fc.constant(method) },
          { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
        ),
        headers: headers(known),
        body: body(operation),
      })
      .map(({ segments, query, method: sent, headers: sentHeaders, body: sentBody }) => {
        let path = template;
        names.forEach((name, i) => {
          path = path.replace(`{${name}}`, segments[i] ?? "");
        });
        const request: FuzzRequest = {
          method: sent,
          path: `${path}${query}`,
          headers: sentHeaders,
          route: `${method} ${template}`,
        };
        // GET and HEAD carry no body through a conforming client.
        if (sentBody !== undefined && sent !== "GET" && sent !== "HEAD") request.body = sentBody;
        return request;
      });
  });
}
