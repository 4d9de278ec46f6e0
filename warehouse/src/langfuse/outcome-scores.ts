import { stableId } from "./score-ids";

/** What the write-back reads for one response: its current label row and its response's facts. */
export interface LabelledResponse {
  response_id: string;
  trace_id: string;
  label: string;
  label_reason: string;
  explicit_rating: string;
  followup_response_id: string;
  followup_is_reask: number;
  window_closed: number;
  tool_calls_completed: number;
  tool_calls_failed: number;
  tool_calls_unfinished: number;
  time_cost_ms: number;
  occurred_at_ms: number;
  evaluated_at_ms: number;
}

/** A score as `POST /api/public/scores` takes it (the fields Answerscope sets; README: "Client and endpoints"). */
export interface ScoreWrite {
  id: string;
  traceId: string;
  name: ScoreName;
  dataType: "NUMERIC" | "CATEGORICAL";
  value: number | string;
  comment: string;
}

export const SCORE_NAMES = [
  "response_outcome_label",
  "user_feedback_score",
  "implicit_resolution_score",
  "response_quality_score",
  "tool_execution_score",
  "latency_satisfaction_score",
] as const;
export type ScoreName = (typeof SCORE_NAMES)[number];

/** response_quality_score per label (README): the label's rank from failed 0 to excellent 1. */
export const QUALITY_BY_LABEL: Readonly<Record<string, number>> = {
  excellent: 1,
  good: 0.75,
  neutral: 0.5,
  bad: 0.25,
  failed: 0,
};

/** Whether a label is a verdict: `pending` (window still open, nothing decided) is not written. */
export const isVerdict = (label: string): boolean => label in QUALITY_BY_LABEL;

/**
 * The scores of one labelled response, each only when it can be computed (README: a score that
 * is unknown is left out, never sent as 0). Ids derive from tenant, response and name.
 */
export function outcomeScores(tenantId: string, row: LabelledResponse, latencyTargetMs: number): ScoreWrite[] {
  const score = (name: ScoreName, dataType: ScoreWrite["dataType"], value: number | string): ScoreWrite => ({
    id: stableId(tenantId, row.response_id, name),
    traceId: row.trace_id,
    name,
    dataType,
    value,
    comment: `answerscope ${row.label_reason}`,
  });
  const scores = [
    score("response_outcome_label", "CATEGORICAL", row.label),
    score("user_feedback_score", "NUMERIC", row.explicit_rating === "up" ? 1 : row.explicit_rating === "down" ? -1 : 0),
    score("response_quality_score", "NUMERIC", QUALITY_BY_LABEL[row.label]!),
  ];
  const hasFollowup = row.followup_response_id !== "";
  if (hasFollowup || Number(row.window_closed) === 1) {
    scores.push(
      score("implicit_resolution_score", "NUMERIC", !hasFollowup ? 1 : Number(row.followup_is_reask) === 1 ? -1 : 0),
    );
  }
  const calls = Number(row.tool_calls_completed) + Number(row.tool_calls_failed) + Number(row.tool_calls_unfinished);
  if (calls > 0) scores.push(score("tool_execution_score", "NUMERIC", Number(row.tool_calls_completed) / calls));
  const latency = Number(row.time_cost_ms);
  scores.push(
    score(
      "latency_satisfaction_score",
      "NUMERIC",
      latency <= latencyTargetMs ? 1 : latency <= 4 * latencyTargetMs ? 0.5 : 0,
    ),
  );
  return scores;
}
