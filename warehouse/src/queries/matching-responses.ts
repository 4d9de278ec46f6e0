import type { Warehouse } from "../client";
import { currentResponsesSql } from "../facts/current-responses";
import { sqlSubquery, whereAll, type IdSet, type SqlSubquery } from "../facts/sql-fragments";
import { filterConditions } from "../metrics/row-keys";
import type { Filters } from "./query-input";

export interface MatchingResponsesOptions {
  tenantId: string;
  /** Half-open range on the current version's occurred_at_ms; absent: all time. */
  from?: number;
  to?: number;
  filters?: Filters;
  /** Only these responses (all their versions are read, so the current one is still theirs). */
  responseIds?: IdSet;
}

/**
 * Subquery: the current version of each response of the tenant in range whose dimensions pass
 * the filters, with the derived `tool_used` dimension. The one definition of "the row's responses"
 * that tools, samples, reasons and feedback targets share with the metrics route.
 */
export function matchingResponsesSql(warehouse: Warehouse, options: MatchingResponsesOptions): string {
  const current = currentResponsesSql(warehouse, {
    tenantId: options.tenantId,
    fromMs: options.from,
    toMs: options.to,
    responseIds: options.responseIds,
  });
  return `SELECT *, if(tool_count > 0, 'yes', 'no') AS tool_used FROM (${current})
    ${whereAll(filterConditions(options.filters ?? {}))}`;
}

/** The ids of matchingResponsesSql's responses: a range's (or a whole tenant's), so `many` (see inSubquery). */
export const matchingResponseIdsSql = (warehouse: Warehouse, options: MatchingResponsesOptions): SqlSubquery =>
  sqlSubquery(`SELECT response_id FROM (${matchingResponsesSql(warehouse, options)})`, { many: true });

/** True when any dimension filter is set: then only calls and ratings tied to matching responses count. */
export const hasFilters = (filters: Filters | undefined): boolean =>
  Object.values(filters ?? {}).some((values) => (values?.length ?? 0) > 0);
