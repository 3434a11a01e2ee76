package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/looplab/looplab/quiz"
)

// AttemptService implements quiz.AttemptService.
type AttemptService struct{ db *DB }

var _ quiz.AttemptService = (*AttemptService)(nil)

// NewAttemptService returns the attempt service of db.
func NewAttemptService(db *DB) *AttemptService { return &AttemptService{db: db} }

// attemptColumns reads an attempt's grade details from grade_details, or from the
// attempt's own row for attempts stored before migration 00012.
const attemptColumns = `a.id, a.learner_id, a.question_id, a.version_id, v.version, a.attempt_no, a.seed, a.answer,
	a.hints_used, a.score, a.verdict, COALESCE(d.detail, a.grade), a.misconception, a.idempotency_key, a.created_at,
	COALESCE(a.assessment_id, 0)`

const attemptFrom = ` FROM attempts a JOIN question_versions v ON v.id = a.version_id
	LEFT JOIN grade_details d ON d.digest = a.detail_digest`

// FindAttemptByID implements quiz.AttemptService.
func (s *AttemptService) FindAttemptByID(ctx context.Context, id int64) (*quiz.Attempt, error) {
	a, err := scanAttempt(s.db.queryRow(ctx, s.db.read, `SELECT `+attemptColumns+attemptFrom+` WHERE a.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Attempt %d not found.", id)
	}
	return a, err
}

// FindAttemptByKey implements quiz.AttemptService.
func (s *AttemptService) FindAttemptByKey(ctx context.Context, learnerID int64, key string) (*quiz.Attempt, error) {
	return s.findByKey(ctx, s.db.read, learnerID, key)
}

// findByKey reads the attempt a learner made with an idempotency key from pool.
func (s *AttemptService) findByKey(ctx context.Context, pool *sql.DB, learnerID int64, key string) (*quiz.Attempt, error) {
	a, err := scanAttempt(s.db.queryRow(ctx, pool, `SELECT `+attemptColumns+attemptFrom+`
		WHERE a.learner_id = ? AND a.idempotency_key = ?`, learnerID, key))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "No attempt of learner %d has this idempotency key.", learnerID)
	}
	return a, err
}

// FindAttempts implements quiz.AttemptService.
func (s *AttemptService) FindAttempts(ctx context.Context, f quiz.AttemptFilter) ([]*quiz.Attempt, error) {
	var where []string
	var args []any
	if f.LearnerID != 0 {
		where, args = append(where, "a.learner_id = ?"), append(args, f.LearnerID)
	}
	if f.QuestionID != 0 {
		where, args = append(where, "a.question_id = ?"), append(args, f.QuestionID)
	}
	if f.Before != 0 {
		where, args = append(where, "a.id < ?"), append(args, f.Before)
	}
	q := `SELECT ` + attemptColumns + attemptFrom
	if len(where) > 0 {
		q += ` WHERE ` + strings.Join(where, " AND ")
	}
	rows, err := s.db.query(ctx, s.db.read, q+` ORDER BY a.id DESC LIMIT ?`, append(args, limit(f.Limit))...)
	if err != nil {
		return nil, fmt.Errorf("find attempts: %w", err)
	}
	defer rows.Close()
	out := []*quiz.Attempt{}
	for rows.Next() {
		a, err := scanAttempt(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// AttemptState implements quiz.AttemptService, from the database's state cache when it
// holds the pair (statecache.go), else from the database.
func (s *AttemptService) AttemptState(ctx context.Context, learnerID, questionID int64) (quiz.AttemptState, error) {
	k := stateKey{learnerID, questionID}
	if st, ok := s.db.states.get(k); ok {
		return st, nil
	}
	st, err := s.readAttemptState(ctx, learnerID, questionID)
	if err == nil {
		s.db.states.put(k, st)
	}
	return st, err
}

// readAttemptState reads the state from the database. Attempt numbers have no gaps, so
// the highest one is the count, read from the unique index in O(log n); the review
// state comes from the same statement, so both belong to one snapshot.
func (s *AttemptService) readAttemptState(ctx context.Context, learnerID, questionID int64) (quiz.AttemptState, error) {
	var st quiz.AttemptState
	var count int
	review, err := scanReview(s.db.queryRow(ctx, s.db.read, `SELECT COALESCE(r.learner_id, 0), COALESCE(r.question_id, 0),
		COALESCE(r.difficulty, 0), COALESCE(r.stability, 0), COALESCE(r.reps, 0), COALESCE(r.lapses, 0),
		COALESCE(r.last_rating, 0), COALESCE(r.last_score, 0), COALESCE(r.last_review, ''), COALESCE(r.due, ''), n.count
		FROM (SELECT COALESCE(MAX(attempt_no), 0) AS count FROM attempts WHERE learner_id = ? AND question_id = ?) n
		LEFT JOIN review_states r ON r.learner_id = ? AND r.question_id = ?`, learnerID, questionID, learnerID, questionID), &count)
	if err != nil {
		return st, fmt.Errorf("attempt state: %w", err)
	}
	st.Count = count
	if review.LearnerID != 0 { // zero: no review state yet
		st.Review = review
	}
	return st, nil
}

const insertAttempt = `INSERT INTO attempts (learner_id, question_id, version_id, attempt_no, seed,
		answer, hints_used, score, verdict, grade, detail_digest, misconception, idempotency_key, via_link_id, created_at,
		rv_difficulty, rv_stability, rv_reps, rv_lapses, rv_rating, rv_due, assessment_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`

const insertGradeDetail = `INSERT INTO grade_details (digest, detail) VALUES (?, ?) ON CONFLICT (digest) DO NOTHING`

// CreateAttempt implements quiz.AttemptService.
func (s *AttemptService) CreateAttempt(ctx context.Context, a *quiz.Attempt) (bool, error) {
	detail, err := a.Grade.EncodeDetail()
	if err != nil {
		return false, err
	}
	var idem any
	if a.IdempotencyKey != "" {
		idem = a.IdempotencyKey
	}
	// One INSERT is atomic on its own; the unique indexes make a duplicate attempt number
	// or idempotency key fail instead of creating a second attempt. With a.Review, the
	// attempt carries the review state it leads to and a trigger (migration 00008) stores
	// it in review_states within the same statement. The grade details are stored once
	// per distinct content (migration 00012), in the attempt's transaction when they are
	// new.
	digest := sha256.Sum256(detail)
	var before []batchStmt
	if !s.db.details.has(digest) {
		before = []batchStmt{{insertGradeDetail, []any{digest[:], detail}}}
	}
	now := s.db.now()
	var link any
	if a.LinkID != 0 {
		link = a.LinkID
	}
	var assessment any
	if a.AssessmentID != 0 {
		assessment = a.AssessmentID
	}
	args := []any{a.LearnerID, a.QuestionID, a.VersionID, a.AttemptNo, a.Seed, string(a.Answer), a.HintsUsed, a.Score,
		a.Verdict, digest[:], a.Misconception, idem, link, now, nil, nil, nil, nil, nil, nil, assessment}
	if next := a.Review; next != nil {
		copy(args[14:], []any{next.Difficulty, next.Stability, next.Reps, next.Lapses, int(next.LastRating), formatTime(next.Due)})
	}
	a.ID, err = s.db.batchInsert(ctx, before, insertAttempt, args...)
	switch {
	case isUnique(err) && idem != nil:
		existing, ferr := s.findByKey(ctx, s.db.write, a.LearnerID, a.IdempotencyKey)
		if ferr == nil {
			*a = *existing
			return false, nil
		}
		if quiz.ErrorCode(ferr) != quiz.ENOTFOUND {
			return false, ferr
		}
		fallthrough
	case isUnique(err):
		s.db.states.drop(stateKey{a.LearnerID, a.QuestionID})
		return false, quiz.Errorf(quiz.ECONFLICT, "Another attempt at this question was recorded at the same time; fetch the variant again.")
	case isForeignKey(err):
		return false, quiz.Errorf(quiz.ENOTFOUND, "Learner %d not found.", a.LearnerID)
	case err != nil:
		return false, fmt.Errorf("create attempt: %w", err)
	}
	s.db.details.add(digest)
	a.CreatedAt, a.Detail = parseTime(now), detail
	s.db.states.advance(stateKey{a.LearnerID, a.QuestionID}, a.AttemptNo, storedReview(a, now))
	return true, nil
}

// storedReview is the review state row the attempt's trigger wrote (migration 00008),
// as reading it back would give it; nil when the attempt carried none.
func storedReview(a *quiz.Attempt, createdAt string) *quiz.ReviewState {
	if a.Review == nil {
		return nil
	}
	r := *a.Review
	r.LearnerID, r.QuestionID, r.LastScore = a.LearnerID, a.QuestionID, a.Score
	r.LastReview, r.Due = parseTime(createdAt), parseTime(formatTime(r.Due))
	return &r
}

func scanAttempt(row scanner) (*quiz.Attempt, error) {
	var a quiz.Attempt
	var answer, created string
	var detail []byte
	var idem sql.NullString
	err := row.Scan(&a.ID, &a.LearnerID, &a.QuestionID, &a.VersionID, &a.Version, &a.AttemptNo, &a.Seed, &answer,
		&a.HintsUsed, &a.Score, &a.Verdict, &detail, &a.Misconception, &idem, &created, &a.AssessmentID)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		return nil, fmt.Errorf("scan attempt: %w", err)
	}
	if err := a.Grade.DecodeDetail(detail); err != nil {
		return nil, fmt.Errorf("attempt %d: %w", a.ID, err)
	}
	a.Answer, a.Detail = json.RawMessage(answer), detail
	a.IdempotencyKey = idem.String
	a.CreatedAt = parseTime(created)
	return &a, nil
}
