-- Answer texts for the LLM judge, and the judge's scores (warehouse/src/judge/, docs/privacy.md).
--
-- response_texts: the question and answer of a response, only for a tenant whose privacy settings
-- opt in (`answer_texts: true`; off by default), redacted and cut to 16 KiB each (`*_truncated` 1
-- when cut). One row per delivered response_completed version, deduplicated by the sink like the
-- facts (key tenant_id, response_id, event_id); readers take the latest version per response.
CREATE TABLE IF NOT EXISTS {{db}}.response_texts {{on_cluster}} (
  tenant_id String,
  response_id String,
  event_id String,
  occurred_at DateTime,
  occurred_at_ms UInt64,
  ingested_at_ms UInt64,
  question_text String,
  question_truncated UInt8,
  answer_text String,
  answer_truncated UInt8
) ENGINE = {{engine:MergeTree()}}
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (tenant_id, response_id, event_id)
{{sharding_key:cityHash64(tenant_id, response_id)}};

-- judge_scores: one row per call of the judge for a response: its five scores (1..5) with the
-- judge's model and prompt version, or (`status` 'error', scores 0) what went wrong. Auxiliary
-- facts of their own: never feedback, never an input of the outcome label. A tenant's daily budget
-- counts these rows, so a restarted judge goes on counting. Readers take the latest row per response.
CREATE TABLE IF NOT EXISTS {{db}}.judge_scores {{on_cluster}} (
  tenant_id String,
  response_id String,
  occurred_at DateTime,
  judged_at_ms UInt64,
  model String,
  prompt_version String,
  status String,
  error_kind String,
  relevance UInt8,
  correctness UInt8,
  completeness UInt8,
  actionability UInt8,
  tone UInt8
) ENGINE = {{engine:MergeTree()}}
ORDER BY (tenant_id, response_id, judged_at_ms)
{{sharding_key:cityHash64(tenant_id, response_id)}};
