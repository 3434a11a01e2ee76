package api

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
)

// questionView is a question as the API shows it. Readers who do not own the question
// see its latest published content and no authoring fields (no spec, hints,
// explanation or misconceptions: nothing that gives the answer away).
type questionView struct {
	ID         int64          `json:"id"`
	Slug       string         `json:"slug"`
	Status     quiz.Status    `json:"status"`
	Version    int            `json:"version"`
	Bank       bool           `json:"bank"`
	Topic      string         `json:"topic"`
	Kind       string         `json:"kind"`
	Difficulty int            `json:"difficulty"`
	Languages  []string       `json:"languages"`
	Title      quiz.Text      `json:"title"`
	Prompt     quiz.Text      `json:"prompt"`
	Module     sim.ModuleKind `json:"module"`
	// Node is the exact Node release the key is made for ("24.18.0").
	Node      string       `json:"node"`
	Program   string       `json:"program"`
	Params    []quiz.Param `json:"params"`
	CreatedAt time.Time    `json:"created_at"`
	UpdatedAt time.Time    `json:"updated_at"`
	// For the owner and admins: the key that owns it and the full working copy.
	OwnerKeyID *int64        `json:"owner_key_id,omitempty"`
	Draft      *quiz.Content `json:"draft,omitempty"`
	// Published is the latest published version whole (scenario, spec, hints,
	// explanation, misconceptions), for the instructors who do not own the question: they
	// may read any published question, and copy it to adapt it. Only GET
	// /v1/questions/{id} sets it.
	Published *quiz.Content `json:"published,omitempty"`
}

func viewQuestion(q *quiz.Question, c *quiz.Content, owner bool) questionView {
	v := questionView{
		ID: q.ID, Slug: q.Slug, Status: q.Status, Version: q.Version, Bank: q.Bank,
		Topic: c.Topic, Kind: c.Kind, Difficulty: c.Difficulty, Languages: c.Languages(),
		Title: c.Title, Prompt: c.Prompt, Module: c.Module, Node: c.NodeVersion(), Program: c.Program, Params: c.Params,
		CreatedAt: q.CreatedAt, UpdatedAt: q.UpdatedAt,
	}
	if v.Languages == nil {
		v.Languages = []string{}
	}
	if v.Params == nil {
		v.Params = []quiz.Param{}
	}
	if owner {
		v.OwnerKeyID, v.Draft = &q.OwnerID, &q.Content
	}
	return v
}

// handleQuestionList lists questions (GET /v1/questions).
func (s *Server) handleQuestionList(c *fiber.Ctx) error {
	limit, after, err := page(c)
	if err != nil {
		return err
	}
	p := principal(c)
	f := quiz.QuestionFilter{
		Topic: c.Query("topic"), Kind: c.Query("kind"), Language: c.Query("language"),
		Status: quiz.Status(c.Query("status")), OwnerID: p.KeyID, AllDrafts: p.Role == quiz.RoleAdmin,
		PublishedContent: p.Role != quiz.RoleAdmin && p.Role != quiz.RoleInstructor,
		After:            after, Limit: limit + 1,
	}
	if err := validateQuestionFilter(c, &f, s.Engine.Kinds()); err != nil {
		return err
	}
	if p.Role == quiz.RoleLearner || p.Role == quiz.RoleApp {
		if f.Status != "" && f.Status != quiz.StatusPublished {
			return quiz.Errorf(quiz.EFORBIDDEN, "Only published questions are visible to learners and apps.")
		}
		f.Status, f.OwnerID = quiz.StatusPublished, -1
	}
	qs, err := s.Questions.FindQuestions(c.UserContext(), f)
	if err != nil {
		return err
	}
	views := make([]questionView, len(qs))
	for i, q := range qs {
		views[i] = viewQuestion(q, &q.Content, p.Owns(q))
	}
	return c.JSON(newList(views, limit, func(v questionView) int64 { return v.ID }))
}

func validateQuestionFilter(c *fiber.Ctx, f *quiz.QuestionFilter, kinds *quiz.Registry) error {
	var fe []quiz.FieldError
	if _, ok := kinds.Lookup(f.Kind); f.Kind != "" && !ok {
		fe = append(fe, quiz.FieldError{Field: "kind", Message: "must be one of " + strings.Join(kinds.Names(), ", ")})
	}
	if d, err := queryInt(c, "difficulty", 0); err != nil || d > 5 || (d == 0 && c.Query("difficulty") != "") {
		fe = append(fe, quiz.FieldError{Field: "difficulty", Message: "must be between 1 and 5"})
	} else {
		f.Difficulty = int(d)
	}
	if f.Status != "" && !slices.Contains(quiz.Statuses(), f.Status) {
		fe = append(fe, quiz.FieldError{Field: "status", Message: "must be draft, published, unpublished or archived"})
	}
	if f.Language != "" && f.Language != quiz.LocaleEN && f.Language != quiz.LocaleVI {
		fe = append(fe, quiz.FieldError{Field: "language", Message: "must be en or vi"})
	}
	return quiz.Invalid("A query parameter is invalid.", fe)
}

