-- The current outcome label of each response (metrics-v1.md), written by the outcome
-- evaluator: a new row when a label's inputs change, the latest evaluation wins.
-- Dimensions are copied from the response so Phase 2 figures filter and group without a join.
-- No partitioning: a response whose later version moves to another month must still
-- replace its earlier label row, and FINAL only merges within a partition.

CREATE TABLE IF NOT EXISTS {{db}}.response_labels {{on_cluster}} (
  tenant_id String,
  response_id String,
  session_id String,
  occurred_at DateTime('UTC'),
  occurred_at_ms UInt64,
  model String,
  provider String,
  channel String,
  chat_type String,
  session_type String,
  language String,
  user_segment String,
  query_category String,
  prompt_version String,
  bot_version String,
  tool_used String,
  finish_reason String,
  label String,
  label_reason String,
  explicit_rating String,
  has_failed_tool UInt8,
  followup_response_id String,
  followup_is_reask UInt8,
  window_closed UInt8,
  evaluated_at_ms UInt64
) ENGINE = {{engine:ReplacingMergeTree(evaluated_at_ms)}}
ORDER BY (tenant_id, response_id)
{{sharding_key:cityHash64(tenant_id, response_id)}};
