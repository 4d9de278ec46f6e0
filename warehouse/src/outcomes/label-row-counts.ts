import { GOOD_OR_BETTER_LABELS } from "../queries/query-input";
import { sqlValue } from "../sql/escape";

/**
 * What Phase 2 counts of one label row (docs/metrics.md), as SQL over a response_labels row: summed
 * over a row's responses by the metrics route, and per hour by the outcome rollup (migration 0013).
 * One definition, so the rollup and the reads of label rows cannot drift apart.
 */
export const LABEL_ROW_COUNTS = {
  labeled: "1",
  rated: "explicit_rating != ''",
  rated_up: "explicit_rating = 'up'",
  rated_down: "explicit_rating = 'down'",
  window_closed: "window_closed = 1",
  followups: "window_closed = 1 AND followup_response_id != ''",
  reasks: "window_closed = 1 AND followup_is_reask = 1",
  excellent: "label = 'excellent'",
  good: "label = 'good'",
  neutral: "label = 'neutral'",
  bad: "label = 'bad'",
  failed: "label = 'failed'",
  tools_completed: "tool_calls_completed",
  tools_failed: "tool_calls_failed",
  tools_unfinished: "tool_calls_unfinished",
} as const;

/**
 * The one-turn resolution counts of a response that is the first of its session among a row's
 * responses: its label is final; it is resolved (good or better, and no follow-up).
 */
export const FIRST_OF_SESSION_COUNTS = {
  final: "label != 'pending'",
  resolved: `label IN (${GOOD_OR_BETTER_LABELS.map(sqlValue).join(", ")}) AND followup_response_id = ''`,
} as const;

export type LabelRowCount = keyof typeof LABEL_ROW_COUNTS;
export const LABEL_ROW_COUNT_NAMES = Object.keys(LABEL_ROW_COUNTS) as LabelRowCount[];

const ALL_COUNTS = { ...LABEL_ROW_COUNTS, ...FIRST_OF_SESSION_COUNTS };

/** `toUInt64(<count of the row>)`: summable whether the expression is a condition or a column. */
export const labelRowCountSql = (name: keyof typeof ALL_COUNTS): string => `toUInt64(${ALL_COUNTS[name]})`;

/** The label columns these expressions read. */
export const LABEL_COUNT_COLUMNS = [
  "label",
  "explicit_rating",
  "window_closed",
  "followup_response_id",
  "followup_is_reask",
  "tool_calls_completed",
  "tool_calls_failed",
  "tool_calls_unfinished",
] as const;
