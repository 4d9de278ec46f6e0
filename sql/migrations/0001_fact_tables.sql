-- Fact tables: one row per delivered event, deduplicated on read.
-- Times are stored twice: DateTime('UTC') for partitioning and bucketing, and
-- epoch milliseconds (UInt64) because 18.16 has no DateTime64 and the contract keeps ms.
-- A re-delivered event has the same sorting key as its first copy; the version column
-- `keep_first` grows with EARLIER arrival, so a merge keeps the first copy (the
-- client_feedback_id rule needs "the first to arrive"). It is computed by the server.

CREATE TABLE IF NOT EXISTS {{db}}.responses {{on_cluster}} (
  tenant_id String,
  response_id String,
  event_id String,
  occurred_at DateTime('UTC'),
  occurred_at_ms UInt64,
  ingested_at_ms UInt64,
  keep_first UInt64 MATERIALIZED 4102444800000 - ingested_at_ms,
  session_id String,
  user_id String,
  channel String,
  model String,
  provider String,
  chat_type String,
  session_type String,
  language String,
  user_segment String,
  query_category String,
  query_category_source String,
  prompt_version String,
  bot_version String,
  trace_id String,
  time_cost_ms UInt64,
  prompt_tokens UInt64,
  completion_tokens UInt64,
  total_tokens UInt64,
  iteration_count UInt32,
  finish_reason String,
  tool_count UInt32,
  tools_used_names Array(String),
  citation_ids Array(String),
  response_length UInt64,
  query_text String,
  turn_index Int64,
  latency_bucket UInt16,
  -- 1 when this version became the response's current one as it was stored; a late
  -- older version is kept as a fact but counts nowhere (see 0002).
  became_current UInt8,
  -- The version this row superseded (same response_id, earlier by occurred_at then event_id),
  -- carried so the metrics view can retract it in the same INSERT (see 0002).
  prev_exists UInt8,
  prev_occurred_at DateTime('UTC'),
  prev_model String,
  prev_provider String,
  prev_channel String,
  prev_chat_type String,
  prev_session_type String,
  prev_language String,
  prev_user_segment String,
  prev_query_category String,
  prev_prompt_version String,
  prev_bot_version String,
  prev_finish_reason String,
  prev_latency_bucket UInt16,
  prev_iteration_count UInt32,
  prev_tool_count UInt32,
  prev_total_tokens UInt64
) ENGINE = {{engine:ReplacingMergeTree(keep_first)}}
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (tenant_id, response_id, event_id)
{{sharding_key:cityHash64(tenant_id, response_id)}};

CREATE TABLE IF NOT EXISTS {{db}}.tool_call_events {{on_cluster}} (
  tenant_id String,
  tool_call_id String,
  event_id String,
  occurred_at DateTime('UTC'),
  occurred_at_ms UInt64,
  ingested_at_ms UInt64,
  keep_first UInt64 MATERIALIZED 4102444800000 - ingested_at_ms,
  status String,
  tool_name String,
  user_id String,
  session_id String,
  diagnostic_task_id String,
  response_id String,
  arguments_json String,
  argument_keys Array(String),
  result_summary String,
  error_message String,
  error_category String,
  duration_ms Int64
) ENGINE = {{engine:ReplacingMergeTree(keep_first)}}
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (tenant_id, tool_call_id, event_id)
{{sharding_key:cityHash64(tenant_id, tool_call_id)}};

CREATE TABLE IF NOT EXISTS {{db}}.feedback_events {{on_cluster}} (
  tenant_id String,
  target_id String,
  event_id String,
  occurred_at DateTime('UTC'),
  occurred_at_ms UInt64,
  ingested_at_ms UInt64,
  keep_first UInt64 MATERIALIZED 4102444800000 - ingested_at_ms,
  client_feedback_id String,
  content_hash String,
  target_type String,
  subject_id String,
  diagnostic_task_id String,
  user_id String,
  session_id String,
  run_id String,
  rating String,
  reason String,
  reason_code String,
  comment String,
  correction String,
  severity Int8
) ENGINE = {{engine:ReplacingMergeTree(keep_first)}}
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (tenant_id, target_id, event_id)
{{sharding_key:cityHash64(tenant_id, user_id)}};

-- The warehouse copy of the dead-letter topic. `dedup_key` identifies the delivery
-- (topic/partition/offset, or a hash of an HTTP payload), so a re-delivered bad
-- message is kept once.
CREATE TABLE IF NOT EXISTS {{db}}.rejected_events {{on_cluster}} (
  tenant_id String,
  dedup_key String,
  received_at DateTime('UTC'),
  received_at_ms UInt64,
  keep_first UInt64 MATERIALIZED 4102444800000 - received_at_ms,
  source String,
  reason String,
  message String,
  event_id String,
  event_type String,
  payload String,
  payload_bytes UInt64
) ENGINE = {{engine:ReplacingMergeTree(keep_first)}}
PARTITION BY toYYYYMM(received_at)
ORDER BY (tenant_id, reason, dedup_key)
{{sharding_key:cityHash64(tenant_id, dedup_key)}};
