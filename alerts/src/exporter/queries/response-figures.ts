import { queryRows, type Warehouse } from "@answerscope/warehouse";
import { bucketAligned, spanOf, type TimeWindow } from "../windows";
import { inWindowTime, perWindow, windowValues } from "./window-sql";

/** Phase 1 sums of one slice per window (index = window index); histograms map latency bucket → count. */
export interface ResponseFigures {
  tenant: string;
  model: string;
  channel: string;
  responses: number[];
  maxIterations: number[];
  noReply: number[];
  histograms: Map<number, number>[];
}

/**
 * One read of metrics_5m (the signed per-bucket sums of 0002) over the span of all windows,
 * grouped by tenant, model and channel. The inner query merges states per bucket, the outer
 * one adds the buckets of each window; `bucket` leads the table's key after tenant_id, so
 * only the span's granules are read.
 */
export async function readResponseFigures(
  warehouse: Warehouse,
  windows: readonly TimeWindow[],
): Promise<ResponseFigures[]> {
  const aligned = windows.map(bucketAligned);
  const span = spanOf(aligned);
  const inBuckets = (window: TimeWindow) => inWindowTime("bucket", window);
  const sql = `SELECT tenant_id, model, channel,
      ${[
        ...perWindow(aligned, "responses", (c) => `sumIf(bucket_responses, ${c})`, inBuckets),
        ...perWindow(aligned, "max_iterations", (c) => `sumIf(bucket_max_iterations, ${c})`, inBuckets),
        ...perWindow(aligned, "no_reply", (c) => `sumIf(bucket_no_reply, ${c})`, inBuckets),
        ...perWindow(aligned, "histogram", (c) => `sumMapIf(histogram_buckets, histogram_counts, ${c})`, inBuckets),
      ].join(",\n      ")}
    FROM (
      SELECT tenant_id, bucket, model, channel,
        -- Aliases differ from the state columns' names, so no ClickHouse version reads an alias inside its own aggregate.
        sumMerge(responses) AS bucket_responses,
        sumMerge(max_iterations) AS bucket_max_iterations,
        sumMerge(no_reply) AS bucket_no_reply,
        sumMapMerge(latency_histogram) AS bucket_histogram,
        bucket_histogram.1 AS histogram_buckets,
        bucket_histogram.2 AS histogram_counts
      FROM ${warehouse.table("metrics_5m")}
      -- PREWHERE: the histogram states of rows outside the span are then never deserialized.
      PREWHERE ${inWindowTime("bucket", span)}
      GROUP BY tenant_id, bucket, model, channel
    )
    GROUP BY tenant_id, model, channel`;
  const rows = await queryRows<Record<string, unknown>>(warehouse, sql);
  return rows.map((row) => ({
    tenant: String(row.tenant_id),
    model: String(row.model),
    channel: String(row.channel),
    responses: windowValues(row, "responses", aligned),
    maxIterations: windowValues(row, "max_iterations", aligned),
    noReply: windowValues(row, "no_reply", aligned),
    histograms: aligned.map((_, index) => {
      const [buckets, counts] = (row[`histogram_${index}`] as [number[], number[]] | undefined) ?? [[], []];
      return new Map(buckets.map((bucket, i) => [Number(bucket), Number(counts[i] ?? 0)]));
    }),
  }));
}
