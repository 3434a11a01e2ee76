-- +goose Up
-- attempts are graded answers. The grade is stored as given; the trace is not (it is
-- recomputed from the version and the seed, deterministically).
CREATE TABLE attempts (
    id              INTEGER PRIMARY KEY,
    learner_id      INTEGER NOT NULL REFERENCES learners (id),
    question_id     INTEGER NOT NULL REFERENCES questions (id),
    version_id      INTEGER NOT NULL REFERENCES question_versions (id),
    attempt_no      INTEGER NOT NULL,
    seed            INTEGER NOT NULL,
    answer          TEXT    NOT NULL,
    score           REAL    NOT NULL,
    verdict         TEXT    NOT NULL,
    grade           TEXT    NOT NULL,
    misconception   TEXT    NOT NULL,
    idempotency_key TEXT,
    created_at      TEXT    NOT NULL,
    UNIQUE (learner_id, question_id, attempt_no)
);
CREATE UNIQUE INDEX attempts_idempotency ON attempts (learner_id, idempotency_key);
CREATE INDEX attempts_learner ON attempts (learner_id, id);

-- +goose Down
DROP TABLE attempts;
