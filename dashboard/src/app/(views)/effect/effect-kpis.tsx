import { Kpi, KpiGrid } from "@/components/figures/kpi";
import { ResultView } from "@/components/states/result-view";
import { getMetrics } from "@/lib/api-client";
import { formatRate } from "@/lib/format";
import { EFFECT_RATES, formatMetric, metricLabel, RATES } from "@/lib/metrics-catalog";
import type { ResolvedView } from "@/lib/resolve-view";
import { sampleSizeOf } from "@/lib/sample-size";

/** The headline rates over the whole range, each with its sample size. */
export async function EffectKpis({ view }: { view: ResolvedView }) {
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
            <Kpi
              id="response_count"
              label={metricLabel("response_count")}
              value={formatMetric("response_count", row.response_count)}
            />
            {EFFECT_RATES.map((metric) => (
              <Kpi
                key={metric}
                id={metric}
                label={RATES[metric].label}
                value={formatRate(row[metric])}
                n={sampleSizeOf(row, metric)}
                denominator={RATES[metric].denominator}
              />
            ))}
          </KpiGrid>
        );
      }}
    </ResultView>
  );
}
