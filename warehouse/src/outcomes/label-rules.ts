import type { LabelReason } from "@answerscope/contracts/vocabularies";
import type { OutcomeLabel } from "../queries/query-input";
import { sqlList, sqlValue } from "../sql/escape";

/** docs/metrics.md: a response that ended this way is `failed` whatever else is known. */
export const FAILED_FINISH_REASONS = ["error", "max_iterations", "no_reply", "cancelled"] as const;

/** Follow-up window and observation window of docs/metrics.md, inclusive. */
export const FOLLOWUP_WINDOW_MS = 600_000;

/**
 * The rules of docs/metrics.md in order, first match wins, with the `label_reason` each
 * writes. `when` is SQL over the evaluator's columns: finish_reason, explicit_rating
 * ('up' | 'down' | 'neutral' | ''), has_followup, followup_is_reask, window_closed, has_failed_tool.
 */
export const LABEL_RULES: readonly { label: OutcomeLabel; reason: LabelReason; when: string }[] = [
  { label: "failed", reason: "finish_reason_failed", when: `finish_reason IN ${sqlList(FAILED_FINISH_REASONS)}` },
  { label: "bad", reason: "rated_down", when: "explicit_rating = 'down'" },
  { label: "bad", reason: "reask_followup", when: "has_followup AND followup_is_reask" },
  { label: "excellent", reason: "rated_up_no_failed_tools", when: "explicit_rating = 'up' AND NOT has_failed_tool" },
  { label: "good", reason: "rated_up", when: "explicit_rating = 'up'" },
  // A neutral rating is the user's word too, neither up nor down: final at once, as an up rating is.
  { label: "neutral", reason: "rated_neutral", when: "explicit_rating = 'neutral'" },
  { label: "good", reason: "window_closed_no_followup", when: "window_closed AND NOT has_followup" },
  { label: "neutral", reason: "followup_not_reask", when: "window_closed" },
];
/** No rule matched: the window is still open and nothing decided the label yet. */
export const PENDING = { label: "pending", reason: "window_open" } as const satisfies {
  label: OutcomeLabel;
  reason: LabelReason;
};

const multiIf = (pick: (rule: (typeof LABEL_RULES)[number]) => string, otherwise: string) =>
  `multiIf(${LABEL_RULES.map((rule) => `${rule.when}, ${sqlValue(pick(rule))}`).join(", ")}, ${sqlValue(otherwise)})`;

/** SQL expressions for `label` and `label_reason` (the strings above are constants, not input). */
export const labelSql = () => multiIf((rule) => rule.label, PENDING.label);
export const labelReasonSql = () => multiIf((rule) => rule.reason, PENDING.reason);
