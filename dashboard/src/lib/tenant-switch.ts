import { EMPTY_STATE, type ViewState } from "./url-state";

/**
 * The same view on another tenant (chosen in the filter bar, or the one left after logging out of
 * this one): the time and the view's own choices (grouping, bucket, compared metric and dimension,
 * which samples) carry over; what names this tenant's values (dimension filters, tools, compared
 * values, a page cursor, a matrix cell) does not, since the other tenant may not have them.
 */
export function onTenant(state: ViewState, tenant: string): ViewState {
  const { range, slice, bucket, metric, dimension, samples, reason } = state;
  return { ...EMPTY_STATE, tenant, range, slice, bucket, metric, dimension, samples, reason };
}
