import { colorAt, OUTCOME_COLORS } from "@/components/charts/palette";
import { StackedBarChart } from "@/components/charts/stacked-bar-chart";
import { TimeSeriesChart } from "@/components/charts/time-series-chart";
import { BucketSelect } from "@/components/filters/bucket-select";
import { Panel } from "@/components/layout/panel";
import { ResultView } from "@/components/states/result-view";
import { getMetrics } from "@/lib/api-client";
import type { MetricsRow } from "@/lib/api-types";
import { BUCKET_LABELS } from "@/lib/dimensions";
import { EFFECT_RATES, OUTCOME_LABELS, RATES } from "@/lib/metrics-catalog";
import type { ResolvedView } from "@/lib/resolve-view";
import { BUCKET_MS } from "@/lib/time-range";
import { timePoints } from "@/lib/time-points";

/** Rates and the outcome distribution per time bucket. */
export async function EffectTrends({ view }: { view: ResolvedView }) {
  const result = await getMetrics(view.credentials, {
    range: view.range,
    filters: view.state.filters,
    bucket: view.bucket,
  });
  const bucketControl = <BucketSelect view={view} />;
  const empty = (data: { rows: MetricsRow[] }) => data.rows.length === 0;
  return (
    <>
      <Panel
        title="Rates over time"
        subtitle={`per ${BUCKET_LABELS[view.bucket]}; hollow points: fewer than 30 in the denominator`}
        actions={bucketControl}
        id="effect-rates"
      >
        <ResultView
          result={result}
          loginHref={view.relogin}
          isEmpty={empty}
          empty="No responses in this range for these filters."
        >
          {(data) => (
            <TimeSeriesChart
              name="effect-rates"
              caption="Good-answer, one-turn resolution, thumbs-down, re-ask rates and feedback coverage per bucket (UTC)."
              points={timePoints(
                data.rows,
                Object.fromEntries(EFFECT_RATES.map((metric) => [metric, (row: MetricsRow) => row[metric]])) as Record<
                  (typeof EFFECT_RATES)[number],
                  (row: MetricsRow) => number | null
                >,
                Object.fromEntries(EFFECT_RATES.map((metric) => [metric, metric])),
              )}
              series={EFFECT_RATES.map((metric, index) => ({
                key: metric,
                label: RATES[metric].label,
                color: colorAt(index),
              }))}
              unit="percent"
              yLabel="rate (%)"
              fromMs={view.range.fromMs}
              toMs={view.range.toMs}
              bucketMs={BUCKET_MS[view.bucket]}
            />
          )}
        </ResultView>
      </Panel>
      <Panel
        title="Outcome distribution over time"
        subtitle={`responses per label, per ${BUCKET_LABELS[view.bucket]}`}
        id="effect-outcomes"
      >
        <ResultView
          result={result}
          loginHref={view.relogin}
          isEmpty={empty}
          empty="No responses in this range for these filters."
        >
          {(data) => (
            <StackedBarChart
              name="effect-outcomes"
              caption="Responses by outcome label per bucket; pending: the label is not final yet."
              points={timePoints(
                data.rows,
                Object.fromEntries(
                  OUTCOME_LABELS.map((label) => [label, (row: MetricsRow) => row.outcome_counts?.[label] ?? null]),
                ),
              )}
              series={OUTCOME_LABELS.map((label) => ({ key: label, label, color: OUTCOME_COLORS[label] }))}
              unit="count"
              yLabel="responses"
              fromMs={view.range.fromMs}
              toMs={view.range.toMs}
              bucketMs={BUCKET_MS[view.bucket]}
            />
          )}
        </ResultView>
      </Panel>
    </>
  );
}
