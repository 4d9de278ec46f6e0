-- Tool-call figures by the call's time without reducing the calls on read (issue 6).
--
-- A metrics row without dimensions counts every reduced call of its range by status, at the call's
-- time (its first event, metrics-v1.md), and the tools route adds per tool name the error
-- categories and the p95 duration. Reducing the range's events on read took seconds per week of a
-- large tenant and over the memory limit for 90 days. Instead the sink marks each event that
-- changes its call's reduced state (first time, status, tool name, error category, duration, by
-- the rules of facts/reduced-tool-calls.ts): `state_changed`, the new state (`state_*`) and the
-- state it replaces (`prev_state_*`, status '' when the call had no stored event), from the same
-- lookup of the call's stored events that finds duplicates (sink/call-marks.ts). The views below
-- turn that into +1 at the new state and -1 at the old one in the same INSERT, like
-- tool_call_firsts (0007). Per key the signs sum to 1 for the call's current state and to 0 for
-- any other, so a signed sum over a time range counts each call once at its current state: no
-- per-call grouping on read.
--
-- Events stored before this migration are not in tool_call_states: an existing deployment fills it
-- once, with ingest stopped, by toolCallStatesBackfillSql (sql/README.md). View repairs keep it in
-- line with the facts like tool_call_firsts (repairs/).

ALTER TABLE {{db}}.tool_call_events {{on_cluster}} ADD COLUMN state_changed UInt8 DEFAULT 0;

ALTER TABLE {{db}}.tool_call_events {{on_cluster}} ADD COLUMN state_first_at_ms UInt64 DEFAULT 0;

ALTER TABLE {{db}}.tool_call_events {{on_cluster}} ADD COLUMN state_status String DEFAULT '';

ALTER TABLE {{db}}.tool_call_events {{on_cluster}} ADD COLUMN state_tool_name String DEFAULT '';

ALTER TABLE {{db}}.tool_call_events {{on_cluster}} ADD COLUMN state_error_category String DEFAULT '';

ALTER TABLE {{db}}.tool_call_events {{on_cluster}} ADD COLUMN state_duration_ms Int64 DEFAULT -1;

ALTER TABLE {{db}}.tool_call_events {{on_cluster}} ADD COLUMN prev_state_first_at_ms UInt64 DEFAULT 0;

ALTER TABLE {{db}}.tool_call_events {{on_cluster}} ADD COLUMN prev_state_status String DEFAULT '';

ALTER TABLE {{db}}.tool_call_events {{on_cluster}} ADD COLUMN prev_state_tool_name String DEFAULT '';

ALTER TABLE {{db}}.tool_call_events {{on_cluster}} ADD COLUMN prev_state_error_category String DEFAULT '';

ALTER TABLE {{db}}.tool_call_events {{on_cluster}} ADD COLUMN prev_state_duration_ms Int64 DEFAULT -1;

CREATE TABLE IF NOT EXISTS {{db}}.tool_call_states {{on_cluster}} (
  tenant_id String,
  first_at DateTime('UTC'),
  first_at_ms UInt64,
  tool_call_id String,
  status String,
  tool_name String,
  error_category String,
  -- -1: unknown (no terminal event, or a terminal without duration_ms nor a start)
  duration_ms Int64,
  sign Int64
) ENGINE = {{engine:SummingMergeTree(sign)}}
PARTITION BY toYYYYMM(first_at)
ORDER BY (tenant_id, first_at_ms, tool_call_id, status, tool_name, error_category, duration_ms)
{{sharding_key:cityHash64(tenant_id, tool_call_id)}};

CREATE MATERIALIZED VIEW IF NOT EXISTS {{db}}.tool_call_states_added_mv {{on_cluster}} TO {{db}}.tool_call_states AS
SELECT tenant_id, toDateTime(intDiv(state_first_at_ms, 1000), 'UTC') AS first_at, state_first_at_ms AS first_at_ms, tool_call_id,
  state_status AS status, state_tool_name AS tool_name, state_error_category AS error_category, state_duration_ms AS duration_ms, toInt64(1) AS sign
FROM {{db}}.tool_call_events
WHERE state_changed = 1;

CREATE MATERIALIZED VIEW IF NOT EXISTS {{db}}.tool_call_states_replaced_mv {{on_cluster}} TO {{db}}.tool_call_states AS
SELECT tenant_id, toDateTime(intDiv(prev_state_first_at_ms, 1000), 'UTC') AS first_at, prev_state_first_at_ms AS first_at_ms, tool_call_id,
  prev_state_status AS status, prev_state_tool_name AS tool_name, prev_state_error_category AS error_category, prev_state_duration_ms AS duration_ms, toInt64(-1) AS sign
FROM {{db}}.tool_call_events
WHERE state_changed = 1 AND prev_state_status != '';
