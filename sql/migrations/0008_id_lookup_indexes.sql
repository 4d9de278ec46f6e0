-- Id indexes for reads that start from ids the fact tables are not keyed by (issue 6).
--
-- responses is keyed by response_id and tool_call_events by tool_call_id, so "the tool calls of
-- these responses" (one response's page, the outcome evaluator's failed-tool input) and "the
-- responses of these sessions" (the evaluator's follow-up input) read the response_id or
-- session_id column of every row of the tenant (15 M and 5 M rows for the benchmark's largest
-- tenant). Each table below maps the id a read starts from to the key of the fact table, filled by
-- a view on every insert; a read narrows with `key IN (SELECT ... FROM <index> WHERE <id> IN ...)`,
-- a primary-key read of both tables. Rows are only ever added (an id pair never stops being true
-- of some stored event: readers apply the exact condition to the facts afterwards), so a copy or
-- a superseded version costs a row and never a wrong answer; ReplacingMergeTree folds copies.
--
-- Rows stored before this migration are not in them: an existing deployment fills them once
-- with the INSERT ... SELECT statements in sql/README.md (repeating them is harmless).

CREATE TABLE IF NOT EXISTS {{db}}.tool_calls_by_response {{on_cluster}} (
  tenant_id String,
  response_id String,
  tool_call_id String,
  occurred_at DateTime('UTC')
) ENGINE = {{engine:ReplacingMergeTree()}}
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (tenant_id, response_id, tool_call_id)
{{sharding_key:cityHash64(tenant_id, tool_call_id)}};

CREATE MATERIALIZED VIEW IF NOT EXISTS {{db}}.tool_calls_by_response_mv {{on_cluster}} TO {{db}}.tool_calls_by_response AS
SELECT tenant_id, response_id, tool_call_id, occurred_at
FROM {{db}}.tool_call_events
WHERE response_id != '';

CREATE TABLE IF NOT EXISTS {{db}}.responses_by_session {{on_cluster}} (
  tenant_id String,
  session_id String,
  response_id String,
  occurred_at DateTime('UTC')
) ENGINE = {{engine:ReplacingMergeTree()}}
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (tenant_id, session_id, response_id)
{{sharding_key:cityHash64(tenant_id, response_id)}};

CREATE MATERIALIZED VIEW IF NOT EXISTS {{db}}.responses_by_session_mv {{on_cluster}} TO {{db}}.responses_by_session AS
SELECT tenant_id, session_id, response_id, occurred_at
FROM {{db}}.responses;
