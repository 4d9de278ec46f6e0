import { buildTenantState, type NormResponse, type ReducedToolCall, type TenantState } from "./state";
import { MEAN_METRICS, RATE_METRICS } from "./types";
import type {
  Dimension,
  MeanMetric,
  Filters,
  MetricsQuery,
  MetricsRow,
  OutcomeCounts,
  RateMetric,
  ReferenceOptions,
  RawEvent,
} from "./types";
import { bucketStart, cmpStr, iso, mean, ms, quantile, ratio } from "./util";

/** Counts behind one row; every rate of the row is numerator / denominator of two of these. */
export interface RowStats {
  bucket_start?: number;
  dims: Record<string, string>;
  response_count: number;
  latencies: number[];
  iterations: number[];
  toolCounts: number[];
  totalTokens: number[];
  max_iterations: number;
  no_reply: number;
  error: number;
  tool_completed: number;
  tool_failed: number;
  tool_unfinished: number;
  rated: number;
  rated_up: number;
  rated_down: number;
  window_closed: number;
  with_followup: number;
  reask: number;
  label_final: number;
  label_good_or_better: number;
  sessions_final: number;
  sessions_one_turn: number;
  outcome_counts: OutcomeCounts;
}

interface RowAcc {
  bucket_start?: number;
  dims: Record<string, string>;
  responses: NormResponse[];
  calls: ReducedToolCall[];
}

function activeFilters(filters: Filters | undefined): [Dimension, string[]][] {
  if (!filters) return [];
  return (Object.entries(filters) as [Dimension, string[] | undefined][]).filter(
    (kv): kv is [Dimension, string[]] => Array.isArray(kv[1]) && kv[1].length > 0,
  );
}

export function matchesFilters(r: NormResponse, filters: Filters | undefined): boolean {
  return activeFilters(filters).every(([dim, values]) => values.includes(r.dims[dim]));
}

export function isScoped(query: Pick<MetricsQuery, "filters" | "group_by">): boolean {
  return activeFilters(query.filters).length > 0 || (query.group_by?.length ?? 0) > 0;
}

function rowKey(bucket: number | undefined, dimValues: string[]): string {
  return JSON.stringify([bucket ?? null, ...dimValues]);
}

function collectRows(state: TenantState, query: MetricsQuery, opts: ReferenceOptions): RowAcc[] {
  const from = ms(query.from);
  const to = ms(query.to);
  const groupBy = query.group_by ?? [];
  const rows = new Map<string, RowAcc>();
  const rowOfResponse = new Map<string, RowAcc>();

  for (const r of state.responses.values()) {
    if (r.t < from || r.t >= to) continue;
    if (!matchesFilters(r, query.filters)) continue;
    const b = query.bucket ? bucketStart(r.t, query.bucket) : undefined;
    const dimValues = groupBy.map((d) => r.dims[d]);
    const key = rowKey(b, dimValues);
    let row = rows.get(key);
    if (!row) {
      const dims: Record<string, string> = {};
      groupBy.forEach((d, i) => (dims[d] = dimValues[i]!));
      row = { bucket_start: b, dims, responses: [], calls: [] };
      rows.set(key, row);
    }
    row.responses.push(r);
    rowOfResponse.set(r.response_id, row);
  }

  const single = !query.bucket && groupBy.length === 0;
  if (single && rows.size === 0) rows.set(rowKey(undefined, []), { dims: {}, responses: [], calls: [] });

  const scoped = isScoped(query);
  const mode = opts.unscopedTools ?? "all_in_range";
  for (const c of state.toolCalls) {
    let row: RowAcc | undefined;
    if (scoped) {
      // docs/metrics.md: the calls whose response_id belongs to the row's responses, whatever
      // the call's own time (the row's responses are already in the range).
      row = c.response_id ? rowOfResponse.get(c.response_id) : undefined;
    } else if (c.t < from || c.t >= to) {
      continue;
    } else if (mode === "row_responses_plus_orphans" && c.response_id) {
      row = rowOfResponse.get(c.response_id);
    } else {
      // unscoped: the call counts in the row (bucket) of its own time
      row = rows.get(rowKey(query.bucket ? bucketStart(c.t, query.bucket) : undefined, []));
    }
    row?.calls.push(c);
  }

  const out = [...rows.values()];
  out.sort((a, b) => {
    const d = (a.bucket_start ?? 0) - (b.bucket_start ?? 0);
    if (d !== 0) return d;
    for (const g of groupBy) {
      const c = cmpStr(a.dims[g]!, b.dims[g]!);
      if (c !== 0) return c;
    }
    return 0;
  });
  return out;
}

