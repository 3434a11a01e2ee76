package api

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/content"
	"github.com/looplab/looplab/export"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
)

type previewRequest struct {
	// Seed selects the variant (default 0); Values (or Params, its alias), when given,
	// set the parameters.
	Seed   int64             `json:"seed,omitempty"`
	Values map[string]string `json:"values,omitempty"`
	Params map[string]string `json:"params,omitempty"`
}

type previewView struct {
	QuestionID    int64             `json:"question_id"`
	Values        map[string]string `json:"values"`
	Kind          string            `json:"kind"`
	Title         quiz.Text         `json:"title"`
	Prompt        quiz.Text         `json:"prompt"`
	Module        sim.ModuleKind    `json:"module"`
	Node          string            `json:"node"` // the exact Node release the key is made for
	Program       string            `json:"program"`
	Presentation  any               `json:"presentation"`
	Expected      any               `json:"expected"`
	Deterministic bool              `json:"deterministic"`
	Outcomes      []sim.Outcome     `json:"outcomes"`
	Hints         []quiz.Text       `json:"hints"`
	Explanation   quiz.Text         `json:"explanation"`
	Console       []string          `json:"console"`
	Summary       sim.Summary       `json:"summary"`
	Error         *sim.Error        `json:"error"`
	Trace         json.RawMessage   `json:"trace"`
}

// handleQuestionPreview simulates one variant of a question's working copy and shows
// its key and trace, without publishing (POST /v1/questions/{id}/preview).
func (s *Server) handleQuestionPreview(c *fiber.Ctx) error {
	q, err := s.findVisibleQuestion(c)
	if err != nil {
		return err
	}
	p := principal(c)
	if err := p.CanAuthor(); err != nil {
		return err
	}
	var req previewRequest
	if len(c.Body()) > 0 {
		if err := decodeBody(c, &req); err != nil {
			return err
		}
	}
	cont := q.Content
	if !p.Owns(q) && q.Version > 0 { // another author's question: its published content
		v, err := s.Questions.FindVersion(c.UserContext(), q.ID, q.Version)
		if err != nil {
			return err
		}
		cont = v.Content
	}
	vals, err := previewValues(&cont, req)
	if err != nil {
		return err
	}
	vr, err := s.Engine.Preview(c.UserContext(), &cont, req.Seed, vals)
	if err != nil {
		return err
	}
	values := map[string]string{}
	for _, v := range vr.Values {
		values[v.Name] = v.Value
	}
	return c.JSON(previewView{QuestionID: q.ID, Values: values, Kind: vr.Content.Kind, Title: vr.Content.Title,
		Prompt: vr.Content.Prompt, Module: vr.Content.Module, Node: vr.Content.NodeVersion(), Program: vr.Content.Program,
		Presentation: vr.Key.Public(req.Seed), Expected: vr.Key.Reveal(), Deterministic: vr.Result.Deterministic,
		Outcomes: vr.Result.Outcomes, Hints: orEmpty(vr.Content.Hints), Explanation: vr.Content.Explanation,
		Console: orEmpty(vr.Result.Console), Summary: vr.Result.Summary, Error: vr.Result.Error, Trace: vr.Steps})
}

// orEmpty returns s, or an empty slice for nil: a list is [] in JSON, never null.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// previewValues turns the requested values into a full set (nil: from the seed).
func previewValues(c *quiz.Content, req previewRequest) ([]quiz.ParamValue, error) {
	for k, v := range req.Params {
		if req.Values == nil {
			req.Values = map[string]string{}
		}
		req.Values[k] = v
	}
	if len(req.Values) == 0 {
		return nil, nil
	}
	vals := c.Values(req.Seed)
	for name := range req.Values {
		found := false
		for i := range vals {
			if vals[i].Name == name {
				vals[i].Value, found = req.Values[name], true
			}
		}
		if !found {
			return nil, &quiz.Error{Code: quiz.EINVALID, Message: "Unknown parameter.",
				Fields: []quiz.FieldError{{Field: "values." + name, Message: "is not a parameter of the question"}}}
		}
	}
	return vals, nil
}

