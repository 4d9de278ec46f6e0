-- Writes announced before they run, so a writer killed mid-INSERT leaves a trace (issue 8).
--
-- A process killed with -9 during an INSERT can leave the fact part stored without its views'
-- parts, exactly as a replica killed in between does (migration 0009), but it cannot note the
-- failure: it is gone, and the worker that takes over its partitions finds the rows stored and
-- skips them. So every write first records one row per tenant here (sign 1: the hours of its
-- responses and tool-call events, its earliest ingested_at_ms, when it may be given up on), and
-- cancels it once the write has returned (sign -1; CollapsingMergeTree folds the pair away, so
-- the table holds little more than the writes in flight). A write that failed is left open.
-- The view repairer turns every row still open after expires_at_ms into a pending view repair.

CREATE TABLE IF NOT EXISTS {{db}}.write_intents {{on_cluster}} (
  tenant_id String,
  intent_id String,
  hour_starts Array(DateTime('UTC')),
  min_ingested_at_ms UInt64,
  expires_at_ms UInt64,
  sign Int8
) ENGINE = {{engine:CollapsingMergeTree(sign)}}
ORDER BY (tenant_id, intent_id)
{{sharding_key:cityHash64(tenant_id)}};
