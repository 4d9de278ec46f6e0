import {
  queryCompare,
  queryFeedbackReasons,
  queryFeedbackTargets,
  queryMetrics,
  queryResponse,
  querySamples,
  queryRows,
  queryTools,
  sqlValue,
  type Warehouse,
} from "@answerscope/warehouse";
import { progress } from "../progress";
import { ratio, timeRepeated, type Timing } from "../stats";
import type { DataWindow } from "./data-shape";
import { rawResponseSumsSql } from "./raw-response-sums-sql";
import { rawLabelCountsSql } from "./raw-label-counts-sql";

export interface QueryTiming extends Partial<Timing> {
  name: string;
  rows: number;
  /** Set when the route failed (e.g. ClickHouse's per-query memory limit): a figure that could not be measured. */
  error?: string;
  /** Set when a raw read was not run, and why: a figure not measured, not a failure. */
  skipped?: string;
}

export interface QuerySpeedReport {
  tenantId: string;
  tenantResponses: number;
  routes: QueryTiming[];
  /** The route's figures from the raw fact tables, per metrics range: all of them, and Phase 1 alone. */
  raw: QueryTiming[];
  /** Raw p50 (all figures) / route p50 per range: what the views, the stored labels and the rollups save. */
  viewSpeedup: Record<string, number | null>;
  /** Raw Phase 1 p50 / route p50 per range (the route computes Phase 2 and tool figures as well). */
  phase1Speedup?: Record<string, number | null>;
  /** `all:<range>` / `phase1:<range>`: the raw read hit its time limit, so that ratio is at least the figure. */
  lowerBounds?: string[];
}

const HOUR_MS = 3_600_000;
export const RANGES = [
  { name: "24h", ms: 24 * HOUR_MS, bucket: "hour" as const },
  { name: "7d", ms: 7 * 24 * HOUR_MS, bucket: "hour" as const },
  { name: "90d", ms: 90 * 24 * HOUR_MS, bucket: "day" as const },
];

const RAW_RUNS = 3;
/** Memory a raw read may use: half the machine (24 GiB), far above the product's 2 GB per query. */
const RAW_MAX_MEMORY = String(12 * 2 ** 30);
/** A raw read is stopped after this long (the label evaluation of a week's responses takes minutes): the ratio is then a lower bound. */
const RAW_TIMEOUT_S = 180;

/** The raw read of a shorter range: its p50, or why it did not finish (a longer range reads at least its rows again). */
export type ShorterRawRead = { range: { name: string; ms: number } } & ({ p50Ms: number } | { failed: string });

/**
 * Why a raw read over `range` is not started, or undefined to start it. ClickHouse 18.16 does not
 * stop such a read at max_execution_time: a 90-day read of every figure at 10 M ran 1,000 s past
 * its 180 s limit, then failed on memory. So a read is left out, with no ratio (a figure not
 * measured is not extrapolated), when the shorter range's read did not finish, or when its time puts
 * this one past the limit. The estimate grows with the square root of the range, below what every
 * run has shown (24 h -> 7 d: 3.9 times the time for 7 times the range; 7 d -> 90 d: over 11 times
 * for 12.9), so a read that would finish is not left out.
 */
export function rawReadSkipReason(
  shorter: ShorterRawRead | undefined,
  range: { ms: number },
  limitS: number,
): string | undefined {
  if (!shorter) return undefined;
  if ("failed" in shorter) return `not run: the ${shorter.range.name} read did not finish (${shorter.failed})`;
  const expectedMs = shorter.p50Ms * Math.sqrt(range.ms / shorter.range.ms);
  if (expectedMs <= limitS * 1000) return undefined;
  return `not run: the ${shorter.range.name} read took ${Math.round(shorter.p50Ms / 1000)} s, so this one would take at least about ${Math.round(expectedMs / 1000)} s, past the ${limitS} s limit`;
}

