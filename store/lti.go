package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/looplab/looplab/lti"
	"github.com/looplab/looplab/quiz"
)

// LTIStore implements lti.Store.
type LTIStore struct{ db *DB }

var _ lti.Store = (*LTIStore)(nil)

// NewLTIStore returns the LTI store of db.
func NewLTIStore(db *DB) *LTIStore { return &LTIStore{db: db} }

const platformColumns = `id, name, issuer, client_id, deployment_ids, auth_login_url, token_url, jwks_url, token_audience, created_at`

// CreatePlatform implements lti.Store.
func (s *LTIStore) CreatePlatform(ctx context.Context, p *lti.Platform) error {
	ids, _ := json.Marshal(p.DeploymentIDs)
	now := s.db.now()
	err := s.db.queryRow(ctx, s.db.write, `INSERT INTO lti_platforms (name, issuer, client_id, deployment_ids,
		auth_login_url, token_url, jwks_url, token_audience, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		p.Name, p.Issuer, p.ClientID, string(ids), p.AuthLoginURL, p.TokenURL, p.JWKSURL, p.TokenAudience, now).Scan(&p.ID)
	if isUnique(err) {
		return quiz.Errorf(quiz.ECONFLICT, "A platform with issuer %q and client_id %q is registered.", p.Issuer, p.ClientID)
	}
	if err != nil {
		return fmt.Errorf("create platform: %w", err)
	}
	p.CreatedAt = parseTime(now)
	return nil
}

// FindPlatformByID implements lti.Store.
func (s *LTIStore) FindPlatformByID(ctx context.Context, id int64) (*lti.Platform, error) {
	p, err := scanPlatform(s.db.queryRow(ctx, s.db.read, `SELECT `+platformColumns+` FROM lti_platforms WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Platform %d not found.", id)
	}
	return p, err
}

// FindPlatforms implements lti.Store.
func (s *LTIStore) FindPlatforms(ctx context.Context, issuer string) ([]*lti.Platform, error) {
	q, args := `SELECT `+platformColumns+` FROM lti_platforms ORDER BY id`, []any{}
	if issuer != "" {
		q, args = `SELECT `+platformColumns+` FROM lti_platforms WHERE issuer = ? ORDER BY id`, []any{issuer}
	}
	rows, err := s.db.query(ctx, s.db.read, q, args...)
	if err != nil {
		return nil, fmt.Errorf("find platforms: %w", err)
	}
	defer rows.Close()
	out := []*lti.Platform{}
	for rows.Next() {
		p, err := scanPlatform(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// UpdatePlatform implements lti.Store.
func (s *LTIStore) UpdatePlatform(ctx context.Context, p *lti.Platform) error {
	ids, _ := json.Marshal(p.DeploymentIDs)
	res, err := s.db.exec(ctx, s.db.write, `UPDATE lti_platforms SET name = ?, client_id = ?, deployment_ids = ?, auth_login_url = ?,
		token_url = ?, jwks_url = ?, token_audience = ? WHERE id = ?`,
		p.Name, p.ClientID, string(ids), p.AuthLoginURL, p.TokenURL, p.JWKSURL, p.TokenAudience, p.ID)
	if isUnique(err) {
		return quiz.Errorf(quiz.ECONFLICT, "A platform with issuer %q and client_id %q is registered.", p.Issuer, p.ClientID)
	}
	if err != nil {
		return fmt.Errorf("update platform: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return quiz.Errorf(quiz.ENOTFOUND, "Platform %d not found.", p.ID)
	}
	return nil
}

// DeletePlatform implements lti.Store.
func (s *LTIStore) DeletePlatform(ctx context.Context, id int64) error {
	res, err := s.db.exec(ctx, s.db.write, `DELETE FROM lti_platforms WHERE id = ?`, id)
	if err != nil {
		return fmt.Errorf("delete platform: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return quiz.Errorf(quiz.ENOTFOUND, "Platform %d not found.", id)
	}
	return nil
}

func scanPlatform(row scanner) (*lti.Platform, error) {
	var p lti.Platform
	var ids, created string
	err := row.Scan(&p.ID, &p.Name, &p.Issuer, &p.ClientID, &ids, &p.AuthLoginURL, &p.TokenURL, &p.JWKSURL, &p.TokenAudience, &created)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		return nil, fmt.Errorf("scan platform: %w", err)
	}
	if err := json.Unmarshal([]byte(ids), &p.DeploymentIDs); err != nil {
		return nil, fmt.Errorf("platform %d deployment ids: %w", p.ID, err)
	}
	p.CreatedAt = parseTime(created)
	return &p, nil
}

// ToolKeys implements lti.Store.
func (s *LTIStore) ToolKeys(ctx context.Context) ([]lti.ToolKey, error) {
	rows, err := s.db.query(ctx, s.db.read, `SELECT kid, private_pem, created_at FROM lti_tool_keys ORDER BY created_at DESC, kid`)
	if err != nil {
		return nil, fmt.Errorf("tool keys: %w", err)
	}
	defer rows.Close()
	var out []lti.ToolKey
	for rows.Next() {
		var k lti.ToolKey
		var created string
		if err := rows.Scan(&k.KID, &k.PrivatePEM, &created); err != nil {
			return nil, fmt.Errorf("scan tool key: %w", err)
		}
		k.CreatedAt = parseTime(created)
		out = append(out, k)
	}
	return out, rows.Err()
}

// AddToolKey implements lti.Store.
func (s *LTIStore) AddToolKey(ctx context.Context, k lti.ToolKey) error {
	_, err := s.db.exec(ctx, s.db.write, `INSERT INTO lti_tool_keys (kid, private_pem, created_at) VALUES (?, ?, ?)`,
		k.KID, k.PrivatePEM, formatTime(k.CreatedAt))
	if err != nil {
		return fmt.Errorf("add tool key: %w", err)
	}
	return nil
}

// CreateState implements lti.Store. It also prunes states older than a day.
func (s *LTIStore) CreateState(ctx context.Context, st lti.State) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM lti_states WHERE created_at < ?`, formatTime(st.CreatedAt.Add(-24*time.Hour))); err != nil {
			return fmt.Errorf("prune states: %w", err)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO lti_states (state, platform_id, nonce, created_at) VALUES (?, ?, ?, ?)`,
			st.State, st.PlatformID, st.Nonce, formatTime(st.CreatedAt))
		if err != nil {
			return fmt.Errorf("create state: %w", err)
		}
		return nil
	})
}