// handleQuestionStats returns the statistics of a question's attempts, for instructors
// (GET /v1/questions/{id}/stats?top=).
func (s *Server) handleQuestionStats(c *fiber.Ctx) error {
	q, err := s.findVisibleQuestion(c)
	if err != nil {
		return err
	}
	if err := principal(c).CanAuthor(); err != nil {
		return err
	}
	top, err := queryInt(c, "top", 10)
	if err != nil || top < 1 || top > 100 {
		return &quiz.Error{Code: quiz.EINVALID, Message: "A query parameter is invalid.",
			Fields: []quiz.FieldError{{Field: "top", Message: "must be between 1 and 100"}}}
	}
	st, err := s.Attempts.QuestionStats(c.UserContext(), q.ID, int(top))
	if err != nil {
		return err
	}
	return c.JSON(st)
}

// bankFile is one question file of an export or import.
type bankFile struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

type bankFiles struct {
	Files []bankFile `json:"files"`
}

// allQuestions lists every question p may see of a status ("": published ones and p's
// drafts and unpublished ones; every one for admins), in ID order.
func (s *Server) allQuestions(c *fiber.Ctx, p quiz.Principal, status quiz.Status) ([]*quiz.Question, error) {
	var out []*quiz.Question
	after := int64(0)
	for {
		qs, err := s.Questions.FindQuestions(c.UserContext(), quiz.QuestionFilter{OwnerID: p.KeyID, Status: status,
			AllDrafts: p.Role == quiz.RoleAdmin, After: after, Limit: 500})
		if err != nil {
			return nil, err
		}
		out = append(out, qs...)
		if len(qs) < 500 {
			return out, nil
		}
		after = qs[len(qs)-1].ID
	}
}

// handleBankExport exports the questions the caller may see as bank files, one YAML
// file per question, as content/ holds them (GET /v1/bank/export).
func (s *Server) handleBankExport(c *fiber.Ctx) error {
	p := principal(c)
	if err := p.CanAuthor(); err != nil {
		return err
	}
	qs, err := s.allQuestions(c, p, "")
	if err != nil {
		return err
	}
	out := bankFiles{Files: []bankFile{}}
	for _, q := range qs {
		cont := q.Content
		if !p.Owns(q) && q.Version > 0 {
			v, err := s.Questions.FindVersion(c.UserContext(), q.ID, q.Version)
			if err != nil {
				return err
			}
			cont = v.Content
		}
		data, err := content.Marshal(q.Slug, cont)
		if err != nil {
			return err
		}
		out.Files = append(out.Files, bankFile{Path: q.Slug + ".yaml", Content: string(data)})
	}
	return c.JSON(out)
}

type importRequest struct {
	Files []bankFile `json:"files"`
	// MoodleXML is a Moodle XML file whose looplab questions (those a looplab export
	// wrote) are imported as if they were bank files, with the files given.
	MoodleXML string `json:"moodle_xml,omitempty"`
	// Publish publishes every imported question that is new or changed (after
	// simulating its variants).
	Publish bool `json:"publish,omitempty"`
}

type importItem struct {
	Path       string `json:"path"`
	Slug       string `json:"slug"`
	QuestionID int64  `json:"question_id"`
	// Action is created, updated or unchanged.
	Action  string `json:"action"`
	Version int    `json:"version"`
}

