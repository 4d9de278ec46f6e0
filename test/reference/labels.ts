import { buildTenantState } from "./state";
import type { LabelInfo, RawEvent, ReferenceOptions } from "./types";

/** Outcome label of every response of the tenant (current state over all its events). */
export function referenceLabels(
  events: readonly RawEvent[],
  tenant_id: string,
  opts: ReferenceOptions = {},
): Map<string, LabelInfo> {
  return buildTenantState(events, tenant_id, opts).labels;
}
