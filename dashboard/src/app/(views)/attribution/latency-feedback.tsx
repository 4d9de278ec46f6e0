import { CategoryBarChart } from "@/components/charts/category-bar-chart";
import { colorAt } from "@/components/charts/palette";
import { FigureCell } from "@/components/figures/figure-cell";
import { FigureKpi } from "@/components/figures/figure-kpi";
import { KpiGrid } from "@/components/figures/kpi";
import { Panel } from "@/components/layout/panel";
import { DataTable, type Column } from "@/components/table/data-table";
import type { AttributionResult } from "@/lib/api-types";
import { attributionLabel, latencyBucketLabel } from "@/lib/attribution-catalog";
import { fractionHeader } from "@/lib/csv";
import { formatCorrelation, formatCount } from "@/lib/format";
import { RATES, SMALL_SAMPLE } from "@/lib/metrics-catalog";
import type { ResolvedView } from "@/lib/resolve-view";
import { AttributionResultView } from "./attribution-result-view";

type Latency = AttributionResult["latency_vs_feedback_correlation"];
type Bucket = Latency["buckets"][number];
const METRIC = "latency_vs_feedback_correlation";
/** The two rates per bucket, labelled as the metric catalog labels them everywhere else. */
const BUCKET_RATES = ["thumbs_down_rate", "good_answer_rate"] as const;

const bucketLabel = (bucket: Bucket) => latencyBucketLabel(bucket.from_ms, bucket.to_ms);

const COLUMNS: Column<Bucket>[] = [
  { header: "Latency", cell: bucketLabel, csv: bucketLabel },
  { header: "Answers", align: "right", cell: (row) => formatCount(row.answers), csv: (row) => row.answers },
  ...BUCKET_RATES.map((rate): Column<Bucket> => ({
    header: RATES[rate].label,
    align: "right",
    cell: (row) => <FigureCell metric={METRIC} figure={row[rate]} />,
    csv: (row) => row[rate].value,
    csvHeader: fractionHeader(RATES[rate].label),
    csvExtra: [
      { header: `${RATES[rate].label} n`, csv: (row) => row[rate].denominator },
      { header: `${RATES[rate].label} status`, csv: (row) => row[rate].status },
    ],
  })),
];

/** The rank correlations of latency with each rate: ρ, its sample size and its status. */
function Correlations({ latency }: { latency: Latency }) {
  return (
    <KpiGrid>
      {(
        [
          ["thumbs_down", "thumbs_down_rate"],
          ["good_answer", "good_answer_rate"],
        ] as const
      ).map(([key, rate]) => (
        <FigureKpi
          key={key}
          id={`rho_${key}`}
          metric={METRIC}
          label={`Spearman ρ: latency × ${RATES[rate].label.toLowerCase()}`}
          value={formatCorrelation(latency[key].rho)}
          n={latency[key].n}
          status={latency[key].status}
        />
      ))}
    </KpiGrid>
  );
}

/** Per latency bucket the answers and both rates, the rank correlations, and a bar chart per rate. */
export async function LatencyFeedback({ view }: { view: ResolvedView }) {
  return (
    <>
      <Panel
        title={attributionLabel(METRIC)}
        subtitle="per time_cost_ms bucket; ρ > 0 with thumbs-down: slower answers are rated down more often"
        id="latency-feedback"
        wide
      >
        <AttributionResultView view={view}>
          {(data) => (
            <>
              <Correlations latency={data.latency_vs_feedback_correlation} />
              <DataTable
                name="latency-buckets"
                columns={COLUMNS}
                rows={data.latency_vs_feedback_correlation.buckets}
                rowKey={(row) => String(row.from_ms)}
              />
            </>
          )}
        </AttributionResultView>
      </Panel>
      <div className="grid-2">
        {BUCKET_RATES.map((rate, index) => (
          <Panel
            key={rate}
            title={`${RATES[rate].label} by latency`}
            subtitle={`hollow bars: fewer than ${SMALL_SAMPLE} ${RATES[rate].denominator}`}
            id={`latency-${rate}`}
          >
            <AttributionResultView view={view}>
              {(data) => (
                <CategoryBarChart
                  name={`latency-${rate}`}
                  caption={`${RATES[rate].label} per latency bucket.`}
                  data={data.latency_vs_feedback_correlation.buckets.map((bucket) => ({
                    label: bucketLabel(bucket),
                    value: bucket[rate].value,
                    n: bucket[rate].denominator,
                  }))}
                  unit="percent"
                  valueLabel={`${RATES[rate].label} (%)`}
                  color={colorAt(index)}
                />
              )}
            </AttributionResultView>
          </Panel>
        ))}
      </div>
    </>
  );
}
