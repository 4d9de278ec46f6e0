import type { ExternalLabelRow, FeedbackRow, RejectedRow, ResponseRow, ResponseTextRow, ToolCallRow } from "./rows";

/**
 * The fact tables the sink writes, with the columns that identify one delivered
 * event. The key is a prefix-compatible slice of each table's ORDER BY, so the
 * "already stored?" lookup is a primary-key read. It filters on the first
 * `lookupColumns` of the key (an entity has few events, so matching event_id in
 * the client is cheaper than sending every event_id); a reason has many rows,
 * so rejected events filter on all three. The last lookup column is read first (a
 * PREWHERE, key-lookup.ts), so it must be the most selective one.
 */
export const FACT_TABLES = {
  responses: { table: "responses", key: ["tenant_id", "response_id", "event_id"], lookupColumns: 2 },
  toolCalls: { table: "tool_call_events", key: ["tenant_id", "tool_call_id", "event_id"], lookupColumns: 2 },
  feedback: { table: "feedback_events", key: ["tenant_id", "target_id", "event_id"], lookupColumns: 2 },
  rejected: { table: "rejected_events", key: ["tenant_id", "reason", "dedup_key"], lookupColumns: 3 },
  externalLabels: {
    table: "external_outcome_labels",
    key: ["tenant_id", "response_id", "source", "event_id"],
    lookupColumns: 2,
  },
  // Only for tenants that opt in (privacy/answer-text-policy.ts drops the others' before the checks).
  texts: { table: "response_texts", key: ["tenant_id", "response_id", "event_id"], lookupColumns: 2 },
} as const;

export interface FactBatch {
  responses: ResponseRow[];
  toolCalls: ToolCallRow[];
  feedback: FeedbackRow[];
  rejected: RejectedRow[];
  externalLabels: ExternalLabelRow[];
  texts: ResponseTextRow[];
}

export type FactKind = keyof FactBatch;
export const FACT_KINDS = Object.keys(FACT_TABLES) as FactKind[];

export const emptyFactBatch = (): FactBatch => ({
  responses: [],
  toolCalls: [],
  feedback: [],
  rejected: [],
  externalLabels: [],
  texts: [],
});

export function factBatchSize(batch: FactBatch): number {
  return FACT_KINDS.reduce((sum, kind) => sum + batch[kind].length, 0);
}

export function appendFactBatch(into: FactBatch, from: FactBatch): void {
  for (const kind of FACT_KINDS) (into[kind] as object[]).push(...(from[kind] as object[]));
}