// findVisibleQuestion loads a question, as ENOTFOUND when p may not see it.
func (s *Server) findVisibleQuestion(c *fiber.Ctx) (*quiz.Question, error) {
	id, err := pathID(c, "id")
	if err != nil {
		return nil, err
	}
	q, err := s.Questions.FindQuestionByID(c.UserContext(), id)
	if err != nil {
		return nil, err
	}
	if !principal(c).CanSee(q) {
		return nil, quiz.Errorf(quiz.ENOTFOUND, "Question %d not found.", id)
	}
	return q, nil
}

// handleQuestionGet returns one question (GET /v1/questions/{id}), with an ETag of
// what it shows (If-None-Match: 304 when it is unchanged; If-Match on PATCH and publish
// makes an edit conditional on it).
func (s *Server) handleQuestionGet(c *fiber.Ctx) error {
	q, err := s.findVisibleQuestion(c)
	if err != nil {
		return err
	}
	view, err := s.questionFor(c, q)
	if err != nil {
		return err
	}
	return writeTagged(c, fiber.StatusOK, view)
}

// questionFor is the view of q that the caller sees: the working copy for its owner, the
// latest published version for others (whole for instructors and admins).
func (s *Server) questionFor(c *fiber.Ctx, q *quiz.Question) (questionView, error) {
	p := principal(c)
	cont, err := s.visibleContent(c, q)
	if err != nil {
		return questionView{}, err
	}
	view := viewQuestion(q, cont, p.Owns(q))
	if !p.Owns(q) && q.Version > 0 && p.CanAuthor() == nil {
		view.Published = cont
	}
	return view, nil
}

// visibleContent is the content of q that the caller sees: the working copy for its
// owner (or before any version is published), else the latest published version.
func (s *Server) visibleContent(c *fiber.Ctx, q *quiz.Question) (*quiz.Content, error) {
	if principal(c).Owns(q) || q.Version == 0 {
		return &q.Content, nil
	}
	v, err := s.Questions.FindVersion(c.UserContext(), q.ID, q.Version)
	if err != nil {
		return nil, err
	}
	return &v.Content, nil
}

// editableQuestion loads the question a change is for: one the caller may edit, still
// the copy If-Match names and not one If-None-Match names, when the request has them.
func (s *Server) editableQuestion(c *fiber.Ctx) (*quiz.Question, error) {
	q, err := s.findVisibleQuestion(c)
	if err != nil {
		return nil, err
	}
	if err := principal(c).CanEdit(q); err != nil {
		return nil, err
	}
	if err := q.CheckEditable(); err != nil {
		return nil, err
	}
	return q, checkPreconditions(c, q)
}

// etagOf is the strong entity tag of a JSON representation: a digest of its bytes.
func etagOf(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}

// writeTagged writes v as JSON with its ETag, or, for a read, 304 Not Modified when the
// request's If-None-Match names that tag (a change checked it before it was made:
// checkPreconditions).
func writeTagged(c *fiber.Ctx, status int, v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	tag := etagOf(body)
	c.Set(fiber.HeaderETag, tag)
	if status == fiber.StatusOK && (c.Method() == fiber.MethodGet || c.Method() == fiber.MethodHead) && etagListed(c.Get(fiber.HeaderIfNoneMatch), tag) {
		return c.SendStatus(fiber.StatusNotModified)
	}
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	return c.Status(status).Send(body)
}

// etagListed reports whether an If-Match or If-None-Match value ("*" or a list of
// tags, weak ones compared weakly) names tag.
func etagListed(header, tag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == tag {
			return true
		}
	}
	return false
}

// checkPreconditions enforces a change's preconditions against the owner's view of q,
// the representation an editor reads (RFC 9110, 13.1): EPRECONDITION (412), nothing
// changed, when If-Match names another copy than q's, or when If-None-Match names q's
// ("*": any copy, and q exists).
func checkPreconditions(c *fiber.Ctx, q *quiz.Question) error {
	ifMatch, ifNoneMatch := c.Get(fiber.HeaderIfMatch), c.Get(fiber.HeaderIfNoneMatch)
	if ifMatch == "" && ifNoneMatch == "" {
		return nil
	}
	body, err := json.Marshal(viewQuestion(q, &q.Content, true))
	if err != nil {
		return err
	}
	tag := etagOf(body)
	if ifMatch != "" && !etagListed(ifMatch, tag) {
		return quiz.Errorf(quiz.EPRECONDITION, "Question %d changed since the copy this request was made on (If-Match); read it again and redo the change.", q.ID)
	}
	if ifNoneMatch != "" && etagListed(ifNoneMatch, tag) {
		return quiz.Errorf(quiz.EPRECONDITION, "Question %d exists in the copy If-None-Match names (\"*\": any copy); nothing was changed.", q.ID)
	}
	return nil
}