// ConsumeState implements lti.Store.
func (s *LTIStore) ConsumeState(ctx context.Context, state string) (*lti.State, error) {
	var st lti.State
	var created string
	err := s.db.queryRow(ctx, s.db.write, `DELETE FROM lti_states WHERE state = ? RETURNING state, platform_id, nonce, created_at`,
		state).Scan(&st.State, &st.PlatformID, &st.Nonce, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Unknown state.")
	}
	if err != nil {
		return nil, fmt.Errorf("consume state: %w", err)
	}
	st.CreatedAt = parseTime(created)
	return &st, nil
}

// UseNonce implements lti.Store. It also prunes expired nonces.
func (s *LTIStore) UseNonce(ctx context.Context, platformID int64, nonce string, exp time.Time) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM lti_nonces WHERE expires_at < ?`, s.db.now()); err != nil {
			return fmt.Errorf("prune nonces: %w", err)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO lti_nonces (platform_id, nonce, expires_at) VALUES (?, ?, ?)`,
			platformID, nonce, formatTime(exp))
		if isUnique(err) {
			return quiz.Errorf(quiz.ECONFLICT, "Nonce used before.")
		}
		if err != nil {
			return fmt.Errorf("use nonce: %w", err)
		}
		return nil
	})
}

// QuestionIDBySlug implements lti.Store.
func (s *LTIStore) QuestionIDBySlug(ctx context.Context, slug string) (int64, error) {
	var id int64
	err := s.db.queryRow(ctx, s.db.read, `SELECT id FROM questions WHERE slug = ?`, slug).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, quiz.Errorf(quiz.ENOTFOUND, "Question %q not found.", slug)
	}
	if err != nil {
		return 0, fmt.Errorf("question by slug: %w", err)
	}
	return id, nil
}

