import { colorAt } from "@/components/charts/palette";
import { StackedBarChart } from "@/components/charts/stacked-bar-chart";
import { TimeSeriesChart } from "@/components/charts/time-series-chart";
import { BucketSelect } from "@/components/filters/bucket-select";
import { Panel } from "@/components/layout/panel";
import { ResultView } from "@/components/states/result-view";
import { getMetrics } from "@/lib/api-client";
import type { MetricsRow } from "@/lib/api-types";
import { BUCKET_LABELS } from "@/lib/dimensions";
import { metricLabel, RATES } from "@/lib/metrics-catalog";
import type { ResolvedView } from "@/lib/resolve-view";
import { BUCKET_MS } from "@/lib/time-range";
import { timePoints } from "@/lib/time-points";

const LATENCIES = ["latency_p50_ms", "latency_p95_ms", "latency_p99_ms"] as const;
const FAILURE_RATES = ["error_rate", "max_iteration_hit_rate", "no_reply_rate"] as const;

/** Latency quantiles, volume and failure rates per time bucket. */
export async function DiagnosticTrends({ view }: { view: ResolvedView }) {
  const result = await getMetrics(view.credentials, {
    range: view.range,
    filters: view.state.filters,
    bucket: view.bucket,
  });
  const empty = (data: { rows: MetricsRow[] }) => data.rows.length === 0;
  const bucketControl = <BucketSelect view={view} />;
  const common = { fromMs: view.range.fromMs, toMs: view.range.toMs, bucketMs: BUCKET_MS[view.bucket] };
  return (
    <>
      <Panel
        title="Latency over time"
        subtitle={`end-to-end time_cost_ms quantiles per ${BUCKET_LABELS[view.bucket]}`}
        actions={bucketControl}
        id="diagnostics-latency"
      >
        <ResultView result={result} loginHref={view.relogin} isEmpty={empty}>
          {(data) => (
            <TimeSeriesChart
              name="diagnostics-latency"
              caption="Latency p50, p95 and p99 per bucket (UTC)."
              points={timePoints(
                data.rows,
                Object.fromEntries(LATENCIES.map((key) => [key, (row: MetricsRow) => row[key]])),
              )}
              series={LATENCIES.map((key, index) => ({ key, label: metricLabel(key), color: colorAt(index) }))}
              unit="ms"
              yLabel="latency"
              {...common}
            />
          )}
        </ResultView>
      </Panel>
      <Panel
        title="Responses over time"
        subtitle={`responses per ${BUCKET_LABELS[view.bucket]}`}
        id="diagnostics-volume"
      >
        <ResultView result={result} loginHref={view.relogin} isEmpty={empty}>
          {(data) => (
            <StackedBarChart
              name="diagnostics-volume"
              caption="Distinct responses per bucket (UTC)."
              points={timePoints(data.rows, { response_count: (row: MetricsRow) => row.response_count })}
              series={[{ key: "response_count", label: metricLabel("response_count"), color: colorAt(0) }]}
              unit="count"
              yLabel="responses"
              {...common}
            />
          )}
        </ResultView>
      </Panel>
      <Panel
        title="Failure rates over time"
        subtitle="finish_reason error, max_iterations and no_reply per response"
        id="diagnostics-failures"
      >
        <ResultView result={result} loginHref={view.relogin} isEmpty={empty}>
          {(data) => (
            <TimeSeriesChart
              name="diagnostics-failures"
              caption="Error, max-iteration and no-reply rates per bucket; hollow points: fewer than 30 responses."
              points={timePoints(
                data.rows,
                Object.fromEntries(FAILURE_RATES.map((metric) => [metric, (row: MetricsRow) => row[metric]])),
                Object.fromEntries(FAILURE_RATES.map((metric) => [metric, metric])),
              )}
              series={FAILURE_RATES.map((metric, index) => ({
                key: metric,
                label: RATES[metric].label,
                color: colorAt(index + 3),
              }))}
              unit="percent"
              yLabel="rate (%)"
              {...common}
            />
          )}
        </ResultView>
      </Panel>
      <Panel
        title="Tool success rate over time"
        subtitle="completed / (completed + failed) reduced tool calls"
        id="diagnostics-tool-success"
      >
        <ResultView result={result} loginHref={view.relogin} isEmpty={empty}>
          {(data) => (
            <TimeSeriesChart
              name="diagnostics-tool-success"
              caption="Tool success rate per bucket (UTC); unfinished calls are not counted."
              points={timePoints(data.rows, { tool_success_rate: (row: MetricsRow) => row.tool_success_rate })}
              series={[{ key: "tool_success_rate", label: RATES.tool_success_rate.label, color: colorAt(2) }]}
              unit="percent"
              yLabel="rate (%)"
              {...common}
            />
          )}
        </ResultView>
      </Panel>
      <Panel title="Iterations and tools over time" subtitle="means per response" id="diagnostics-effort">
        <ResultView result={result} loginHref={view.relogin} isEmpty={empty}>
          {(data) => (
            <TimeSeriesChart
              name="diagnostics-effort"
              caption="Average iterations and tool calls per response, per bucket (UTC)."
              points={timePoints(data.rows, {
                avg_iteration_count: (row: MetricsRow) => row.avg_iteration_count,
                avg_tool_count: (row: MetricsRow) => row.avg_tool_count,
              })}
              series={[
                { key: "avg_iteration_count", label: metricLabel("avg_iteration_count"), color: colorAt(0) },
                { key: "avg_tool_count", label: metricLabel("avg_tool_count"), color: colorAt(2) },
              ]}
              unit="mean"
              yLabel="per response"
              {...common}
            />
          )}
        </ResultView>
      </Panel>
      <Panel title="Tokens over time" subtitle="mean total tokens per response" id="diagnostics-tokens">
        <ResultView result={result} loginHref={view.relogin} isEmpty={empty}>
          {(data) => (
            <TimeSeriesChart
              name="diagnostics-tokens"
              caption="Average total tokens (prompt + completion) per response, per bucket (UTC)."
              points={timePoints(data.rows, { avg_total_tokens: (row: MetricsRow) => row.avg_total_tokens })}
              series={[{ key: "avg_total_tokens", label: metricLabel("avg_total_tokens"), color: colorAt(4) }]}
              unit="tokens"
              yLabel="tokens"
              {...common}
            />
          )}
        </ResultView>
      </Panel>
    </>
  );
}
