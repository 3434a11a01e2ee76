-- +goose Up
ALTER TABLE lti_grade_targets ADD COLUMN score_stamp TEXT NOT NULL DEFAULT '';
ALTER TABLE lti_grade_targets ADD COLUMN score_stamp_msg BIGINT NOT NULL DEFAULT 0;
ALTER TABLE outbox_tries ADD COLUMN note TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN last_note TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE outbox DROP COLUMN last_note;
ALTER TABLE outbox_tries DROP COLUMN note;
ALTER TABLE lti_grade_targets DROP COLUMN score_stamp_msg;
ALTER TABLE lti_grade_targets DROP COLUMN score_stamp;
