-- Hours of a tenant whose view rows must be checked against the facts (issue 8).
--
-- A materialized view is fed by the INSERT into its fact table: the fact part is committed
-- first, then each view's part. A replica killed between the two keeps the fact part without
-- the views' parts, and the sink's retry cannot feed them again: on a cluster the twin's block
-- deduplication drops the identical block and 18.16 then skips its views; on a single node the
-- retry finds the rows stored and skips them. So every write that had to be retried records the
-- hours it touched here, and the view repairer (warehouse/src/repairs/) later recomputes those
-- hours of metrics_5m, metrics_1h_by_dimension and tool_call_firsts from the facts, adds what
-- they lack, refills the id indexes, has the outcome evaluator look again at what was ingested
-- since min_ingested_at_ms (it may have read the indexes short), and records the repair as done
-- (repaired = 1, which ReplacingMergeTree keeps over the pending row).

CREATE TABLE IF NOT EXISTS {{db}}.view_repairs {{on_cluster}} (
  tenant_id String,
  repair_id String,
  hour_starts Array(DateTime('UTC')),
  min_ingested_at_ms UInt64,
  requested_at DateTime('UTC'),
  repaired UInt8
) ENGINE = {{engine:ReplacingMergeTree(repaired)}}
ORDER BY (tenant_id, repair_id)
{{sharding_key:cityHash64(tenant_id)}};
