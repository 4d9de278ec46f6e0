/**
 * What each `label_reason` (the rule of docs/metrics.md that produced an outcome label) means, in
 * words. An unknown rule name is shown as it is: the warehouse may learn rules before the dashboard.
 */
const RULE_TEXT: Record<string, string> = {
  finish_reason_failed: "Rule 1: the answer ended with error, max_iterations, no_reply or cancelled.",
  rated_down: "Rule 2: the owner's current rating is thumbs-down.",
  reask_followup: "Rule 2: the follow-up within 10 minutes is a re-ask.",
  rated_up_no_failed_tools: "Rule 3: rated thumbs-up and none of its tool calls failed.",
  rated_up: "Rule 4: rated thumbs-up (a tool call failed, so not excellent).",
  window_closed_no_followup: "Rule 4: 10 minutes passed without a follow-up.",
  followup_not_reask: "Rule 5: the follow-up is not a re-ask.",
  window_open: "Not final: the 10-minute window is still open and nothing has decided the label yet.",
};

export const describeLabelRule = (reason: string | null | undefined): string => (reason ? (RULE_TEXT[reason] ?? reason) : "Not evaluated yet.");
