-- Phase 2 figures pre-aggregated per tenant x hour x ONE dimension (issue 6).
--
-- Phase 2 read the current label row of every response in the range through FINAL and grouped
-- them by session for one-turn resolution: 18 s for 90 days at 10 M responses. Two things make it
-- additive per hour:
--
-- 1. prev_ms_by_dimension on the label rows: for each entry of OUTCOME_ROLLUP_DIMENSIONS
--    (warehouse/src/outcomes/session-prev.ts: '' first, then every dimension in a fixed order), the
--    occurred_at_ms of the previous response of the same session (by occurred_at_ms, response_id)
--    that has the same value of that dimension ('': any previous response), 0 for none. A response
--    is then the first of its session among a row's responses (one dimension: filtered to one
--    value or grouped by it) exactly when that previous response is before the row's start, so
--    one-turn resolution becomes a per-response test. The evaluator already re-evaluates every
--    response of a session that got a new response, so the arrays follow late arrivals.
--
-- 2. outcomes_1h_by_dimension: the label rows' counts per (hour, dimension, value, hour of that
--    previous response). The evaluator rebuilds an hour from response_labels_by_time whenever it
--    wrote a label row in it (or moved one out of it); every rebuild writes all rows of the hour
--    with a new `version`, including a zero row under ('', '', 0) so that an hour left empty
--    still has a newest version. Readers keep only the newest version of each (tenant, hour):
--    rows of older rebuilds are ignored even where no newer row replaced them.
--
-- 3. outcome_rollup_stale: the hours a run is about to change, written before its label rows, so
--    that a run that died between writing labels and rebuilding leaves hours for the next run
--    (rebuilt while their newest mark is newer than their newest version). One row per hour
--    after merges (18.16 has no TTL), so it grows by 24 rows a day per tenant.
--
-- Label rows written before this migration have no prev_ms_by_dimension and the rollup is empty:
-- the evaluator gives every tenant without a rollup row a first pass, which fills both.

ALTER TABLE {{db}}.response_labels {{on_cluster}} ADD COLUMN prev_ms_by_dimension Array(UInt64) DEFAULT [];

ALTER TABLE {{db}}.response_labels_by_time {{on_cluster}} ADD COLUMN prev_ms_by_dimension Array(UInt64) DEFAULT [];

CREATE TABLE IF NOT EXISTS {{db}}.outcomes_1h_by_dimension {{on_cluster}} (
  tenant_id String,
  bucket DateTime('UTC'),
  dimension String,
  value String,
  -- The hour of the previous response of the session with the same value (0: none).
  prev_hour DateTime('UTC'),
  version UInt64,
  labeled UInt64,
  rated UInt64,
  rated_up UInt64,
  rated_down UInt64,
  window_closed UInt64,
  followups UInt64,
  reasks UInt64,
  excellent UInt64,
  good UInt64,
  neutral UInt64,
  bad UInt64,
  failed UInt64,
  -- Responses whose label is final / final and resolved (good or better, no follow-up): the
  -- one-turn counts of the responses that are first of their session in a row.
  final UInt64,
  resolved UInt64,
  tools_completed UInt64,
  tools_failed UInt64,
  tools_unfinished UInt64
) ENGINE = {{engine:ReplacingMergeTree(version)}}
PARTITION BY toYYYYMM(bucket)
ORDER BY (tenant_id, dimension, bucket, value, prev_hour)
{{sharding_key:cityHash64(tenant_id)}};

CREATE TABLE IF NOT EXISTS {{db}}.outcome_rollup_stale {{on_cluster}} (
  tenant_id String,
  bucket DateTime('UTC'),
  marked_at_ms UInt64
) ENGINE = {{engine:ReplacingMergeTree(marked_at_ms)}}
ORDER BY (tenant_id, bucket)
{{sharding_key:cityHash64(tenant_id)}};
