-- Read paths that stay fast at millions of responses per tenant (issue 6).
--
-- 1. metrics_1h_by_dimension: the Phase 1 sums of metrics_5m per tenant x hour x ONE dimension
--    (dimension = '' is the tenant's total). metrics_5m keys every row by all eleven
--    dimensions, so at real densities it holds about one row per response and a 90-day read
--    merges millions of rows; here an hour holds one row per value of each dimension (tens of
--    rows), whatever the traffic. The metrics route reads it when the request groups and filters
--    by at most one dimension, which is what the dashboard asks; any other request reads
--    metrics_5m. Fed like metrics_5m: +1 for a version that becomes current, -1 for the version
--    it superseded, one ARRAY JOIN row per dimension (ARRAY JOIN works in a view on 18.16).
--    Rows written before this migration are not in it: an existing deployment fills it once,
--    with ingest stopped, by the INSERT ... SELECT from metrics_5m in sql/README.md.
--
-- 2. response_labels_by_time: the outcome evaluator's label rows again, keyed by the response's
--    time, so a time range reads only its own rows (response_labels is keyed by response_id and
--    a range read scanned the whole tenant). A response whose current version moves to another
--    time leaves its old row behind; the evaluator then writes a `retracted` row under the old
--    key, newer than the old one, so FINAL keeps only the row at the current time.

CREATE TABLE IF NOT EXISTS {{db}}.metrics_1h_by_dimension {{on_cluster}} (
  tenant_id String,
  bucket DateTime('UTC'),
  dimension String,
  value String,
  responses AggregateFunction(sum, Int64),
  max_iterations AggregateFunction(sum, Int64),
  no_reply AggregateFunction(sum, Int64),
  errors AggregateFunction(sum, Int64),
  iterations AggregateFunction(sum, Int64),
  tools AggregateFunction(sum, Int64),
  tokens AggregateFunction(sum, Int64),
  latency_histogram AggregateFunction(sumMap, Array(UInt16), Array(Int64))
) ENGINE = {{engine:AggregatingMergeTree()}}
PARTITION BY toYYYYMM(bucket)
ORDER BY (tenant_id, dimension, bucket, value)
-- Small granules: a row's latency histogram holds hundreds of buckets, and a read deserializes
-- every row of each granule it touches (8192 by default: seconds for a 24-hour read of 144 rows).
SETTINGS index_granularity = 256;

CREATE MATERIALIZED VIEW IF NOT EXISTS {{db}}.metrics_1h_by_dimension_added_mv {{on_cluster}} TO {{db}}.metrics_1h_by_dimension AS
SELECT
  tenant_id,
  toStartOfHour(occurred_at) AS bucket,
  pair.1 AS dimension,
  pair.2 AS value,
  sumState(toInt64(1)) AS responses,
  sumState(toInt64(1) * toInt64(finish_reason = 'max_iterations')) AS max_iterations,
  sumState(toInt64(1) * toInt64(finish_reason = 'no_reply')) AS no_reply,
  sumState(toInt64(1) * toInt64(finish_reason = 'error')) AS errors,
  sumState(toInt64(1) * toInt64(iteration_count)) AS iterations,
  sumState(toInt64(1) * toInt64(tool_count)) AS tools,
  sumState(toInt64(1) * toInt64(total_tokens)) AS tokens,
  sumMapState([latency_bucket], [toInt64(1)]) AS latency_histogram
FROM {{db}}.responses
ARRAY JOIN [
    ('', ''),
    ('model', model),
    ('provider', provider),
    ('channel', channel),
    ('chat_type', chat_type),
    ('session_type', session_type),
    ('language', language),
    ('user_segment', user_segment),
    ('query_category', query_category),
    ('prompt_version', prompt_version),
    ('bot_version', bot_version),
    ('tool_used', if(tool_count > 0, 'yes', 'no'))
  ] AS pair
WHERE became_current = 1
GROUP BY tenant_id, bucket, dimension, value;

CREATE MATERIALIZED VIEW IF NOT EXISTS {{db}}.metrics_1h_by_dimension_superseded_mv {{on_cluster}} TO {{db}}.metrics_1h_by_dimension AS
SELECT
  tenant_id,
  toStartOfHour(prev_occurred_at) AS bucket,
  pair.1 AS dimension,
  pair.2 AS value,
  sumState(toInt64(-1)) AS responses,
  sumState(toInt64(-1) * toInt64(prev_finish_reason = 'max_iterations')) AS max_iterations,
  sumState(toInt64(-1) * toInt64(prev_finish_reason = 'no_reply')) AS no_reply,
  sumState(toInt64(-1) * toInt64(prev_finish_reason = 'error')) AS errors,
  sumState(toInt64(-1) * toInt64(prev_iteration_count)) AS iterations,
  sumState(toInt64(-1) * toInt64(prev_tool_count)) AS tools,
  sumState(toInt64(-1) * toInt64(prev_total_tokens)) AS tokens,
  sumMapState([prev_latency_bucket], [toInt64(-1)]) AS latency_histogram
FROM {{db}}.responses
ARRAY JOIN [
    ('', ''),
    ('model', prev_model),
    ('provider', prev_provider),
    ('channel', prev_channel),
    ('chat_type', prev_chat_type),
    ('session_type', prev_session_type),
    ('language', prev_language),
    ('user_segment', prev_user_segment),
    ('query_category', prev_query_category),
    ('prompt_version', prev_prompt_version),
    ('bot_version', prev_bot_version),
    ('tool_used', if(prev_tool_count > 0, 'yes', 'no'))
  ] AS pair
WHERE prev_exists = 1
GROUP BY tenant_id, bucket, dimension, value;

CREATE TABLE IF NOT EXISTS {{db}}.response_labels_by_time {{on_cluster}} (
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
  evaluated_at_ms UInt64,
  -- 1: the response no longer occurs at this time (its label row lives under its new time).
  retracted UInt8
) ENGINE = {{engine:ReplacingMergeTree(evaluated_at_ms)}}
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (tenant_id, occurred_at_ms, response_id)
{{sharding_key:cityHash64(tenant_id, response_id)}};
