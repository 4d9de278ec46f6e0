import { queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { inWindowMs } from "./window-sql";

/**
 * What arrived in the warehouse in [fromMs, toMs) of ingestion time: the increments of the
 * exporter's counters. Event time older than `eventsSinceMs` is not read (it bounds the
 * partitions and parts scanned; a replay of older history is not counted).
 */
export interface ArrivalRange {
  fromMs: number;
  toMs: number;
  eventsSinceMs: number;
}

export interface ResponseArrivals {
  tenant: string;
  model: string;
  provider: string;
  channel: string;
  finishReason: string;
  count: number;
  latencySumMs: number;
  /** Responses with time_cost_ms <= each bucket bound (cumulative, as Prometheus buckets are). */
  latencyAtMost: number[];
}

export interface Arrivals {
  responses: ResponseArrivals[];
  feedback: { tenant: string; rating: string; reasonCode: string; count: number }[];
  toolCalls: { tenant: string; toolName: string; status: string; count: number }[];
  rejected: { tenant: string; reason: string; count: number }[];
}

function arrivedIn(range: ArrivalRange, eventTime: string, eventTimeMs: string, ingestedMs: string): string {
  // The DateTime condition is what lets ClickHouse skip partitions and parts; the _ms one is exact.
  return [
    `${eventTime} >= ${sqlValue(new Date(range.eventsSinceMs))}`,
    `${eventTimeMs} >= ${sqlValue(Math.trunc(range.eventsSinceMs))}`,
    inWindowMs(ingestedMs, range),
  ].join(" AND ");
}

/**
 * A response counts once, when its first version arrives (became_current and nothing
 * superseded): a corrected re-send is not a new response.
 */
async function responseArrivals(
  warehouse: Warehouse,
  range: ArrivalRange,
  latencyBoundsMs: readonly number[],
): Promise<ResponseArrivals[]> {
  const sql = `SELECT tenant_id, model, provider, channel, finish_reason, count() AS n, sum(time_cost_ms) AS latency_sum_ms,
      ${latencyBoundsMs.map((bound, index) => `countIf(time_cost_ms <= ${sqlValue(bound)}) AS at_most_${index}`).join(", ")}
    FROM ${warehouse.table("responses")}
    WHERE ${arrivedIn(range, "occurred_at", "occurred_at_ms", "ingested_at_ms")} AND became_current = 1 AND prev_exists = 0
    GROUP BY tenant_id, model, provider, channel, finish_reason`;
  const rows = await queryRows<Record<string, unknown>>(warehouse, sql);
  return rows.map((row) => ({
    tenant: String(row.tenant_id),
    model: String(row.model),
    provider: String(row.provider),
    channel: String(row.channel),
    finishReason: String(row.finish_reason),
    count: Number(row.n),
    latencySumMs: Number(row.latency_sum_ms),
    latencyAtMost: latencyBoundsMs.map((_, index) => Number(row[`at_most_${index}`])),
  }));
}

export async function readArrivals(
  warehouse: Warehouse,
  range: ArrivalRange,
  latencyBoundsMs: readonly number[],
): Promise<Arrivals> {
  const count = <T>(table: string, columns: string, where: string) =>
    queryRows<T & { n: number }>(
      warehouse,
      `SELECT ${columns}, count() AS n FROM ${warehouse.table(table)} WHERE ${where} GROUP BY ${columns}`,
    );
  const [responses, feedback, toolCalls, rejected] = await Promise.all([
    responseArrivals(warehouse, range, latencyBoundsMs),
    count<{ tenant_id: string; rating: string; reason_code: string }>(
      "feedback_events",
      "tenant_id, rating, reason_code",
      arrivedIn(range, "occurred_at", "occurred_at_ms", "ingested_at_ms"),
    ),
    count<{ tenant_id: string; tool_name: string; status: string }>(
      "tool_call_events",
      "tenant_id, tool_name, status",
      arrivedIn(range, "occurred_at", "occurred_at_ms", "ingested_at_ms"),
    ),
    // Dead letters are partitioned by when they were received, which is also their arrival.
    count<{ tenant_id: string; reason: string }>(
      "rejected_events",
      "tenant_id, reason",
      arrivedIn(range, "received_at", "received_at_ms", "received_at_ms"),
    ),
  ]);
  return {
    responses,
    feedback: feedback.map((row) => ({
      tenant: String(row.tenant_id),
      rating: String(row.rating),
      reasonCode: String(row.reason_code),
      count: Number(row.n),
    })),
    toolCalls: toolCalls.map((row) => ({
      tenant: String(row.tenant_id),
      toolName: String(row.tool_name),
      status: String(row.status),
      count: Number(row.n),
    })),
    rejected: rejected.map((row) => ({
      tenant: String(row.tenant_id),
      reason: String(row.reason),
      count: Number(row.n),
    })),
  };
}
