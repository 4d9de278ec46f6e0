-- Tool-call counts on the outcome label rows (issue 6): the reduced calls of each response
-- (calls whose reduced response_id is the response, metrics-v1.md) by status, written by the
-- outcome evaluator with the label. In a metrics row filtered or grouped by response
-- dimensions, tool figures cover the calls of the row's responses; reading them here makes that
-- a sum over the label rows Phase 2 already reads, instead of reducing every tool-call event of
-- the range and joining it with the current responses (seconds at millions of calls, and over
-- the memory limit for 90 days). The evaluator already re-evaluates every response named by a
-- call with a new event, so a status change rewrites the response's row.
--
-- Label rows written before this migration carry zeros: an existing deployment re-evaluates
-- every response once by deleting its watermarks (ALTER TABLE outcome_watermarks DELETE WHERE 1)
-- while the evaluator is stopped; the next run is then a first pass.

ALTER TABLE {{db}}.response_labels {{on_cluster}} ADD COLUMN tool_calls_completed UInt32 DEFAULT 0;

ALTER TABLE {{db}}.response_labels {{on_cluster}} ADD COLUMN tool_calls_failed UInt32 DEFAULT 0;

ALTER TABLE {{db}}.response_labels {{on_cluster}} ADD COLUMN tool_calls_unfinished UInt32 DEFAULT 0;

ALTER TABLE {{db}}.response_labels_by_time {{on_cluster}} ADD COLUMN tool_calls_completed UInt32 DEFAULT 0;

ALTER TABLE {{db}}.response_labels_by_time {{on_cluster}} ADD COLUMN tool_calls_failed UInt32 DEFAULT 0;

ALTER TABLE {{db}}.response_labels_by_time {{on_cluster}} ADD COLUMN tool_calls_unfinished UInt32 DEFAULT 0;