function statsOf(row: RowAcc, state: TenantState): RowStats {
  const s: RowStats = {
    bucket_start: row.bucket_start,
    dims: row.dims,
    response_count: row.responses.length,
    latencies: row.responses.map((r) => r.time_cost_ms),
    iterations: row.responses.map((r) => r.iteration_count),
    toolCounts: row.responses.map((r) => r.tool_count),
    totalTokens: row.responses.map((r) => r.total_tokens),
    max_iterations: 0,
    no_reply: 0,
    error: 0,
    tool_completed: 0,
    tool_failed: 0,
    tool_unfinished: 0,
    rated: 0,
    rated_up: 0,
    rated_down: 0,
    window_closed: 0,
    with_followup: 0,
    reask: 0,
    label_final: 0,
    label_good_or_better: 0,
    sessions_final: 0,
    sessions_one_turn: 0,
    outcome_counts: { excellent: 0, good: 0, neutral: 0, bad: 0, failed: 0, pending: 0 },
  };
  const firstOfSession = new Map<string, NormResponse>();
  for (const r of row.responses) {
    if (r.finish_reason === "max_iterations") s.max_iterations++;
    if (r.finish_reason === "no_reply") s.no_reply++;
    if (r.finish_reason === "error") s.error++;
    const rating = state.explicitRating.get(r.response_id);
    if (rating) {
      s.rated++;
      // neutral is rated, and neither up nor down
      if (rating === "up") s.rated_up++;
      else if (rating === "down") s.rated_down++;
    }
    const l = state.labels.get(r.response_id)!;
    if (l.window_closed) s.window_closed++;
    if (l.followup_response_id !== null) s.with_followup++;
    if (l.is_reask) s.reask++;
    s.outcome_counts[l.label]++;
    if (l.label !== "pending") s.label_final++;
    if (l.label === "excellent" || l.label === "good") s.label_good_or_better++;
    const f = firstOfSession.get(r.session_id);
    if (!f || r.t < f.t || (r.t === f.t && r.response_id < f.response_id)) firstOfSession.set(r.session_id, r);
  }
  for (const r of firstOfSession.values()) {
    const l = state.labels.get(r.response_id)!;
    if (l.label === "pending") continue;
    s.sessions_final++;
    if ((l.label === "excellent" || l.label === "good") && l.followup_response_id === null) s.sessions_one_turn++;
  }
  for (const c of row.calls) {
    if (c.status === "completed") s.tool_completed++;
    else if (c.status === "failed") s.tool_failed++;
    else s.tool_unfinished++;
  }
  return s;
}

export function rateParts(s: RowStats, metric: RateMetric): { numerator: number; denominator: number } {
  const n = s.response_count;
  switch (metric) {
    case "max_iteration_hit_rate":
      return { numerator: s.max_iterations, denominator: n };
    case "no_reply_rate":
      return { numerator: s.no_reply, denominator: n };
    case "error_rate":
      return { numerator: s.error, denominator: n };
    case "tool_success_rate":
      return { numerator: s.tool_completed, denominator: s.tool_completed + s.tool_failed };
    case "feedback_coverage":
      return { numerator: s.rated, denominator: n };
    case "thumbs_up_rate":
      return { numerator: s.rated_up, denominator: s.rated };
    case "thumbs_down_rate":
      return { numerator: s.rated_down, denominator: s.rated };
    case "reask_rate":
      return { numerator: s.reask, denominator: s.window_closed };
    case "followup_rate":
      return { numerator: s.with_followup, denominator: s.window_closed };
    case "good_answer_rate":
      return { numerator: s.label_good_or_better, denominator: s.label_final };
    case "one_turn_resolution_rate":
      return { numerator: s.sessions_one_turn, denominator: s.sessions_final };
  }
}

function rate(s: RowStats, metric: RateMetric): number | null {
  const { numerator, denominator } = rateParts(s, metric);
  return ratio(numerator, denominator);
}

export function rowOf(s: RowStats, opts: ReferenceOptions = {}): MetricsRow {
  const q = opts.quantile ?? "linear";
  const row: MetricsRow = {
    dims: s.dims,
    response_count: s.response_count,
    latency_p50_ms: quantile(s.latencies, 0.5, q),
    latency_p95_ms: quantile(s.latencies, 0.95, q),
    latency_p99_ms: quantile(s.latencies, 0.99, q),
    max_iteration_hit_rate: rate(s, "max_iteration_hit_rate"),
    no_reply_rate: rate(s, "no_reply_rate"),
    error_rate: rate(s, "error_rate"),
    avg_iteration_count: mean(s.iterations),
    avg_tool_count: mean(s.toolCounts),
    avg_total_tokens: mean(s.totalTokens),
    tool_success_rate: rate(s, "tool_success_rate"),
    tool_calls_unfinished: s.tool_unfinished,
    feedback_coverage: rate(s, "feedback_coverage"),
    thumbs_up_rate: rate(s, "thumbs_up_rate"),
    thumbs_down_rate: rate(s, "thumbs_down_rate"),
    reask_rate: rate(s, "reask_rate"),
    followup_rate: rate(s, "followup_rate"),
    good_answer_rate: rate(s, "good_answer_rate"),
    one_turn_resolution_rate: rate(s, "one_turn_resolution_rate"),
    outcome_counts: { ...s.outcome_counts },
    sample_sizes: {
      ...(Object.fromEntries(RATE_METRICS.map((metric) => [metric, rateParts(s, metric).denominator])) as Record<
        RateMetric,
        number
      >),
      ...(Object.fromEntries(MEAN_METRICS.map((metric) => [metric, s.response_count])) as Record<MeanMetric, number>),
    },
  };
  return s.bucket_start === undefined ? row : { bucket_start: iso(s.bucket_start), ...row };
}

/** Row statistics (numerators/denominators) for a query over an already built tenant state. */
export function rowStatsFromState(state: TenantState, query: MetricsQuery, opts: ReferenceOptions = {}): RowStats[] {
  return collectRows(state, query, opts).map((r) => statsOf(r, state));
}

export function referenceMetrics(
  events: readonly RawEvent[],
  query: MetricsQuery,
  opts: ReferenceOptions = {},
): { rows: MetricsRow[] } {
  const state = buildTenantState(events, query.tenant_id, opts);
  return { rows: rowStatsFromState(state, query, opts).map((s) => rowOf(s, opts)) };
}
