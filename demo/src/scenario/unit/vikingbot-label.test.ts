import {
  parseEvent,
  type ExternalOutcomeRecorded,
  type FeedbackSubmitted,
  type ResponseCompleted,
} from "@answerscope/contracts";
import { describe, expect, it } from "vitest";
import { buildUnit, type UnitSpec } from "./build-unit";

const SPEC: UnitSpec = { seed: 42, tenants: ["demo", "acme"], diagnosticShare: 0.12, vikingbotShare: 0.3 };
const UNITS = Array.from({ length: 400 }, (_, index) => index);
const WINDOW_MS = 10 * 60_000;

const parsed = (spec: UnitSpec, index: number) =>
  buildUnit(spec, index, 0).map(({ event }) => {
    const result = parseEvent(JSON.stringify(event));
    if (!result.ok) throw new Error(`rejected (${result.reason}): ${JSON.stringify(event)}`);
    return result.event;
  });

describe("vikingbot labels in the demo traffic", () => {
  it(
    "label every answer of about the share of chat sessions, and leave every other event as it was",
    { timeout: 30_000 },
    () => {
      let labelledUnits = 0;
      let chatUnits = 0;
      for (const index of UNITS) {
        const raw = buildUnit(SPEC, index, 0);
        expect(raw.filter(({ event }) => event.event_type !== "external_outcome_recorded")).toEqual(
          buildUnit({ ...SPEC, vikingbotShare: 0 }, index, 0),
        );
        const withLabels = parsed(SPEC, index);
        const labels = withLabels.filter(
          (event): event is ExternalOutcomeRecorded => event.event_type === "external_outcome_recorded",
        );
        const answers = withLabels.filter(
          (event): event is ResponseCompleted => event.event_type === "response_completed",
        );
        if (answers.length === 0) continue; // a diagnostic task: no chat, no labels
        chatUnits++;
        if (labels.length === 0) continue;
        labelledUnits++;
        expect(labels.map((label) => label.response_id).sort()).toEqual(
          answers.map((answer) => answer.response_id).sort(),
        );
        expect(labels.every((label) => label.source === "vikingbot" && label.tenant_id === answers[0]!.tenant_id)).toBe(
          true,
        );
      }
      expect(labelledUnits / chatUnits).toBeGreaterThan(0.22);
      expect(labelledUnits / chatUnits).toBeLessThan(0.38);
    },
  );

  it(
    "give each answer the label of vikingbot's rule: feedback first, then the next message, else resolved",
    { timeout: 30_000 },
    () => {
      const seen = new Set<string>();
      for (const index of UNITS) {
        const events = parsed(SPEC, index);
        const answers = events
          .filter((event): event is ResponseCompleted => event.event_type === "response_completed")
          .sort((a, b) => a.occurred_at_ms - b.occurred_at_ms);
        for (const label of events.filter(
          (event): event is ExternalOutcomeRecorded => event.event_type === "external_outcome_recorded",
        )) {
          const at = answers.findIndex((answer) => answer.response_id === label.response_id);
          const answer = answers[at]!;
          const thumbs = events.find(
            (event): event is FeedbackSubmitted =>
              event.event_type === "feedback_submitted" &&
              event.target_type === "chat_message" &&
              event.target_id === answer.response_id,
          );
          const next = answers[at + 1];
          // The next answer ends after the user's next message; its start is occurred_at - time_cost_ms.
          const nextMessageMs = next ? next.occurred_at_ms - next.time_cost_ms : null;
          const expected = thumbs
            ? thumbs.rating === "up"
              ? "positive_feedback"
              : "negative_feedback"
            : nextMessageMs === null
              ? "resolved"
              : nextMessageMs - answer.occurred_at_ms <= WINDOW_MS
                ? "reasked"
                : "follow_up_without_feedback";
          expect(label.label, `${label.response_id}`).toBe(expected);
          expect(label.occurred_at_ms).toBeGreaterThanOrEqual(answer.occurred_at_ms);
          seen.add(label.label);
        }
      }
      expect([...seen].sort()).toEqual([
        "follow_up_without_feedback",
        "negative_feedback",
        "positive_feedback",
        "reasked",
        "resolved",
      ]);
    },
  );
});
