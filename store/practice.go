package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/looplab/looplab/quiz"
)

// PracticeService implements quiz.PracticeService.
type PracticeService struct{ db *DB }

var _ quiz.PracticeService = (*PracticeService)(nil)

// NewPracticeService returns the practice service of db.
func NewPracticeService(db *DB) *PracticeService { return &PracticeService{db: db} }

const reviewColumns = `r.learner_id, r.question_id, r.difficulty, r.stability, r.reps, r.lapses, r.last_rating,
	r.last_score, r.last_review, r.due`

func scanReview(row scanner, extra ...any) (*quiz.ReviewState, error) {
	var r quiz.ReviewState
	var rating int
	var last, due string
	dest := append([]any{&r.LearnerID, &r.QuestionID, &r.Difficulty, &r.Stability, &r.Reps, &r.Lapses, &rating,
		&r.LastScore, &last, &due}, extra...)
	if err := row.Scan(dest...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		return nil, fmt.Errorf("scan review state: %w", err)
	}
	r.LastRating = quiz.Rating(rating)
	r.LastReview, r.Due = parseTime(last), parseTime(due)
	return &r, nil
}

// FindReviews implements quiz.PracticeService.
func (s *PracticeService) FindReviews(ctx context.Context, learnerID int64) ([]*quiz.ReviewState, error) {
	rows, err := s.db.query(ctx, s.db.read, `SELECT `+reviewColumns+`, q.slug, q.topic, q.kind, q.difficulty
		FROM review_states r JOIN questions q ON q.id = r.question_id
		WHERE r.learner_id = ? AND q.status = 'published' ORDER BY r.due, r.question_id`, learnerID)
	if err != nil {
		return nil, fmt.Errorf("find reviews: %w", err)
	}
	defer rows.Close()
	out := []*quiz.ReviewState{}
	for rows.Next() {
		var q quiz.QuestionRef
		r, err := scanReview(rows, &q.Slug, &q.Topic, &q.Kind, &q.Difficulty)
		if err != nil {
			return nil, err
		}
		q.ID = r.QuestionID
		r.Question = q
		out = append(out, r)
	}
	return out, rows.Err()
}

