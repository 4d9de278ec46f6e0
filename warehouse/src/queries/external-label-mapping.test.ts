import { describe, expect, it } from "vitest";
import { EXTERNAL_LABEL_MAPPINGS, externalLabelRule } from "./external-label-mapping";
import { OUTCOME_LABELS } from "./query-input";

describe("external label mapping", () => {
  it("names for each of vikingbot's documented labels the Answerscope labels it agrees with", () => {
    const agreeing = Object.fromEntries(
      Object.entries(EXTERNAL_LABEL_MAPPINGS.vikingbot!).map(([label, rule]) => [label, rule.agreeing]),
    );
    expect(agreeing).toEqual({
      positive_feedback: ["excellent", "good"],
      negative_feedback: ["bad"],
      reasked: ["bad", "neutral"],
      resolved: ["good"],
      follow_up_without_feedback: ["good"],
    });
  });

  it("never counts a label that is not final, or a failed answer, as agreeing", () => {
    for (const rules of Object.values(EXTERNAL_LABEL_MAPPINGS)) {
      for (const rule of Object.values(rules)) {
        expect(rule.agreeing.every((label) => OUTCOME_LABELS.includes(label))).toBe(true);
        expect(rule.agreeing).not.toContain("pending");
        expect(rule.agreeing).not.toContain("failed");
      }
    }
  });

  it("compares nothing outside the mapping, inherited object keys included", () => {
    expect(externalLabelRule("vikingbot", "follow_up")).toBeNull();
    expect(externalLabelRule("vikingbot", "constructor")).toBeNull();
    expect(externalLabelRule("langfuse", "positive_feedback")).toBeNull();
    expect(externalLabelRule("toString", "positive_feedback")).toBeNull();
    expect(externalLabelRule("vikingbot", "resolved")?.agreeing).toEqual(["good"]);
  });
});
