-- The tenant's newest occurred_at_ms as the run that wrote a watermark saw it (issue 6). A run
-- re-evaluates every label row whose observation window the newest event has closed, so after it
-- every row still open has its response after max_occurred_at_ms - 600 s. The next run looks for
-- windows to close from there, in response_labels_by_time, instead of merging every label row
-- of the tenant (FINAL over 5 M rows took 2.1 s of a 2.8 s label update on the benchmark's
-- largest tenant, and grows with the tenant).
--
-- Rows written before this migration read 0: their tenant's next run looks at every label row
-- once, as before, and stores the value.

ALTER TABLE {{db}}.outcome_watermarks {{on_cluster}} ADD COLUMN max_occurred_at_ms UInt64 DEFAULT 0;