type questionCreateRequest struct {
	Slug string `json:"slug"`
	quiz.Content
}

// handleQuestionCreate creates a draft owned by the caller's key (POST /v1/questions).
func (s *Server) handleQuestionCreate(c *fiber.Ctx) error {
	p := principal(c)
	if err := p.CanAuthor(); err != nil {
		return err
	}
	var req questionCreateRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	q := &quiz.Question{Slug: req.Slug, OwnerID: p.KeyID, Content: req.Content}
	if err := quiz.ValidateQuestion(q, s.Engine.Kinds()); err != nil {
		return err
	}
	if err := s.Questions.CreateQuestion(c.UserContext(), q); err != nil {
		return err
	}
	c.Location("/v1/questions/" + itoa(q.ID))
	return writeTagged(c, fiber.StatusCreated, viewQuestion(q, &q.Content, true))
}

type questionCopyRequest struct {
	// Slug of the copy (default: the question's slug with -copy, -copy-2, … appended).
	Slug string `json:"slug,omitempty"`
}

// handleQuestionCopy copies a question the caller can read whole (any published one; its
// own working copy) into a new draft the caller owns, to adapt it
// (POST /v1/questions/{id}/copy).
func (s *Server) handleQuestionCopy(c *fiber.Ctx) error {
	p := principal(c)
	if err := p.CanAuthor(); err != nil {
		return err
	}
	var req questionCopyRequest
	if len(c.Body()) > 0 {
		if err := decodeBody(c, &req); err != nil {
			return err
		}
	}
	q, err := s.findVisibleQuestion(c)
	if err != nil {
		return err
	}
	view, err := s.questionFor(c, q)
	if err != nil {
		return err
	}
	content := view.Draft
	if content == nil {
		content = view.Published
	}
	if content == nil { // the caller sees a draft it does not own: not possible, CanSee forbids it
		return quiz.Errorf(quiz.ENOTFOUND, "Question %d not found.", q.ID)
	}
	slugs := []string{req.Slug}
	if req.Slug == "" {
		slugs = copySlugs(q.Slug)
	}
	for i, slug := range slugs {
		cp := &quiz.Question{Slug: slug, OwnerID: p.KeyID, Content: *content}
		if err := quiz.ValidateQuestion(cp, s.Engine.Kinds()); err != nil {
			return err
		}
		err := s.Questions.CreateQuestion(c.UserContext(), cp)
		if quiz.ErrorCode(err) == quiz.ECONFLICT && i < len(slugs)-1 {
			continue // the slug is taken: the next one
		}
		if err != nil {
			return err
		}
		c.Location("/v1/questions/" + itoa(cp.ID))
		return writeTagged(c, fiber.StatusCreated, viewQuestion(cp, &cp.Content, true))
	}
	return nil // not reached: the last slug returns
}

// copySlugs are the slugs a copy of slug tries in turn: slug-copy, slug-copy-2, …
func copySlugs(slug string) []string {
	base := slug
	if len(base) > 70 {
		base = strings.TrimRight(base[:70], "-")
	}
	out := []string{base + "-copy"}
	for n := 2; n <= 20; n++ {
		out = append(out, base+"-copy-"+strconv.Itoa(n))
	}
	return out
}

// handleQuestionPatch applies a JSON merge patch (RFC 7396) to the working copy
// (PATCH /v1/questions/{id}). Published versions are never changed. With If-Match the
// patch applies only to the copy that ETag names (412 otherwise: no lost update);
// without, it applies to the latest copy (a concurrent edit makes it read again).
func (s *Server) handleQuestionPatch(c *fiber.Ctx) error {
	patch, err := decodeMergePatch(c)
	if err != nil {
		return err
	}
	for try := 1; ; try++ {
		q, err := s.editableQuestion(c)
		if err != nil {
			return err
		}
		content, err := patchContent(q.Content, patch)
		if err != nil {
			return err
		}
		seen := q.UpdatedAt
		q.Content = content
		if err := quiz.ValidateQuestion(q, s.Engine.Kinds()); err != nil {
			return err
		}
		q, err = s.Questions.UpdateQuestionContent(c.UserContext(), q.ID, q.Content, seen)
		if quiz.ErrorCode(err) == quiz.EPRECONDITION && c.Get(fiber.HeaderIfMatch) == "" && try < 3 {
			continue // changed meanwhile: merge into the new copy
		}
		if err != nil {
			return err
		}
		return writeTagged(c, fiber.StatusOK, viewQuestion(q, &q.Content, true))
	}
}

