-- Progress of the outcome evaluator (warehouse/src/outcomes): per tenant, every fact row with
-- ingested_at_ms <= watermark_ms has been taken into account in response_labels. The next
-- run re-evaluates only what rows ingested after it may have changed.
-- A new row per run; the latest update wins (readers: argMax(watermark_ms, updated_at_ms)),
-- so an operator can lower a watermark (re-evaluate) by inserting a smaller one.

CREATE TABLE IF NOT EXISTS {{db}}.outcome_watermarks {{on_cluster}} (
  tenant_id String,
  watermark_ms UInt64,
  updated_at_ms UInt64
) ENGINE = {{engine:ReplacingMergeTree(updated_at_ms)}}
ORDER BY tenant_id
{{sharding_key:cityHash64(tenant_id)}};
