"use client";

import { useDimensionValues } from "@/components/filters/dimension-values";
import { useViewNavigation } from "@/components/filters/use-view-navigation";
import { DIMENSION_LABELS, DIMENSIONS, isDimension } from "@/lib/dimensions";
import { formatCount } from "@/lib/format";
import { COMPARABLE_METRICS, RATES, type RateMetric } from "@/lib/metrics-catalog";

/** Picks the rate, the dimension and its two values; the values offered are those present in the range. */
export function CompareControls({
  metric,
  dimension,
  from,
  to,
}: {
  metric: RateMetric;
  dimension: string;
  from: string;
  to: string;
}) {
  const { state, navigate, isPending } = useViewNavigation();
  const values = useDimensionValues({
    tenant: state.tenant,
    dimension: isDimension(dimension) ? dimension : null,
    from,
    to,
  });
  const options = values.status === "ready" ? values.values : [];
  const valueSelect = (side: "a" | "b") => {
    const current = state[side];
    // A value from the link that has no responses in range is still shown as chosen.
    const listed = options.some((option) => option.value === current);
    return (
      <label className="inline-control">
        <span>{side === "a" ? "A (baseline)" : "B"}</span>
        <select
          name={side}
          value={current ?? ""}
          disabled={values.status === "loading"}
          onChange={(event) =>
            navigate({
              ...state,
              metric,
              dimension: isDimension(dimension) ? dimension : null,
              [side]: event.target.value || null,
            })
          }
        >
          <option value="">
            {values.status === "loading" ? "loading…" : values.status === "error" ? "values unavailable" : "choose…"}
          </option>
          {current && !listed ? <option value={current}>{current}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.value} ({formatCount(option.responses)} responses)
            </option>
          ))}
        </select>
      </label>
    );
  };
  return (
    <div className="compare-form" aria-busy={isPending}>
      <label className="inline-control">
        <span>Rate</span>
        <select
          name="metric"
          value={metric}
          onChange={(event) =>
            navigate({
              ...state,
              metric: event.target.value as RateMetric,
              dimension: isDimension(dimension) ? dimension : null,
            })
          }
        >
          {COMPARABLE_METRICS.map((option) => (
            <option key={option} value={option}>
              {RATES[option].label}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-control">
        <span>Dimension</span>
        <select
          name="dimension"
          value={dimension}
          onChange={(event) =>
            navigate({
              ...state,
              metric,
              dimension: isDimension(event.target.value) ? event.target.value : null,
              a: null,
              b: null,
            })
          }
        >
          {DIMENSIONS.map((option) => (
            <option key={option} value={option}>
              {DIMENSION_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
      {valueSelect("a")}
      {valueSelect("b")}
      {isPending ? <span className="muted">Updating…</span> : null}
    </div>
  );
}
