-- Outcome labels that another system gave a response (event `external_outcome_recorded`, e.g.
-- vikingbot's own `response_outcomes`), kept beside response_labels so the two rules can be
-- compared (GET /api/v1/label-agreement). One row per delivered event; the label stays in the
-- source's vocabulary.
-- Read exactly before merges: the current label of (tenant, response, source) is the row with the
-- latest (occurred_at_ms, event_id) (LIMIT 1 BY in warehouse/src/queries/label-agreement-sql.ts);
-- a re-delivered event has the same sorting key as its first copy, and a merge keeps the first
-- (keep_first, as in 0001). The key starts with (tenant_id, response_id) so a cluster can shard
-- it like responses, by cityHash64(tenant_id, response_id).

CREATE TABLE IF NOT EXISTS {{db}}.external_outcome_labels {{on_cluster}} (
  tenant_id String,
  response_id String,
  source String,
  event_id String,
  -- When the source evaluated the label.
  occurred_at DateTime('UTC'),
  occurred_at_ms UInt64,
  ingested_at_ms UInt64,
  keep_first UInt64 MATERIALIZED 4102444800000 - ingested_at_ms,
  label String,
  -- Serialized, secrets redacted, at most 2000 characters; '' when the source gave none.
  evidence_json String
) ENGINE = {{engine:ReplacingMergeTree(keep_first)}}
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (tenant_id, response_id, source, event_id)
{{sharding_key:cityHash64(tenant_id, response_id)}};
