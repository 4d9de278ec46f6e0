import type { NormalizedEvent } from "@answerscope/contracts";
import {
  externalLabelRow,
  feedbackRow,
  responseRow,
  responseTextRow,
  toolCallRow,
  type FactBatch,
} from "@answerscope/warehouse";
import { ok, type StepResult } from "../result";

export type FactRow =
  // `text`: the answer's texts, kept only for a tenant that opted in (the writer's privacy step).
  | { kind: "responses"; row: FactBatch["responses"][number]; text: FactBatch["texts"][number] | null }
  | { kind: "toolCalls"; row: FactBatch["toolCalls"][number] }
  | { kind: "feedback"; row: FactBatch["feedback"][number] }
  | { kind: "externalLabels"; row: FactBatch["externalLabels"][number] };

/** Routes a valid event to the row of its fact table. */
export function toFactRowStep(event: NormalizedEvent, ingestedAtMs: number): StepResult<FactRow> {
  switch (event.event_type) {
    case "response_completed":
      return ok({
        kind: "responses",
        row: responseRow(event, ingestedAtMs),
        text: responseTextRow(event, ingestedAtMs),
      });
    case "tool_call":
      return ok({ kind: "toolCalls", row: toolCallRow(event, ingestedAtMs) });
    case "feedback_submitted":
      return ok({ kind: "feedback", row: feedbackRow(event, ingestedAtMs) });
    case "external_outcome_recorded":
      return ok({ kind: "externalLabels", row: externalLabelRow(event, ingestedAtMs) });
  }
}