// patchContent applies a merge patch to a content.
func patchContent(cur quiz.Content, patch map[string]any) (quiz.Content, error) {
	raw, err := json.Marshal(cur)
	if err != nil {
		return quiz.Content{}, err
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return quiz.Content{}, err
	}
	merged, err := json.Marshal(mergePatch(doc, patch))
	if err != nil {
		return quiz.Content{}, err
	}
	var out quiz.Content
	if err := decodeJSON(merged, &out); err != nil {
		return quiz.Content{}, err
	}
	return out, nil
}

// mergePatch applies an RFC 7396 merge patch to doc.
func mergePatch(doc, patch map[string]any) map[string]any {
	if doc == nil {
		doc = map[string]any{}
	}
	for k, pv := range patch {
		switch pv := pv.(type) {
		case nil:
			delete(doc, k)
		case map[string]any:
			sub, _ := doc[k].(map[string]any)
			doc[k] = mergePatch(sub, pv)
		default:
			doc[k] = pv
		}
	}
	return doc
}

type versionView struct {
	QuestionID int64     `json:"question_id"`
	Version    int       `json:"version"`
	CreatedAt  time.Time `json:"created_at"`
}

// handleQuestionPublish simulates the working copy's variants, then snapshots it as a
// new immutable version (POST /v1/questions/{id}/publish).
func (s *Server) handleQuestionPublish(c *fiber.Ctx) error {
	q, err := s.editableQuestion(c)
	if err != nil {
		return err
	}
	read := q.Content // as stored: what the store compares its working copy with
	if err := s.Engine.Check(c.UserContext(), &q.Content); err != nil {
		return err
	}
	v, err := s.Questions.PublishQuestion(c.UserContext(), q.ID, read)
	if err != nil {
		return err
	}
	s.grader.Versions.Forget(q.ID)
	status := fiber.StatusCreated
	if v.Version == q.Version { // an unpublished question listed again, unchanged: no new version
		status = fiber.StatusOK
	}
	return c.Status(status).JSON(versionView{v.QuestionID, v.Version, v.CreatedAt})
}

// variantView is a learner's current variant: the filled-in question, no key.
type variantView struct {
	QuestionID   int64             `json:"question_id"`
	Version      int               `json:"version"`
	LearnerID    int64             `json:"learner_id"`
	AttemptNo    int               `json:"attempt_no"`
	Seed         int64             `json:"seed"`
	Kind         string            `json:"kind"`
	Title        quiz.Text         `json:"title"`
	Prompt       quiz.Text         `json:"prompt"`
	Module       sim.ModuleKind    `json:"module"`
	Node         string            `json:"node"` // the exact Node release the key is made for
	Program      string            `json:"program"`
	Params       map[string]string `json:"params"`
	Presentation any               `json:"presentation"`
	// Hints are the hints unlocked so far: one more after each attempt that was not
	// correct, of HintsTotal.
	Hints      []quiz.Text `json:"hints"`
	HintsTotal int         `json:"hints_total"`
}

// handleVariant returns the learner's current variant of a question
// (GET /v1/questions/{id}/variant?learner=ID; a learner token may omit learner).
func (s *Server) handleVariant(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	p := principal(c)
	learnerID, err := queryInt(c, "learner", p.LearnerID)
	if err != nil {
		return err
	}
	if learnerID == 0 {
		return &quiz.Error{Code: quiz.EINVALID, Message: "Say whose variant.",
			Fields: []quiz.FieldError{{Field: "learner", Message: "is required"}}}
	}
	if err := p.CanActAs(learnerID); err != nil {
		return err
	}
	if _, err := s.Learners.FindLearnerByID(c.UserContext(), learnerID); err != nil {
		return err
	}
	cur, err := s.grader.Current(c.UserContext(), learnerID, id)
	if err != nil {
		return err
	}
	vr, err := s.Engine.Variant(c.UserContext(), cur.Version, cur.Seed)
	if err != nil {
		return err
	}
	params := map[string]string{}
	for _, pv := range vr.Values {
		params[pv.Name] = pv.Value
	}
	unlocked, err := s.grader.HintsUnlocked(c.UserContext(), learnerID, id, len(vr.Content.Hints))
	if err != nil {
		return err
	}
	hints := append([]quiz.Text{}, vr.Content.Hints[:unlocked]...)
	return c.JSON(variantView{
		QuestionID: id, Version: cur.Version.Version, LearnerID: learnerID, AttemptNo: cur.AttemptNo, Seed: cur.Seed,
		Kind: vr.Content.Kind, Title: vr.Content.Title, Prompt: vr.Content.Prompt, Module: vr.Content.Module,
		Node: vr.Content.NodeVersion(), Program: vr.Content.Program, Params: params, Presentation: vr.Key.Public(cur.Seed),
		Hints: hints, HintsTotal: len(vr.Content.Hints),
	})
}
