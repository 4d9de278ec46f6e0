import type { Metric, Registry } from "prom-client";

interface Series {
  labels: Record<string, string>;
  /** Observations at most each bound (cumulative, index-aligned with the bounds). */
  atMost: number[];
  count: number;
  sum: number;
}

/**
 * A Prometheus histogram fed with pre-counted observations: ClickHouse answers "how many
 * responses arrived at most N seconds", and prom-client's Histogram can only observe values one
 * by one. It renders exactly what prom-client's own histogram renders (`_bucket` with `le`,
 * `+Inf`, `_sum`, `_count`) through the same registry.
 */
export class CumulativeHistogram {
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    readonly bounds: readonly number[],
    registry: Registry,
  ) {
    // The registry only calls get() (and reads name/type); the cast is the price of a custom metric.
    registry.registerMetric(this as unknown as Metric);
  }

  /** Adds observations to one series; `atMost` counts them per bound, as `count` does overall. */
  add(labels: Record<string, string>, observations: { count: number; sum: number; atMost: readonly number[] }): void {
    const id = JSON.stringify(this.labelNames.map((name) => labels[name] ?? ""));
    const series = this.series.get(id) ?? {
      labels: Object.fromEntries(this.labelNames.map((name) => [name, labels[name] ?? ""])),
      atMost: this.bounds.map(() => 0),
      count: 0,
      sum: 0,
    };
    observations.atMost.forEach((value, index) => (series.atMost[index] = (series.atMost[index] ?? 0) + value));
    series.count += observations.count;
    series.sum += observations.sum;
    this.series.set(id, series);
  }

  get() {
    const values = [...this.series.values()].flatMap((series) => [
      ...this.bounds.map((bound, index) => ({
        metricName: `${this.name}_bucket`,
        labels: { ...series.labels, le: bound },
        value: series.atMost[index] ?? 0,
      })),
      { metricName: `${this.name}_bucket`, labels: { ...series.labels, le: "+Inf" }, value: series.count },
      { metricName: `${this.name}_sum`, labels: series.labels, value: series.sum },
      { metricName: `${this.name}_count`, labels: series.labels, value: series.count },
    ]);
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
