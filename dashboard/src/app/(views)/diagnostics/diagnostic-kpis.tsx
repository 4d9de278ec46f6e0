import { Kpi, KpiGrid } from "@/components/figures/kpi";
import { ResultView } from "@/components/states/result-view";
import { getMetrics } from "@/lib/api-client";
import { formatRate } from "@/lib/format";
import { DIAGNOSTIC_RATES, formatMetric, metricLabel, RATES } from "@/lib/metrics-catalog";
import type { ResolvedView } from "@/lib/resolve-view";
import { sampleSizeOf } from "@/lib/sample-size";

/** What each figure after the rates counts, in the reader's words (the catalog names and formats it). */
const HINTS = {
  tool_calls_unfinished: "started, never completed or failed",
  avg_iteration_count: "per response",
  avg_tool_count: "per response",
  avg_total_tokens: "total tokens per response",
} as const;

/** Phase 1 figures over the whole range. */
export async function DiagnosticKpis({ view }: { view: ResolvedView }) {
  const result = await getMetrics(view.credentials, { range: view.range, filters: view.state.filters });
  return (
    <ResultView
      result={result}
      loginHref={view.relogin}
      isEmpty={(data) => (data.rows[0]?.response_count ?? 0) === 0}
      empty="No responses in this range for these filters."
    >
      {(data) => {
        const row = data.rows[0]!;
        return (
          <KpiGrid>
            {(["response_count", "latency_p50_ms", "latency_p95_ms", "latency_p99_ms"] as const).map((metric) => (
              <Kpi key={metric} id={metric} label={metricLabel(metric)} value={formatMetric(metric, row[metric])} />
            ))}
            {DIAGNOSTIC_RATES.map((metric) => (
              <Kpi
                key={metric}
                id={metric}
                label={RATES[metric].label}
                value={formatRate(row[metric])}
                n={sampleSizeOf(row, metric)}
                denominator={RATES[metric].denominator}
              />
            ))}
            {(Object.keys(HINTS) as (keyof typeof HINTS)[]).map((metric) => (
              <Kpi
                key={metric}
                id={metric}
                label={metricLabel(metric)}
                value={formatMetric(metric, row[metric])}
                hint={HINTS[metric]}
              />
            ))}
          </KpiGrid>
        );
      }}
    </ResultView>
  );
}
