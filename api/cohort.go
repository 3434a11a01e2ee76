package api

import (
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// maxCohort bounds the learners of one cohort report.
const maxCohort = 500

// cohortView is a cohort report and the learner ids asked for that name no learner.
type cohortView struct {
	quiz.CohortReport
	Missing []int64 `json:"missing"`
}

// handleCohort reports how a group of learners is doing (GET /v1/cohort, staff): the
// learners of a class (?class=ID, one the caller manages), of an LMS course (?context=ID,
// an LTI context) or a group the caller names (?learners=ID,ID,…: ids that name no
// learner are listed in missing, not an error), their progress per question, and the
// misconceptions most common across the group with the trace steps that cause them
// (?top=, default 10).
func (s *Server) handleCohort(c *fiber.Ctx) error {
	if err := principal(c).CanListLearners(); err != nil {
		return err
	}
	top, err := queryInt(c, "top", 10)
	if err != nil || top < 1 || top > 100 {
		return &quiz.Error{Code: quiz.EINVALID, Message: "A query parameter is invalid.",
			Fields: []quiz.FieldError{{Field: "top", Message: "must be between 1 and 100"}}}
	}
	learners, missing, err := s.cohortLearners(c)
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
	return c.JSON(cohortView{quiz.Cohort(learners, attempts, int(top)), missing})
}

// cohortLearners resolves the group the request names, and the ids of a list that name
// no learner.
func (s *Server) cohortLearners(c *fiber.Ctx) ([]*quiz.Learner, []int64, error) {
	bad := func(field, msg string) error {
		return &quiz.Error{Code: quiz.EINVALID, Message: "Say which learners.", Fields: []quiz.FieldError{{Field: field, Message: msg}}}
	}
	missing := []int64{}
	given := 0
	for _, q := range []string{"class", "context", "learners"} {
		if c.Query(q) != "" {
			given++
		}
	}
	if given != 1 {
		return nil, nil, bad("class", "give exactly one of class (a class id), context (an LMS course) or learners (ids, comma-separated)")
	}
	switch classID, ctxID, list := c.Query("class"), c.Query("context"), c.Query("learners"); {
	case classID != "":
		ls, err := s.classLearners(c, classID)
		return ls, missing, err
	case ctxID != "":
		id, err := strconv.ParseInt(ctxID, 10, 64)
		if err != nil || id <= 0 {
			return nil, nil, bad("context", "must be the id of an LMS course (GET /v1/lti/contexts)")
		}
		ls, err := s.Cohorts.ContextLearners(c.UserContext(), id)
		return ls, missing, err
	default:
		parts := strings.Split(list, ",")
		if len(parts) > maxCohort {
			return nil, nil, bad("learners", "at most 500 learners")
		}
		out := make([]*quiz.Learner, 0, len(parts))
		seen := map[int64]bool{}
		for _, p := range parts {
			id, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64)
			if err != nil || id <= 0 {
				return nil, nil, bad("learners", "must be learner ids, comma-separated")
			}
			if seen[id] {
				continue
			}
			seen[id] = true
			l, err := s.Learners.FindLearnerByID(c.UserContext(), id)
			if quiz.ErrorCode(err) == quiz.ENOTFOUND {
				missing = append(missing, id)
				continue
			}
			if err != nil {
				return nil, nil, err
			}
			out = append(out, l)
		}
		return out, missing, nil
	}
}

// classLearners returns the learners of the class whose id is the query's, if the
// caller manages it.
func (s *Server) classLearners(c *fiber.Ctx, classID string) ([]*quiz.Learner, error) {
	id, err := strconv.ParseInt(classID, 10, 64)
	if err != nil || id <= 0 {
		return nil, &quiz.Error{Code: quiz.EINVALID, Message: "Say which learners.",
			Fields: []quiz.FieldError{{Field: "class", Message: "must be the id of a class (GET /v1/classes)"}}}
	}
	cl, err := s.Classes.FindClassByID(c.UserContext(), id)
	if err != nil {
		return nil, err
	}
	if err := principal(c).CanManageClass(cl); err != nil {
		return nil, err
	}
	ms, err := s.Classes.ClassMembers(c.UserContext(), id)
	if err != nil {
		return nil, err
	}
	out := make([]*quiz.Learner, len(ms))
	for i, m := range ms {
		out[i] = m.Learner
	}
	return out, nil
}
