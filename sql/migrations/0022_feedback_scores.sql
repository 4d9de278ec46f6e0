-- The scored rating of feedback_submitted (contract 1.1, docs/events.md): the user's score and
-- its scale, beside the rating the contract derived from them (`rating` holds `neutral` too now;
-- it is a String column, so no change there). Not Nullable (an extra file per column on every
-- part, sink/rows.ts): an action without a score stores 0, 0, 0; a scale with score_min =
-- score_max is no scale (the contract requires score_min < score_max), so that means "no score".
--
-- Rows written before this migration read 0, 0, 0: unscored, which they were. 18.16 has no
-- ADD COLUMN IF NOT EXISTS; the runner skips an ADD COLUMN whose column exists (added-column.ts).

ALTER TABLE {{db}}.feedback_events {{on_cluster}} ADD COLUMN score Float64 DEFAULT 0;

ALTER TABLE {{db}}.feedback_events {{on_cluster}} ADD COLUMN score_min Float64 DEFAULT 0;

ALTER TABLE {{db}}.feedback_events {{on_cluster}} ADD COLUMN score_max Float64 DEFAULT 0;
