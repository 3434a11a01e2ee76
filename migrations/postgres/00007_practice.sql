-- +goose Up
ALTER TABLE attempts ADD COLUMN hints_used BIGINT NOT NULL DEFAULT 0;
CREATE INDEX attempts_question ON attempts (question_id, verdict, misconception);

CREATE TABLE review_states (
    learner_id  BIGINT           NOT NULL REFERENCES learners (id),
    question_id BIGINT           NOT NULL REFERENCES questions (id),
    difficulty  DOUBLE PRECISION NOT NULL,
    stability   DOUBLE PRECISION NOT NULL,
    reps        BIGINT           NOT NULL,
    lapses      BIGINT           NOT NULL,
    last_rating BIGINT           NOT NULL,
    last_score  DOUBLE PRECISION NOT NULL,
    last_review TEXT             NOT NULL,
    due         TEXT             NOT NULL,
    PRIMARY KEY (learner_id, question_id)
);
CREATE INDEX review_states_due ON review_states (learner_id, due);

-- +goose Down
DROP TABLE review_states;
DROP INDEX attempts_question;
ALTER TABLE attempts DROP COLUMN hints_used;
