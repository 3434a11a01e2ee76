package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/looplab/looplab/quiz"
)

// QuestionService implements quiz.QuestionService.
type QuestionService struct{ db *DB }

var _ quiz.QuestionService = (*QuestionService)(nil)

// NewQuestionService returns the question service of db.
func NewQuestionService(db *DB) *QuestionService { return &QuestionService{db: db} }

const questionColumns = `q.id, q.slug, q.owner_key_id, q.bank, q.status, q.version, q.content, q.created_at, q.updated_at`

// FindQuestionByID implements quiz.QuestionService.
func (s *QuestionService) FindQuestionByID(ctx context.Context, id int64) (*quiz.Question, error) {
	q, err := scanQuestion(s.db.queryRow(ctx, s.db.read, `SELECT `+questionColumns+` FROM questions q WHERE q.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Question %d not found.", id)
	}
	return q, err
}

// FindQuestions implements quiz.QuestionService.
func (s *QuestionService) FindQuestions(ctx context.Context, f quiz.QuestionFilter) ([]*quiz.Question, error) {
	where, args := []string{"q.id > ?"}, []any{f.After}
	switch {
	case f.Status == quiz.StatusPublished:
		where = append(where, "q.status = 'published'")
	case f.Status != "" && f.AllDrafts:
		where, args = append(where, "q.status = ?"), append(args, f.Status)
	case f.Status != "":
		where, args = append(where, "q.status = ? AND q.owner_key_id = ?"), append(args, f.Status, f.OwnerID)
	case f.AllDrafts:
		where = append(where, "q.status IN ('published', 'draft', 'unpublished')")
	default:
		where, args = append(where, "(q.status = 'published' OR q.status IN ('draft', 'unpublished') AND q.owner_key_id = ?)"), append(args, f.OwnerID)
	}
	if f.Topic != "" {
		where, args = append(where, "q.topic = ?"), append(args, f.Topic)
	}
	if f.Kind != "" {
		where, args = append(where, "q.kind = ?"), append(args, f.Kind)
	}
	if f.Difficulty != 0 {
		where, args = append(where, "q.difficulty = ?"), append(args, f.Difficulty)
	}
	if f.Language != "" {
		where, args = append(where, "q.languages LIKE ?"), append(args, "%,"+f.Language+",%")
	}
	args = append(args, limit(f.Limit))
	cols := questionColumns
	if f.PublishedContent {
		cols = strings.Replace(cols, "q.content", "COALESCE(v.content, q.content)", 1)
	}
	rows, err := s.db.query(ctx, s.db.read, `SELECT `+cols+` FROM questions q
		LEFT JOIN question_versions v ON v.question_id = q.id AND v.version = q.version
		WHERE `+strings.Join(where, " AND ")+` ORDER BY q.id LIMIT ?`, args...)
	if err != nil {
		return nil, fmt.Errorf("find questions: %w", err)
	}
	defer rows.Close()
	out := []*quiz.Question{}
	for rows.Next() {
		q, err := scanQuestion(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, q)
	}
	return out, rows.Err()
}

// CreateQuestion implements quiz.QuestionService.
func (s *QuestionService) CreateQuestion(ctx context.Context, q *quiz.Question) error {
	return s.db.inTx(ctx, func(tx *Tx) error { return s.createQuestion(ctx, tx, q) })
}

func (s *QuestionService) createQuestion(ctx context.Context, tx *Tx, q *quiz.Question) error {
	content, err := json.Marshal(q.Content)
	if err != nil {
		return fmt.Errorf("encode content: %w", err)
	}
	now := s.db.now()
	q.Status, q.Version = quiz.StatusDraft, 0
	err = tx.QueryRowContext(ctx, `INSERT INTO questions
		(slug, owner_key_id, bank, status, version, topic, kind, difficulty, languages, content, created_at, updated_at)
		VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		q.Slug, q.OwnerID, boolInt(q.Bank), q.Status, q.Content.Topic, q.Content.Kind, q.Content.Difficulty,
		languages(&q.Content), content, now, now).Scan(&q.ID)
	if isUnique(err) {
		return &quiz.Error{Code: quiz.ECONFLICT, Message: fmt.Sprintf("A question with slug %q exists.", q.Slug),
			Fields: []quiz.FieldError{{Field: "slug", Message: "is taken"}}}
	}
	if err != nil {
		return fmt.Errorf("create question: %w", err)
	}
	q.CreatedAt, q.UpdatedAt = parseTime(now), parseTime(now)
	return nil
}

// UpdateQuestionContent implements quiz.QuestionService.
func (s *QuestionService) UpdateQuestionContent(ctx context.Context, id int64, c quiz.Content, seen time.Time) (*quiz.Question, error) {
	err := s.db.inTx(ctx, func(tx *Tx) error { return s.updateContent(ctx, tx, id, c, seen) })
	if err != nil {
		return nil, err
	}
	return s.FindQuestionByID(ctx, id)
}

// updateContent replaces a question's working copy in tx; with a non-zero seen, only if
// the question was last updated then (a compare-and-set: no lost update).
func (s *QuestionService) updateContent(ctx context.Context, tx *Tx, id int64, c quiz.Content, seen time.Time) error {
	content, err := json.Marshal(c)
	if err != nil {
		return fmt.Errorf("encode content: %w", err)
	}
	query, args := `UPDATE questions SET content = ?, updated_at = ? WHERE id = ?`, []any{content, s.db.now(), id}
	if !seen.IsZero() {
		query, args = query+` AND updated_at = ?`, append(args, formatTime(seen))
	}
	res, err := tx.ExecContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("update question: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		var one int
		if err := tx.QueryRowContext(ctx, `SELECT 1 FROM questions WHERE id = ?`, id).Scan(&one); errors.Is(err, sql.ErrNoRows) {
			return quiz.Errorf(quiz.ENOTFOUND, "Question %d not found.", id)
		}
		return quiz.Errorf(quiz.EPRECONDITION, "Question %d changed since the copy this edit was made on; read it again and redo the edit.", id)
	}
	// A draft's filter columns follow its working copy.
	_, err = tx.ExecContext(ctx, `UPDATE questions SET topic = ?, kind = ?, difficulty = ?, languages = ?
		WHERE id = ? AND version = 0`, c.Topic, c.Kind, c.Difficulty, languages(&c), id)
	return err
}

// PublishQuestion implements quiz.QuestionService.
func (s *QuestionService) PublishQuestion(ctx context.Context, id int64, checked quiz.Content) (*quiz.QuestionVersion, error) {
	var v *quiz.QuestionVersion
	err := s.db.inTx(ctx, func(tx *Tx) error {
		q, err := s.questionInTx(ctx, tx, `q.id = ?`, id)
		if errors.Is(err, sql.ErrNoRows) {
			return quiz.Errorf(quiz.ENOTFOUND, "Question %d not found.", id)
		}
		if err != nil {
			return err
		}
		if !sameContent(q.Content, checked) {
			return quiz.Errorf(quiz.ECONFLICT, "The question changed while it was being checked; publish it again.")
		}
		if err := q.CheckEditable(); err != nil {
			return err
		}
		v, err = s.publish(ctx, tx, q, true)
		return err
	})
	return v, err
}

// questionInTx reads the question that where (a condition on q) selects, in tx.
func (s *QuestionService) questionInTx(ctx context.Context, tx *Tx, where string, arg any) (*quiz.Question, error) {
	return scanQuestion(tx.QueryRowContext(ctx, `SELECT `+questionColumns+` FROM questions q WHERE `+where, arg))
}

// ImportQuestions implements quiz.QuestionService.
func (s *QuestionService) ImportQuestions(ctx context.Context, ownerKeyID int64, items []quiz.QuestionImport, publish bool) ([]quiz.QuestionImported, error) {
	out := make([]quiz.QuestionImported, len(items))
	err := s.db.inTx(ctx, func(tx *Tx) error {
		for i, it := range items {
			var err error
			if out[i], err = s.importOne(ctx, tx, ownerKeyID, it, publish); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// importOne stores one question of an import in tx: a new draft, or the new working
// copy of the question the import was checked against, published when asked and
// something changed.
func (s *QuestionService) importOne(ctx context.Context, tx *Tx, ownerKeyID int64, it quiz.QuestionImport, publish bool) (quiz.QuestionImported, error) {
	var out quiz.QuestionImported
	q, err := s.questionInTx(ctx, tx, `q.slug = ?`, it.Slug)
	switch {
	case errors.Is(err, sql.ErrNoRows) && it.ID == 0:
		q = &quiz.Question{Slug: it.Slug, OwnerID: ownerKeyID, Content: it.Content}
		if err := s.createQuestion(ctx, tx, q); err != nil {
			return out, err
		}
		out.Action = "created"
	case err != nil && !errors.Is(err, sql.ErrNoRows):
		return out, err
	case err != nil || q.ID != it.ID:
		return out, quiz.Errorf(quiz.ECONFLICT, "The question with slug %q changed during the import; import again.", it.Slug)
	case sameContent(q.Content, it.Content):
		out.Action = "unchanged"
	default:
		if err := s.updateContent(ctx, tx, q.ID, it.Content, time.Time{}); err != nil {
			return out, err
		}
		q.Content = it.Content
		out.Action = "updated"
	}
	out.QuestionID, out.Version = q.ID, q.Version
	if publish && (out.Action != "unchanged" || q.Version == 0) {
		v, err := s.publish(ctx, tx, q, true)
		if quiz.ErrorCode(err) == quiz.ECONFLICT { // equal to the latest version already
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out.Version, out.Published = v.Version, true
	}
	return out, nil
}

// sameContent reports whether two contents encode to the same JSON.
func sameContent(a, b quiz.Content) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// publish snapshots q's working copy as its next version. With relist, the question is
// published (listed for learners) again if it was withdrawn, also when its content is the
// latest version's (that version is returned: no new one); without, a withdrawn
// question stays withdrawn (the bank's files do not undo an author's unpublish).
func (s *QuestionService) publish(ctx context.Context, tx *Tx, q *quiz.Question, relist bool) (*quiz.QuestionVersion, error) {
	content, err := json.Marshal(q.Content)
	if err != nil {
		return nil, fmt.Errorf("encode content: %w", err)
	}
	now := s.db.now()
	if q.Version > 0 {
		latest, err := scanVersion(tx.QueryRowContext(ctx, `SELECT `+versionColumns+` FROM question_versions
			WHERE question_id = ? AND version = ?`, q.ID, q.Version))
		if err != nil {
			return nil, fmt.Errorf("latest version: %w", err)
		}
		switch {
		case !sameContent(latest.Content, q.Content):
		case relist && q.Status != quiz.StatusPublished:
			if _, err := tx.ExecContext(ctx, `UPDATE questions SET status = 'published', updated_at = ? WHERE id = ?`, now, q.ID); err != nil {
				return nil, fmt.Errorf("publish question: %w", err)
			}
			return latest, nil
		default:
			return nil, quiz.Errorf(quiz.ECONFLICT, "Nothing changed since version %d.", q.Version)
		}
	}
	v := &quiz.QuestionVersion{QuestionID: q.ID, Version: q.Version + 1, Content: q.Content, CreatedAt: parseTime(now)}
	err = tx.QueryRowContext(ctx, `INSERT INTO question_versions (question_id, version, content, created_at)
		VALUES (?, ?, ?, ?) RETURNING id`, q.ID, v.Version, content, now).Scan(&v.ID)
	if isUnique(err) { // published at the same moment through another replica
		return nil, quiz.Errorf(quiz.ECONFLICT, "The question was published at the same time; publish it again.")
	}
	if err != nil {
		return nil, fmt.Errorf("insert version: %w", err)
	}
	c := &q.Content
	status := quiz.StatusPublished
	if !relist && q.Version > 0 && !q.Status.Live() {
		status = q.Status
	}
	if _, err := tx.ExecContext(ctx, `UPDATE questions SET status = ?, version = ?, topic = ?, kind = ?,
		difficulty = ?, languages = ?, updated_at = ? WHERE id = ?`,
		status, v.Version, c.Topic, c.Kind, c.Difficulty, languages(c), now, q.ID); err != nil {
		return nil, fmt.Errorf("publish question: %w", err)
	}
	return v, nil
}

const versionColumns = `id, question_id, version, content, created_at`

// FindVersion implements quiz.QuestionService.
func (s *QuestionService) FindVersion(ctx context.Context, questionID int64, n int) (*quiz.QuestionVersion, error) {
	if n == 0 {
		v, err := scanVersion(s.db.queryRow(ctx, s.db.read, `SELECT `+versionColumns+` FROM question_versions
			WHERE question_id = ? AND version = (SELECT q.version FROM questions q WHERE q.id = ? AND q.status = 'published')`,
			questionID, questionID))
		if errors.Is(err, sql.ErrNoRows) {
			return nil, quiz.Errorf(quiz.ENOTFOUND, "Question %d is not available: it is not published, or its author withdrew it.", questionID)
		}
		return v, err
	}
	v, err := scanVersion(s.db.queryRow(ctx, s.db.read, `SELECT `+versionColumns+` FROM question_versions
		WHERE question_id = ? AND version = ?`, questionID, n))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Question %d has no version %d.", questionID, n)
	}
	return v, err
}

// FindVersionByID implements quiz.QuestionService.
func (s *QuestionService) FindVersionByID(ctx context.Context, id int64) (*quiz.QuestionVersion, error) {
	v, err := scanVersion(s.db.queryRow(ctx, s.db.read, `SELECT `+versionColumns+` FROM question_versions WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Question version %d not found.", id)
	}
	return v, err
}

// SyncBankQuestion implements quiz.QuestionService.
func (s *QuestionService) SyncBankQuestion(ctx context.Context, slug string, c quiz.Content) (*quiz.QuestionVersion, bool, error) {
	var v *quiz.QuestionVersion
	var created bool
	err := s.db.inTx(ctx, func(tx *Tx) error {
		q, err := scanQuestion(tx.QueryRowContext(ctx, `SELECT `+questionColumns+` FROM questions q WHERE q.slug = ?`, slug))
		switch {
		case errors.Is(err, sql.ErrNoRows):
			q = &quiz.Question{Slug: slug, Bank: true, Content: c}
			if err := s.createQuestion(ctx, tx, q); err != nil {
				return err
			}
		case err != nil:
			return err
		case !q.Bank:
			return quiz.Errorf(quiz.ECONFLICT, "Slug %q belongs to a question created through the API.", slug)
		default:
			content, _ := json.Marshal(c)
			if _, err := tx.ExecContext(ctx, `UPDATE questions SET content = ? WHERE id = ?`, content, q.ID); err != nil {
				return fmt.Errorf("update bank question: %w", err)
			}
			q.Content = c
		}
		v, err = s.publish(ctx, tx, q, false)
		if quiz.ErrorCode(err) == quiz.ECONFLICT && q.Version > 0 { // unchanged
			v, err = scanVersion(tx.QueryRowContext(ctx, `SELECT `+versionColumns+` FROM question_versions
				WHERE question_id = ? AND version = ?`, q.ID, q.Version))
			return err
		}
		created = err == nil
		return err
	})
	return v, created, err
}

// FindVersions implements quiz.QuestionService.
func (s *QuestionService) FindVersions(ctx context.Context, questionID int64) ([]*quiz.QuestionVersion, error) {
	rows, err := s.db.query(ctx, s.db.read, `SELECT `+versionColumns+` FROM question_versions WHERE question_id = ? ORDER BY version`, questionID)
	if err != nil {
		return nil, fmt.Errorf("find versions: %w", err)
	}
	defer rows.Close()
	out := []*quiz.QuestionVersion{}
	for rows.Next() {
		v, err := scanVersion(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// SetQuestionStatus implements quiz.QuestionService.
func (s *QuestionService) SetQuestionStatus(ctx context.Context, id int64, from, to quiz.Status) (*quiz.Question, error) {
	res, err := s.db.exec(ctx, s.db.write, `UPDATE questions SET status = ?, updated_at = ? WHERE id = ? AND status = ?`,
		to, s.db.now(), id, from)
	if err != nil {
		return nil, fmt.Errorf("set question status: %w", err)
	}
	q, err := s.FindQuestionByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, quiz.Errorf(quiz.ECONFLICT, "Question %d changed meanwhile (it is %s now); read it again.", id, q.Status)
	}
	return q, nil
}

// DeleteQuestion implements quiz.QuestionService.
func (s *QuestionService) DeleteQuestion(ctx context.Context, id int64) (bool, error) {
	removed := false
	err := s.db.inTx(ctx, func(tx *Tx) error {
		q, err := s.questionInTx(ctx, tx, `q.id = ?`, id)
		if errors.Is(err, sql.ErrNoRows) || err == nil && q.Status == quiz.StatusDeleted {
			return quiz.Errorf(quiz.ENOTFOUND, "Question %d not found.", id)
		}
		if err != nil {
			return err
		}
		var answered int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM attempts WHERE question_id = ?`, id).Scan(&answered); err != nil {
			return fmt.Errorf("delete question: %w", err)
		}
		if answered > 0 { // withdrawn for good; the attempts keep their versions
			_, err := tx.ExecContext(ctx, `UPDATE questions SET status = 'deleted', slug = ?, updated_at = ? WHERE id = ?`,
				q.Slug+"~deleted-"+strconv.FormatInt(id, 10), s.db.now(), id)
			return err
		}
		for _, query := range []string{`DELETE FROM question_versions WHERE question_id = ?`, `DELETE FROM questions WHERE id = ?`} {
			if _, err := tx.ExecContext(ctx, query, id); isForeignKey(err) {
				return quiz.Errorf(quiz.ECONFLICT, "Question %d is part of an assessment or an LMS link: take it out there first, or archive it.", id)
			} else if err != nil {
				return fmt.Errorf("delete question: %w", err)
			}
		}
		removed = true
		return nil
	})
	return removed, err
}

func scanQuestion(row scanner) (*quiz.Question, error) {
	var q quiz.Question
	var bank int
	var content []byte
	var created, updated string
	if err := row.Scan(&q.ID, &q.Slug, &q.OwnerID, &bank, &q.Status, &q.Version, &content, &created, &updated); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		return nil, fmt.Errorf("scan question: %w", err)
	}
	if err := json.Unmarshal(content, &q.Content); err != nil {
		return nil, fmt.Errorf("decode question %d content: %w", q.ID, err)
	}
	q.Bank = bank != 0
	q.CreatedAt, q.UpdatedAt = parseTime(created), parseTime(updated)
	return &q, nil
}

func scanVersion(row scanner) (*quiz.QuestionVersion, error) {
	var v quiz.QuestionVersion
	var content []byte
	var created string
	if err := row.Scan(&v.ID, &v.QuestionID, &v.Version, &content, &created); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		return nil, fmt.Errorf("scan version: %w", err)
	}
	if err := json.Unmarshal(content, &v.Content); err != nil {
		return nil, fmt.Errorf("decode version %d content: %w", v.ID, err)
	}
	v.CreatedAt = parseTime(created)
	return &v, nil
}

// languages renders a content's languages for the LIKE filter: ",en,vi,".
func languages(c *quiz.Content) string { return "," + strings.Join(c.Languages(), ",") + "," }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
