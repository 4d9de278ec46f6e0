import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";
import { COUNTERS, EXPORTER_METRICS, GAUGES, LATENCY_HISTOGRAM, type CounterKey, type GaugeKey } from "../metric-names";
import { CumulativeHistogram } from "./cumulative-histogram";
import type { GaugeSample } from "./gauge-samples";

/**
 * The exporter's metrics, in two registries. The figures (the windowed quality gauges, rewritten
 * whole by each successful refresh and untouched by a failed one; the arrival counters and
 * latency histogram) change only in a refresh, so a refresh renders them once (`publish`) and a
 * scrape serves that text: thousands of series cost a scrape nothing, and a scrape never sees
 * half of a refresh. The exporter's health and process metrics are rendered at scrape time, so
 * the data age grows while the warehouse is down.
 */
export function createExporterMetrics(options: { latencyBoundsSeconds: readonly number[]; clock?: () => number }) {
  const clock = options.clock ?? Date.now;
  const figures = new Registry();
  const live = new Registry();
  collectDefaultMetrics({ register: live, prefix: "answerscope_exporter_" });

  const gauges = Object.fromEntries(
    Object.entries(GAUGES).map(([key, spec]) => [
      key,
      new Gauge({ name: spec.name, help: spec.help, labelNames: [...spec.labels], registers: [figures] }),
    ]),
  ) as Record<GaugeKey, Gauge<string>>;
  const counters = Object.fromEntries(
    Object.entries(COUNTERS).map(([key, spec]) => [
      key,
      new Counter({ name: spec.name, help: spec.help, labelNames: [...spec.labels], registers: [figures] }),
    ]),
  ) as Record<CounterKey, Counter<string>>;
  const latency = new CumulativeHistogram(
    LATENCY_HISTOGRAM.name,
    LATENCY_HISTOGRAM.help,
    LATENCY_HISTOGRAM.labels,
    options.latencyBoundsSeconds,
    figures,
  );

  let lastSuccessMs: number | undefined;
  const startedMs = clock();
  const health = {
    lastSuccess: new Gauge({
      name: EXPORTER_METRICS.lastSuccess,
      help: "Unix time of the last refresh that read every figure from ClickHouse (0 before the first)",
      registers: [live],
    }),
    dataAge: new Gauge({
      name: EXPORTER_METRICS.dataAge,
      help: "Seconds since the served figures were computed (since the exporter started, before the first success)",
      registers: [live],
      collect() {
        this.set((clock() - (lastSuccessMs ?? startedMs)) / 1000);
      },
    }),
    failures: new Counter({
      name: EXPORTER_METRICS.failures,
      help: "Refreshes that failed (the previous figures stay served)",
      registers: [live],
    }),
    refreshes: new Counter({ name: EXPORTER_METRICS.refreshes, help: "Refreshes that succeeded", registers: [live] }),
    duration: new Gauge({ name: EXPORTER_METRICS.duration, help: "How long the last refresh took", registers: [live] }),
    warehouseUp: new Gauge({
      name: EXPORTER_METRICS.warehouseUp,
      help: "1 when the last refresh could read ClickHouse",
      registers: [live],
    }),
    capped: new Gauge({
      name: EXPORTER_METRICS.cappedValues,
      help: "Distinct values of a label folded into `other` by its cap in the last refresh",
      labelNames: ["label"],
      registers: [figures],
    }),
  };
  health.lastSuccess.set(0);
  health.warehouseUp.set(0);

  let published: string | undefined;

  return {
    contentType: figures.contentType,
    counters,
    latency,
    /** Replaces every windowed gauge with one refresh's samples, in one synchronous step (no scrape sees half). */
    replaceGauges(samples: readonly GaugeSample[], folded: Record<string, number>): void {
      for (const gauge of Object.values(gauges)) gauge.reset();
      for (const sample of samples) gauges[sample.gauge].set(sample.labels, sample.value);
      for (const [label, count] of Object.entries(folded)) health.capped.set({ label }, count);
    },
    recordSuccess(durationMs: number): void {
      lastSuccessMs = clock();
      health.lastSuccess.set(lastSuccessMs / 1000);
      health.refreshes.inc();
      health.duration.set(durationMs / 1000);
      health.warehouseUp.set(1);
    },
    recordFailure(durationMs: number): void {
      health.failures.inc();
      health.duration.set(durationMs / 1000);
      health.warehouseUp.set(0);
    },
    lastSuccessMs: () => lastSuccessMs,
    /** Renders the figures as they are now for every scrape until the next call. */
    async publish(): Promise<void> {
      published = await figures.metrics();
    },
    /** The exposition a scrape serves: health and process metrics now, the figures as last published. */
    async render(): Promise<string> {
      return `${await live.metrics()}${published ?? (await figures.metrics())}`;
    },
  };
}

export type ExporterMetrics = ReturnType<typeof createExporterMetrics>;
