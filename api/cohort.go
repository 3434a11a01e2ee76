package api

import (
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// maxCohort bounds the learners of one cohort report.
const maxCohort = 500

// handleCohort reports how a group of learners is doing (GET /v1/cohort, staff): the
// learners of an LMS course (?context=ID, an LTI context) or a group the caller names
// (?learners=ID,ID,…), their progress per question, and the misconceptions most common
// across the group with the trace steps that cause them (?top=, default 10).
func (s *Server) handleCohort(c *fiber.Ctx) error {
	if err := principal(c).CanListLearners(); err != nil {
		return err
	}
	top, err := queryInt(c, "top", 10)
	if err != nil || top < 1 || top > 100 {
		return &quiz.Error{Code: quiz.EINVALID, Message: "A query parameter is invalid.",
			Fields: []quiz.FieldError{{Field: "top", Message: "must be between 1 and 100"}}}
	}
	learners, err := s.cohortLearners(c)
	if err != nil {
		return err
	}
	ids := make([]int64, len(learners))
	for i, l := range learners {
		ids[i] = l.ID
	}
	attempts, err := s.Cohorts.CohortAttempts(c.UserContext(), ids)
	if err != nil {
		return err
	}
	return c.JSON(quiz.Cohort(learners, attempts, int(top)))
}

// cohortLearners resolves the group the request names.
func (s *Server) cohortLearners(c *fiber.Ctx) ([]*quiz.Learner, error) {
	bad := func(field, msg string) error {
		return &quiz.Error{Code: quiz.EINVALID, Message: "Say which learners.", Fields: []quiz.FieldError{{Field: field, Message: msg}}}
	}
	switch ctxID, list := c.Query("context"), c.Query("learners"); {
	case (ctxID == "") == (list == ""):
		return nil, bad("context", "give exactly one of context (an LMS course) or learners (ids, comma-separated)")
	case ctxID != "":
		id, err := strconv.ParseInt(ctxID, 10, 64)
		if err != nil || id <= 0 {
			return nil, bad("context", "must be the id of an LMS course (GET /v1/lti/contexts)")
		}
		return s.Cohorts.ContextLearners(c.UserContext(), id)
	default:
		parts := strings.Split(list, ",")
		if len(parts) > maxCohort {
			return nil, bad("learners", "at most 500 learners")
		}
		out := make([]*quiz.Learner, 0, len(parts))
		seen := map[int64]bool{}
		for _, p := range parts {
			id, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64)
			if err != nil || id <= 0 {
				return nil, bad("learners", "must be learner ids, comma-separated")
			}
			if seen[id] {
				continue
			}
			seen[id] = true
			l, err := s.Learners.FindLearnerByID(c.UserContext(), id)
			if err != nil {
				return nil, err
			}
			out = append(out, l)
		}
		return out, nil
	}
}