// handleBankImport creates or updates questions from bank files, all or nothing: every
// file is parsed and validated (and simulated, when publishing) before any is stored;
// an error names the file and the field (POST /v1/bank/import).
func (s *Server) handleBankImport(c *fiber.Ctx) error {
	p := principal(c)
	if err := p.CanAuthor(); err != nil {
		return err
	}
	var req importRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	if err := addMoodleFiles(&req); err != nil {
		return err
	}
	if len(req.Files) == 0 || len(req.Files) > 1000 {
		return &quiz.Error{Code: quiz.EINVALID, Message: "Nothing to import.",
			Fields: []quiz.FieldError{{Field: "files", Message: "must list 1 to 1000 files"}}}
	}
	items, err := s.parseImport(c.UserContext(), req)
	if err != nil {
		return err
	}
	existing, err := s.allQuestions(c, quiz.Principal{Role: quiz.RoleAdmin}, "")
	if err != nil {
		return err
	}
	archived, err := s.allQuestions(c, quiz.Principal{Role: quiz.RoleAdmin}, quiz.StatusArchived)
	if err != nil {
		return err
	}
	existing = append(existing, archived...)
	bySlug := map[string]*quiz.Question{}
	for _, q := range existing {
		bySlug[q.Slug] = q
	}
	for i, it := range items {
		if q, ok := bySlug[it.Slug]; ok {
			if err := p.CanEdit(q); err != nil {
				return &quiz.Error{Code: quiz.EFORBIDDEN, Message: "You may not change an imported question.",
					Fields: []quiz.FieldError{{Field: fmt.Sprintf("files[%d]", i), Message: it.File + ": slug " + it.Slug + " belongs to another author"}}}
			}
			if err := q.CheckEditable(); err != nil {
				return &quiz.Error{Code: quiz.ECONFLICT, Message: "An imported question is archived.",
					Fields: []quiz.FieldError{{Field: fmt.Sprintf("files[%d]", i), Message: it.File + ": slug " + it.Slug + " is archived: restore it first"}}}
			}
		}
	}
	batch := make([]quiz.QuestionImport, len(items))
	for i, it := range items {
		batch[i] = quiz.QuestionImport{Slug: it.Slug, Content: it.Content}
		if q, ok := bySlug[it.Slug]; ok {
			batch[i].ID = q.ID
		}
	}
	done, err := s.Questions.ImportQuestions(c.UserContext(), p.KeyID, batch, req.Publish)
	if err != nil {
		return err
	}
	out := make([]importItem, len(items))
	for i, d := range done {
		if d.Published {
			s.grader.Versions.Forget(d.QuestionID)
		}
		out[i] = importItem{Path: items[i].File, Slug: items[i].Slug, QuestionID: d.QuestionID, Action: d.Action, Version: d.Version}
	}
	return c.JSON(map[string]any{"items": out})
}

// addMoodleFiles adds the looplab questions of the request's Moodle XML to its files, as
// the bank files they were exported from (<slug>.yaml).
func addMoodleFiles(req *importRequest) error {
	if req.MoodleXML == "" {
		return nil
	}
	srcs, _, err := export.ReadMoodle(strings.NewReader(req.MoodleXML))
	if err != nil {
		return &quiz.Error{Code: quiz.EINVALID, Message: "The Moodle XML cannot be read.",
			Fields: []quiz.FieldError{{Field: "moodle_xml", Message: err.Error()}}}
	}
	for _, src := range srcs {
		data, err := content.Marshal(src.Slug, src.Content)
		if err != nil {
			return err
		}
		req.Files = append(req.Files, bankFile{Path: src.Slug + ".yaml", Content: string(data)})
	}
	return nil
}

// parseImport parses and validates every file; errors name the file and the field.
func (s *Server) parseImport(ctx context.Context, req importRequest) ([]content.Item, error) {
	var fe []quiz.FieldError
	items := make([]content.Item, len(req.Files))
	seen := map[string]string{}
	for i, f := range req.Files {
		field := fmt.Sprintf("files[%d]", i)
		it, err := content.Parse(f.Path, []byte(f.Content))
		if err == nil {
			if other, dup := seen[it.Slug]; dup {
				err = fmt.Errorf("%s: slug: %q is also used by %s", f.Path, it.Slug, other)
			}
		}
		if err != nil {
			fe = append(fe, quiz.FieldError{Field: field, Message: err.Error()})
			continue
		}
		seen[it.Slug] = f.Path
		q := &quiz.Question{Slug: it.Slug, Content: it.Content}
		err = quiz.ValidateQuestion(q, s.Engine.Kinds())
		if err == nil && req.Publish {
			err = s.Engine.Check(ctx, &q.Content)
		}
		if quiz.ErrorCode(err) == quiz.EUNAVAILABLE { // not the file's fault: the simulator is busy
			return nil, err
		}
		for _, e := range quiz.ErrorFields(err) {
			fe = append(fe, quiz.FieldError{Field: field, Message: f.Path + ": " + e.Field + ": " + e.Message})
		}
		if err != nil && len(quiz.ErrorFields(err)) == 0 {
			fe = append(fe, quiz.FieldError{Field: field, Message: f.Path + ": " + quiz.ErrorMessage(err)})
		}
		it.Content = q.Content
		items[i] = it
	}
	if len(fe) > 0 {
		return nil, &quiz.Error{Code: quiz.EINVALID, Message: "Some files are invalid; nothing was imported.", Fields: fe}
	}
	return items, nil
}
