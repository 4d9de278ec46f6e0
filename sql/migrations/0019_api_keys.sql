-- Keys as data (warehouse/src/keys/): the ingest, read and dashboard-session keys created by
-- `answerscope keys create` or the API's session route, beside the bootstrap keys of
-- ANSWERSCOPE_KEYS(_FILE). Only a hash is stored: key_hash is the sha256 (hex) of the secret, which
-- is shown once, when it is created, and never again.
--
-- A key's row is written once at creation; revoking it writes the same row again with
-- revoked_at_ms set (0: not revoked) and a newer updated_at_ms. expires_at_ms 0 means it never
-- expires. Every column but revoked_at_ms and updated_at_ms is the same in all rows of a key, so
-- readers take any() of those and max(revoked_at_ms) per key_id, and never depend on merges.
CREATE TABLE IF NOT EXISTS {{db}}.api_keys {{on_cluster}} (
  key_id String,
  tenant_id String,
  kind String,
  key_hash String,
  created_at_ms UInt64,
  expires_at_ms UInt64,
  revoked_at_ms UInt64,
  updated_at_ms UInt64
) ENGINE = {{engine:ReplacingMergeTree(updated_at_ms)}}
ORDER BY (tenant_id, key_id)
{{sharding_key:cityHash64(tenant_id)}};
