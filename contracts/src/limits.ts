// Size limits of docs/events.md that more than one module needs (the parser, the schemas, and the
// warehouse, which sizes its columns from them).

/** A message whose raw bytes exceed this is rejected as `too_large` before it is even parsed. */
export const MAX_EVENT_BYTES = 256 * 1024;

/** Free texts are truncated to these many characters (code points), never rejected for length. */
export const TEXT_LIMITS = {
  query_text: 4000,
  arguments_json: 2000,
  result_summary: 2000,
  error_message: 2000,
  reason: 80,
  comment: 2000,
  correction: 4000,
  evidence_json: 2000,
  /**
   * Twice the stored byte limit (STORED_TEXT_MAX_BYTES): a text the contract cut is always over
   * that limit too, so the stored copy is marked truncated whenever anything was cut.
   */
  answer_text: 32_768,
} as const;

/** Bytes of UTF-8 kept of a question or answer text stored for the LLM judge; more is cut and marked. */
export const STORED_TEXT_MAX_BYTES = 16 * 1024;

/** Most entries `tools_used_names` and `citation_ids` may hold; more rejects the event. */
export const MAX_LIST_ENTRIES = 256;
