import { LABEL_REASONS } from "@answerscope/contracts/vocabularies";
import { describe, expect, it } from "vitest";
import { LABEL_RULES, PENDING } from "./label-rules";

describe("the outcome label rules", () => {
  // The contract's list is what the dashboard explains: each reason must be one a rule writes.
  it("write each label_reason of the contract, once, in its order", () => {
    expect([...LABEL_RULES.map((rule) => rule.reason), PENDING.reason]).toEqual([...LABEL_REASONS]);
  });
});
