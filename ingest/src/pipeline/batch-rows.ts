import { rejectedRow, type FactBatch } from "@answerscope/warehouse";
import type { PipelineOutcome } from "./pipeline";
import type { FactRow } from "./steps/to-fact-row";

/** Adds a fact row to its table's rows in the batch (a response's texts to theirs). */
export function addFactRow(batch: FactBatch, fact: FactRow): void {
  (batch[fact.kind] as object[]).push(fact.row);
  if (fact.kind === "responses" && fact.text) batch.texts.push(fact.text);
}

/**
 * Adds what storing an outcome at once stores: its fact row, or its rejected row. (A Kafka worker
 * sends rejections to the dead-letter topic instead, and stores them when it reads them back.)
 */
export function addOutcome(batch: FactBatch, outcome: PipelineOutcome): void {
  if (outcome.kind === "fact") addFactRow(batch, outcome.fact);
  else batch.rejected.push(rejectedRow(outcome.rejection));
}
