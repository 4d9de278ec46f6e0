import { normalizeForReask, REASK_PHRASES, redactPersonalData } from "@answerscope/contracts";
import type { FactBatch } from "../sink/fact-tables";
import { tenantPrivacy, type PrivacyConfig, type QueryTextMode } from "./tenant-privacy";

/**
 * The query_text to store under a mode. `none` keeps only the first re-ask phrase the text
 * contains: re-ask detection (the outcome evaluator's SQL) looks for those phrases in the
 * follow-up's stored text, and a phrase of that fixed list says nothing about the user.
 */
export function storedQueryText(text: string, mode: QueryTextMode): string {
  if (mode === "full" || text === "") return text;
  if (mode === "redacted") return redactPersonalData(text);
  const normalized = normalizeForReask(text);
  return REASK_PHRASES.find((phrase) => normalized.includes(phrase)) ?? "";
}

/**
 * Applies each tenant's query_text mode to the responses of a batch, in place, before the sink
 * stores them: the one step every ingest path (collector, Kafka worker, OTLP) passes. Idempotent,
 * so a batch checked again after a failed write is unchanged by a second pass.
 */
export function applyQueryTextPolicy(batch: FactBatch, config: PrivacyConfig): void {
  for (const row of batch.responses)
    row.query_text = storedQueryText(row.query_text, tenantPrivacy(config, row.tenant_id).query_text);
}
