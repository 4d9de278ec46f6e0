-- Day rows in metrics_1h_by_dimension (issue 6).
--
-- A 90-day request read 2,160 hourly rows per dimension value, and merging their latency
-- histograms (about a hundred buckets each) took 0.5 s of the route, whatever else it did. Each
-- day now also has one row per dimension value, under `dimension = 'day:<dimension>'`
-- ('day:' for the tenant's total) with `bucket` the day's start, so a request bucketed by day or
-- not bucketed reads its whole days from 24x fewer rows (metrics/phase1.ts).
--
-- The day rows live in the same table as the hour rows on purpose: every write adds an hour's
-- rows and its day's rows in the same block (the views below, and the view repairs, which add the
-- day rows of each batch of hourly deltas in the same INSERT, repairs/metrics-deltas.ts), and a
-- block's rows of one month are stored as one part. So a day row always equals the sum of its
-- hours, and the repairs only ever compare hours with the facts.
--
-- The views are re-created (18.16 cannot alter a view's query): run this migration with ingest
-- stopped, like 0006, or rows inserted during it miss their view rows. Existing hour rows get
-- their day rows once, below, unless day rows exist already (a repeated run adds nothing).

INSERT INTO {{db}}.metrics_1h_by_dimension (tenant_id, bucket, dimension, value, responses, max_iterations, no_reply, errors, iterations, tools, tokens, latency_histogram)
SELECT tenant_id, toStartOfDay(bucket) AS day, concat('day:', dimension) AS day_dimension, value,
  sumMergeState(responses), sumMergeState(max_iterations), sumMergeState(no_reply), sumMergeState(errors), sumMergeState(iterations), sumMergeState(tools), sumMergeState(tokens), sumMapMergeState(latency_histogram)
FROM {{db}}.metrics_1h_by_dimension
WHERE dimension NOT LIKE 'day:%'
  AND (SELECT count() FROM {{db}}.metrics_1h_by_dimension WHERE dimension LIKE 'day:%') = 0
GROUP BY tenant_id, day, day_dimension, value;

DROP TABLE IF EXISTS {{db}}.metrics_1h_by_dimension_added_mv {{on_cluster}};

DROP TABLE IF EXISTS {{db}}.metrics_1h_by_dimension_superseded_mv {{on_cluster}};

CREATE MATERIALIZED VIEW IF NOT EXISTS {{db}}.metrics_1h_1d_by_dimension_added_mv {{on_cluster}} TO {{db}}.metrics_1h_by_dimension AS
SELECT
  tenant_id,
  entry.1 AS bucket,
  entry.2 AS dimension,
  entry.3 AS value,
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
    (toStartOfHour(occurred_at), '', ''),
    (toStartOfHour(occurred_at), 'model', model),
    (toStartOfHour(occurred_at), 'provider', provider),
    (toStartOfHour(occurred_at), 'channel', channel),
    (toStartOfHour(occurred_at), 'chat_type', chat_type),
    (toStartOfHour(occurred_at), 'session_type', session_type),
    (toStartOfHour(occurred_at), 'language', language),
    (toStartOfHour(occurred_at), 'user_segment', user_segment),
    (toStartOfHour(occurred_at), 'query_category', query_category),
    (toStartOfHour(occurred_at), 'prompt_version', prompt_version),
    (toStartOfHour(occurred_at), 'bot_version', bot_version),
    (toStartOfHour(occurred_at), 'tool_used', if(tool_count > 0, 'yes', 'no')),
    (toStartOfDay(occurred_at), 'day:', ''),
    (toStartOfDay(occurred_at), 'day:model', model),
    (toStartOfDay(occurred_at), 'day:provider', provider),
    (toStartOfDay(occurred_at), 'day:channel', channel),
    (toStartOfDay(occurred_at), 'day:chat_type', chat_type),
    (toStartOfDay(occurred_at), 'day:session_type', session_type),
    (toStartOfDay(occurred_at), 'day:language', language),
    (toStartOfDay(occurred_at), 'day:user_segment', user_segment),
    (toStartOfDay(occurred_at), 'day:query_category', query_category),
    (toStartOfDay(occurred_at), 'day:prompt_version', prompt_version),
    (toStartOfDay(occurred_at), 'day:bot_version', bot_version),
    (toStartOfDay(occurred_at), 'day:tool_used', if(tool_count > 0, 'yes', 'no'))
  ] AS entry
WHERE became_current = 1
GROUP BY tenant_id, bucket, dimension, value;

CREATE MATERIALIZED VIEW IF NOT EXISTS {{db}}.metrics_1h_1d_by_dimension_superseded_mv {{on_cluster}} TO {{db}}.metrics_1h_by_dimension AS
SELECT
  tenant_id,
  entry.1 AS bucket,
  entry.2 AS dimension,
  entry.3 AS value,
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
    (toStartOfHour(prev_occurred_at), '', ''),
    (toStartOfHour(prev_occurred_at), 'model', prev_model),
    (toStartOfHour(prev_occurred_at), 'provider', prev_provider),
    (toStartOfHour(prev_occurred_at), 'channel', prev_channel),
    (toStartOfHour(prev_occurred_at), 'chat_type', prev_chat_type),
    (toStartOfHour(prev_occurred_at), 'session_type', prev_session_type),
    (toStartOfHour(prev_occurred_at), 'language', prev_language),
    (toStartOfHour(prev_occurred_at), 'user_segment', prev_user_segment),
    (toStartOfHour(prev_occurred_at), 'query_category', prev_query_category),
    (toStartOfHour(prev_occurred_at), 'prompt_version', prev_prompt_version),
    (toStartOfHour(prev_occurred_at), 'bot_version', prev_bot_version),
    (toStartOfHour(prev_occurred_at), 'tool_used', if(prev_tool_count > 0, 'yes', 'no')),
    (toStartOfDay(prev_occurred_at), 'day:', ''),
    (toStartOfDay(prev_occurred_at), 'day:model', prev_model),
    (toStartOfDay(prev_occurred_at), 'day:provider', prev_provider),
    (toStartOfDay(prev_occurred_at), 'day:channel', prev_channel),
    (toStartOfDay(prev_occurred_at), 'day:chat_type', prev_chat_type),
    (toStartOfDay(prev_occurred_at), 'day:session_type', prev_session_type),
    (toStartOfDay(prev_occurred_at), 'day:language', prev_language),
    (toStartOfDay(prev_occurred_at), 'day:user_segment', prev_user_segment),
    (toStartOfDay(prev_occurred_at), 'day:query_category', prev_query_category),
    (toStartOfDay(prev_occurred_at), 'day:prompt_version', prev_prompt_version),
    (toStartOfDay(prev_occurred_at), 'day:bot_version', prev_bot_version),
    (toStartOfDay(prev_occurred_at), 'day:tool_used', if(prev_tool_count > 0, 'yes', 'no'))
  ] AS entry
WHERE prev_exists = 1
GROUP BY tenant_id, bucket, dimension, value;
