import { validateEvent } from "@answerscope/contracts";
import { describe, expect, it } from "vitest";
import { metadataLine, sessionText } from "../testing/vikingbot-lines";
import { parseSession } from "../vikingbot/parse-session";
import { sessionEventsOf } from "./session-events";

const KEY = "feishu__cli_a__oc_1";
const context = { tenantId: "vb", timeZone: "Asia/Shanghai", model: "unknown", provider: "unknown" };

function labelsOf(line: string) {
  const parsed = parseSession(sessionText([line]));
  if (parsed.kind !== "session") throw new Error(parsed.reason);
  const mapped = sessionEventsOf(parsed, context);
  return {
    ...mapped,
    parsed,
    labels: mapped.events.flatMap(({ event }) => (event.event_type === "external_outcome_recorded" ? [event] : [])),
  };
}

describe("vikingbot response_outcomes", () => {
  it("become external_outcome_recorded events in vikingbot’s own vocabulary, at the evaluation time read in the bot’s zone", () => {
    const { labels } = labelsOf(
      metadataLine(KEY, [], [], {
        r1: {
          label: "reasked",
          evaluated_at: "2026-08-20T10:09:30.25",
          reask_within_10m: true,
          user_follow_up_count: 1,
        },
        r2: { label: "positive_feedback", feedback_type: "thumb_up" },
      }),
    );
    expect(labels).toEqual([
      {
        event_id: expect.stringMatching(/^vbo_[0-9a-f]{64}$/),
        event_type: "external_outcome_recorded",
        schema_version: 1,
        tenant_id: "vb",
        occurred_at: "2026-08-20T02:09:30.250Z",
        response_id: "r1",
        source: "vikingbot",
        label: "reasked",
        evidence: {
          resolved_in_one_turn: false,
          reask_within_10m: true,
          clarification_turns: 0,
          follow_up_without_feedback: false,
          user_follow_up_count: 1,
          assistant_index: 1,
        },
      },
      expect.objectContaining({
        response_id: "r2",
        label: "positive_feedback",
        occurred_at: "2026-08-20T04:00:00.000Z",
        evidence: expect.objectContaining({ feedback_type: "thumb_up", resolved_in_one_turn: true }),
      }),
    ]);
    for (const label of labels) expect(validateEvent(label)).toMatchObject({ ok: true });
  });

  it("keeps the id of an unchanged label and gives a re-evaluation a new one", () => {
    const once = labelsOf(metadataLine(KEY, [], [], { r1: "resolved" })).labels[0]!;
    const again = labelsOf(metadataLine(KEY, [], [], { r1: "resolved" })).labels[0]!;
    const reevaluated = labelsOf(
      metadataLine(KEY, [], [], { r1: { label: "reasked", evaluated_at: "2026-08-20T12:05:00" } }),
    ).labels[0]!;
    expect(again.event_id).toBe(once.event_id);
    expect(reevaluated.event_id).not.toBe(once.event_id);
    expect(Date.parse(reevaluated.occurred_at) - Date.parse(once.occurred_at)).toBe(5 * 60_000);
  });

  it("reports an entry without a label or with an unreadable time by its response id, and maps the others", () => {
    const line = JSON.parse(metadataLine(KEY, [], [], { r1: "resolved", r2: "resolved", r3: "resolved" })) as {
      metadata: { response_outcomes: Record<string, Record<string, unknown>> };
    };
    delete line.metadata.response_outcomes.r2!.outcome_label;
    line.metadata.response_outcomes.r3!.evaluated_at = "later";
    const result = labelsOf(JSON.stringify(line));
    expect(result.labels.map((event) => event.response_id)).toEqual(["r1"]);
    expect(result.parsed.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^response_outcomes\.r2: outcome_label/),
    ]);
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'response_outcomes.r3: evaluated_at "later" is not a time',
    ]);
  });
});