// FindQuestionRef implements lti.Store: a positive integer is an id, anything else a slug.
func (s *LTIStore) FindQuestionRef(ctx context.Context, ref string) (*lti.QuestionRef, error) {
	q, arg := `SELECT id, slug, status = 'published' AND version > 0 FROM questions WHERE slug = ?`, any(ref)
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil && id > 0 {
		q, arg = `SELECT id, slug, status = 'published' AND version > 0 FROM questions WHERE id = ?`, id
	}
	var r lti.QuestionRef
	err := s.db.queryRow(ctx, s.db.read, q, arg).Scan(&r.ID, &r.Slug, &r.Published)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Question %q not found.", ref)
	}
	if err != nil {
		return nil, fmt.Errorf("question ref: %w", err)
	}
	return &r, nil
}

// TopicQuestionIDs implements lti.Store.
func (s *LTIStore) TopicQuestionIDs(ctx context.Context, topic string) ([]int64, error) {
	rows, err := s.db.query(ctx, s.db.read, `SELECT id FROM questions WHERE status = 'published' AND version > 0 AND topic = ?
		ORDER BY difficulty, id`, topic)
	if err != nil {
		return nil, fmt.Errorf("topic questions: %w", err)
	}
	return collectIDs(rows, "topic questions")
}

// collectIDs reads rows of one integer column and closes rows; what names the list in
// errors.
func collectIDs(rows *sql.Rows, what string) ([]int64, error) {
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("scan %s: %w", what, err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return ids, nil
}

// BindLink implements lti.Store: one transaction upserts the context, the link, what it
// points to and (unless b.Ungraded) the grade target; a link left bound to nothing
// rolls it back.
func (s *LTIStore) BindLink(ctx context.Context, b lti.LinkBinding) (*lti.BoundLink, error) {
	var bound *lti.BoundLink
	err := s.db.inTx(ctx, func(tx *Tx) error {
		now := s.db.now()
		ctxRef, err := upsertContext(ctx, tx, b, now)
		if err != nil {
			return err
		}
		if bound, err = upsertLink(ctx, tx, b, ctxRef, now); err != nil {
			return err
		}
		if err := bindTarget(ctx, tx, bound, b); err != nil {
			return err
		}
		if bound.QuestionID == 0 && bound.SetKind == "" { // rolls back: a refused launch writes nothing
			return quiz.Errorf(quiz.ENOTFOUND, "Link %q is bound to no question.", b.ResourceLinkID)
		}
		if bound.SetKind != "" {
			if bound.Set, err = linkQuestions(ctx, tx, bound.LinkID); err != nil {
				return err
			}
		}
		if b.Ungraded {
			return nil
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO lti_grade_targets (link_id, learner_id, user_sub, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (link_id, learner_id) DO UPDATE SET user_sub = excluded.user_sub`, bound.LinkID, b.LearnerID, b.UserSub, now)
		if err != nil {
			return fmt.Errorf("upsert grade target: %w", err)
		}
		return nil
	})
	return bound, err
}

// upsertContext upserts the launch's context and returns its row id (nil without one).
func upsertContext(ctx context.Context, tx *Tx, b lti.LinkBinding, now string) (any, error) {
	if b.ContextID == "" {
		return nil, nil
	}
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO lti_contexts (platform_id, deployment_id, context_id, title, label, memberships_url, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (platform_id, deployment_id, context_id) DO UPDATE SET title = excluded.title, label = excluded.label,
		memberships_url = CASE WHEN excluded.memberships_url <> '' THEN excluded.memberships_url ELSE lti_contexts.memberships_url END,
		updated_at = excluded.updated_at
		RETURNING id`, b.PlatformID, b.DeploymentID, b.ContextID, b.ContextTitle, b.ContextLabel, b.MembershipsURL, now).Scan(&id)
	if err != nil {
		return nil, fmt.Errorf("upsert context: %w", err)
	}
	return id, nil
}

// upsertLink upserts the link with its line item and question (a new question replaces
// the one bound before; none keeps it) and returns what it points to before any set
// is bound. A launch with a lineitem claim sets the line item; one with only the
// container keeps the line item found or created before; one without AGS clears it.
func upsertLink(ctx context.Context, tx *Tx, b lti.LinkBinding, ctxRef any, now string) (*lti.BoundLink, error) {
	var question any
	if b.QuestionID != 0 {
		question = b.QuestionID
	}
	var l lti.BoundLink
	var qid sql.NullInt64
	err := tx.QueryRowContext(ctx, `INSERT INTO lti_links (platform_id, deployment_id, resource_link_id, context_ref, title,
			question_id, lineitem_url, lineitems_url, can_score, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (platform_id, deployment_id, resource_link_id) DO UPDATE SET context_ref = excluded.context_ref,
			title = excluded.title, question_id = COALESCE(excluded.question_id, lti_links.question_id),
			lineitem_url = CASE WHEN excluded.lineitem_url <> '' THEN excluded.lineitem_url
				WHEN excluded.lineitems_url <> '' THEN lti_links.lineitem_url ELSE '' END,
			lineitems_url = excluded.lineitems_url, can_score = excluded.can_score, updated_at = excluded.updated_at
		RETURNING id, question_id, set_kind, set_key`, b.PlatformID, b.DeploymentID, b.ResourceLinkID, ctxRef, b.LinkTitle, question,
		b.LineItemURL, b.LineItemsURL, b.CanScore, now).Scan(&l.LinkID, &qid, &l.SetKind, &l.SetKey)
	if isForeignKey(err) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Question %d not found.", b.QuestionID)
	}
	if err != nil {
		return nil, fmt.Errorf("upsert link: %w", err)
	}
	l.QuestionID = qid.Int64
	return &l, nil
}

// bindTarget points the link at b's set (unless it is bound to that set already, whose
// questions it keeps) or, when b names a question, drops the set it had.
func bindTarget(ctx context.Context, tx *Tx, l *lti.BoundLink, b lti.LinkBinding) error {
	switch {
	case b.Set != nil && (l.SetKind != b.Set.Kind || l.SetKey != b.Set.Key):
		if err := replaceLinkQuestions(ctx, tx, l.LinkID, b.Set.QuestionIDs); err != nil {
			return err
		}
		l.QuestionID, l.SetKind, l.SetKey = 0, b.Set.Kind, b.Set.Key
	case b.QuestionID != 0 && l.SetKind != "":
		if err := replaceLinkQuestions(ctx, tx, l.LinkID, nil); err != nil {
			return err
		}
		l.SetKind, l.SetKey = "", ""
	default:
		return nil
	}
	var question any
	if l.QuestionID != 0 {
		question = l.QuestionID
	}
	_, err := tx.ExecContext(ctx, `UPDATE lti_links SET question_id = ?, set_kind = ?, set_key = ? WHERE id = ?`,
		question, l.SetKind, l.SetKey, l.LinkID)
	if err != nil {
		return fmt.Errorf("bind link %d: %w", l.LinkID, err)
	}
	return nil
}

// replaceLinkQuestions makes ids, in order, the questions of a link's set.
func replaceLinkQuestions(ctx context.Context, tx *Tx, linkID int64, ids []int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM lti_link_questions WHERE link_id = ?`, linkID); err != nil {
		return fmt.Errorf("clear link %d questions: %w", linkID, err)
	}
	for i, id := range ids {
		_, err := tx.ExecContext(ctx, `INSERT INTO lti_link_questions (link_id, question_id, position) VALUES (?, ?, ?)`, linkID, id, i)
		if isForeignKey(err) {
			return quiz.Errorf(quiz.ENOTFOUND, "Question %d not found.", id)
		}
		if err != nil {
			return fmt.Errorf("link %d question %d: %w", linkID, id, err)
		}
	}
	return nil
}

// linkQuestions lists the questions of a link's set in order.
func linkQuestions(ctx context.Context, tx *Tx, linkID int64) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, `SELECT question_id FROM lti_link_questions WHERE link_id = ? ORDER BY position`, linkID)
	if err != nil {
		return nil, fmt.Errorf("link %d questions: %w", linkID, err)
	}
	return collectIDs(rows, "link questions")
}

// FindLink implements lti.Store.
func (s *LTIStore) FindLink(ctx context.Context, platformID int64, deploymentID, resourceLinkID string) (*lti.BoundLink, error) {
	var l lti.BoundLink
	var qid sql.NullInt64
	err := s.db.queryRow(ctx, s.db.read, `SELECT id, question_id, set_kind, set_key FROM lti_links
		WHERE platform_id = ? AND deployment_id = ? AND resource_link_id = ?`, platformID, deploymentID, resourceLinkID).
		Scan(&l.LinkID, &qid, &l.SetKind, &l.SetKey)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Link %q not found.", resourceLinkID)
	}
	if err != nil {
		return nil, fmt.Errorf("find link: %w", err)
	}
	l.QuestionID = qid.Int64
	return &l, nil
}

// FindGradeTarget implements lti.Store.
func (s *LTIStore) FindGradeTarget(ctx context.Context, id int64) (*lti.GradeTarget, error) {
	var g lti.GradeTarget
	var qid sql.NullInt64
	var slug sql.NullString
	var stamp string
	err := s.db.queryRow(ctx, s.db.read, `SELECT g.id, l.platform_id, g.link_id, l.resource_link_id, l.title, l.question_id, q.slug,
			l.set_kind, l.set_key, g.learner_id, g.user_sub, l.lineitem_url, l.lineitems_url, g.score_stamp, g.score_stamp_msg
		FROM lti_grade_targets g JOIN lti_links l ON l.id = g.link_id LEFT JOIN questions q ON q.id = l.question_id
		WHERE g.id = ?`, id).
		Scan(&g.ID, &g.PlatformID, &g.LinkID, &g.ResourceLinkID, &g.LinkTitle, &qid, &slug, &g.SetKind, &g.SetKey,
			&g.LearnerID, &g.UserSub, &g.LineItemURL, &g.LineItemsURL, &stamp, &g.Stamp.Msg)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Grade target %d not found.", id)
	}
	if err != nil {
		return nil, fmt.Errorf("find grade target: %w", err)
	}
	g.QuestionID, g.QuestionSlug = qid.Int64, slug.String
	if stamp != "" {
		g.Stamp.At = parseTime(stamp).UTC()
	}
	return &g, nil
}

// StampScore implements lti.Store.
func (s *LTIStore) StampScore(ctx context.Context, targetID int64, st lti.ScoreStamp) error {
	stamp := ""
	if !st.At.IsZero() {
		stamp = formatTime(st.At)
	}
	res, err := s.db.exec(ctx, s.db.write, `UPDATE lti_grade_targets SET score_stamp = ?, score_stamp_msg = ? WHERE id = ?`,
		stamp, st.Msg, targetID)
	if err != nil {
		return fmt.Errorf("stamp score of grade target %d: %w", targetID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return quiz.Errorf(quiz.ENOTFOUND, "Grade target %d not found.", targetID)
	}
	return nil
}

// SetLineItem implements lti.Store.
func (s *LTIStore) SetLineItem(ctx context.Context, linkID int64, u string) (string, error) {
	var stored string
	err := s.db.queryRow(ctx, s.db.write, `UPDATE lti_links SET lineitem_url = CASE WHEN lineitem_url = '' THEN ? ELSE lineitem_url END
		WHERE id = ? RETURNING lineitem_url`, u, linkID).Scan(&stored)
	if errors.Is(err, sql.ErrNoRows) {
		return "", quiz.Errorf(quiz.ENOTFOUND, "Link %d not found.", linkID)
	}
	if err != nil {
		return "", fmt.Errorf("set line item of link %d: %w", linkID, err)
	}
	return stored, nil
}

// SetProgress implements lti.Store: the best score per question of the set over the
// learner's attempts with ids up to throughAttempt (attempt ids grow with time).
func (s *LTIStore) SetProgress(ctx context.Context, linkID, learnerID, throughAttempt int64) (lti.SetProgress, error) {
	var p lti.SetProgress
	err := s.db.queryRow(ctx, s.db.read, `SELECT COUNT(*), COUNT(b.best), COALESCE(SUM(b.best), 0)
		FROM lti_link_questions lq LEFT JOIN (
			SELECT question_id, MAX(score) AS best FROM attempts WHERE learner_id = ? AND id <= ? GROUP BY question_id
		) b ON b.question_id = lq.question_id
		WHERE lq.link_id = ?`, learnerID, throughAttempt, linkID).Scan(&p.Questions, &p.Answered, &p.BestSum)
	if err != nil {
		return p, fmt.Errorf("set progress of link %d: %w", linkID, err)
	}
	return p, nil
}

// FindContext implements lti.Store.
func (s *LTIStore) FindContext(ctx context.Context, id int64) (*lti.StoredContext, error) {
	var c lti.StoredContext
	err := s.db.queryRow(ctx, s.db.read, `SELECT id, platform_id, deployment_id, context_id, title, label, memberships_url
		FROM lti_contexts WHERE id = ?`, id).Scan(&c.ID, &c.PlatformID, &c.DeploymentID, &c.ContextID, &c.Title, &c.Label, &c.MembershipsURL)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Context %d not found.", id)
	}
	if err != nil {
		return nil, fmt.Errorf("find context: %w", err)
	}
	return &c, nil
}

// FindContexts implements lti.Store.
func (s *LTIStore) FindContexts(ctx context.Context, after int64, n int) ([]*lti.StoredContext, error) {
	rows, err := s.db.query(ctx, s.db.read, `SELECT id, platform_id, deployment_id, context_id, title, label, memberships_url
		FROM lti_contexts WHERE id > ? ORDER BY id LIMIT ?`, after, limit(n))
	if err != nil {
		return nil, fmt.Errorf("find contexts: %w", err)
	}
	defer rows.Close()
	out := []*lti.StoredContext{}
	for rows.Next() {
		var c lti.StoredContext
		if err := rows.Scan(&c.ID, &c.PlatformID, &c.DeploymentID, &c.ContextID, &c.Title, &c.Label, &c.MembershipsURL); err != nil {
			return nil, fmt.Errorf("scan context: %w", err)
		}
		out = append(out, &c)
	}
	return out, rows.Err()
}

// CreateDeepLinkSession implements lti.Store. It also prunes sessions older than a day.
func (s *LTIStore) CreateDeepLinkSession(ctx context.Context, d lti.DeepLinkSession) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM lti_deep_links WHERE created_at < ?`, formatTime(d.CreatedAt.Add(-24*time.Hour))); err != nil {
			return fmt.Errorf("prune deep links: %w", err)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO lti_deep_links (id, platform_id, deployment_id, return_url, data,
			accept_multiple, accept_lineitem, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			d.ID, d.PlatformID, d.DeploymentID, d.ReturnURL, d.Data, d.AcceptMultiple, d.AcceptLineItem, formatTime(d.CreatedAt))
		if err != nil {
			return fmt.Errorf("create deep link session: %w", err)
		}
		return nil
	})
}

const deepLinkColumns = `id, platform_id, deployment_id, return_url, data, accept_multiple, accept_lineitem, created_at`

// ConsumeDeepLinkSession implements lti.Store.
func (s *LTIStore) ConsumeDeepLinkSession(ctx context.Context, id string) (*lti.DeepLinkSession, error) {
	return scanDeepLink(s.db.queryRow(ctx, s.db.write, `DELETE FROM lti_deep_links WHERE id = ? RETURNING `+deepLinkColumns, id))
}

// FindDeepLinkSession implements lti.Store.
func (s *LTIStore) FindDeepLinkSession(ctx context.Context, id string) (*lti.DeepLinkSession, error) {
	return scanDeepLink(s.db.queryRow(ctx, s.db.read, `SELECT `+deepLinkColumns+` FROM lti_deep_links WHERE id = ?`, id))
}

func scanDeepLink(row scanner) (*lti.DeepLinkSession, error) {
	var d lti.DeepLinkSession
	var created string
	err := row.Scan(&d.ID, &d.PlatformID, &d.DeploymentID, &d.ReturnURL, &d.Data, &d.AcceptMultiple, &d.AcceptLineItem, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Deep-link session not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("deep link session: %w", err)
	}
	d.CreatedAt = parseTime(created)
	return &d, nil
}

// WithLock implements lti.Store.
func (s *LTIStore) WithLock(ctx context.Context, name string, fn func(ctx context.Context) error) error {
	return s.db.WithLock(ctx, name, fn)
}
