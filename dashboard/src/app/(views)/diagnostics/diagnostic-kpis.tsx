import { Kpi, KpiGrid } from "@/components/figures/kpi";
import { ResultView } from "@/components/states/result-view";
import { getMetrics } from "@/lib/api-client";
import { formatCount, formatDuration, formatMean, formatRate } from "@/lib/format";
import { DIAGNOSTIC_RATES, RATES } from "@/lib/metrics-catalog";
import type { ResolvedView } from "@/lib/resolve-view";
import { sampleSizeOf } from "@/lib/sample-size";

/** Phase 1 figures over the whole range. */
export async function DiagnosticKpis({ view }: { view: ResolvedView }) {
  const result = await getMetrics(view.credentials, { range: view.range, filters: view.state.filters });
  return (
    <ResultView result={result} loginHref={view.relogin} isEmpty={(data) => (data.rows[0]?.response_count ?? 0) === 0} empty="No responses in this range for these filters.">
      {(data) => {
        const row = data.rows[0]!;
        return (
          <KpiGrid>
            <Kpi id="response_count" label="Responses" value={formatCount(row.response_count)} />
            <Kpi id="latency_p50_ms" label="Latency p50" value={formatDuration(row.latency_p50_ms)} />
            <Kpi id="latency_p95_ms" label="Latency p95" value={formatDuration(row.latency_p95_ms)} />
            <Kpi id="latency_p99_ms" label="Latency p99" value={formatDuration(row.latency_p99_ms)} />
            {DIAGNOSTIC_RATES.map((metric) => (
              <Kpi key={metric} id={metric} label={RATES[metric].label} value={formatRate(row[metric])} n={sampleSizeOf(row, metric)} denominator={RATES[metric].denominator} />
            ))}
            <Kpi id="tool_calls_unfinished" label="Unfinished tool calls" value={formatCount(row.tool_calls_unfinished)} hint="started, never completed or failed" />
            <Kpi id="avg_iteration_count" label="Avg iterations" value={formatMean(row.avg_iteration_count)} hint="per response" />
            <Kpi id="avg_tool_count" label="Avg tools" value={formatMean(row.avg_tool_count)} hint="per response" />
            <Kpi id="avg_total_tokens" label="Avg tokens" value={formatCount(row.avg_total_tokens === null ? null : Math.round(row.avg_total_tokens))} hint="total tokens per response" />
          </KpiGrid>
        );
      }}
    </ResultView>
  );
}
