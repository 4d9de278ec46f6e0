import { csvList, parseEnv, portSetting, positiveInt as int } from "@answerscope/runtime";
import { WarehouseEnvSchema, warehouseConfigFromEnv, type WarehouseConfig } from "@answerscope/warehouse";
import { z } from "zod";
import { DurationSchema } from "../duration";

/** Every setting of the quality exporter, read from the environment in this one place (README: "Exporter settings"). */
export const ExporterConfigSchema = WarehouseEnvSchema.extend({
  EXPORTER_PORT: portSetting(4321),
  EXPORTER_HOST: z.string().default("127.0.0.1"),
  /** How often figures are recomputed from ClickHouse; a scrape serves the last ones. */
  EXPORTER_REFRESH_MS: int(15_000),
  /** A refresh whose query takes longer fails (and the last values stay). */
  EXPORTER_QUERY_TIMEOUT_MS: int(10_000),
  /** Short windows of the windowed gauges, each a `window` label value. */
  EXPORTER_WINDOWS: csvList.pipe(z.array(DurationSchema).min(1)).default(["5m", "1h"]),
  /** Length of the `baseline` window, which ends where the longest short window starts. */
  EXPORTER_BASELINE: DurationSchema.default("1d"),
  /** Outcome labels are read this far back from now: younger responses are mostly still pending, and the final ones among them skew bad. */
  EXPORTER_OUTCOME_SETTLE: DurationSchema.default("10m"),
  /** Counters count rows that arrived up to this long ago, so a write in flight is not skipped. */
  EXPORTER_ARRIVAL_SETTLE: DurationSchema.default("15s"),
  /** Counters ignore arrivals whose event time is older than this (it bounds the partitions read). */
  EXPORTER_ARRIVAL_LOOKBACK: DurationSchema.default("7d"),
  /** Caps per label: the top N values by volume keep their own series, the rest become `other`. */
  EXPORTER_MAX_TENANTS: int(20),
  EXPORTER_MAX_MODELS: int(10),
  EXPORTER_MAX_PROVIDERS: int(5),
  EXPORTER_MAX_CHANNELS: int(8),
  EXPORTER_MAX_TOOLS: int(20),
  EXPORTER_MAX_REASON_CODES: int(15),
  EXPORTER_MAX_REJECTION_REASONS: int(10),
  /** Upper bounds (seconds) of the latency histogram's buckets. */
  EXPORTER_LATENCY_BUCKETS: csvList
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d+(\.\d+)?$/)
            .transform(Number),
        )
        .min(1),
    )
    .refine(
      (bounds) => bounds.every((bound, i) => bound > 0 && (i === 0 || bound > bounds[i - 1]!)),
      "increasing positive numbers",
    )
    .default([0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60, 120]),
});

export type ExporterConfig = z.output<typeof ExporterConfigSchema>;

export function loadExporterConfig(env: NodeJS.ProcessEnv = process.env): ExporterConfig {
  return parseEnv(ExporterConfigSchema, env, "exporter");
}

export function exporterWarehouseConfig(config: ExporterConfig): WarehouseConfig {
  return { ...warehouseConfigFromEnv(config), requestTimeoutMs: config.EXPORTER_QUERY_TIMEOUT_MS };
}