// TopicSizes implements quiz.PracticeService.
func (s *PracticeService) TopicSizes(ctx context.Context) (map[string]int, error) {
	rows, err := s.db.query(ctx, s.db.read, `SELECT topic, COUNT(*) FROM questions WHERE status = 'published' GROUP BY topic`)
	if err != nil {
		return nil, fmt.Errorf("topic sizes: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var t string
		var n int
		if err := rows.Scan(&t, &n); err != nil {
			return nil, fmt.Errorf("topic sizes: %w", err)
		}
		out[t] = n
	}
	return out, rows.Err()
}

// UnseenQuestions implements quiz.PracticeService.
func (s *PracticeService) UnseenQuestions(ctx context.Context, learnerID int64, topic string, n int) ([]quiz.QuestionRef, error) {
	rows, err := s.db.query(ctx, s.db.read, `SELECT q.id, q.slug, q.topic, q.kind, q.difficulty FROM questions q
		WHERE q.status = 'published' AND q.topic = ?
		AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.learner_id = ? AND a.question_id = q.id)
		ORDER BY q.difficulty, q.id LIMIT ?`, topic, learnerID, n)
	if err != nil {
		return nil, fmt.Errorf("unseen questions: %w", err)
	}
	defer rows.Close()
	out := []quiz.QuestionRef{}
	for rows.Next() {
		var q quiz.QuestionRef
		if err := rows.Scan(&q.ID, &q.Slug, &q.Topic, &q.Kind, &q.Difficulty); err != nil {
			return nil, fmt.Errorf("unseen questions: %w", err)
		}
		out = append(out, q)
	}
	return out, rows.Err()
}

// ActivityDays implements quiz.PracticeService. Timestamps are fixed-width UTC text, so
// their first ten characters are the day.
func (s *PracticeService) ActivityDays(ctx context.Context, learnerID int64, n int) ([]string, error) {
	return queryStrings(ctx, s.db, `SELECT DISTINCT substr(created_at, 1, 10) AS d FROM attempts
		WHERE learner_id = ? ORDER BY d DESC LIMIT ?`, learnerID, n)
}

// RecentVerdicts implements quiz.PracticeService.
func (s *PracticeService) RecentVerdicts(ctx context.Context, learnerID int64, n int) ([]quiz.Verdict, error) {
	vs, err := queryStrings(ctx, s.db, `SELECT verdict FROM attempts WHERE learner_id = ? ORDER BY id DESC LIMIT ?`, learnerID, n)
	out := make([]quiz.Verdict, len(vs))
	for i, v := range vs {
		out[i] = quiz.Verdict(v)
	}
	return out, err
}

// FailedAttempts implements quiz.PracticeService.
func (s *PracticeService) FailedAttempts(ctx context.Context, learnerID, questionID int64) (int, error) {
	var n int
	err := s.db.queryRow(ctx, s.db.read, `SELECT COUNT(*) FROM attempts WHERE learner_id = ? AND question_id = ?
		AND verdict <> 'correct'`, learnerID, questionID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("failed attempts: %w", err)
	}
	return n, nil
}

func queryStrings(ctx context.Context, db *DB, q string, args ...any) ([]string, error) {
	rows, err := db.query(ctx, db.read, q, args...)
	if err != nil {
		return nil, fmt.Errorf("query: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, fmt.Errorf("query: %w", err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// QuestionStats implements quiz.AttemptService.
func (s *AttemptService) QuestionStats(ctx context.Context, questionID int64, top int) (*quiz.QuestionStats, error) {
	st := &quiz.QuestionStats{QuestionID: questionID, WrongAnswers: []quiz.AnswerCount{}, Misconceptions: []quiz.TagCount{}}
	err := s.db.queryRow(ctx, s.db.read, `SELECT COUNT(*), COUNT(DISTINCT learner_id), COALESCE(AVG(score), 0),
		COALESCE(SUM(CASE WHEN verdict = 'correct' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN verdict = 'partial' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN verdict = 'incorrect' THEN 1 ELSE 0 END), 0)
		FROM attempts WHERE question_id = ?`, questionID).Scan(&st.Attempts, &st.Learners, &st.MeanScore,
		&st.Correct, &st.Partial, &st.Incorrect)
	if err != nil {
		return nil, fmt.Errorf("question stats: %w", err)
	}
	rows, err := s.db.query(ctx, s.db.read, `SELECT answer, COUNT(*) AS n, AVG(score) FROM attempts
		WHERE question_id = ? AND verdict <> 'correct' GROUP BY answer ORDER BY n DESC, answer LIMIT ?`, questionID, top)
	if err != nil {
		return nil, fmt.Errorf("question stats: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var a quiz.AnswerCount
		var answer string
		if err := rows.Scan(&answer, &a.Count, &a.MeanScore); err != nil {
			return nil, fmt.Errorf("question stats: %w", err)
		}
		a.Answer = json.RawMessage(answer)
		st.WrongAnswers = append(st.WrongAnswers, a)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	tags, err := s.db.query(ctx, s.db.read, `SELECT misconception, COUNT(*) AS n FROM attempts
		WHERE question_id = ? AND misconception <> '' GROUP BY misconception ORDER BY n DESC, misconception LIMIT ?`, questionID, top)
	if err != nil {
		return nil, fmt.Errorf("question stats: %w", err)
	}
	defer tags.Close()
	for tags.Next() {
		var t quiz.TagCount
		if err := tags.Scan(&t.Tag, &t.Count); err != nil {
			return nil, fmt.Errorf("question stats: %w", err)
		}
		if txt, ok := quiz.MisconceptionText(t.Tag); ok {
			t.Text = &txt
		}
		st.Misconceptions = append(st.Misconceptions, t)
	}
	return st, tags.Err()
}
