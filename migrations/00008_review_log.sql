-- +goose Up
-- Each scheduled attempt records the review state it leads to (an FSRS review log), and
-- a trigger copies it into review_states in the same statement: storing an attempt stays
-- one INSERT on the hot path, and the two can never disagree.
ALTER TABLE attempts ADD COLUMN rv_difficulty REAL;
ALTER TABLE attempts ADD COLUMN rv_stability REAL;
ALTER TABLE attempts ADD COLUMN rv_reps INTEGER;
ALTER TABLE attempts ADD COLUMN rv_lapses INTEGER;
ALTER TABLE attempts ADD COLUMN rv_rating INTEGER;
ALTER TABLE attempts ADD COLUMN rv_due TEXT;

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
ALTER TABLE attempts DROP COLUMN rv_due;
ALTER TABLE attempts DROP COLUMN rv_rating;
ALTER TABLE attempts DROP COLUMN rv_lapses;
ALTER TABLE attempts DROP COLUMN rv_reps;
ALTER TABLE attempts DROP COLUMN rv_stability;
ALTER TABLE attempts DROP COLUMN rv_difficulty;
