-- Answerscope's verdicts written back to Langfuse (issue 47, warehouse/src/langfuse/).
--
-- langfuse_sync_marks: how a tenant's write-back (direction 'writeback': mark_ms is the
-- evaluated_at_ms through which label rows are written) or feedback pull ('pull': mark_ms is the
-- Langfuse score timestamp through which scores are read) last ended: `succeeded` 1 with the mark
-- it moved to, or 0 with its error as label-freshness/stored-error.ts redacts it (mark_ms then
-- repeats the unchanged mark). After merges a success and a failure per tenant and direction
-- remain; readers take max/argMax per key and never depend on merges.
CREATE TABLE IF NOT EXISTS {{db}}.langfuse_sync_marks {{on_cluster}} (
  tenant_id String,
  direction String,
  succeeded UInt8,
  mark_ms UInt64,
  updated_at_ms UInt64,
  error String
) ENGINE = {{engine:ReplacingMergeTree(updated_at_ms)}}
ORDER BY (tenant_id, direction, succeeded)
{{sharding_key:cityHash64(tenant_id)}};

-- langfuse_written_scores: the score each response last got in Langfuse, by name (what the response
-- detail lists). A re-evaluation writes a newer row under the same key and the same score_id;
-- readers take the latest per name (LIMIT 1 BY), never depending on merges.
CREATE TABLE IF NOT EXISTS {{db}}.langfuse_written_scores {{on_cluster}} (
  tenant_id String,
  response_id String,
  name String,
  score_id String,
  trace_id String,
  data_type String,
  value Float64,
  string_value String,
  written_at_ms UInt64
) ENGINE = {{engine:ReplacingMergeTree(written_at_ms)}}
ORDER BY (tenant_id, response_id, name)
{{sharding_key:cityHash64(tenant_id, response_id)}};
