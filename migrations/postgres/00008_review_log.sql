-- +goose Up
ALTER TABLE attempts ADD COLUMN rv_difficulty DOUBLE PRECISION;
ALTER TABLE attempts ADD COLUMN rv_stability DOUBLE PRECISION;
ALTER TABLE attempts ADD COLUMN rv_reps BIGINT;
ALTER TABLE attempts ADD COLUMN rv_lapses BIGINT;
ALTER TABLE attempts ADD COLUMN rv_rating BIGINT;
ALTER TABLE attempts ADD COLUMN rv_due TEXT;

-- +goose StatementBegin
CREATE FUNCTION attempts_review_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO review_states (learner_id, question_id, difficulty, stability, reps, lapses,
        last_rating, last_score, last_review, due)
    VALUES (NEW.learner_id, NEW.question_id, NEW.rv_difficulty, NEW.rv_stability, NEW.rv_reps, NEW.rv_lapses,
        NEW.rv_rating, NEW.score, NEW.created_at, NEW.rv_due)
    ON CONFLICT (learner_id, question_id) DO UPDATE SET difficulty = excluded.difficulty, stability = excluded.stability,
        reps = excluded.reps, lapses = excluded.lapses, last_rating = excluded.last_rating, last_score = excluded.last_score,
        last_review = excluded.last_review, due = excluded.due;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER attempts_review_state AFTER INSERT ON attempts FOR EACH ROW WHEN (NEW.rv_due IS NOT NULL)
    EXECUTE FUNCTION attempts_review_state();

-- +goose Down
DROP TRIGGER attempts_review_state ON attempts;
DROP FUNCTION attempts_review_state();
ALTER TABLE attempts DROP COLUMN rv_due;
ALTER TABLE attempts DROP COLUMN rv_rating;
ALTER TABLE attempts DROP COLUMN rv_lapses;
ALTER TABLE attempts DROP COLUMN rv_reps;
ALTER TABLE attempts DROP COLUMN rv_stability;
ALTER TABLE attempts DROP COLUMN rv_difficulty;
