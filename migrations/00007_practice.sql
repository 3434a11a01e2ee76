-- +goose Up
-- hints_used is how many hints the learner opened before answering (it lowers the
-- spaced-repetition grade). The misconception tag of each attempt is indexed for the
-- instructors' statistics.
ALTER TABLE attempts ADD COLUMN hints_used INTEGER NOT NULL DEFAULT 0;
CREATE INDEX attempts_question ON attempts (question_id, verdict, misconception);

-- review_states is each learner's FSRS memory model of each question they answered:
-- difficulty (1..10), stability (days until recall falls to 90%), and when it is due.
-- It is written in the transaction of the attempt that moves it on.
CREATE TABLE review_states (
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
CREATE INDEX review_states_due ON review_states (learner_id, due);

-- +goose Down
DROP TABLE review_states;
DROP INDEX attempts_question;
ALTER TABLE attempts DROP COLUMN hints_used;
