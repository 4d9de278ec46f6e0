import { createHash } from "node:crypto";

/**
 * A stable id for what Answerscope writes about one response: the same tenant, response and name
 * give the same id, so a re-evaluation updates the score (or event) in Langfuse instead of adding
 * one (Langfuse upserts a score by its id). UUID-shaped, from SHA-256 of the three parts.
 */
export function stableId(tenantId: string, responseId: string, name: string): string {
  const hex = createHash("sha256")
    .update(JSON.stringify([tenantId, responseId, name]))
    .digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
