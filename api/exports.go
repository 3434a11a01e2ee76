package api

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/export"
	"github.com/looplab/looplab/quiz"
)

// handleExport exports published questions as Moodle XML or a QTI 3.0 package
// (GET /v1/exports/{format}?question=slug-or-id&topic=&language=&order=multichoice&variants=N;
// admins and instructors). Without question parameters it exports every published
// question (of the topic), each with every variant (at most N of them, spread evenly,
// with variants=N). Variants that cannot be simulated are skipped and their questions
// named in the Looplab-Export-Skipped header.
func (s *Server) handleExport(c *fiber.Ctx) error {
	if err := principal(c).CanAuthor(); err != nil {
		return err
	}
	format, lang := c.Params("format"), c.Query("language", quiz.LocaleEN)
	if format != "moodle" && format != "qti" || lang != quiz.LocaleEN && lang != quiz.LocaleVI {
		return &quiz.Error{Code: quiz.EINVALID, Message: "Unknown export format or language.", Fields: []quiz.FieldError{
			{Field: "format", Message: "must be moodle or qti"}, {Field: "language", Message: "must be en or vi"}}}
	}
	qs, err := s.exportQuestions(c)
	if err != nil {
		return err
	}
	variants, err := strconv.Atoi(c.Query("variants", "0"))
	if err != nil || variants < 0 {
		return &quiz.Error{Code: quiz.EINVALID, Message: "The number of variants must be 0 (all) or more.",
			Fields: []quiz.FieldError{{Field: "variants", Message: "must be 0 (every variant) or a positive number"}}}
	}
	items, skipped, err := export.Build(c.UserContext(), s.Engine, qs, export.Options{Lang: lang,
		OrderAsChoice: c.Query("order") == "multichoice", MaxVariants: variants})
	if err != nil {
		return err
	}
	if len(skipped) > 0 {
		var names []string
		for _, sk := range skipped {
			if !slices.Contains(names, sk.Slug) {
				names = append(names, sk.Slug)
			}
		}
		c.Set("Looplab-Export-Skipped", strings.Join(names, ","))
	}
	var buf bytes.Buffer
	if format == "qti" {
		err = export.QTI(&buf, items)
		c.Set(fiber.HeaderContentType, "application/zip")
		c.Set(fiber.HeaderContentDisposition, `attachment; filename="looplab-qti.zip"`)
	} else {
		err = export.Moodle(&buf, items, "looplab")
		c.Set(fiber.HeaderContentType, "application/xml")
		c.Set(fiber.HeaderContentDisposition, `attachment; filename="looplab-moodle.xml"`)
	}
	if err != nil {
		return err
	}
	return c.Send(buf.Bytes())
}

// exportQuestions finds the published questions to export with their latest versions:
// those the question parameters name (slugs or ids), or all of the topic.
func (s *Server) exportQuestions(c *fiber.Ctx) ([]export.Question, error) {
	var want []string
	for _, v := range c.Context().QueryArgs().PeekMulti("question") {
		want = append(want, string(v))
	}
	var out []export.Question
	found := map[string]bool{}
	f := quiz.QuestionFilter{Status: quiz.StatusPublished, OwnerID: -1, Topic: c.Query("topic"), Limit: 500}
	for {
		qs, err := s.Questions.FindQuestions(c.UserContext(), f)
		if err != nil {
			return nil, err
		}
		for _, q := range qs {
			id := strconv.FormatInt(q.ID, 10)
			if len(want) > 0 && !slices.Contains(want, q.Slug) && !slices.Contains(want, id) {
				continue
			}
			found[q.Slug], found[id] = true, true
			v, err := s.grader.Versions.Get(c.UserContext(), q.ID)
			if err != nil {
				return nil, err
			}
			out = append(out, export.Question{Slug: q.Slug, Version: v})
		}
		if len(qs) < f.Limit {
			break
		}
		f.After = qs[len(qs)-1].ID
	}
	for _, w := range want {
		if !found[w] {
			return nil, quiz.Errorf(quiz.ENOTFOUND, "No published question %q.", w)
		}
	}
	return out, nil
}
