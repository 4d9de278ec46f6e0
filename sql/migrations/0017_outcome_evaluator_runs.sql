-- How each outcome-evaluator run ended, per tenant (issue 46): the API reports label freshness
-- from it, and the exporter alerts on an evaluator that fails. Before it, a failing evaluator
-- (every run on ClickHouse 26.x, before its joined subqueries were aliased) left only a log line,
-- and the metrics route answered zeros for every label-based figure.
--
-- One row per run and tenant the run looked at: `succeeded` 1 (evaluated, or nothing new to
-- evaluate) or 0 with `error`, the failure's message as stored.ts redacts it. tenant_id '' is
-- the run as a whole: a success when it got as far as the tenants, a failure when it failed
-- before (it could not even tell which tenants to evaluate). The newest row of each kind is all a
-- reader needs, so the table keeps at most a success and a failure per tenant after merges;
-- readers take max/argMax per (tenant_id, succeeded) and never depend on merges.

CREATE TABLE IF NOT EXISTS {{db}}.outcome_evaluator_runs {{on_cluster}} (
  tenant_id String,
  succeeded UInt8,
  at_ms UInt64,
  error String
) ENGINE = {{engine:ReplacingMergeTree(at_ms)}}
ORDER BY (tenant_id, succeeded)
{{sharding_key:cityHash64(tenant_id)}};
