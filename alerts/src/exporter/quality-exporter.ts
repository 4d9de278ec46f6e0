import { errorClass } from "@answerscope/runtime";
import { readLabelFreshness, writebackStatuses, type Warehouse } from "@answerscope/warehouse";
import { durationMs } from "../duration";
import { ArrivalCounters } from "./arrival-counters";
import type { ExporterConfig } from "./config";
import { createExporterMetrics, type ExporterMetrics } from "./exporter-metrics";
import { gaugeSamples } from "./gauge-samples";
import { readArrivals } from "./queries/arrivals";
import { readOutcomeFigures } from "./queries/outcome-figures";
import { readRatingFigures } from "./queries/rating-figures";
import { readResponseFigures } from "./queries/response-figures";
import { readToolFigures } from "./queries/tool-figures";
import { rateWindows, volumeWindows, windowPlan } from "./windows";

export interface QualityExporter {
  metrics: ExporterMetrics;
  /** One refresh now; resolves true when every figure was read (false: the previous ones stay). */
  refresh(): Promise<boolean>;
  /** Refreshes at once and then every EXPORTER_REFRESH_MS (never two at a time). */
  start(): void;
  stop(): Promise<void>;
}

export interface QualityExporterOptions {
  warehouse: Warehouse;
  config: ExporterConfig;
  clock?: () => number;
  log?: (message: string) => void;
}

/**
 * Reads the quality figures from ClickHouse on a schedule, never on a scrape: a scrape serves
 * the last computed values and their age. A refresh either applies everything it read or
 * nothing, so a ClickHouse outage leaves the last values in place while the data age grows and
 * the failure counter counts.
 */
export function createQualityExporter({
  warehouse,
  config,
  clock = Date.now,
  log = () => {},
}: QualityExporterOptions): QualityExporter {
  const metrics = createExporterMetrics({ latencyBoundsSeconds: config.EXPORTER_LATENCY_BUCKETS, clock });
  const plan = windowPlan(config);
  const counters = new ArrivalCounters(metrics, {
    tenants: config.EXPORTER_MAX_TENANTS,
    models: config.EXPORTER_MAX_MODELS,
    providers: config.EXPORTER_MAX_PROVIDERS,
    channels: config.EXPORTER_MAX_CHANNELS,
    tools: config.EXPORTER_MAX_TOOLS,
    reasonCodes: config.EXPORTER_MAX_REASON_CODES,
    rejectionReasons: config.EXPORTER_MAX_REJECTION_REASONS,
  });
  const caps = {
    tenants: config.EXPORTER_MAX_TENANTS,
    models: config.EXPORTER_MAX_MODELS,
    channels: config.EXPORTER_MAX_CHANNELS,
    tools: config.EXPORTER_MAX_TOOLS,
  };
  const latencyBoundsMs = config.EXPORTER_LATENCY_BUCKETS.map((seconds) => seconds * 1000);
  /** Arrivals before this ingestion time are counted; undefined until the first success. */
  let arrivalWatermarkMs: number | undefined;

  async function refresh(): Promise<boolean> {
    const started = clock();
    const nowMs = started;
    try {
      const volume = volumeWindows(plan, nowMs);
      const rates = rateWindows(plan, nowMs);
      const outcomes = rateWindows(plan, nowMs - durationMs(config.EXPORTER_OUTCOME_SETTLE));
      const arrivalToMs = nowMs - durationMs(config.EXPORTER_ARRIVAL_SETTLE);
      const eventsSinceMs = nowMs - durationMs(config.EXPORTER_ARRIVAL_LOOKBACK);
      const initialize = arrivalWatermarkMs === undefined;
      const arrivalFromMs = arrivalWatermarkMs ?? eventsSinceMs;
      const [responses, ratings, outcomeRows, tools, arrivals, labels, writeback] = await Promise.all([
        readResponseFigures(warehouse, volume),
        readRatingFigures(warehouse, rates),
        readOutcomeFigures(warehouse, outcomes),
        readToolFigures(warehouse, rates),
        readArrivals(warehouse, { fromMs: arrivalFromMs, toMs: arrivalToMs, eventsSinceMs }, latencyBoundsMs),
        readLabelFreshness(warehouse, { nowMs }),
        writebackStatuses(warehouse),
      ]);
      const { samples, folded, kept } = gaugeSamples(
        {
          responses: { rows: responses, windows: volume, rateWindows: new Set(rates.map((w) => w.name)) },
          ratings: { rows: ratings, windows: rates },
          outcomes: { rows: outcomeRows, windows: outcomes },
          tools: { rows: tools, windows: rates },
          labels,
          writeback,
        },
        caps,
      );
      // Everything was read: apply it all at once.
      metrics.replaceGauges(samples, folded);
      counters.apply(arrivals, { initialize, kept });
      arrivalWatermarkMs = arrivalToMs;
      await metrics.publish();
      metrics.recordSuccess(clock() - started);
      return true;
    } catch (error) {
      metrics.recordFailure(clock() - started);
      // The error's class only: a warehouse error's message can quote a statement and its values.
      log(
        `refresh failed (serving the figures of ${metrics.lastSuccessMs() ? new Date(metrics.lastSuccessMs()!).toISOString() : "no refresh yet"}): ${errorClass(error)}`,
      );
      return false;
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | undefined;
  let stopped = false;
  const loop = () => {
    running = refresh().finally(() => {
      if (!stopped) timer = setTimeout(loop, config.EXPORTER_REFRESH_MS);
    });
  };

  return {
    metrics,
    refresh,
    start: () => {
      stopped = false;
      loop();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
