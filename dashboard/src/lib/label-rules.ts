import type { LabelReason } from "@answerscope/contracts/vocabularies";

/**
 * What each `label_reason` (the rule of docs/metrics.md that produced an outcome label) means, in
 * words; typed by the contract's list, so a new rule does not compile until it is explained here.
 * A name outside the list (an answer from a newer API) is shown as it is.
 */
const RULE_TEXT: Record<LabelReason, string> = {
  finish_reason_failed: "Rule 1: the answer ended with error, max_iterations, no_reply or cancelled.",
  rated_down: "Rule 2: the owner's current rating is thumbs-down.",
  reask_followup: "Rule 2: the follow-up within 10 minutes is a re-ask.",
  rated_up_no_failed_tools: "Rule 3: rated thumbs-up and none of its tool calls failed.",
  rated_up: "Rule 4: rated thumbs-up (a tool call failed, so not excellent).",
  rated_neutral: "Rule 4: the owner's current rating is neutral (e.g. a score at its scale's midpoint).",
  window_closed_no_followup: "Rule 4: 10 minutes passed without a follow-up.",
  followup_not_reask: "Rule 5: the follow-up is not a re-ask.",
  window_open: "Not final: the 10-minute window is still open and nothing has decided the label yet.",
};

export const describeLabelRule = (reason: string | null | undefined): string =>
  reason ? ((RULE_TEXT as Record<string, string>)[reason] ?? reason) : "Not evaluated yet.";
