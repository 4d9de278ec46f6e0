-- A time-keyed index of tool calls, so that a range read finds the calls whose time (their
-- first event, metrics-v1.md) lies in the range without reading the older events of the tenant.
--
-- tool_call_events is keyed by tool_call_id, and a call's events can arrive in any order; to
-- tell whether a call with an event in [from, to) has an earlier one, a read used to scan the id
-- column of every older event (14 M rows for one tenant at 30 M events). Instead the sink marks
-- the event that lowers its call's first time (`becomes_first`) and the call's first time before
-- it (`prev_first_at_ms`, 0 when the call had no stored event), as it marks a response's
-- superseded version (prev_*), and the views below turn that into +1 at the new first time and
-- -1 at the old one in the same INSERT. Per (tenant, first_at_ms, tool_call_id) the signs sum to
-- 1 for the call's current first time and to 0 for a time it no longer has (merges drop those).
--
-- 18.16 has no ADD COLUMN IF NOT EXISTS: the migration runner skips an ADD COLUMN whose column
-- the table already has (a runner killed midway re-runs cleanly). Events stored before this
-- migration are not in tool_call_firsts: an existing deployment fills it once, with ingest
-- stopped, by the INSERT ... SELECT in sql/README.md. On a cluster the views write on the shard
-- of the call's events; the sharding key (the events' own) sends that backfill to the same shard.

ALTER TABLE {{db}}.tool_call_events {{on_cluster}} ADD COLUMN becomes_first UInt8 DEFAULT 0;

ALTER TABLE {{db}}.tool_call_events {{on_cluster}} ADD COLUMN prev_first_at_ms UInt64 DEFAULT 0;

CREATE TABLE IF NOT EXISTS {{db}}.tool_call_firsts {{on_cluster}} (
  tenant_id String,
  first_at DateTime('UTC'),
  first_at_ms UInt64,
  tool_call_id String,
  sign Int64
) ENGINE = {{engine:SummingMergeTree(sign)}}
PARTITION BY toYYYYMM(first_at)
ORDER BY (tenant_id, first_at_ms, tool_call_id)
{{sharding_key:cityHash64(tenant_id, tool_call_id)}};

CREATE MATERIALIZED VIEW IF NOT EXISTS {{db}}.tool_call_firsts_added_mv {{on_cluster}} TO {{db}}.tool_call_firsts AS
SELECT tenant_id, occurred_at AS first_at, occurred_at_ms AS first_at_ms, tool_call_id, toInt64(1) AS sign
FROM {{db}}.tool_call_events
WHERE becomes_first = 1;

CREATE MATERIALIZED VIEW IF NOT EXISTS {{db}}.tool_call_firsts_moved_mv {{on_cluster}} TO {{db}}.tool_call_firsts AS
SELECT tenant_id, toDateTime(intDiv(prev_first_at_ms, 1000), 'UTC') AS first_at, prev_first_at_ms AS first_at_ms, tool_call_id, toInt64(-1) AS sign
FROM {{db}}.tool_call_events
WHERE becomes_first = 1 AND prev_first_at_ms > 0;
