import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";
import { COUNTERS, EXPORTER_METRICS, GAUGES, LATENCY_HISTOGRAM, type CounterKey, type GaugeKey } from "../metric-names";
import { CumulativeHistogram } from "./cumulative-histogram";
import type { GaugeSample } from "./gauge-samples";

/**
 * The exporter's registry: the windowed quality gauges (rewritten whole by each successful
 * refresh, untouched by a failed one), the arrival counters and latency histogram, and the
 * exporter's own health, whose data age is computed at scrape time so a dead warehouse shows.
 */
export function createExporterMetrics(options: { latencyBoundsSeconds: readonly number[]; clock?: () => number }) {
  const clock = options.clock ?? Date.now;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "answerscope_exporter_" });

  const gauges = Object.fromEntries(
    Object.entries(GAUGES).map(([key, spec]) => [key, new Gauge({ name: spec.name, help: spec.help, labelNames: [...spec.labels], registers: [registry] })]),
  ) as Record<GaugeKey, Gauge<string>>;
  const counters = Object.fromEntries(
    Object.entries(COUNTERS).map(([key, spec]) => [key, new Counter({ name: spec.name, help: spec.help, labelNames: [...spec.labels], registers: [registry] })]),
  ) as Record<CounterKey, Counter<string>>;
  const latency = new CumulativeHistogram(LATENCY_HISTOGRAM.name, LATENCY_HISTOGRAM.help, LATENCY_HISTOGRAM.labels, options.latencyBoundsSeconds, registry);

  let lastSuccessMs: number | undefined;
  const startedMs = clock();
  const health = {
    lastSuccess: new Gauge({ name: EXPORTER_METRICS.lastSuccess, help: "Unix time of the last refresh that read every figure from ClickHouse (0 before the first)", registers: [registry] }),
    dataAge: new Gauge({
      name: EXPORTER_METRICS.dataAge,
      help: "Seconds since the served figures were computed (since the exporter started, before the first success)",
      registers: [registry],
      collect() {
        this.set((clock() - (lastSuccessMs ?? startedMs)) / 1000);
      },
    }),
    failures: new Counter({ name: EXPORTER_METRICS.failures, help: "Refreshes that failed (the previous figures stay served)", registers: [registry] }),
    refreshes: new Counter({ name: EXPORTER_METRICS.refreshes, help: "Refreshes that succeeded", registers: [registry] }),
    duration: new Gauge({ name: EXPORTER_METRICS.duration, help: "How long the last refresh took", registers: [registry] }),
    warehouseUp: new Gauge({ name: EXPORTER_METRICS.warehouseUp, help: "1 when the last refresh could read ClickHouse", registers: [registry] }),
    capped: new Gauge({ name: EXPORTER_METRICS.cappedValues, help: "Distinct values of a label folded into `other` by its cap in the last refresh", labelNames: ["label"], registers: [registry] }),
  };
  health.lastSuccess.set(0);
  health.warehouseUp.set(0);

  return {
    registry,
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
  };
}

export type ExporterMetrics = ReturnType<typeof createExporterMetrics>;
