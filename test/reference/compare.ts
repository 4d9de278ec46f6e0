import { rateParts, rowStatsFromState } from "./metrics";
import { buildTenantState, type TenantState } from "./state";
import { twoProportionZTest, wilson } from "./stats";
import type { CompareQuery, CompareResult, CompareSlice, RawEvent, ReferenceOptions } from "./types";
import { ratio } from "./util";

export const MIN_DENOMINATOR = 30;

function slice(state: TenantState, q: CompareQuery, value: string, opts: ReferenceOptions): CompareSlice {
  const [stats] = rowStatsFromState(
    state,
    { tenant_id: q.tenant_id, from: q.from, to: q.to, filters: { ...(q.filters ?? {}), [q.dimension]: [value] } },
    opts,
  );
  const { numerator, denominator } = rateParts(stats!, q.metric);
  const ci = denominator > 0 ? wilson(numerator, denominator) : null;
  return {
    value,
    rate: ratio(numerator, denominator),
    numerator,
    denominator,
    ci_low: ci?.low ?? null,
    ci_high: ci?.high ?? null,
    insufficient_data: denominator < MIN_DENOMINATOR,
  };
}

/**
 * Comparison of one rate metric between two values of a dimension. Each slice keeps its rate and
 * Wilson 95 % interval (null only when its denominator is 0); when either slice has a denominator
 * below 30 the comparison is insufficient_data: difference, z and p_value are null, significant false.
 */
export function referenceCompare(
  events: readonly RawEvent[],
  q: CompareQuery,
  opts: ReferenceOptions = {},
): CompareResult {
  const state = buildTenantState(events, q.tenant_id, opts);
  const a = slice(state, q, q.a, opts);
  const b = slice(state, q, q.b, opts);
  const insufficient = a.insufficient_data || b.insufficient_data;
  if (insufficient) {
    return {
      metric: q.metric,
      dimension: q.dimension,
      a,
      b,
      difference: null,
      z: null,
      p_value: null,
      significant: false,
      insufficient_data: true,
    };
  }
  const { z, p_value } = twoProportionZTest(a.numerator, a.denominator, b.numerator, b.denominator);
  return {
    metric: q.metric,
    dimension: q.dimension,
    a,
    b,
    difference: b.rate! - a.rate!,
    z,
    p_value,
    significant: p_value < 0.05,
    insufficient_data: false,
  };
}
