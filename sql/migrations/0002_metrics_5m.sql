-- Phase 1 metrics, pre-aggregated per tenant x 5-minute bucket x every dimension of metrics-v1.md.
--
-- A response may be sent again with a new event_id (a corrected version: the latest wins),
-- so each row of `responses` carries the version it superseded (prev_*, filled by the sink),
-- and the views below emit +1 for the new version and -1 for the superseded one in the same INSERT:
-- a retried INSERT is skipped whole by the sink, so the view never counts a change twice.
-- Every aggregate is therefore a signed sum; latency is a signed histogram with 1 %-wide
-- logarithmic buckets (warehouse/src/metrics/latency-histogram.ts), from which quantiles
-- are read within 0.5 % of their value; no quantile state could be retracted.

CREATE TABLE IF NOT EXISTS {{db}}.metrics_5m {{on_cluster}} (
  tenant_id String,
  bucket DateTime('UTC'),
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
ORDER BY (tenant_id, bucket, model, provider, channel, chat_type, session_type, language, user_segment, query_category, prompt_version, bot_version, tool_used);

-- +1 for a version that becomes current as it is inserted...
CREATE MATERIALIZED VIEW IF NOT EXISTS {{db}}.metrics_5m_added_mv {{on_cluster}} TO {{db}}.metrics_5m AS
SELECT
  tenant_id,
  toStartOfFiveMinute(occurred_at) AS bucket,
  model,
  provider,
  channel,
  chat_type,
  session_type,
  language,
  user_segment,
  query_category,
  prompt_version,
  bot_version,
  if(tool_count > 0, 'yes', 'no') AS tool_used,
  sumState(toInt64(1)) AS responses,
  sumState(toInt64(1) * toInt64(finish_reason = 'max_iterations')) AS max_iterations,
  sumState(toInt64(1) * toInt64(finish_reason = 'no_reply')) AS no_reply,
  sumState(toInt64(1) * toInt64(finish_reason = 'error')) AS errors,
  sumState(toInt64(1) * toInt64(iteration_count)) AS iterations,
  sumState(toInt64(1) * toInt64(tool_count)) AS tools,
  sumState(toInt64(1) * toInt64(total_tokens)) AS tokens,
  sumMapState([latency_bucket], [toInt64(1)]) AS latency_histogram
FROM {{db}}.responses
WHERE became_current = 1
GROUP BY tenant_id, bucket, model, provider, channel, chat_type, session_type, language, user_segment, query_category, prompt_version, bot_version, tool_used;

-- ...and -1 for the version it superseded. (Two views rather than one with ARRAY JOIN:
-- 18.16 cannot push an ARRAY JOIN through a materialized view.)
CREATE MATERIALIZED VIEW IF NOT EXISTS {{db}}.metrics_5m_superseded_mv {{on_cluster}} TO {{db}}.metrics_5m AS
SELECT
  tenant_id,
  toStartOfFiveMinute(prev_occurred_at) AS bucket,
  prev_model AS model,
  prev_provider AS provider,
  prev_channel AS channel,
  prev_chat_type AS chat_type,
  prev_session_type AS session_type,
  prev_language AS language,
  prev_user_segment AS user_segment,
  prev_query_category AS query_category,
  prev_prompt_version AS prompt_version,
  prev_bot_version AS bot_version,
  if(prev_tool_count > 0, 'yes', 'no') AS tool_used,
  sumState(toInt64(-1)) AS responses,
  sumState(toInt64(-1) * toInt64(prev_finish_reason = 'max_iterations')) AS max_iterations,
  sumState(toInt64(-1) * toInt64(prev_finish_reason = 'no_reply')) AS no_reply,
  sumState(toInt64(-1) * toInt64(prev_finish_reason = 'error')) AS errors,
  sumState(toInt64(-1) * toInt64(prev_iteration_count)) AS iterations,
  sumState(toInt64(-1) * toInt64(prev_tool_count)) AS tools,
  sumState(toInt64(-1) * toInt64(prev_total_tokens)) AS tokens,
  sumMapState([prev_latency_bucket], [toInt64(-1)]) AS latency_histogram
FROM {{db}}.responses
WHERE prev_exists = 1
GROUP BY tenant_id, bucket, model, provider, channel, chat_type, session_type, language, user_segment, query_category, prompt_version, bot_version, tool_used;
