-- The record of every erasure (`answerscope erase --tenant T --user U`, warehouse/src/privacy/):
-- who asked to erase which user when, and how many rows each table lost. The user is kept only as
-- the sha256 (hex) of its id, so the record proves an erasure of a given id without holding it.
CREATE TABLE IF NOT EXISTS {{db}}.erasures {{on_cluster}} (
  tenant_id String,
  user_hash String,
  requested_at_ms UInt64,
  finished_at_ms UInt64,
  deleted_rows String
) ENGINE = {{engine:MergeTree()}}
ORDER BY (tenant_id, requested_at_ms)
{{sharding_key:cityHash64(tenant_id)}};
