import type { ReactNode } from "react";
import { IntervalChart } from "@/components/charts/interval-chart";
import { Kpi } from "@/components/figures/kpi";
import { ResultView } from "@/components/states/result-view";
import { DataTable } from "@/components/table/data-table";
import { getCompare, getMetrics } from "@/lib/api-client";
import type { CompareResult, CompareSlice } from "@/lib/api-types";
import { fractionHeader } from "@/lib/csv";
import { DIMENSION_LABELS, type Dimension } from "@/lib/dimensions";
import { formatCount, formatInterval, formatPointDifference, formatPValue, formatRate } from "@/lib/format";
import { RATES, SMALL_SAMPLE, type RateMetric } from "@/lib/metrics-catalog";
import type { ResolvedView } from "@/lib/resolve-view";

function Verdict({ result }: { result: CompareResult }) {
  const label = RATES[result.metric];
  // Unknown, not few: no outcome label covers the range (the API says why).
  if (result.labels.figures_unavailable && result.a.denominator === null) {
    return (
      <div className="verdict verdict-insufficient" data-verdict="labels_unavailable">
        Not computed: {result.labels.figures_unavailable}.
      </div>
    );
  }
  if (result.insufficient_data) {
    const small = [result.a, result.b]
      .filter((slice) => slice.insufficient_data)
      .map((slice) => `${slice.value} (n=${formatCount(slice.denominator)})`);
    return (
      <div className="verdict verdict-insufficient" data-verdict="insufficient_data">
        Insufficient data: {small.join(" and ")} {small.length === 1 ? "has" : "have"} fewer than {SMALL_SAMPLE}{" "}
        {label.denominator}. This is not a rate change.
      </div>
    );
  }
  const better = (result.difference ?? 0) > 0 === label.higherIsBetter;
  return result.significant ? (
    <div className="verdict verdict-significant" data-verdict="significant">
      {result.b.value} vs {result.a.value}: {formatPointDifference(result.difference)}, significant at 5 % (
      {formatPValue(result.p_value)}) — {better ? "better" : "worse"}.
    </div>
  ) : (
    <div className="verdict verdict-not-significant" data-verdict="not_significant">
      {result.b.value} vs {result.a.value}: {formatPointDifference(result.difference)}, not significant at 5 % (
      {formatPValue(result.p_value)}).
    </div>
  );
}

function SliceFigure({ side, slice, metric }: { side: "a" | "b"; slice: CompareSlice; metric: RateMetric }) {
  return (
    <Kpi
      id={`compare-${side}`}
      label={`${side.toUpperCase()}: ${slice.value}`}
      value={formatRate(slice.rate)}
      n={slice.denominator}
      denominator={RATES[metric].denominator}
      hint={
        <>
          <span data-role="interval">95% CI {formatInterval(slice.ci_low, slice.ci_high)}</span>
          <span>
            ({formatCount(slice.numerator)} of {formatCount(slice.denominator)})
          </span>
        </>
      }
    />
  );
}

/**
 * The compared values without a single response in the range (with the other filters, as the
 * comparison reads them); null when the API could not say (the comparison then shows its own answer).
 */
async function valuesWithoutResponses(
  view: ResolvedView,
  dimension: Dimension,
  values: string[],
): Promise<string[] | null> {
  const filters = { ...view.state.filters, [dimension]: values };
  const result = await getMetrics(view.credentials, { range: view.range, filters, groupBy: [dimension] });
  if (!result.ok) return null;
  const present = new Set(result.data.rows.filter((row) => row.response_count > 0).map((row) => row.dims[dimension]));
  return values.filter((value) => !present.has(value));
}

export async function CompareResultView({
  view,
  metric,
  dimension,
  a,
  b,
  children,
}: {
  view: ResolvedView;
  metric: RateMetric;
  dimension: Dimension;
  a: string;
  b: string;
  children?: ReactNode;
}) {
  const [result, absent] = await Promise.all([
    getCompare(view.credentials, { range: view.range, filters: view.state.filters, metric, dimension, a, b }),
    valuesWithoutResponses(view, dimension, [a, b]),
  ]);
  // A side with no response at all is not a small sample: there is nothing to compare, and n=0 figures would hide that.
  // Unless the API could not compute the rate at all (no outcome labels cover the range): that unknown is said first.
  const unknown = result.ok && result.data.labels.figures_unavailable && result.data.a.denominator === null;
  if (absent?.length && !unknown) {
    return (
      <>
        <div className="verdict verdict-insufficient" role="status" data-verdict="no_responses">
          No response in this range{Object.keys(view.state.filters).length ? " with these filters" : ""} has{" "}
          {DIMENSION_LABELS[dimension].toLowerCase()} {absent.map((value) => `“${value}”`).join(" or ")}: nothing to
          compare.
          {children ? " The values that have responses are listed below." : null}
        </div>
        {children}
      </>
    );
  }
  return (
    <ResultView result={result} loginHref={view.relogin}>
      {(data) => (
        <>
          <Verdict result={data} />
          <div className="compare-result">
            <SliceFigure side="a" slice={data.a} metric={metric} />
            <SliceFigure side="b" slice={data.b} metric={metric} />
            <Kpi
              id="compare-difference"
              label="Difference (B − A)"
              value={formatPointDifference(data.difference)}
              hint={
                data.insufficient_data
                  ? "not computed: insufficient data"
                  : `${formatPValue(data.p_value)}, z = ${data.z?.toFixed(2)}`
              }
            />
          </div>
          <IntervalChart
            name="compare-intervals"
            caption={`${RATES[metric].label} of each side with its 95 % Wilson interval.`}
            metricLabel={RATES[metric].label}
            data={[data.a, data.b].map((slice, index) => ({
              label: `${index === 0 ? "A" : "B"}: ${slice.value}`,
              rate: slice.rate,
              low: slice.ci_low,
              high: slice.ci_high,
              n: slice.denominator,
            }))}
          />
          <DataTable<CompareSlice>
            name={`compare-${metric}-${dimension}`}
            rows={[data.a, data.b]}
            rowKey={(row) => row.value}
            columns={[
              { header: "Value", cell: (row) => row.value, csv: (row) => row.value },
              {
                header: "Rate",
                align: "right",
                cell: (row) => formatRate(row.rate),
                csv: (row) => row.rate,
                csvHeader: fractionHeader("Rate"),
              },
              {
                header: "95% interval",
                align: "right",
                cell: (row) => formatInterval(row.ci_low, row.ci_high),
                csv: (row) => row.ci_low,
                csvHeader: fractionHeader("95% interval low"),
                csvExtra: [{ header: fractionHeader("95% interval high"), csv: (row) => row.ci_high }],
              },
              {
                header: "Numerator",
                align: "right",
                cell: (row) => formatCount(row.numerator),
                csv: (row) => row.numerator,
              },
              {
                header: "Denominator",
                align: "right",
                cell: (row) => formatCount(row.denominator),
                csv: (row) => row.denominator,
              },
              {
                header: "Sufficient",
                cell: (row) =>
                  row.insufficient_data ? <span className="badge badge-warn">insufficient data</span> : "yes",
                csv: (row) => !row.insufficient_data,
              },
            ]}
          />
        </>
      )}
    </ResultView>
  );
}
