/**
 * Reading `/metrics` in tests: a strict parser of the Prometheus text format (0.0.4) — every
 * sample belongs to a family declared with one `# HELP` and one `# TYPE` before it, labels are
 * quoted and escaped, values are numbers, a histogram's buckets are cumulative and end at
 * `+Inf` equal to `_count` — and the values of exact series, so tests assert deltas.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { App } from "../../src/http/app-type.js";

export interface Family {
  type: string;
  help: string;
}

export class Scrape {
  constructor(
    readonly families: ReadonlyMap<string, Family>,
    /** Sample value by `name{label="value",…}` with the labels sorted by name. */
    readonly samples: ReadonlyMap<string, number>,
  ) {}

  /** The value of the series with exactly these labels; 0 when it has none yet. */
  value(name: string, labels: Record<string, string> = {}): number {
    return this.samples.get(seriesKey(name, labels)) ?? 0;
  }

  /** Whether the series with exactly these labels is present. */
  has(name: string, labels: Record<string, string> = {}): boolean {
    return this.samples.has(seriesKey(name, labels));
  }

  /** The sum of every series of `name` whose labels include `labels`. */
  sum(name: string, labels: Record<string, string> = {}): number {
    let total = 0;
    for (const [key, value] of this.samples) {
      const parsed = parseKey(key);
      if (parsed.name !== name) continue;
      if (Object.entries(labels).every(([k, v]) => parsed.labels[k] === v)) total += value;
    }
    return total;
  }
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);

function seriesKey(name: string, labels: Record<string, string>): string {
  const parts = Object.keys(labels)
    .sort()
    .map((k) => `${k}=${JSON.stringify(labels[k])}`);
  return `${name}{${parts.join(",")}}`;
}

function parseKey(key: string): { name: string; labels: Record<string, string> } {
  const open = key.indexOf("{");
  const name = key.slice(0, open);
  const labels: Record<string, string> = {};
  for (const match of key
    .slice(open + 1, -1)
    .matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)=("(?:[^"\\]|\\.)*")/g)) {
    labels[match[1] as string] = JSON.parse(match[2] as string) as string;
  }
  return { name, labels };
}

