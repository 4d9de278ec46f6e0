/**
 * Every table that holds a tenant's data about people, declared once (docs/privacy.md): how an
 * erasure finds one user's rows in it, and which time column a retention deletes it by. Erase
 * (erase-user.ts) and retention (retention.ts) both derive their table lists from here, so a table
 * added to one is in the other.
 *
 * - `erase`: `user` (its user_id), `response` / `call` (the ids of the user's answers / calls),
 *   `payload` (a refused event's stored payload names the user), or `repair`: a view's sums, not
 *   deleted by an erasure but corrected from the remaining facts (repairViews, the outcome rollup).
 * - `time`: the column a retention compares with its cutoff (a DateTime, or epoch ms when named
 *   `*_ms`); `call`: whole tool calls by their first event (retention.ts).
 *
 * Not listed (no data about people, kept): keys, watermarks, evaluator runs, sync marks, repair
 * records, `tenant_fact_times` (a tenant's newest times), `erasures` (hashes, the record itself).
 */
export const TENANT_TABLES = {
  responses: { erase: "user", time: "occurred_at" },
  tool_call_events: { erase: "call", time: "call" },
  feedback_events: { erase: "user", time: "occurred_at" },
  response_labels: { erase: "response", time: "occurred_at" },
  response_labels_by_time: { erase: "response", time: "occurred_at" },
  external_outcome_labels: { erase: "response", time: "occurred_at" },
  langfuse_written_scores: { erase: "response", time: "written_at_ms" },
  responses_by_session: { erase: "response", time: "occurred_at" },
  tool_calls_by_response: { erase: "call", time: "call" },
  tool_call_firsts: { erase: "call", time: "first_at" },
  tool_call_states: { erase: "call", time: "first_at" },
  rejected_events: { erase: "payload", time: "received_at" },
  response_texts: { erase: "response", time: "occurred_at" },
  judge_scores: { erase: "response", time: "occurred_at" },
  metrics_5m: { erase: "repair", time: "bucket" },
  metrics_1h_by_dimension: { erase: "repair", time: "bucket" },
  outcomes_1h_by_dimension: { erase: "repair", time: "bucket" },
  outcome_rollup_stale: { erase: "repair", time: "bucket" },
} as const satisfies Record<string, { erase: EraseKey; time: string }>;

export type EraseKey = "user" | "response" | "call" | "payload" | "repair";
export type TenantTable = keyof typeof TENANT_TABLES;
export const TENANT_TABLE_NAMES = Object.keys(TENANT_TABLES) as TenantTable[];
