import { redactPersonalData, STORED_TEXT_MAX_BYTES, truncateUtf8Bytes } from "@answerscope/contracts";
import type { FactBatch } from "../sink/fact-tables";
import type { ResponseTextRow } from "../sink/rows";
import { tenantPrivacy, type PrivacyConfig } from "./tenant-privacy";

/** One text as stored: secrets, e-mail addresses and phone numbers masked first, then cut to the byte limit. */
function bounded(text: string, alreadyCut: number): { text: string; truncated: number } {
  const cut = truncateUtf8Bytes(redactPersonalData(text), STORED_TEXT_MAX_BYTES);
  // A second pass over a cut text finds it within the limit: the mark of the first cut stays.
  return { text: cut.text, truncated: alreadyCut || cut.truncated ? 1 : 0 };
}

/** A response's texts as response_texts keeps them. */
export function storedTextRow(row: ResponseTextRow): ResponseTextRow {
  const question = bounded(row.question_text, row.question_truncated);
  const answer = bounded(row.answer_text, row.answer_truncated);
  return {
    ...row,
    question_text: question.text,
    question_truncated: question.truncated,
    answer_text: answer.text,
    answer_truncated: answer.truncated,
  };
}

/**
 * Keeps the texts of a batch only for the tenants that opted in (`answer_texts`), redacted and
 * bounded, before the sink checks or stores anything: the writer's one privacy step, which every
 * ingest path passes. Idempotent, so a batch prepared again after a failed write is unchanged.
 */
export function applyAnswerTextPolicy(batch: FactBatch, config: PrivacyConfig): void {
  const kept = batch.texts.filter((row) => tenantPrivacy(config, row.tenant_id).answer_texts).map(storedTextRow);
  // In place: the buffer counts what it wrote against this same batch's rows.
  batch.texts.splice(0, batch.texts.length, ...kept);
}
