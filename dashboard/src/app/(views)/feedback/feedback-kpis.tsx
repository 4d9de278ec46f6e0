import { Kpi, KpiGrid } from "@/components/figures/kpi";
import { ResultView } from "@/components/states/result-view";
import { getFeedbackReasons, getMetrics } from "@/lib/api-client";
import { formatCount, formatRate } from "@/lib/format";
import { RATES } from "@/lib/metrics-catalog";
import type { ResolvedView } from "@/lib/resolve-view";
import { sampleSizeOf } from "@/lib/sample-size";

export async function FeedbackKpis({ view }: { view: ResolvedView }) {
  const query = { range: view.range, filters: view.state.filters };
  const [metrics, reasons] = await Promise.all([
    getMetrics(view.credentials, query),
    getFeedbackReasons(view.credentials, query),
  ]);
  return (
    <ResultView
      result={metrics}
      loginHref={view.relogin}
      isEmpty={(data) => (data.rows[0]?.response_count ?? 0) === 0}
      empty="No responses in this range for these filters."
    >
      {(data) => {
        const row = data.rows[0]!;
        return (
          <ResultView result={reasons} loginHref={view.relogin}>
            {(reasonData) => (
              <KpiGrid>
                <Kpi
                  id="down_rated"
                  label="Down-rated responses"
                  value={formatCount(reasonData.down_rated)}
                  hint="current verified thumbs-down of the response's owner"
                />
                <Kpi
                  id="thumbs_down_rate"
                  label={RATES.thumbs_down_rate.label}
                  value={formatRate(row.thumbs_down_rate)}
                  n={sampleSizeOf(row, "thumbs_down_rate")}
                  denominator={RATES.thumbs_down_rate.denominator}
                />
                <Kpi
                  id="feedback_coverage"
                  label={RATES.feedback_coverage.label}
                  value={formatRate(row.feedback_coverage)}
                  n={sampleSizeOf(row, "feedback_coverage")}
                  denominator={RATES.feedback_coverage.denominator}
                />
                <Kpi
                  id="labeled_bad"
                  label="Labeled bad"
                  value={formatCount(row.outcome_counts?.bad)}
                  hint="rated down or re-asked"
                />
                <Kpi
                  id="labeled_failed"
                  label="Labeled failed"
                  value={formatCount(row.outcome_counts?.failed)}
                  hint="error, max iterations, no reply, cancelled"
                />
              </KpiGrid>
            )}
          </ResultView>
        );
      }}
    </ResultView>
  );
}
