import {
  queryCompare, queryMetrics, queryResponse, querySamples, queryRows, queryTools, type Warehouse,
} from "@answerscope/warehouse";
import { progress } from "../progress";
import { ratio, timeRepeated, type Timing } from "../stats";
import type { DataWindow } from "./data-shape";
import { rawPhase1Sql } from "./raw-phase1-sql";

export interface QueryTiming extends Partial<Timing> {
  name: string;
  rows: number;
  /** Set when the route failed (e.g. ClickHouse's per-query memory limit): a figure that could not be measured. */
  error?: string;
}

export interface QuerySpeedReport {
  tenantId: string;
  tenantResponses: number;
  routes: QueryTiming[];
  /** The same Phase 1 figures from the raw fact table, per metrics range. */
  raw: QueryTiming[];
  /** raw p50 / route p50 per range: how much the view saves (the route also computes Phase 2 and tool figures). */
  viewSpeedup: Record<string, number | null>;
}

const HOUR_MS = 3_600_000;
const RANGES = [
  { name: "24h", ms: 24 * HOUR_MS, bucket: "hour" as const },
  { name: "7d", ms: 7 * 24 * HOUR_MS, bucket: "hour" as const },
  { name: "90d", ms: 90 * 24 * HOUR_MS, bucket: "day" as const },
];

const RAW_RUNS = 3;
const iso = (ms: number) => new Date(ms).toISOString();

/** Times every read route of the query API on the largest tenant, then the raw-table equivalent of the metrics route. */
export async function measureQuerySpeed(w: Warehouse, window: DataWindow, tenantId: string, runs: number): Promise<QuerySpeedReport> {
  const to = window.endMs;
  const tenantResponses = Number((await queryRows<{ n: number }>(w, `SELECT count() AS n FROM ${w.table("responses")} WHERE tenant_id = '${tenantId}'`))[0]?.n ?? 0);
  const someResponse = (await queryRows<{ id: string }>(w, `SELECT response_id AS id FROM ${w.table("responses")} WHERE tenant_id = '${tenantId}' AND tool_count > 0 LIMIT 1`))[0]?.id;
  if (!someResponse) throw new Error(`tenant ${tenantId} has no responses`);
  const week = { tenantId, from: iso(to - 7 * 24 * HOUR_MS), to: iso(to) };

  const cases: { name: string; run: () => Promise<number> }[] = [
    ...RANGES.map((range) => ({
      name: `metrics ${range.name} by model per ${range.bucket}`,
      run: async () => (await queryMetrics(w, { tenantId, from: iso(to - range.ms), to: iso(to), groupBy: ["model"], bucket: range.bucket })).rows.length,
    })),
    { name: "metrics 24h total (no grouping)", run: async () => (await queryMetrics(w, { tenantId, from: iso(to - 24 * HOUR_MS), to: iso(to) })).rows.length },
    { name: "tools 7d", run: async () => (await queryTools(w, week)).rows.length },
    { name: "samples 7d (first page)", run: async () => (await querySamples(w, { ...week, limit: 50 })).samples.length },
    { name: "samples 7d, rating=down", run: async () => (await querySamples(w, { ...week, ratings: ["down"], limit: 50 })).samples.length },
    { name: "one response", run: async () => ((await queryResponse(w, { tenantId, responseId: someResponse })) ? 1 : 0) },
    { name: "compare error_rate by model 7d", run: async () => ((await queryCompare(w, { ...week, metric: "error_rate", dimension: "model", a: "gpt-4o", b: "claude-sonnet" })).a.denominator > 0 ? 1 : 0) },
  ];

  const routes: QueryTiming[] = [];
  for (const c of cases) {
    let rows = 0;
    try {
      const timing = await timeRepeated(runs, async () => (rows = await c.run()));
      routes.push({ name: c.name, rows, ...timing });
      progress(`  ${c.name}: p50 ${timing.p50_ms} ms, p95 ${timing.p95_ms} ms (${rows} rows)`);
    } catch (error) {
      const message = String(error instanceof Error ? error.message : error).split("\n")[0]!.slice(0, 300);
      routes.push({ name: c.name, rows: 0, error: message });
      progress(`  ${c.name}: FAILED ${message}`);
    }
  }

  const raw: QueryTiming[] = [];
  const viewSpeedup: Record<string, number | null> = {};
  for (const range of RANGES) {
    // Fewer runs: each one scans the tenant's raw rows of the range.
    let rows = 0;
    const sql = rawPhase1Sql(w, { tenantId, fromMs: to - range.ms, toMs: to, bucket: range.bucket });
    const name = `raw phase 1 ${range.name} by model per ${range.bucket}`;
    let timing: Timing;
    try {
      // No warm-up: a scan of this size gains nothing from one, and each run takes seconds to minutes.
      timing = await timeRepeated(RAW_RUNS, async () => (rows = (await queryRows(w, sql)).length), { warmup: 0 });
    } catch (error) {
      raw.push({ name, rows: 0, error: String(error instanceof Error ? error.message : error).split("\n")[0]!.slice(0, 300) });
      continue;
    }
    raw.push({ name, rows, ...timing });
    const route = routes.find((r) => r.name.startsWith(`metrics ${range.name} `));
    viewSpeedup[range.name] = ratio(timing.p50_ms, route?.p50_ms ?? 0, 1);
    progress(`  ${name}: p50 ${timing.p50_ms} ms → the route is ${viewSpeedup[range.name]}× faster`);
  }
  return { tenantId, tenantResponses, routes, raw, viewSpeedup };
}
