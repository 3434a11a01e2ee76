-- Fewer b-trees written per attempt (each costs a page in the WAL at every commit):
-- the idempotency index holds only attempts that have a key, and review_states keeps
-- its rows in its primary key (WITHOUT ROWID) instead of a rowid table plus an index.

-- +goose Up
DROP INDEX attempts_idempotency;
CREATE UNIQUE INDEX attempts_idempotency ON attempts (learner_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

DROP TRIGGER attempts_review_state;
CREATE TABLE review_states_clustered (
    learner_id  INTEGER NOT NULL REFERENCES learners (id),
    question_id INTEGER NOT NULL REFERENCES questions (id),
    difficulty  REAL    NOT NULL,
    stability   REAL    NOT NULL,
    reps        INTEGER NOT NULL,
    lapses      INTEGER NOT NULL,
    last_rating INTEGER NOT NULL,
    last_score  REAL    NOT NULL,
    last_review TEXT    NOT NULL,
    due         TEXT    NOT NULL,
    PRIMARY KEY (learner_id, question_id)
) WITHOUT ROWID;
INSERT INTO review_states_clustered SELECT learner_id, question_id, difficulty, stability, reps, lapses,
    last_rating, last_score, last_review, due FROM review_states;
DROP TABLE review_states;
ALTER TABLE review_states_clustered RENAME TO review_states;
CREATE INDEX review_states_due ON review_states (learner_id, due);
-- +goose StatementBegin
CREATE TRIGGER attempts_review_state AFTER INSERT ON attempts WHEN NEW.rv_due IS NOT NULL
BEGIN
    INSERT OR REPLACE INTO review_states (learner_id, question_id, difficulty, stability, reps, lapses,
        last_rating, last_score, last_review, due)
    VALUES (NEW.learner_id, NEW.question_id, NEW.rv_difficulty, NEW.rv_stability, NEW.rv_reps, NEW.rv_lapses,
        NEW.rv_rating, NEW.score, NEW.created_at, NEW.rv_due);
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER attempts_review_state;
CREATE TABLE review_states_rowid (
    learner_id  INTEGER NOT NULL REFERENCES learners (id),
    question_id INTEGER NOT NULL REFERENCES questions (id),
    difficulty  REAL    NOT NULL,
    stability   REAL    NOT NULL,
    reps        INTEGER NOT NULL,
    lapses      INTEGER NOT NULL,
    last_rating INTEGER NOT NULL,
    last_score  REAL    NOT NULL,
    last_review TEXT    NOT NULL,
    due         TEXT    NOT NULL,
    PRIMARY KEY (learner_id, question_id)
);
INSERT INTO review_states_rowid SELECT learner_id, question_id, difficulty, stability, reps, lapses,
    last_rating, last_score, last_review, due FROM review_states;
DROP TABLE review_states;
ALTER TABLE review_states_rowid RENAME TO review_states;
CREATE INDEX review_states_due ON review_states (learner_id, due);
-- +goose StatementBegin
CREATE TRIGGER attempts_review_state AFTER INSERT ON attempts WHEN NEW.rv_due IS NOT NULL
BEGIN
    INSERT OR REPLACE INTO review_states (learner_id, question_id, difficulty, stability, reps, lapses,
        last_rating, last_score, last_review, due)
    VALUES (NEW.learner_id, NEW.question_id, NEW.rv_difficulty, NEW.rv_stability, NEW.rv_reps, NEW.rv_lapses,
        NEW.rv_rating, NEW.score, NEW.created_at, NEW.rv_due);
END;
-- +goose StatementEnd

DROP INDEX attempts_idempotency;
CREATE UNIQUE INDEX attempts_idempotency ON attempts (learner_id, idempotency_key);
