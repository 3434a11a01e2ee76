-- Score delivery meets each platform's ordering rule (issue 18): Moodle keeps a score's
-- timestamp in whole seconds and refuses one that is not strictly later than the one it
-- holds (409). Each grade target remembers the timestamp of the last score sent to it
-- (score_stamp, whole seconds) and the outbox message it was sent for, when that
-- message's fate is in doubt (score_stamp_msg; 0 when none is): a resend of that
-- message reuses the timestamp, a new score gets a strictly later one.
-- A delivery try may carry a note: how it ended when the answer was not a plain 2xx
-- (a resend the platform already held is delivered, with the platform's 409).

-- +goose Up
ALTER TABLE lti_grade_targets ADD COLUMN score_stamp TEXT NOT NULL DEFAULT '';
ALTER TABLE lti_grade_targets ADD COLUMN score_stamp_msg INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox_tries ADD COLUMN note TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN last_note TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE outbox DROP COLUMN last_note;
ALTER TABLE outbox_tries DROP COLUMN note;
ALTER TABLE lti_grade_targets DROP COLUMN score_stamp_msg;
ALTER TABLE lti_grade_targets DROP COLUMN score_stamp;
