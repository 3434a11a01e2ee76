-- Classes (course instances): an instructor's group of learners who join with a code and
-- a name, no account; assessments give a class a set of questions with open and close
-- dates and the attempts allowed at each, and an attempt made for an assessment records
-- it (assessment_id), so the class's gradebook counts those attempts only.

-- +goose Up
CREATE TABLE classes (
    id           INTEGER PRIMARY KEY,
    name         TEXT    NOT NULL,
    code         TEXT    NOT NULL UNIQUE,
    owner_key_id INTEGER NOT NULL,
    join_open    INTEGER NOT NULL DEFAULT 1,
    max_learners INTEGER NOT NULL,
    members      INTEGER NOT NULL DEFAULT 0,
    created_at   TEXT    NOT NULL
);
CREATE INDEX classes_owner ON classes (owner_key_id, id);

CREATE TABLE class_members (
    class_id   INTEGER NOT NULL REFERENCES classes (id),
    learner_id INTEGER NOT NULL REFERENCES learners (id),
    joined_at  TEXT    NOT NULL,
    PRIMARY KEY (class_id, learner_id)
);
CREATE INDEX class_members_learner ON class_members (learner_id);

-- opens_at and closes_at are fixed-width UTC text; attempts_allowed 0 is no limit.
CREATE TABLE assessments (
    id               INTEGER PRIMARY KEY,
    class_id         INTEGER NOT NULL REFERENCES classes (id),
    title            TEXT    NOT NULL,
    opens_at         TEXT    NOT NULL,
    closes_at        TEXT    NOT NULL,
    attempts_allowed INTEGER NOT NULL,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);
CREATE INDEX assessments_class ON assessments (class_id, id);

CREATE TABLE assessment_questions (
    assessment_id INTEGER NOT NULL REFERENCES assessments (id) ON DELETE CASCADE,
    position      INTEGER NOT NULL,
    question_id   INTEGER NOT NULL REFERENCES questions (id),
    PRIMARY KEY (assessment_id, position)
);

ALTER TABLE attempts ADD COLUMN assessment_id INTEGER REFERENCES assessments (id);
CREATE INDEX attempts_assessment ON attempts (assessment_id, learner_id, question_id) WHERE assessment_id IS NOT NULL;

-- +goose Down
DROP INDEX attempts_assessment;
ALTER TABLE attempts DROP COLUMN assessment_id;
DROP TABLE assessment_questions;
DROP TABLE assessments;
DROP TABLE class_members;
DROP TABLE classes;
