-- Each tenant's newest ingested_at_ms and occurred_at_ms over its fact rows (issue 6).
--
-- Every run of the outcome evaluator starts from these two figures per tenant: the newest ingest
-- time says whether anything arrived after the tenant's watermark, the newest event time closes
-- observation windows. Read from the fact tables they cost a scan of both columns of every row
-- (0.34-0.43 s of a 3 s label update at 5 M responses, 20 M fact rows), in every run, even when
-- nothing arrived. A maximum only grows, so a view per fact table keeps it per insert block,
-- and a read merges a handful of rows per tenant.
--
-- Rows stored before this migration: the INSERTs at the end fill the table from the facts
-- (a maximum taken twice is the same maximum, so rows both they and the views count are
-- harmless, and so is repeating them). A view repair fills it again for the rows it repairs.

CREATE TABLE IF NOT EXISTS {{db}}.tenant_fact_times {{on_cluster}} (
  tenant_id String,
  max_ingested_at_ms AggregateFunction(max, UInt64),
  max_occurred_at_ms AggregateFunction(max, UInt64)
) ENGINE = {{engine:AggregatingMergeTree()}}
ORDER BY tenant_id
{{sharding_key:cityHash64(tenant_id)}};

CREATE MATERIALIZED VIEW IF NOT EXISTS {{db}}.tenant_fact_times_responses_mv {{on_cluster}} TO {{db}}.tenant_fact_times AS
SELECT tenant_id, maxState(ingested_at_ms) AS max_ingested_at_ms, maxState(occurred_at_ms) AS max_occurred_at_ms
FROM {{db}}.responses
GROUP BY tenant_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS {{db}}.tenant_fact_times_tool_calls_mv {{on_cluster}} TO {{db}}.tenant_fact_times AS
SELECT tenant_id, maxState(ingested_at_ms) AS max_ingested_at_ms, maxState(occurred_at_ms) AS max_occurred_at_ms
FROM {{db}}.tool_call_events
GROUP BY tenant_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS {{db}}.tenant_fact_times_feedback_mv {{on_cluster}} TO {{db}}.tenant_fact_times AS
SELECT tenant_id, maxState(ingested_at_ms) AS max_ingested_at_ms, maxState(occurred_at_ms) AS max_occurred_at_ms
FROM {{db}}.feedback_events
GROUP BY tenant_id;

INSERT INTO {{db}}.tenant_fact_times (tenant_id, max_ingested_at_ms, max_occurred_at_ms)
SELECT tenant_id, maxState(ingested_at_ms), maxState(occurred_at_ms) FROM {{db}}.responses GROUP BY tenant_id;

INSERT INTO {{db}}.tenant_fact_times (tenant_id, max_ingested_at_ms, max_occurred_at_ms)
SELECT tenant_id, maxState(ingested_at_ms), maxState(occurred_at_ms) FROM {{db}}.tool_call_events GROUP BY tenant_id;

INSERT INTO {{db}}.tenant_fact_times (tenant_id, max_ingested_at_ms, max_occurred_at_ms)
SELECT tenant_id, maxState(ingested_at_ms), maxState(occurred_at_ms) FROM {{db}}.feedback_events GROUP BY tenant_id;