export type MetricsRange = (typeof RANGES)[number];
export const metricsRouteName = (range: MetricsRange) => `metrics ${range.name} by model per ${range.bucket}`;

/** The metrics route over `range` ending at `to`, by model: the case every engine and data set is timed with; resolves to its row count. */
export async function runMetricsRoute(
  w: Warehouse,
  tenantId: string,
  to: number,
  range: MetricsRange,
): Promise<number> {
  return (
    await queryMetrics(w, { tenantId, from: iso(to - range.ms), to: iso(to), groupBy: ["model"], bucket: range.bucket })
  ).rows.length;
}

const rawRows = (w: Warehouse, query: string): Promise<unknown[]> =>
  queryRows(w, query, {
    clickhouse_settings: {
      max_memory_usage: RAW_MAX_MEMORY,
      max_execution_time: RAW_TIMEOUT_S,
      timeout_overflow_mode: "throw",
    },
  });
const iso = (ms: number) => new Date(ms).toISOString();

/** Times every read route of the query API on the largest tenant, then the raw-table equivalent of the metrics route. */
export async function measureQuerySpeed(
  w: Warehouse,
  window: DataWindow,
  tenantId: string,
  runs: number,
): Promise<QuerySpeedReport> {
  const to = window.endMs;
  const tenantResponses = Number(
    (
      await queryRows<{ n: number }>(
        w,
        `SELECT count() AS n FROM ${w.table("responses")} WHERE tenant_id = ${sqlValue(tenantId)}`,
      )
    )[0]?.n ?? 0,
  );
  const someResponse = (
    await queryRows<{ id: string }>(
      w,
      `SELECT response_id AS id FROM ${w.table("responses")} WHERE tenant_id = ${sqlValue(tenantId)} AND tool_count > 0 LIMIT 1`,
    )
  )[0]?.id;
  if (!someResponse) throw new Error(`tenant ${tenantId} has no responses`);
  const week = { tenantId, from: iso(to - 7 * 24 * HOUR_MS), to: iso(to) };
  const ninetyDays = { tenantId, from: iso(to - 90 * 24 * HOUR_MS), to: iso(to) };

  const cases: { name: string; run: () => Promise<number> }[] = [
    ...RANGES.map((range) => ({ name: metricsRouteName(range), run: () => runMetricsRoute(w, tenantId, to, range) })),
    {
      name: "metrics 24h total (no grouping)",
      run: async () => (await queryMetrics(w, { tenantId, from: iso(to - 24 * HOUR_MS), to: iso(to) })).rows.length,
    },
    { name: "tools 7d", run: async () => (await queryTools(w, week)).rows.length },
    {
      name: "samples 7d (first page)",
      run: async () => (await querySamples(w, { ...week, limit: 50 })).samples.length,
    },
    {
      name: "samples 7d, rating=down",
      run: async () => (await querySamples(w, { ...week, ratings: ["down"], limit: 50 })).samples.length,
    },
    {
      name: "one response",
      run: async () => ((await queryResponse(w, { tenantId, responseId: someResponse })) ? 1 : 0),
    },
    { name: "feedback reasons 7d", run: async () => (await queryFeedbackReasons(w, week)).reasons.length },
    { name: "feedback reasons 90d", run: async () => (await queryFeedbackReasons(w, ninetyDays)).reasons.length },
    { name: "feedback targets 7d", run: async () => (await queryFeedbackTargets(w, week)).rows.length },
    { name: "feedback targets 90d", run: async () => (await queryFeedbackTargets(w, ninetyDays)).rows.length },
    {
      name: "compare error_rate by model 7d",
      run: async () =>
        (await queryCompare(w, { ...week, metric: "error_rate", dimension: "model", a: "gpt-4o", b: "claude-sonnet" }))
          .a.denominator > 0
          ? 1
          : 0,
    },
  ];

  const routes: QueryTiming[] = [];
  for (const c of cases) {
    let rows = 0;
    try {
      const timing = await timeRepeated(runs, async () => (rows = await c.run()));
      routes.push({ name: c.name, rows, ...timing });
      progress(`  ${c.name}: p50 ${timing.p50_ms} ms, p95 ${timing.p95_ms} ms (${rows} rows)`);
    } catch (error) {
      const message = String(error instanceof Error ? error.message : error)
        .split("\n")[0]!
        .slice(0, 300);
      routes.push({ name: c.name, rows: 0, error: message });
      progress(`  ${c.name}: FAILED ${message}`);
    }
  }

  const raw: QueryTiming[] = [];
  const viewSpeedup: Record<string, number | null> = {};
  const phase1Speedup: Record<string, number | null> = {};
  const lowerBounds: string[] = [];
  const maxOccurredAtMs = Number(
    (
      await queryRows<{ m: number }>(
        w,
        `SELECT max(occurred_at_ms) AS m FROM ${w.table("responses")} WHERE tenant_id = ${sqlValue(tenantId)}`,
      )
    )[0]?.m ?? 0,
  );
  const shorterReads = new Map<string, ShorterRawRead>();
  for (const range of RANGES) {
    const route = routes.find((r) => r.name.startsWith(`metrics ${range.name} `));
    const q = { tenantId, fromMs: to - range.ms, toMs: to, bucket: range.bucket };
    const phase1 = rawResponseSumsSql(w, q);
    const phase2 = rawLabelCountsSql(w, { ...q, maxOccurredAtMs });
    // The same figures as the route, from the facts alone (both reads at once, as the route's are);
    // and Phase 1 alone, what the materialized views save of it.
    const variants = [
      {
        kind: "all",
        name: `raw metrics ${range.name} by model per ${range.bucket} (phase 1, phase 2, tools)`,
        into: viewSpeedup,
        run: () => Promise.all([rawRows(w, phase1), rawRows(w, phase2)]).then(([rows]) => rows.length),
      },
      {
        kind: "phase1",
        name: `raw phase 1 ${range.name} by model per ${range.bucket}`,
        into: phase1Speedup,
        run: () => rawRows(w, phase1).then((rows) => rows.length),
      },
    ];
    for (const variant of variants) {
      let rows = 0;
      const skipped = rawReadSkipReason(shorterReads.get(variant.kind), range, RAW_TIMEOUT_S);
      if (skipped) {
        raw.push({ name: variant.name, rows: 0, skipped });
        progress(`  ${variant.name}: ${skipped}`);
        continue;
      }
      try {
        // Fewer runs and no warm-up: each one scans the tenant's raw rows of the range (seconds to minutes).
        const timing = await timeRepeated(RAW_RUNS, async () => (rows = await variant.run()), { warmup: 0 });
        raw.push({ name: variant.name, rows, ...timing });
        variant.into[range.name] = ratio(timing.p50_ms, route?.p50_ms ?? 0, 1);
        shorterReads.set(variant.kind, { range, p50Ms: timing.p50_ms });
        progress(`  ${variant.name}: p50 ${timing.p50_ms} ms → the route is ${variant.into[range.name]}× faster`);
      } catch (error) {
        const message = String(error instanceof Error ? error.message : error)
          .split("\n")[0]!
          .slice(0, 300);
        raw.push({ name: variant.name, rows: 0, error: message });
        shorterReads.set(variant.kind, { range, failed: message.slice(0, 120) });
        // Stopped by its time limit: it would have taken longer, so the ratio is a lower bound.
        if (/Timeout exceeded|TIMEOUT_EXCEEDED/i.test(message)) {
          variant.into[range.name] = ratio(RAW_TIMEOUT_S * 1000, route?.p50_ms ?? 0, 1);
          lowerBounds.push(`${variant.kind}:${range.name}`);
        }
        progress(`  ${variant.name}: FAILED ${message}`);
      }
    }
  }
  return { tenantId, tenantResponses, routes, raw, viewSpeedup, phase1Speedup, lowerBounds };
}