/** `name{a="x",b="y"} 1.5` → its name, labels and value; throws on anything malformed. */
function parseSample(line: string): {
  name: string;
  labels: Record<string, string>;
  value: number;
} {
  const brace = line.indexOf("{");
  const space = line.lastIndexOf(" ");
  assert.ok(space > 0, `a sample line has a value: ${line}`);
  const name = brace === -1 ? line.slice(0, space) : line.slice(0, brace);
  assert.match(name, NAME, `a metric name: ${line}`);
  const labels: Record<string, string> = {};
  if (brace !== -1) {
    const close = line.lastIndexOf("}");
    assert.ok(close > brace && close < space, `labels are closed before the value: ${line}`);
    let rest = line.slice(brace + 1, close);
    while (rest.length > 0) {
      const match = /^([^=]+)="((?:[^"\\]|\\["\\n])*)"(,|$)/.exec(rest);
      assert.ok(match, `a label pair: ${rest} in ${line}`);
      const labelName = match[1] as string;
      assert.match(labelName, LABEL_NAME, `a label name: ${line}`);
      assert.equal(labels[labelName], undefined, `label ${labelName} once: ${line}`);
      labels[labelName] = (match[2] as string).replace(/\\(["\\n])/g, (_, c: string) =>
        c === "n" ? "\n" : c,
      );
      rest = rest.slice(match[0].length);
    }
  }
  // Prometheus reads values with Go's ParseFloat: `NaN` and `Inf` in any case (prom-client
  // writes `Nan` for a gauge with nothing to report yet).
  const raw = line.slice(space + 1);
  const special = /^([+-]?)(inf|infinity|nan)$/i.exec(raw);
  const value =
    special === null
      ? Number(raw)
      : special[2]?.toLowerCase() === "nan"
        ? Number.NaN
        : special[1] === "-"
          ? -Infinity
          : Infinity;
  assert.ok(special !== null || (raw !== "" && !Number.isNaN(value)), `a numeric value: ${line}`);
  return { name, labels, value };
}

/** The family a sample belongs to: `x_bucket`, `x_sum`, `x_count` belong to histogram `x`. */
function familyOf(name: string, families: ReadonlyMap<string, Family>): string | undefined {
  if (families.has(name)) return name;
  for (const suffix of ["_bucket", "_sum", "_count"]) {
    if (!name.endsWith(suffix)) continue;
    const base = name.slice(0, -suffix.length);
    const type = families.get(base)?.type;
    if (type === "histogram" || (type === "summary" && suffix !== "_bucket")) return base;
  }
  return undefined;
}

export function parseMetrics(text: string): Scrape {
  assert.ok(text.endsWith("\n"), "the text ends with a newline");
  const families = new Map<string, Family>();
  const helps = new Map<string, string>();
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    if (line.startsWith("#")) {
      const match = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
      assert.ok(match, `a HELP or TYPE line: ${line}`);
      const [, kind, name, rest] = match as unknown as [string, string, string, string];
      assert.match(name, NAME, `a metric name: ${line}`);
      if (kind === "HELP") {
        assert.equal(helps.has(name), false, `one HELP for ${name}`);
        assert.notEqual(rest.trim(), "", `${name} has help text`);
        helps.set(name, rest);
      } else {
        assert.equal(families.has(name), false, `one TYPE for ${name}`);
        assert.ok(TYPES.has(rest), `a known type for ${name}: ${rest}`);
        assert.ok(helps.has(name), `the HELP of ${name} comes before its TYPE`);
        families.set(name, { type: rest, help: helps.get(name) ?? "" });
      }
      continue;
    }
    const sample = parseSample(line);
    const family = familyOf(sample.name, families);
    assert.ok(family, `${sample.name} is declared (# TYPE) before its samples`);
    const key = seriesKey(sample.name, sample.labels);
    assert.equal(samples.has(key), false, `one sample per series: ${key}`);
    samples.set(key, sample.value);
  }
  const scrape = new Scrape(families, samples);
  checkHistograms(scrape);
  return scrape;
}

/** Buckets are cumulative, and the `+Inf` bucket is the series' `_count`. */
function checkHistograms(scrape: Scrape): void {
  const series = new Map<string, Array<{ le: number; value: number }>>();
  for (const [key, value] of scrape.samples) {
    const { name, labels } = parseKey(key);
    if (!name.endsWith("_bucket") || labels.le === undefined) continue;
    const { le, ...rest } = labels;
    const id = seriesKey(name.slice(0, -"_bucket".length), rest);
    const buckets = series.get(id) ?? [];
    buckets.push({ le: le === "+Inf" ? Infinity : Number(le), value });
    series.set(id, buckets);
  }
  for (const [id, buckets] of series) {
    buckets.sort((a, b) => a.le - b.le);
    for (let i = 1; i < buckets.length; i++) {
      assert.ok(
        (buckets[i]?.value ?? 0) >= (buckets[i - 1]?.value ?? 0),
        `${id}: buckets are cumulative`,
      );
    }
    assert.equal(buckets.at(-1)?.le, Infinity, `${id} ends with le="+Inf"`);
    const { name, labels } = parseKey(id);
    assert.equal(
      buckets.at(-1)?.value,
      scrape.samples.get(seriesKey(`${name}_count`, labels)),
      `${id}: the +Inf bucket is the count`,
    );
  }
}

/** Scrapes an app from loopback (inject's default address) and parses the answer. */
export async function scrape(app: Pick<App, "inject">): Promise<Scrape> {
  const response = await app.inject({ method: "GET", url: "/metrics" });
  assert.equal(response.statusCode, 200, response.body);
  assert.match(String(response.headers["content-type"]), /^text\/plain; version=0\.0\.4/);
  return parseMetrics(response.body);
}

/** Every metric docs/operations.md's Metrics table lists, with its documented type. */
export function documentedMetrics(): Array<{ name: string; type: string }> {
  const doc = readFileSync(new URL("../../../../docs/operations.md", import.meta.url), "utf8");
  const section = doc.slice(doc.indexOf("## Metrics"));
  const rows = [...section.matchAll(/^\| `(scoreline_[a-z0-9_]+)` \| (\w+) \|/gm)];
  return rows.map((row) => ({ name: row[1] as string, type: row[2] as string }));
}
