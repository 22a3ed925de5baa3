/**
 * Instruments for hot paths (every request, every stream message). prom-client hashes a series'
 * labels on every `inc`/`observe`, children from `labels()` included: about a microsecond a call,
 * several percent of a cached read. Here a series is bound once (per route, status and sport as
 * they first occur) and counting is a field increment; the registry reads the numbers at scrape.
 */
import { Counter, type Metric } from "prom-client";
import { registry } from "./registry.js";

type Labels<L extends string> = Record<L, string>;

interface Family<L extends string> {
  name: string;
  help: string;
  labelNames: readonly L[];
}

function seriesKey(labelNames: readonly string[], labels: Record<string, string>): string {
  return labelNames.map((name) => labels[name]).join("\u0000");
}

/** One bound counter series: `inc()` adds to what the next scrape hands to prom-client. */
export class CounterSeries {
  /** Counted since the last scrape. */
  pending = 0;

  inc(by = 1): void {
    this.pending += by;
  }
}

/** A prom-client counter whose series are bound once and counted without hashing. */
export class PreboundCounter<L extends string> {
  private readonly series = new Map<string, { labels: Labels<L>; series: CounterSeries }>();

  constructor(private readonly family: Family<L>) {
    const bound = this.series;
    new Counter<L>({
      name: family.name,
      help: family.help,
      labelNames: family.labelNames,
      registers: [registry],
      collect() {
        for (const { labels, series } of bound.values()) {
          this.inc(labels, series.pending);
          series.pending = 0;
        }
      },
    });
  }

  /** The series of these labels (the same object for the same labels, wherever bound). */
  bind(labels: Labels<L>): CounterSeries {
    const key = seriesKey(this.family.labelNames, labels);
    let entry = this.series.get(key);
    if (entry === undefined) {
      entry = { labels: { ...labels }, series: new CounterSeries() };
      this.series.set(key, entry);
    }
    return entry.series;
  }
}

/** One bound histogram series: counts per bucket (not cumulative), their sum and count. */
export class HistogramSeries {
  private readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(private readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  /** Observes `value` (seconds, bytes…) `times` times. */
  observe(value: number, times = 1): void {
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && value > (bounds[i] as number)) i++;
    this.counts[i] = (this.counts[i] as number) + times;
    this.sum += value * times;
    this.count += times;
  }

  /** Observations at or below each bound, then the total (`+Inf`). */
  cumulative(): number[] {
    let total = 0;
    return Array.from(this.counts, (n) => {
      total += n;
      return total;
    });
  }

  reset(): void {
    this.counts.fill(0);
    this.sum = 0;
    this.count = 0;
  }
}

/**
 * A histogram whose series are bound once and observed without hashing. It is a collector of
 * its own that prom-client's registry reads like its Histogram (`get` gives the `_bucket`,
 * `_sum` and `_count` values), registered through the registry's one entry point.
 */
export class PreboundHistogram<L extends string> {
  readonly name: string;
  readonly help: string;
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly series = new Map<string, { labels: Labels<L>; series: HistogramSeries }>();

  constructor(
    private readonly family: Family<L> & {
      /** Upper bounds, increasing. */
      buckets: readonly number[];
    },
  ) {
    this.name = family.name;
    this.help = family.help;
    registry.registerMetric(this as unknown as Metric);
  }

  bind(labels: Labels<L>): HistogramSeries {
    const key = seriesKey(this.family.labelNames, labels);
    let entry = this.series.get(key);
    if (entry === undefined) {
      entry = { labels: { ...labels }, series: new HistogramSeries(this.family.buckets) };
      this.series.set(key, entry);
    }
    return entry.series;
  }

  async get() {
    const values: Array<{
      metricName: string;
      labels: Record<string, string | number>;
      value: number;
    }> = [];
    const bounds = this.family.buckets;
    for (const { labels, series } of this.series.values()) {
      const cumulative = series.cumulative();
      cumulative.forEach((value, i) => {
        const le = i < bounds.length ? (bounds[i] as number) : "+Inf";
        values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le }, value });
      });
      values.push({ metricName: `${this.name}_sum`, labels, value: series.sum });
      values.push({ metricName: `${this.name}_count`, labels, value: series.count });
    }
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      values,
      aggregator: this.aggregator,
    };
  }

  reset(): void {
    for (const { series } of this.series.values()) series.reset();
  }
}
